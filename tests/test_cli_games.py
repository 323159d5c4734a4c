"""Games defined in TOML files on the command line: ``splitpot simulate --game FILE.toml``,
``splitpot play --game FILE.toml`` (or ``--rules FILE.toml`` with a name or base), records of
them replayed with ``splitpot replay --game``, and a bad file as one line naming its line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from defined_games import FOUR_CARD, keep_registry
from splitpot import bots, variants
from splitpot.cli import main
from splitpot.notation import load
from splitpot.records import replay_to_end

BIG_STUD8 = """\
name = "stud8-big"
base = "stud8"
ante = 5
bring_in = 5
small_bet = 10
big_bet = 20
"""
CHEAP_AUCTION = """\
name = "auction-capped"
base = "auction"
description = "Auction, bids of 2 to 15"
min_bid = 2
max_bid = 15
"""
SEALED_NASDAQ = """\
name = "nasdaq-sealed"
base = "nasdaq"
sale_bidding = "sealed"
min_price = 2
"""


@pytest.fixture(autouse=True)
def _registry(monkeypatch: pytest.MonkeyPatch) -> None:
    keep_registry(monkeypatch)


def _file(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _invoke(*args: str, lines: tuple[str, ...] = ()) -> Result:
    return CliRunner().invoke(main, list(args), input="".join(f"{x}\n" for x in lines))


@pytest.mark.parametrize("text", [BIG_STUD8, CHEAP_AUCTION, SEALED_NASDAQ, FOUR_CARD])
def test_every_bot_simulates_a_defined_game_and_its_record_replays(
    tmp_path: Path, text: str
) -> None:
    game = _file(tmp_path, "game.toml", text)
    record = tmp_path / "hands.phhs"
    names = ",".join(bots.names())
    args = ["simulate", "--game", game, "--players", str(len(bots.names())), "--hands", "12"]
    result = _invoke(*args, "--bots", names, "--samples", "50", "--record", str(record), "--json")
    assert result.exit_code == 0, result.output
    assert sum(json.loads(result.stdout)["net"]) == 0
    rules = variants.load_toml(game)
    if not rules.code:  # a game of its own: its record names it; replay reads the file
        replayed = _invoke("replay", "--check", "--game", game, str(record))
        assert replayed.exit_code == 0, replayed.output
        assert "four-card-hilo" in record.read_text(encoding="utf-8")
        return
    records = load(record)
    assert variants.get(rules.name) == rules  # known by its name...
    assert variants.get(rules.code).name != rules.name  # ...its code still the base game's
    for saved in records:  # a base game with other stakes or house rules, as its record says
        assert (saved.small_bet, saved.big_bet) == (rules.small_bet, rules.big_bet)
        assert replay_to_end(saved).stacks == saved.finishing_stacks
    moves = [a for saved in records for a in replay_to_end(saved).log]
    if rules.name == "auction-capped":  # every bot bid within the file's limits
        bids = [a.amount for a in moves if a.verb == "bid" and a.amount is not None]
        assert bids
        assert all(2 <= b <= 15 for b in bids)
    if rules.name == "stud8-big":  # the bets come in the file's sizes (a bet is to 10, 20...)
        raises = [a.amount for a in moves if a.verb == "cbr" and a.amount is not None]
        assert raises
        assert all(amount % 10 == 0 for amount in raises)


def test_a_rules_file_with_a_name_is_the_game(tmp_path: Path) -> None:
    game = _file(tmp_path, "big.toml", BIG_STUD8)
    args = ["simulate", "--rules", game, "--players", "3", "--hands", "6", "--bots", "call"]
    result = _invoke(*args, "--house", "ante=1", "--json")
    assert result.exit_code == 0, result.output
    # six hands of calling stations: the antes cancel out, the nets sum to zero
    assert sum(json.loads(result.stdout)["net"]) == 0


@pytest.mark.parametrize("how", ["GAME", "--game", "--rules"])
def test_play_plays_a_defined_game_line_by_line(tmp_path: Path, how: str) -> None:
    game = _file(tmp_path, "four.toml", FOUR_CARD)
    record = tmp_path / "s.phhs"
    chosen = [game] if how == "GAME" else [how, game]
    args = ["play", *chosen, "--plain", "--players", "2", "--seed", "4", "--record", str(record)]
    turns = ("pb", "check", "call", "")
    result = _invoke(*args, lines=turns * 8 + ("quit",))
    assert result.exit_code == 0, result.output
    assert "Hand 1 net:" in result.output
    saved = load(record)[0]
    assert saved.variant == "four-card-hilo"  # a game without a code is recorded by its name
    assert replay_to_end(saved).stacks == saved.finishing_stacks


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('name = "x"\nbase = "stud8"\n\nqualifier = 3\n', 4, "qualifier = 3 is not allowed"),
        ('name = "x"\nbase = "stud8"\nqualifer = 0\n', 3, "did you mean 'qualifier'?"),
        ('name = "x"\nbase = "stud8"\nante = \n', 3, "not valid TOML"),
        ('name = "x"\nbase = "chess"\n', 2, "base = 'chess': unknown game 'chess'"),
        ('name = "x"\nbase = "stud8"\nmin_bid = 3\n', 3, "x has no auction step"),
        ('name = "x"\nbase = "stud8"\nsmall_bet = 4\nbig_bet = 2\n', 3, "need 1 <= small_bet"),
        (FOUR_CARD.replace('"high-board"', '"left"'), 24, "betting opener = 'left'"),
        (FOUR_CARD.replace('cards = "uu"', "cards = 2"), 19, "deal cards = 2 must be a string"),
        (FOUR_CARD.replace('opener = "low-card"', 'open = "x"'), 14, "betting does not take"),
        (FOUR_CARD.replace('"four-card-hilo"', '"razz"'), 1, "taken by the built-in game razz"),
        (FOUR_CARD.replace("low =", 'code = "F7S/8"\nlow ='), 3, "is stud8's, which plays other"),
        (FOUR_CARD.replace('"du"', '"dudududu"'), 7, "hands hold 1..7"),
    ],
)
def test_a_bad_game_file_is_one_line_naming_its_line(
    tmp_path: Path, text: str, line: int, words: str
) -> None:
    game = _file(tmp_path, "bad.toml", text)
    for args in (
        ["simulate", "--game", game, "--players", "2", "--hands", "1", "--bots", "call"],
        ["play", "--game", game, "--plain"],
    ):
        result = _invoke(*args)
        assert result.exit_code == 2, result.output
        last = result.output.strip().splitlines()[-1]
        assert last.startswith("Error: Invalid value for '--game': "), last
        assert f"{game}:{line}: " in last
        assert words in last
        assert "Traceback" not in result.output


def test_a_game_is_given_once(tmp_path: Path) -> None:
    game = _file(tmp_path, "big.toml", BIG_STUD8)
    twice = _invoke("play", "stud8", "--game", game, "--plain")
    assert twice.exit_code == 2
    assert "give the game once" in twice.output
    both = _invoke("play", "stud8", "--rules", game, "--plain")
    assert both.exit_code == 2
    assert "defines a game (name, base or steps): give it alone" in both.output
    none = _invoke("simulate", "--players", "2", "--hands", "1", "--bots", "call")
    assert none.exit_code == 2
    assert "name a game" in none.output
    missing = _invoke("play", "--game", str(tmp_path / "nowhere.toml"), "--plain")
    assert missing.exit_code == 2
    assert re.search(r"nowhere\.toml: cannot read it: No such file", missing.output)


def test_rotated_seats_deal_each_deck_once_to_every_seating() -> None:
    def net(*args: str) -> list[int]:
        base = ["simulate", "--game", "stud8", "--players", "2", "--seed", "11", "--json"]
        result = _invoke(*base, *args)
        assert result.exit_code == 0, result.output
        return list(json.loads(result.stdout)["net"])

    rotated = net("--hands", "2", "--bots", "random,call", "--rotate")
    first = net("--hands", "1", "--bots", "random,call")  # the first deck as seated
    swapped = net("--hands", "1", "--bots", "call,random")  # the same deck, seats swapped
    assert rotated == [first[0] + swapped[1], first[1] + swapped[0]]
    assert first != [0, 0]
