"""Plain PHH both ways with PokerKit: hands splitpot records replay in PokerKit to the same
stacks, and the records we rewrite from the WSOP files still load and replay there.

PokerKit is driven strictly: each line is applied with ``pokerkit.notation.parse_action`` to a
state whose only automations are the chip-moving ones (as ``HandHistory`` sets them up), so an
action PokerKit would refuse fails the test instead of being "repaired" by its iterator.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from splitpot import bots, variants
from splitpot.cli import main
from splitpot.engine import outcome
from splitpot.notation import HandRecord, load, write_phh
from splitpot.records import replay_to_end
from splitpot.sim import play_hands

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import HandHistory  # noqa: E402
from pokerkit.notation import parse_action  # noqa: E402

DATA = Path(__file__).parent / "data" / "phh"  # 30 real WSOP hands: data/phh/README.md


def pokerkit_stacks(history: HandHistory) -> list[int]:
    """Play the record's lines in PokerKit, one by one; the stacks at the end."""
    state = history.create_state()
    for line in history.actions:
        while state.can_burn_card():
            state.burn_card("??")
        parse_action(state, line)
    assert not state.status, "PokerKit thinks the hand is not over"
    return list(state.stacks)


def same_stacks(ours: Sequence[int], theirs: Sequence[int], record: HandRecord) -> bool:
    """Equal stacks, or stacks that differ only by where an odd chip went: splitpot gives it by
    suit (docs/games.md, Robert's 8), PokerKit to the first seat."""
    if list(ours) == list(theirs):
        return True
    state = replay_to_end(record)
    by_suit = any("odd chip" in award.reason for award in outcome(state).awards)
    diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
    return by_suit and sum(diffs) == 0 and max(map(abs, diffs)) == 1


def pokerkit_histories(path: Path) -> list[HandHistory]:
    with warnings.catch_warnings():
        # PokerKit does not know the optional `seed` field (hand-history.md lists it) and warns
        warnings.filterwarnings("ignore", message=".*'seed' is an unexpected field")
        with path.open("rb") as handle:
            return list(HandHistory.load_all(handle))


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_simulated_plain_phh_replays_in_pokerkit(game: str, tmp_path: Path) -> None:
    path = tmp_path / f"{game}.phhs"
    result = CliRunner().invoke(
        main,
        ["simulate", "--game", game, "--players", "5", "--hands", "60", "--seed", "4",
         "--bots", "call", "--json", "--record", str(path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "_splitpot" not in text  # plain PHH
    histories = pokerkit_histories(path)
    assert len(histories) == 60
    exact = 0
    for history, record in zip(histories, load(path), strict=True):
        assert history.variant == variants.get(game).code
        stacks = pokerkit_stacks(history)
        assert same_stacks(history.finishing_stacks, stacks, record)
        exact += stacks == history.finishing_stacks
    assert exact >= 50


@pytest.mark.parametrize("game", ["stud8", "razz"])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_random_play_replays_in_pokerkit(game: str, players: int, tmp_path: Path) -> None:
    # PokerKit caps the raises heads-up too, so play Robert's cap heads-up as well; 200 chips
    # cover a capped hand (161 at most), so nobody is all in before the last card.
    rules = dataclasses.replace(variants.get(game), heads_up_uncapped=False)
    path = tmp_path / "random.phhs"
    seated = [bots.get("random", seed=players * 10 + s) for s in range(players)]
    play_hands(rules, seated, hands=30, seed=players, stacks=200, record=path)
    for history, record in zip(pokerkit_histories(path), load(path), strict=True):
        assert history.user_defined_fields["_splitpot"] == {
            "version": 1,
            "heads_up_uncapped": False,
        }
        assert same_stacks(history.finishing_stacks, pokerkit_stacks(history), record)


RAISE_TO_ALL_IN = pytest.mark.xfail(
    raises=ValueError,
    strict=True,
    reason="PokerKit 0.7 refuses 'p2 cbr 750000', the raise written as the amount that puts "
    "the last opponent all in (docs/games.md: the same action as the full raise to 1,200,000); "
    "its own iterator cannot repair the record either",
)
"""wsop-2023-43-85 as the data set writes it: splitpot replays it (test_replay.py)."""


def wsop_records() -> list[object]:
    paths = sorted(DATA.glob("*.phh"))
    return [
        pytest.param(p, marks=RAISE_TO_ALL_IN) if p.stem == "wsop-2023-43-85" else p for p in paths
    ]


@pytest.mark.parametrize("path", wsop_records(), ids=lambda p: p.name)
def test_rewritten_wsop_records_replay_in_pokerkit(path: Path, tmp_path: Path) -> None:
    (record,) = load(path)
    copy = tmp_path / path.name
    copy.write_text(write_phh(record))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        history = HandHistory.loads(copy.read_text())
    assert pokerkit_stacks(history) == list(record.finishing_stacks or ())
