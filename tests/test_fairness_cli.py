"""``splitpot verify`` and docs/fairness.md: the command's lines and exit status, and the
page's by-hand check run against real records (so the page cannot rot)."""

from __future__ import annotations

import re
import shutil
import subprocess
import textwrap
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner

from splitpot.actions import DEALER_VERBS
from splitpot.cli import main
from splitpot.fairness import commit, deck
from splitpot.notation import HandRecord, load, write_phh, write_phhs

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SESSION = DATA / "fairness" / "stud5buy-ten-handed.phhs"
AUCTION = DATA / "fairness" / "auction.phh"
PAGE = (ROOT / "docs" / "fairness.md").read_text(encoding="utf-8")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def dealt(record: HandRecord) -> int:
    """The cards a record's dealer deals (more than 52 after a reshuffle)."""
    return sum(len(a.cards) for a in record.actions if a.verb in DEALER_VERBS)


def test_a_good_session_verifies(tmp_path: Path) -> None:
    code, out, err = run("verify", str(SESSION))
    assert (code, err) == (0, "")
    hands = load(SESSION)
    assert out.splitlines() == [
        *(
            line
            for number, (hand, cards) in enumerate(zip(hands, map(dealt, hands), strict=True), 1)
            for line in (
                f"hand {number}: verified: {cards} cards dealt from the seed's deck, same result",
                f"  commitment {hand.commitment}",
            )
        ),
        "3 of 3 hands verified",
    ]


def test_one_tampered_hand_gets_its_lines_and_exit_1(tmp_path: Path) -> None:
    table = tomllib.loads(SESSION.read_text(encoding="utf-8"))
    stacks = table["2"]["finishing_stacks"]
    stacks[0], stacks[1] = stacks[0] + 1, stacks[1] - 1
    path = tmp_path / "tampered.phhs"
    path.write_text(tomli_w.dumps(table), encoding="utf-8")
    code, out, _ = run("verify", str(path))
    assert code == 1
    lines = [line for line in out.splitlines() if not line.startswith("  commitment ")]
    assert lines[0].startswith("hand 1: verified")
    assert lines[1].startswith("hand 2: finishing_stacks [")
    assert "p1 ends with" in lines[1]
    assert "p2 ends with" in lines[1]
    assert lines[2].startswith("hand 3: verified")
    assert lines[3] == "2 of 3 hands verified; 1 not"


def test_a_record_without_commitments_says_so(tmp_path: Path) -> None:
    code, out, _ = run("verify", str(DATA / "phh" / "wsop-2023-43-10.phh"))
    assert code == 1
    assert out.splitlines() == [
        "hand 1: cannot be verified: the record has no _commitment",
        "0 of 1 hand verified; 1 not",
    ]


def test_the_commitment_noted_before_the_hand(tmp_path: Path) -> None:
    hand = load(AUCTION)[0]
    assert hand.commitment is not None
    code, _, _ = run("verify", "--commitment", hand.commitment, str(AUCTION))
    assert code == 0
    other = commit(1, "1" * 64)
    code, out, _ = run("verify", "--commitment", other, str(AUCTION))
    assert code == 1
    assert f"is not the one published before the hand, {other}" in out
    code, _, err = run("verify", "--commitment", other, "--commitment", other, str(AUCTION))
    assert code == 2
    assert "--commitment given 2 times for 1 hand(s)" in err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("variant = ", "not a PHH file (TOML)"),
        ("", "field 'variant' is missing"),
    ],
)
def test_an_unreadable_record_exits_2(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("verify", str(path))
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert words in err


def test_a_malformed_secret_is_unreadable(tmp_path: Path) -> None:
    text = re.sub(r'_secret = "(.)', '_secret = "X', AUCTION.read_text(encoding="utf-8"))
    path = tmp_path / "bad.phh"
    path.write_text(text, encoding="utf-8")
    code, _, err = run("verify", str(path))
    assert code == 2
    assert "field '_secret' must be 64 lower-case hex digits" in err


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run("verify", str(tmp_path / "none.phh"))
    assert code == 2
    assert "does not exist" in err


# --------------------------------------------------------------------------- docs/fairness.md


def block(marker: str) -> str:
    """The page's ```python block whose first line is ``# marker``."""
    for code in re.findall(r"```python\n(.*?)```", PAGE, re.S):
        if code.startswith(f"# {marker}\n"):
            return str(code)
    raise AssertionError(f"docs/fairness.md has no python block '# {marker}'")


def run_check(path: Path) -> str:
    """Run the page's by-hand check on ``path``; what it printed."""
    printed: list[str] = []
    code = block("check a hand")
    exec(code, {"RECORD": str(path), "print": lambda *a: printed.append(" ".join(map(str, a)))})
    return "\n".join(printed)


def single_hands(tmp_path: Path) -> list[Path]:
    """Every checked-in committed hand as a .phh of its own."""
    paths = [AUCTION]
    table = tomllib.loads(SESSION.read_text(encoding="utf-8"))
    for key, hand in table.items():
        path = tmp_path / f"hand-{key}.phh"
        path.write_text(tomli_w.dumps(hand), encoding="utf-8")
        paths.append(path)
    return paths


def test_the_by_hand_check_passes_on_real_records(tmp_path: Path) -> None:
    for path in single_hands(tmp_path):
        dealt = sum(
            len(line.split()[-1]) // 2
            for line in tomllib.loads(path.read_text(encoding="utf-8"))["actions"]
            if line.startswith("d ")
        )
        assert run_check(path) == (
            f"the commitment opens and {min(dealt, 52)} cards came off the deck in order"
        )


@pytest.mark.parametrize("change", ["seed", "secret", "card"])
def test_the_by_hand_check_fails_on_a_tampered_record(tmp_path: Path, change: str) -> None:
    hand = tomllib.loads(AUCTION.read_text(encoding="utf-8"))
    if change == "seed":
        hand["seed"] += 1
    elif change == "secret":
        hand["_secret"] = "0" * 64
    else:
        first = hand["actions"][0].split()
        first[-1] = first[-1][2:] + first[-1][:2]  # the two down cards the other way round
        hand["actions"][0] = " ".join(first)
        assert hand["actions"][0] != load(AUCTION)[0].actions[0]
    path = tmp_path / "tampered.phh"
    path.write_text(tomli_w.dumps(hand), encoding="utf-8")
    words = "a card is not the deck's" if change == "card" else "commitment does not match"
    with pytest.raises(AssertionError, match=words):
        run_check(path)


def test_the_shuffle_written_out_is_the_engines_deck() -> None:
    space: dict[str, object] = {"random": __import__("random")}
    exec(block("the shuffle written out"), space)
    written = space["deck"]
    assert callable(written)
    for seed in (0, 1, 7, 2**32 + 5, 2**63 - 1, *(h.seed or 0 for h in load(SESSION))):
        assert written(seed) == list(deck(seed))


def test_the_page_shows_a_real_records_fields() -> None:
    hand = load(AUCTION)[0]
    shown = re.search(r"```toml\n([^`]*?_secret.*?)```", PAGE, re.S)
    assert shown is not None
    fields = tomllib.loads(textwrap.dedent(shown.group(1)))
    assert fields == {"seed": hand.seed, "_secret": hand.secret, "_commitment": hand.commitment}
    assert commit(fields["seed"], fields["_secret"]) == fields["_commitment"]


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="needs coreutils' sha256sum")
def test_the_shell_check_of_the_commitment() -> None:
    command = re.search(r"`(printf 'splitpot-deal-v1:%s:%s' .*? \| sha256sum)`", PAGE)
    assert command is not None
    hand = load(AUCTION)[0]
    env = {"SECRET": hand.secret or "", "SEED": str(hand.seed), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        ["bash", "-c", command.group(1)], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.split()[0] == hand.commitment


def test_a_session_of_many_hands_verifies_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / "all.phhs"
    path.write_text(write_phhs([*load(SESSION), *load(AUCTION)]), encoding="utf-8")
    code, out, _ = run("verify", str(path))
    assert code == 0
    assert out.splitlines()[-1] == "4 of 4 hands verified"


# --------------------------------------------------------------------------- splitpot-deal-v2


def v2_record(reader: int | None, seed: int = 4) -> tuple[str, str, list[str]]:
    """A stud hand dealt by splitpot-deal-v2 as ``reader`` (None: a spectator) downloads it:
    (its text, the root, the players' values)."""
    from play import play_bots
    from splitpot import variants
    from splitpot.bots import CallBot, RandomBot
    from splitpot.engine import new_hand
    from splitpot.fairness import SealedDeck, sealed_record
    from splitpot.views import public_view, view

    deck = SealedDeck(seed, f"{seed:064x}")
    values = ["ab" * 32, "", "cd" * 32]
    state = new_hand(variants.get("stud"), [200] * 3, seed=seed, deck=deck.dealt(values))
    for _ in play_bots(state, [RandomBot(seed), CallBot(), RandomBot(seed + 1)]):
        pass
    seen = public_view(state) if reader is None else view(state, reader)
    return write_phh(sealed_record(state, deck, values, seen.log, hand=1)), deck.commitment, values


def test_a_v2_record_verifies_with_its_root_and_the_readers_value(tmp_path: Path) -> None:
    text, root, values = v2_record(0)
    path = tmp_path / "mine.phh"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("verify", "--commitment", root, "--entropy", values[0], str(path))
    assert (code, err) == (0, "")
    record = load(path)[0]
    shown = sum(c is not None for a in record.actions if a.verb in DEALER_VERBS for c in a.cards)
    assert out.splitlines() == [
        f"hand 1: verified: {shown} cards opened against the commitment, {dealt(record) - shown} "
        "not shown to this reader, the deck cut by the values of 2 players, same result",
        f"  commitment {root}",
        "1 of 1 hand verified",
    ]


def test_a_forged_v2_record_gets_one_line_per_problem_and_exit_1(tmp_path: Path) -> None:
    text, _, _ = v2_record(None)
    hand = tomllib.loads(text)
    place, _ = hand["_openings"][0].split(":")
    hand["_openings"][0] = f"{place}:{'0' * 64}"
    path = tmp_path / "forged.phh"
    path.write_text(tomli_w.dumps(hand), encoding="utf-8")
    code, out, _ = run("verify", "--entropy", "ef" * 32, str(path))
    assert code == 1
    found = out.splitlines()
    assert found[0] == (
        f"hand 1: your value {'ef' * 32} is not among the record's _entropy: the deck was cut "
        "without it"
    )
    assert found[1] == f"hand 1: the opening of place {place} opens no card"
    assert found[-1] == "0 of 1 hand verified; 1 not"
    assert all(line.startswith("hand 1: ") for line in found[:-1])


def test_entropy_is_given_once_per_hand(tmp_path: Path) -> None:
    text, _, _ = v2_record(None)
    path = tmp_path / "h.phh"
    path.write_text(text, encoding="utf-8")
    code, _, err = run("verify", "--entropy", "ab" * 32, "--entropy", "ab" * 32, str(path))
    assert code == 2
    assert "--entropy given 2 times for 1 hand(s): once per hand" in err


def test_the_by_hand_v2_check_passes_and_fails_on_a_forgery(tmp_path: Path) -> None:
    printed: list[str] = []
    space = {"print": lambda *a: printed.append(" ".join(map(str, a)))}
    for reader in (None, 1, 2, 0):  # the last, p1's own, shows p1's first two cards
        text, _, _ = v2_record(reader, seed=9)
        path = tmp_path / f"r{reader}.phh"
        path.write_text(text, encoding="utf-8")
        printed.clear()
        exec(block("check a v2 hand"), {**space, "RECORD": str(path)})
        record = load(path)[0]
        opened = len(record.fields["_openings"])
        shown = sum(
            c is not None for a in record.actions if a.verb in DEALER_VERBS for c in a.cards
        )
        assert printed == [f"{opened} places open; {shown} dealt cards came from them"]
    hand = tomllib.loads(text)
    first = hand["actions"][0].split()
    first[-1] = first[-1][2:4] + first[-1][:2] + first[-1][4:]  # two down cards swapped
    hand["actions"][0] = " ".join(first)
    path.write_text(tomli_w.dumps(hand), encoding="utf-8")
    with pytest.raises(AssertionError, match="is not the card of place"):
        exec(block("check a v2 hand"), {"RECORD": str(path), "print": print})
