"""Nothing a player does is lost: the record is checked before the first hand, a hand that
cannot be written is kept elsewhere or said to be lost, and bad input gets one line, not a
traceback. Also the commands' help, which a newcomer reads first."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.cli import main
from splitpot.cli.session import Session
from splitpot.notation import load
from splitpot.records import replay_to_end

# one legal line at every turn of stud, heads-up, against a calling station
_STUD = ["pb", "check", "call"] * 40


def _run(args: list[str], lines: Sequence[str] = ()) -> Result:
    return CliRunner().invoke(main, args, input="".join(f"{x}\n" for x in lines))


def _error_line(result: Result) -> str:
    """The one line that says what is wrong (click's usage lines around it aside)."""
    (line,) = [x for x in result.output.splitlines() if x.startswith("Error: ")]
    return line


@pytest.mark.parametrize(
    "where",
    [
        "missing-dir/s.phhs",  # no such directory
        "a-file/s.phhs",  # a file where a directory should be
    ],
)
def test_a_record_that_cannot_be_written_stops_play_and_simulate_first(
    where: str, tmp_path: Path
) -> None:
    (tmp_path / "a-file").write_text("not a directory", encoding="utf-8")
    record = tmp_path / where
    play = _run(["play", "stud", "--plain", "--players", "2", "--record", str(record)], _STUD)
    assert play.exit_code == 2, play.output
    assert _error_line(play).startswith(
        f"Error: Invalid value for '--record': cannot write {record}"
    )
    assert "Hands are saved" not in play.output
    assert "Hand 1" not in play.output
    assert "Traceback" not in play.output
    simulate = _run(
        [
            "simulate",
            "--game",
            "stud",
            "--players",
            "2",
            "--hands",
            "3",
            "--bots",
            "call",
            "--record",
            str(record),
        ]
    )
    assert simulate.exit_code == 2, simulate.output
    assert _error_line(simulate) == _error_line(play)  # one check, shared by both commands
    assert not record.exists()


def test_checking_a_record_changes_nothing(tmp_path: Path) -> None:
    kept = tmp_path / "old.phhs"
    kept.write_text("[1]\n", encoding="utf-8")
    fresh = tmp_path / "new.phhs"
    result = _run(["play", "stud", "--plain", "--players", "2", "--record", str(fresh)], [])
    assert result.exit_code == 0, result.output
    result = _run(["play", "stud", "--plain", "--players", "2", "--record", str(kept)], ["quit"])
    assert result.exit_code == 0
    # the record is written as hands end (the abandoned one here), never by the check
    assert [r.fields.get("hand") for r in load(kept)] == [1]


def test_a_hand_that_cannot_be_written_goes_to_a_spare_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/dev/full opens, then refuses every write (ENOSPC): the check passes, the saves fail."""
    spare_dir = tmp_path / "tmp"
    spare_dir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare_dir))
    args = ["play", "stud", "--plain", "--players", "2", "--seed", "4", "--record", "/dev/full"]
    result = _run([*args, "--bots", "call"], [*_STUD, "quit", "yes"])
    assert result.exit_code == 0, result.output
    out = result.output
    (spare,) = spare_dir.glob("full-unsaved-*.phhs")
    assert (
        f"Could not save hand 1 to /dev/full (No space left on device): saved it to {spare} "
        "instead, with the hands that follow." in out
    )
    assert "Hands saved to /dev/full" not in out  # never a save that failed
    records = load(spare)
    hands = len(records)
    assert hands >= 2
    finished = [r for r in records if r.finishing_stacks is not None]
    for saved in finished:
        assert replay_to_end(saved).stacks == saved.finishing_stacks
    assert out.rstrip().endswith(f"Hands 1-{hands} saved to {spare}.")


def test_a_hand_that_can_be_written_nowhere_is_said_to_be_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no-such-dir"))
    args = ["play", "stud", "--plain", "--players", "2", "--seed", "4", "--record", "/dev/full"]
    result = _run([*args, "--bots", "call"], _STUD)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Could not save hand 1 to /dev/full (No space left on device) nor to " in out
    assert ": it is lost." in out
    assert "saved to" not in out.split("Session:")[-1]
    assert "could not be saved: lost." in out.splitlines()[-1]


def test_the_table_says_where_the_hands_went_when_the_record_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    rules = variants.get("stud")
    session = Session(
        rules,
        [None, bots.get("call")],
        human=0,
        stacks=100,
        seed=4,
        record=Path("/dev/full"),
        names=["you", "call"],
    )
    session.new_hand()
    while not session.finished:
        if session.human_to_act():
            options = {o.verb: o for o in session.view().options}
            verb = "cc" if "cc" in options else "pb"
            session.act(Action(verb, 0))
        else:
            session.step()
    lines = session.settle()
    session.close()
    assert lines[-1].startswith("Could not save hand 1 to /dev/full (No space left on device)")
    spare = next(tmp_path.glob("*.phhs"))
    assert session.saved_lines() == [f"Hand 1 saved to {spare}."]
    assert session.saving_to == spare  # the table's footer shows where hands go now


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        (
            ["XX"],
            "'XX': 'XX' at position 0 is not a card "
            "(a rank from 23456789TJQKA then a suit from cdhs)",
        ),
        (["AhAh"], "'AhAh': card Ah appears more than once"),
        (["AhKdQsJc9h8d7s6c"], "8 cards: a hand has 1 to 7"),
        (["Ah", "Kd", "Qs", "Jc", "9h", "8d", "7s", "6c"], "8 cards: a hand has 1 to 7"),
    ],
)
def test_a_bad_hand_is_one_line_and_exit_2(cards: list[str], error: str) -> None:
    result = _run(["hand", *cards])
    assert result.exit_code == 2
    assert _error_line(result) == f"Error: Invalid value for 'CARDS': {error}"
    assert "Traceback" not in result.output


def test_cards_may_be_written_apart() -> None:
    together = _run(["hand", "AhKd9s8c7h6d2s"])
    apart = _run(["hand", "Ah", "Kd", "9s", "8c", "7h", "6d", "2s"])
    assert together.exit_code == apart.exit_code == 0
    assert apart.output == together.output
    assert together.output == "high: high card, ace  (Ah Kd 9s 8c 7h)\nlow:  eight-low 8-7-6-2-A\n"


def test_the_command_summaries_are_whole_sentences() -> None:
    result = _run(["--help"])
    assert result.exit_code == 0
    commands = result.output.split("Commands:\n", 1)[1]
    summaries: dict[str, str] = {}
    for line in commands.splitlines():
        name, _, text = line.strip().partition("  ")
        if line.startswith("  ") and not line.startswith("   "):
            summaries[name] = text.strip()
        else:
            summaries[list(summaries)[-1]] += " " + line.strip()
    assert set(summaries) == set(main.commands)
    for name, text in summaries.items():
        assert text.endswith("."), (name, text)
        assert "..." not in text, (name, text)
    assert "(AhKd9s8c7h6d2s) or apart (Ah Kd 9s)." in summaries["hand"]


def test_play_help_lists_the_games_and_the_bots() -> None:
    result = _run(["play", "--help"])
    assert result.exit_code == 0
    out = result.output
    games = out.split("Games (GAME):\n", 1)[1].split("\n\n", 1)[0]
    listed = [line.split()[0] for line in games.splitlines() if not line.startswith("    ")]
    assert listed == list(variants.names())
    assert variants.get("auction").description in " ".join(games.split())
    named = out.split("Bots (--bots):\n", 1)[1]
    assert [line.split()[0] for line in named.splitlines() if line[2:3] != " "] == list(
        bots.names()
    )
    assert "--four-colour" in out


def test_leaving_just_after_a_hand_ended_settles_it(tmp_path: Path) -> None:
    """The table pauses after a bot's last move before it tells the result: leaving then
    (Ctrl+Q) records the hand as finished, with its result in the ledger."""
    session = Session(
        variants.get("stud"),
        [None, bots.get("call")],
        human=0,
        stacks=100,
        seed=4,
        record=tmp_path / "s.phhs",
        names=["you", "call"],
    )
    session.new_hand()
    while not session.finished:
        if session.human_to_act():
            verbs = {o.verb for o in session.view().options}
            session.act(Action("cc" if "cc" in verbs else "pb", 0))
        else:
            session.step()
    lines = session.abandon()  # not settled yet
    session.close()
    assert lines[-1].startswith("Hand 1 net: ")
    assert session.hands_played == 1
    assert sum(session.ledger) == 0
    assert session.ledger != [0, 0]
    (saved,) = load(tmp_path / "s.phhs")
    assert "_abandoned" not in saved.fields
    assert replay_to_end(saved).stacks == saved.finishing_stacks
