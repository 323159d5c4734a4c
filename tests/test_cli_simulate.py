"""``splitpot simulate``: output shape, reproducibility, records, and clear usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from splitpot.cli import main
from splitpot.notation import load
from splitpot.records import replay_to_end


def run(*args: str, **env: str) -> tuple[int, str, str]:
    result = CliRunner(env=env or None).invoke(main, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


BASE = ("--game", "stud8", "--players", "4", "--hands", "40", "--seed", "7")


def test_json_is_one_line_with_hands_seconds_and_net() -> None:
    code, out, err = run(*BASE, "--bots", "random", "--json")
    assert (code, err) == (0, "")
    assert out.endswith("\n")
    assert out.count("\n") == 1
    result = json.loads(out)
    assert list(result) == ["hands", "seconds", "net"]
    assert result["hands"] == 40
    assert isinstance(result["seconds"], float)
    assert result["seconds"] >= 0
    assert len(result["net"]) == 4
    assert all(isinstance(x, int) for x in result["net"])
    assert sum(result["net"]) == 0


def test_same_seed_same_result_other_seed_other_result() -> None:
    def net(*args: str) -> list[int]:
        code, out, _ = run(*args, "--json")
        assert code == 0
        return list(json.loads(out)["net"])

    first = net(*BASE, "--bots", "random,call,random,call")
    assert net(*BASE, "--bots", "random,call,random,call") == first
    other = [*BASE[:-1], "8"]
    assert net(*other, "--bots", "random,call,random,call") != first


def test_call_bots_only_lose_antes_and_bring_ins_between_them() -> None:
    code, out, _ = run(*BASE, "--bots", "call", "--json", "--stacks", "500")
    assert code == 0
    assert sum(json.loads(out)["net"]) == 0


def test_readable_summary() -> None:
    code, out, _ = run(*BASE, "--bots", "call,random,call,random")
    assert code == 0
    assert "random" in out
    assert "p4" in out
    assert "hands/s" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "bridge", "--players", "4", "--bots", "call"), "unknown game 'bridge'"),
        (("--game", "stud8", "--players", "4", "--bots", "shark"), "unknown bot 'shark'"),
        (("--game", "stud8", "--players", "4", "--bots", "call,call"), "2 bots for 4 players"),
        (("--game", "stud8", "--players", "9", "--bots", "call"), "2 to 8 players, not 9"),
        (("--game", "stud8", "--players", "1", "--bots", "call"), "2 to 8 players, not 1"),
    ],
)
def test_usage_errors_are_clear(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args, "--hands", "1")
    assert code == 2
    assert out == ""
    assert message in err


def test_record_writes_every_hand_with_finishing_stacks(tmp_path: Path) -> None:
    path = tmp_path / "run.phhs"
    code, out, _ = run(
        "--game", "razz", "--players", "3", "--hands", "12", "--seed", "3",
        "--bots", "random", "--json", "--record", str(path),
    )  # fmt: skip
    assert code == 0
    net = json.loads(out)["net"]
    records = load(path)
    assert len(records) == 12
    total = [0, 0, 0]
    for number, record in enumerate(records, 1):
        assert record.variant == "FR"
        assert record.fields["hand"] == number
        assert record.finishing_stacks is not None
        assert replay_to_end(record).stacks == record.finishing_stacks
        for seat in range(3):
            total[seat] += record.finishing_stacks[seat] - record.starting_stacks[seat]
    assert total == net


def test_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    monkeypatch.setattr(Console, "is_terminal", property(lambda self: True))
    code, out, _ = run(*BASE, "--bots", "call", "--json")
    assert code == 0
    assert out.count("\n") > 1 or "\r" in out or "\x1b" in out  # the bar drew something
    last = out.splitlines()[-1]
    assert json.loads(last[last.index("{") :])["hands"] == 40
