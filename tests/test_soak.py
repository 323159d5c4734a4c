"""The soak: a small one passes for every game, and each of its checks catches what it is for."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from click.testing import CliRunner

from splitpot import variants
from splitpot.cli import main
from splitpot.sim import hand_seeds, soak
from splitpot.sim.soak import SoakJob, draw_rules, soak_chunk


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["soak", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_small_soak_of_every_game_passes() -> None:
    code, out, err = run("--hands", "180", "--seed", "3", "--json")
    assert (code, err) == (0, "")
    counts = json.loads(out)
    assert counts["failures"] == 0
    assert counts["hands"] == counts["replayed"] == 180
    assert set(counts["games"]) == set(variants.names())
    assert counts["illegal"] > 100
    assert counts["refused"] == counts["illegal"]
    assert 0 < counts["house"] < 180  # most hands change house rules, some keep the game's
    assert 0 < counts["showdowns"] < 180
    assert counts["cards"] >= 180 * 2 * 5  # at least two players, five cards each
    assert {"random", "call", "heuristic"} <= set(counts["bots"])


def test_the_counts_do_not_depend_on_workers() -> None:
    one = json.loads(run("--hands", "40", "--seed", "8", "--json")[1])
    two = json.loads(run("--hands", "40", "--seed", "8", "--json", "--workers", "2")[1])
    del one["seconds"], two["seconds"]
    assert one == two


def test_house_rules_are_drawn_from_what_each_game_accepts() -> None:
    rng = random.Random(4)
    seen: set[str] = set()
    for _ in range(300):
        base = variants.get(rng.choice(variants.names()))
        rules, changed = draw_rules(base, rng)
        for change in changed:
            key = change.split("=")[0]
            seen.add(key)
            assert getattr(rules, key) != getattr(base, key)
        # the mix is a valid game: rebuilding it from the base with the same values works
        again = dataclasses.replace(
            base, **{k: getattr(rules, k) for k in (c.split("=")[0] for c in changed)}
        )
        assert again == rules
    assert {"betting", "showdown", "low", "qualifier", "sale_bidding", "buy_prices"} <= seen


def test_an_illegal_action_accepted_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    real = soak.apply
    tried: list[object] = []

    def lax(state: object, action: object) -> None:
        """An engine that lets a seat out of turn act: a broken referee."""
        try:
            real(state, action)  # type: ignore[arg-type]
        except Exception:
            tried.append(action)
            return  # "accepted"

    monkeypatch.setattr(soak, "apply", lax)
    counts = soak_chunk(SoakJob(games=("stud8",)), 0, hand_seeds(1, 5))
    assert tried
    assert counts.failures
    assert all("was accepted" in f.message for f in counts.failures)
    assert [f.hand for f in counts.failures] == sorted({f.hand for f in counts.failures})


def test_a_record_that_does_not_replay_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    real = soak.record_from_state

    def richer(state: object, **fields: object) -> object:
        """A record whose players start with ten chips more than they had."""
        record = real(state, **fields)  # type: ignore[arg-type]
        stacks = tuple(chips + 10 for chips in record.starting_stacks)
        return dataclasses.replace(record, starting_stacks=stacks)

    monkeypatch.setattr(soak, "record_from_state", richer)
    counts = soak_chunk(SoakJob(games=("razz",), illegal=0.0), 0, hand_seeds(2, 3))
    assert len(counts.failures) == 3
    assert all("replays to" in f.message or "RecordError" in f.message for f in counts.failures)


def test_chips_not_conserved_are_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    real = soak.new_hand

    def leaky(rules: object, stacks: list[int], **kw: object) -> object:
        state = real(rules, stacks, **kw)  # type: ignore[arg-type]
        state._stacks[0] += 1  # a chip from nowhere
        return state

    monkeypatch.setattr(soak, "new_hand", leaky)
    counts = soak_chunk(SoakJob(games=("stud5",), illegal=0.0), 0, hand_seeds(3, 2))
    assert len(counts.failures) == 2
    assert all("do not add up" in f.message for f in counts.failures)


def test_a_card_dealt_twice_is_a_failure() -> None:
    from splitpot.engine import new_hand
    from splitpot.sim.soak import _check_cards, _Failed

    state = new_hand(variants.get("stud5"), [50, 50], seed=1)
    first = state.log[0]  # p1's first cards
    state._log.append(dataclasses.replace(first, seat=1))  # dealt again, to p2
    with pytest.raises(_Failed, match="dealt again while in play"):
        _check_cards(state)


def test_the_cli_names_the_seed_and_the_hand_and_reruns_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = soak.record_from_state
    calls: list[int] = []

    def broken(state: object, **fields: object) -> object:
        """Every tenth record is wrong (hand 10 of a soak on one core, as each hand's record
        is written once)."""
        record = real(state, **fields)  # type: ignore[arg-type]
        calls.append(1)
        if len(calls) % 10 == 0:
            stacks = tuple(chips + 10 for chips in record.starting_stacks)
            return dataclasses.replace(record, starting_stacks=stacks)
        return record

    monkeypatch.setattr(soak, "record_from_state", broken)
    code, _, err = run("--hands", "12", "--seed", "6")
    assert code == 1
    assert "soak failed: seed 6 hand 10" in err
    assert "--seed 6 --hand 10 --hands 12" in err
    assert "hand 9 " not in err
    calls[:] = [1] * 9  # the next record is wrong again: hand 10 played alone
    code, out, err = run("--hands", "12", "--seed", "6", "--hand", "10", "--json")
    assert code == 1
    assert json.loads(out)["hands"] == 1
    assert "soak failed: seed 6 hand 10" in err
    calls[:] = []
    assert run("--hands", "12", "--seed", "6", "--hand", "10")[0] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--hands", "5", "--games", "bridge"), "unknown game 'bridge'"),
        (("--hands", "5", "--hand", "6"), "the soak has only 5 hands"),
        (("--hands", "5", "--address", "x:1"), "--address names a Ray cluster"),
        (
            (
                "--hands",
                "0",
            ),
            "Invalid value for '--hands'",
        ),
    ],
)
def test_usage_errors(args: tuple[str, ...], message: str) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert message in err
