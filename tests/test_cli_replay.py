"""``splitpot replay`` exactly as hand-history.md specifies it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner

from splitpot.cli import main

DATA = Path(__file__).parent / "data" / "phh"  # 30 real WSOP hands: data/phh/README.md
WSOP = sorted(DATA.glob("*.phh"))
KEYS = {"variant", "finished", "stacks", "pot", "to_act", "awards", "payments"}
AWARD_KEYS = {"player", "amount", "half", "reason"}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, table: dict[str, object], name: str = "hand.phh") -> str:
    path = tmp_path / name
    path.write_text(tomli_w.dumps(table))
    return str(path)


@pytest.mark.parametrize("path", WSOP, ids=lambda p: p.name)
def test_every_wsop_hand_checks_out(path: Path) -> None:
    table = tomllib.loads(path.read_text())
    code, out, err = run("replay", "--check", "--json", str(path))
    assert (code, err) == (0, "")
    (line,) = out.splitlines()
    info = json.loads(line)
    assert set(info) == KEYS
    assert info["variant"] == table["variant"]
    assert info["finished"] is True
    assert info["stacks"] == table["finishing_stacks"]
    assert info["pot"] == 0
    assert info["to_act"] == []
    assert info["awards"]
    for award in info["awards"]:
        assert set(award) == AWARD_KEYS
        assert award["half"] in ("high", "low", "all")
        assert 1 <= award["player"] <= len(table["starting_stacks"])
        assert award["amount"] > 0
    assert sum(info["stacks"]) == sum(table["starting_stacks"])


@pytest.mark.parametrize(
    "path", sorted((Path(__file__).parent / "golden").glob("*.phh")), ids=lambda p: p.name
)
def test_golden_hands_check_out(path: Path) -> None:
    code, out, err = run("replay", "--check", "--json", str(path))
    assert (code, err) == (0, "")
    assert json.loads(out)["stacks"] == tomllib.loads(path.read_text())["finishing_stacks"]


def test_awards_of_a_split_pot() -> None:
    # wsop-2023-43-48: p1 and p5 split 4,825,000 (5 antes of 50,000 + 75,000 + 2 x 2,250,000).
    code, out, _ = run("replay", "--json", str(DATA / "wsop-2023-43-48.phh"))
    assert code == 0
    awards = json.loads(out)["awards"]
    assert [(a["player"], a["amount"], a["half"]) for a in awards] == [
        (1, 2_412_500, "high"),
        (5, 2_412_500, "low"),
    ]


def test_a_partial_hand(tmp_path: Path) -> None:
    table = tomllib.loads((DATA / "wsop-2023-43-10.phh").read_text())
    table["actions"] = table["actions"][:7]  # antes, third street, p2 brings in, p3 folds
    del table["finishing_stacks"]
    code, out, err = run("replay", "--json", "--check", write(tmp_path, table))
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "variant": "F7S",
        "finished": False,
        "stacks": [2_550_000, 11_150_000, 4_425_000, 6_625_000, 4_650_000],
        "pot": 300_000,
        "to_act": [4],
        "awards": [],
        "payments": [],
    }


def test_several_hands_one_object_each(tmp_path: Path) -> None:
    hands = {str(i): tomllib.loads(p.read_text()) for i, p in enumerate(WSOP[:3], 1)}
    code, out, _ = run("replay", "--json", "--check", write(tmp_path, hands, "three.phhs"))
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [x["stacks"] for x in lines] == [h["finishing_stacks"] for h in hands.values()]


def test_check_fails_when_the_stacks_are_not_reached(tmp_path: Path) -> None:
    table = tomllib.loads((DATA / "wsop-2023-43-10.phh").read_text())
    table["finishing_stacks"][0] += 1
    code, out, err = run("replay", "--json", "--check", write(tmp_path, table))
    assert code == 1
    assert json.loads(out)["finished"] is True
    assert "finishing_stacks" in err
    # without --check the same record is fine
    assert run("replay", "--json", write(tmp_path, table))[0] == 0


def test_an_illegal_action_stops_with_one_line(tmp_path: Path) -> None:
    table = tomllib.loads((DATA / "wsop-2023-43-48.phh").read_text())
    assert table["actions"][7] == "p5 cbr 250000"
    table["actions"][7] = "p5 cbr 300000"  # fixed limit: the completion is to 250,000
    code, out, err = run("replay", "--json", write(tmp_path, table))
    assert code == 1
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith('action 8 "p5 cbr 300000": ')
    assert line.endswith(")")
    assert "250000" in line


def test_a_malformed_action_stops_with_one_line(tmp_path: Path) -> None:
    table = tomllib.loads((DATA / "wsop-2023-43-48.phh").read_text())
    table["actions"][5] = "p3 bringin"
    code, out, err = run("replay", "--json", write(tmp_path, table))
    assert (code, out) == (1, "")
    (line,) = err.splitlines()
    assert line.startswith('action 6 "p3 bringin": ')
    assert line.endswith("(hand-history.md)")


def test_an_illegal_action_in_a_later_hand_prints_the_earlier_ones(tmp_path: Path) -> None:
    first = tomllib.loads(WSOP[0].read_text())
    second = tomllib.loads((DATA / "wsop-2023-43-48.phh").read_text())
    second["actions"][6] = "p5 f"  # p4 is to act
    code, out, err = run("replay", "--json", write(tmp_path, {"1": first, "2": second}, "x.phhs"))
    assert code == 1
    assert len(out.splitlines()) == 1
    (line,) = err.splitlines()
    assert line.startswith('action 7 "p5 f": ')


def test_a_malformed_record_names_the_field(tmp_path: Path) -> None:
    table = tomllib.loads((DATA / "wsop-2023-43-10.phh").read_text())
    table["antes"] = [1, 2]
    code, _, err = run("replay", write(tmp_path, table))
    assert code == 1
    (line,) = err.splitlines()
    assert "'antes'" in line


def test_readable_summary(tmp_path: Path) -> None:
    code, out, _ = run("replay", str(DATA / "wsop-2023-43-48.phh"))
    assert code == 0
    assert "James Obst" in out
    assert "4537500" in out
    assert "high" in out
    assert "low" in out
