"""``splitpot odds``: the table, --json, the buy, --advise, and one-line refusals (exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from splitpot.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["odds", *args])
    return result.exit_code, result.stdout, result.stderr


SIXTH = ("stud8", "As 2d 4c 7h Kd Qs", "Kh Kc 9d 9s 5h 3c")


def test_exact_table() -> None:
    code, out, err = run(*SIXTH)
    assert (code, err) == (0, "")
    assert "exact over 1,560 outcomes" in out
    first = next(line for line in out.splitlines() if "As 2d 4c 7h Kd Qs" in line)
    assert first.split()[-5:] == ["0.000", "35.000", "0.000", "17.500", "7/40"]


def test_json_is_one_object_with_exact_fractions() -> None:
    code, out, _ = run(*SIXTH, "--json")
    assert code == 0
    got = json.loads(out)
    assert got["exact"] is True
    assert got["outcomes"] == 1560
    assert [h["share"]["exact"] for h in got["hands"]] == ["7/40", "33/40"]
    assert [h["scoop"]["exact"] for h in got["hands"]] == ["0", "13/20"]  # 1,014 of 1,560


def test_samples_give_monte_carlo_with_errors_and_a_seed() -> None:
    code, out, _ = run(*SIXTH, "--samples", "3000", "--seed", "4", "--json")
    assert code == 0
    got = json.loads(out)
    assert (got["exact"], got["samples"], got["seed"]) == (False, 3000, 4)
    share = got["hands"][0]["share"]
    assert "exact" not in share
    assert 0 < share["error"] < 0.02
    assert abs(share["value"] - 7 / 40) < 5 * share["error"]
    assert run(*SIXTH, "--samples", "3000", "--seed", "4", "--json")[1] == out


def test_the_buy_with_its_worth_at_a_pot() -> None:
    """The hand worked out in test_odds: buying the king away is worth 5/3 at a pot of 60."""
    code, out, _ = run("stud5buy", "2c 3d 4h 5s Ks", "Kc Kd Qh Qs 9c", "--pot", "60")
    assert code == 0
    assert "hand 1: buy Ks away for 10: share 59.524% (+9.524), worth +1.67 at a pot of 60" in out
    assert "hand 2: stand pat" in out
    code, out, _ = run("stud5buy", "2c 3d 4h 5s Ks", "Kc Kd Qh Qs 9c", "--json")
    first = json.loads(out)["hands"][0]["buy"][0]
    assert (first["card"], first["share"]["exact"], first["pays_from"]) == ("Ks", "25/42", 42.5)


def test_advice_for_each_hand() -> None:
    """2-3-4-5-6 against four kings, nothing hidden: the straight cannot win high, so it
    declares low and takes half; the kings declare high (their better half)."""
    code, out, _ = run("auction", "2c 3d 4h 5s 6c 9d Jh", "Kc Kd Kh Ks 9c 8d 7h", "--advise")
    assert code == 0
    assert "hand 1 declares lo: lo 50.000%" in out
    assert "hand 2 declares hi: hi 50.000%" in out
    assert "others declare their better half" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("nosuchgame", "As", "Kd"), "unknown game 'nosuchgame'"),
        (("stud8", "As2d4c", "Kx2c9d"), "'Kx' at position 0 is not a card"),
        (("stud8", "As2d4c", "As3d5c"), "card As is given twice (hand 1 and hand 2)"),
        (("stud8", "As2d4c", "Kd3d5c", "--dead", "4c"), "card 4c is given twice"),
        (("stud8", "As2d4c7hKdQs3c9h", "Kh"), "holds 8 cards: stud8 deals 7"),
        (("stud8", "As2d4c"), "odds need at least two hands, not 1"),
        (("stud8",), "odds need at least two hands, not 0"),
        (("stud8", "As2d4c", "Kd2c"), "every stud8 hand holds as many"),
        (("stud8", "As2d", "Kd2c", "--exact", "--samples", "9"), "not both"),
        (("stud8", "As2d", "Kd2c", "--advise"), "cards speak"),
        (("stud8", "As2d", "Kd2c", "--samples", "lots"), "'lots' is not a valid integer range"),
        (("stud8", "As2d", "Kd2c", "--model", "psychic"), "'psychic' is not one of"),
        (("stud8", "As2d", "Kd2c", "--frobnicate"), "No such option '--frobnicate'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], words: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert words in err
