"""``splitpot simulate``: output shape, reproducibility, records, and clear usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import click
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


# --- house rules and stakes (as for play), the thinking of bots that search ----------------


def test_house_rules_and_stakes_from_a_file_and_options_reach_the_table(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text("small_bet = 10\nbig_bet = 20\nqualifier = 0\n", encoding="utf-8")
    path = tmp_path / "run.phhs"
    code, out, err = run(
        "--game", "stud8", "--players", "3", "--hands", "4", "--seed", "2", "--bots", "call",
        "--rules", str(house), "--house", "big_bet=30", "--house", "showdown=declare",
        "--json", "--record", str(path),
    )  # fmt: skip
    assert (code, err) == (0, ""), err
    for record in load(path):
        assert (record.small_bet, record.big_bet) == (10, 30)  # --house wins over the file
        assert record.house_rules["qualifier"] == 0
        assert record.house_rules["showdown"] == "declare"
        assert record.starting_stacks == (3000,) * 3  # 100 big bets of the house's 30
        assert any(a.verb == "dec" for a in replay_to_end(record).log)  # declared
    assert sum(json.loads(out)["net"]) == 0


def _rules_file(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--house", "colour=red"), "Invalid value for '--house': unknown house rule 'colour'"),
        (("--house", "qualifier=3"), "Invalid value for '--house': qualifier = 3 is not allowed"),
        (("--house", "qualifier"), "Invalid value for '--house': 'qualifier' is not KEY=VALUE"),
        (("--house", "big_bet=1"), "small_bet = 5, big_bet = 1: need 1 <= small_bet <= big_bet"),
        (("--rules", "missing.toml"), "'--rules' (missing.toml): cannot read it as TOML"),
        (("--rules", "@broken"), "cannot read it as TOML"),
        (("--rules", "@unknown"), "unknown house rule 'colour'"),
        (("--rules", "@steps"), "defines a game (name, base or steps): give it alone"),
        (("--think", "5", "--samples", "100"), "--think and --samples exclude each other"),
        (("--samples", "0"), "Invalid value for '--samples'"),
    ],
)
def test_bad_house_rules_files_and_budgets_are_one_line_errors(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    files = {
        "@broken": _rules_file(tmp_path, "broken.toml", "qualifier = = 8\n"),
        "@unknown": _rules_file(tmp_path, "unknown.toml", 'colour = "red"\n'),
        "@steps": _rules_file(tmp_path, "steps.toml", '[[steps]]\nkind = "showdown"\n'),
    }
    given = [files.get(a, a) for a in args]
    code, out, err = run(*BASE, "--bots", "call", *given)
    assert code == 2
    assert out == ""
    last = err.strip().splitlines()[-1]
    assert last.startswith("Error: ")
    assert message in last


def test_fixed_samples_make_a_seeded_run_of_searching_bots_repeat() -> None:
    args = ("--game", "nasdaq7", "--players", "4", "--hands", "8", "--seed", "5", "--json")
    bots = ("--bots", "equity,heuristic,equity,random")

    def net(*extra: str) -> list[int]:
        code, out, err = run(*args, *bots, *extra)
        assert code == 0, err
        return list(json.loads(out)["net"])

    first = net("--samples", "150")
    assert net("--samples", "150") == first
    assert net("--samples", "150", "--seed", "6") != first
    timed = net("--think", "1")  # a time budget runs too; what it plays depends on the clock
    assert sum(timed) == 0


def test_every_option_says_what_it_does() -> None:
    from splitpot.cli.simulate import simulate

    for param in simulate.params:
        assert isinstance(param, click.Option)
        assert param.help, param.name
    code, out, _ = run("--help")
    assert code == 0
    assert "not reproducible" in out
    assert "--house KEY=VALUE" in out


def test_unlimited_reads_as_no_limit_for_every_optional_limit() -> None:
    # TOML has no null: a record writes "unlimited" for no limit, and --house may too
    args = ("--game", "nasdaq", "--players", "3", "--hands", "2", "--bots", "call", "--json")
    for key in ("max_raises", "max_price", "excess_threshold"):
        code, _, err = run(*args, "--house", f"{key}=unlimited")
        assert (code, err) == (0, ""), key
