"""``splitpot play``: the line mode through standard input, its options, and its wording."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.cards import parse_card
from splitpot.cli import main, render
from splitpot.cli.play import DEFAULT_BOT, rule_keys
from splitpot.cli.session import ABANDONED
from splitpot.engine import apply, new_hand
from splitpot.errors import InvalidNotation
from splitpot.notation import load
from splitpot.records import replay_to_end
from splitpot.state import Offer, Option
from splitpot.views import SeatView, View, view

# At each turn the line mode reads lines until one is allowed: a cycle of these always finds
# a legal move in every game (the others are refused with a reason and asked again).
_ANY_TURN = [
    "pb",
    "check",
    "bid 5",
    "pass",
    "pick 1",
    "stand pat",
    "sell 1 5",
    "sell 1",
    "sd 1",
    "up 1",
    "dec hi",
]


def _play(args: list[str], lines: list[str]) -> Result:
    runner = CliRunner()
    return runner.invoke(main, ["play", *args], input="".join(f"{x}\n" for x in lines))


@pytest.mark.parametrize("game", variants.names())
def test_plain_plays_whole_hands_of_every_game(game: str, tmp_path: Path) -> None:
    record = tmp_path / "s.phhs"
    args = [game, "--plain", "--players", "3", "--seed", "2", "--record", str(record)]
    result = _play([*args, "--bots", "random,call"], _ANY_TURN * 60)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your turn. Options: " in out
    assert "\n  odds: " in out  # practice: the odds panel is on (tests/test_cli_play_odds.py)
    assert "Hand 1 net:" in out
    assert "Hand 2 net:" in out  # Enter (any line but quit) deals the next hand
    assert out.rstrip().endswith(f"Hands saved to {record}.")
    assert re.search(r"\(\+\d+\)", out)  # an award with its reason
    records = load(record)
    assert len(records) >= 2
    *finished, last = records
    if ABANDONED in last.fields:  # the input ran out in the middle of a hand: kept, unfinished
        assert f"Hand {len(records)} is abandoned: saved unfinished" in out
        assert last.finishing_stacks is None
        assert not replay_to_end(last).finished
    else:
        finished.append(last)
    assert [saved.fields["hand"] for saved in records] == list(range(1, len(records) + 1))
    for saved in finished:
        assert saved.finishing_stacks is not None
        assert replay_to_end(saved).stacks == saved.finishing_stacks
    assert sum(int(n) for n in re.findall(r"^  p\d \w+: ([+-]\d+)$", out, re.M)[-3:]) == 0


def test_plain_refuses_an_illegal_line_and_asks_again(tmp_path: Path) -> None:
    record = tmp_path / "s.phhs"
    args = ["stud8", "--plain", "--players", "2", "--seed", "3", "--record", str(record)]
    result = _play(args, ["raise 999", "foo", "raise lots", "", *(["pb", "call"] * 20), "quit"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Refused: p1 may complete, bet or raise to" in out
    assert "(Robert's 6)" in out  # stud8's bet sizes: Robert's 6
    # the person's own words come back, never the internal 'p1 ...' notation
    assert "Not understood: 'foo' is not an action: type one of the options" in out
    assert "Not understood: 'raise lots': " in out
    assert "'p1 " not in out
    assert out.count("Your turn. Options: ") >= 3  # asked again, and the table shown again
    assert "Hand 1 net:" in out
    saved = load(record)[0]
    assert saved.players == ("you", DEFAULT_BOT)
    assert replay_to_end(saved).stacks == saved.finishing_stacks


def test_end_of_input_ends_the_session_with_the_ledger(tmp_path: Path) -> None:
    record = tmp_path / "s.phhs"
    result = _play(["razz", "--plain", "--seed", "1", "--record", str(record)], [])
    assert result.exit_code == 0, result.output
    assert "(end of input)" in result.output
    assert "Hand 1 is abandoned: saved unfinished, in no ledger." in result.output
    assert "Session: 0 hands of razz." in result.output
    assert f"Hands saved to {record}." in result.output
    (saved,) = load(record)  # what was played is kept, marked abandoned
    assert saved.fields[ABANDONED] == "p1 (you) left before the hand ended"
    assert saved.finishing_stacks is None
    state = replay_to_end(saved)
    assert not state.finished
    assert state.log == saved.actions


def test_quit_in_the_middle_of_a_hand_asks_first(tmp_path: Path) -> None:
    record = tmp_path / "s.phhs"
    args = ["stud8", "--plain", "--players", "2", "--seed", "3", "--record", str(record)]
    result = _play(args, ["quit", "no", "call", "quit", "yes"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Quit in the middle of hand 1?") == 2
    assert "p1 (you) calls 2." in out  # "no": played on
    assert "Hand 1 is abandoned" in out
    (saved,) = load(record)
    assert ABANDONED in saved.fields
    assert Action("cc", 0) in saved.actions


def test_another_seat(tmp_path: Path) -> None:
    record = tmp_path / "s.phhs"
    args = ["auction", "--plain", "--players", "3", "--seat", "3", "--seed", "1"]
    result = _play([*args, "--bots", "random,call", "--record", str(record)], _ANY_TURN * 40)
    assert result.exit_code == 0, result.output
    assert "auction: you are p3 against 2 bots" in result.output
    assert "  p3 you; stack" in result.output
    assert "\n  odds: high " in result.output  # p3's chances
    saved = load(record)[0]
    assert saved.players == ("random", "call", "you")
    assert replay_to_end(saved).stacks == saved.finishing_stacks


def test_sealed_moves_are_announced(tmp_path: Path) -> None:
    args = ["auction", "--plain", "--seed", "4", "--record", str(tmp_path / "a.phhs")]
    result = _play(args, ["bid 7"])
    assert "Sealed: the others will see only that you bid." in result.output
    assert "p1 (you) bids 7." in result.output
    assert re.search(r"p\d has bid \(sealed\)\.", result.output)


def test_the_record_path_has_a_printed_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = _play(["stud", "--plain", "--players", "2"], [])
    assert result.exit_code == 0, result.output
    assert re.search(r"Hands are saved to splitpot-stud-\d{8}-\d{6}\.phhs\.", result.output)


def test_house_rules_and_stakes_from_options_and_a_file(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('showdown = "declare"\ndeclare_both = true\n', encoding="utf-8")
    record = tmp_path / "s.phhs"
    args = ["stud5hilo", "--plain", "--players", "2", "--rules", str(rules), "--seed", "9"]
    args += ["--house", "qualifier=8", "--ante", "2", "--small-bet", "4", "--big-bet", "8"]
    args += ["--stacks", "300", "--record", str(record)]
    result = _play(args, _ANY_TURN * 20 + ["quit"])
    assert result.exit_code == 0, result.output
    assert "declare high, low or both ways" in result.output
    saved = load(record)[0]
    assert saved.antes == (2, 2)
    assert (saved.small_bet, saved.big_bet) == (4, 8)
    assert saved.starting_stacks == (300, 300)
    assert saved.house_rules["showdown"] == "declare"
    assert saved.house_rules["declare_both"] is True
    assert replay_to_end(saved).stacks == saved.finishing_stacks


def test_house_rules_apply_together_whatever_their_order(tmp_path: Path) -> None:
    # declare_both needs showdown = declare (docs/games.md); named first, it still comes with it
    record = tmp_path / "d.phhs"
    args = ["stud8", "--plain", "--players", "2", "--seed", "3", "--record", str(record)]
    args += ["--house", "declare_both=true", "--house", "showdown=declare"]
    result = _play(args, ["quit"])
    assert result.exit_code == 0, result.output
    saved = load(record)[0]
    assert saved.house_rules["declare_both"] is True
    assert saved.house_rules["showdown"] == "declare"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["poker"], ["'GAME'", "unknown game 'poker'"]),
        (["stud8", "--house", "qualifier=3"], ["'--house'", "qualifier = 3 is not allowed"]),
        (["stud8", "--house", "colour=red"], ["'--house'", "unknown house rule 'colour'"]),
        (["stud8", "--house", "qualifier"], ["'--house'", "is not KEY=VALUE"]),
        (["stud8", "--house", "betting=1"], ["'--house'", "betting = 1 is not allowed"]),
        (
            ["stud8", "--house", "min_bid=3"],
            ["'--house'", "min_bid = 3: stud8 has no auction step", "it takes ante, bring_in"],
        ),
        (["stud8", "--big-bet", "2"], ["'--big-bet'", "need 1 <= small_bet <= big_bet"]),
        (["stud8", "--bots", "nobody"], ["'--bots'", "unknown bot 'nobody'"]),
        (["stud8", "--bots", "call,call"], ["'--bots'", "2 bots for 3 opponents"]),
        (["stud8", "--players", "9"], ["'--players'", "2 to 8 players, not 9"]),
        (["stud8", "--seat", "5"], ["'--seat'", "from 1 to 4"]),
        (["stud8", "--small-bet", "0"], ["'--small-bet'"]),
    ],
)
def test_bad_options_say_which_and_why(args: list[str], words: list[str]) -> None:
    result = _play([*args, "--plain"], [])
    assert result.exit_code == 2
    for word in words:
        assert word in result.output


def test_a_rules_file_with_an_option_no_step_uses_is_refused(tmp_path: Path) -> None:
    odd = tmp_path / "odd.toml"
    odd.write_text('sale_bidding = "sealed"\n', encoding="utf-8")  # stud8 has no sales
    result = _play(["stud8", "--plain", "--rules", str(odd)], [])
    assert result.exit_code == 2
    assert "'--rules' (" in result.output
    assert "sale_bidding = 'sealed': stud8 has no sale step" in result.output


def test_a_bad_rules_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("max_raises = -1\n", encoding="utf-8")
    result = _play(["stud8", "--plain", "--rules", str(bad)], [])
    assert result.exit_code == 2
    assert "'--rules' (" in result.output
    assert "max_raises = -1 must be a whole number >= 0" in result.output
    broken = tmp_path / "broken.toml"
    broken.write_text("max_raises = \n", encoding="utf-8")
    result = _play(["stud8", "--plain", "--rules", str(broken)], [])
    assert result.exit_code == 2
    assert "cannot read it as TOML" in result.output


def test_the_table_needs_a_terminal() -> None:
    result = _play(["stud8"], [])
    assert result.exit_code == 2
    assert "use --plain" in result.output


def test_defaults() -> None:
    assert DEFAULT_BOT in bots.names()
    assert "qualifier" in rule_keys()
    assert "big_bet" in rule_keys()
    assert "name" not in rule_keys()


# --- options the engine does not offer yet (NASDAQ) are worded and read generically -----------

_C = parse_card


def _view(options: tuple[Option, ...], offer: Offer | None = None) -> View:
    seats = tuple(
        SeatView(s, 100, 0, 1, False, False, (_C("9s"), _C("Kd")) if s == 0 else (None,), ())
        for s in range(3)
    )
    return View("nasdaq", 0, seats, (), 3, 1, (0,), False, options, False, (), (), offer)


def test_a_sellers_turn_is_worded_keyed_and_read() -> None:
    hand = (_C("9s"), _C("Kd"), _C("4c"))
    options = (
        Option("sell", 5, 20, cards=hand),
        Option("sell", cards=hand),
        Option("sd", cards=hand),
    )
    seen = _view(options)
    # one entry for the two sales, so the key s is listed once, with what it allows
    assert render.shown_options(options) == [options[0], options[2]]
    assert render.option_words(options[0], seen) == "sell one of 9s Kd 4c, asking 5..20 or no price"
    assert render.option_words(options[1], seen) == "sell one of 9s Kd 4c, no asking price"
    assert render.option_words(options[2], seen) == "discard one of 9s Kd 4c"
    assert render.plain_option(options[0], seen).startswith("sell CARD [5..20] (")
    required = _view(options[:1])  # nasdaq7: a price must be named
    assert render.option_words(options[0], required) == "sell one of 9s Kd 4c, asking 5..20"
    assert render.plain_option(options[0], required).startswith("sell CARD 5..20 (")
    assert render.key_map(options) == {"sell": "s", "sd": "d"}
    assert render.parse_line("sell 9s 5", seen) == Action("sell", 0, (_C("9s"),), 5)
    assert render.parse_line("sell 2", seen) == Action("sell", 0, (_C("Kd"),))
    assert render.parse_line("discard 4c", seen) == Action("sd", 0, (_C("4c"),))
    with pytest.raises(InvalidNotation, match="choose 1 to 3"):
        render.parse_line("sell 7", seen)


def test_bidding_on_a_card_for_sale_and_turning_up() -> None:
    offer = Offer((_C("Ah"),), seller=2, ask=5, high_bid=8, high_bidder=1)
    seen = _view((Option("bid", 9, 100), Option("pass")), offer)
    assert render.offer_line(seen, 0) == "For sale by p3: Ah, asking 5; best bid 8 by p2"
    assert render.plain_option(seen.options[0], seen) == "bid 9..100"
    assert render.parse_line("pass", seen) == Action("pass", 0)
    up = _view((Option("up", cards=(_C("9s"), _C("Kd"))),))
    assert render.option_words(up.options[0], up) == "turn up one of 9s Kd"
    assert render.parse_line("turn up Kd", up) == Action("up", 0, (_C("Kd"),))
    assert render.key_map((Option("swap"), Option("sell"))) == {"swap": "w", "sell": "s"}


def test_friendly_words() -> None:
    seen = _view((Option("cc", 5, 5), Option("cbr", 10, 10), Option("f")))
    assert render.parse_line("call", seen) == Action("cc", 0)
    assert render.parse_line("raise", seen) == Action("cbr", 0, amount=10)
    assert render.parse_line("raise to 10", seen) == Action("cbr", 0, amount=10)
    assert render.parse_line("fold", seen) == Action("f", 0)
    assert render.parse_line("cbr 10", seen) == Action("cbr", 0, amount=10)
    assert render.parse_line("hi", seen) == Action("dec", 0, declaration="hi")
    assert render.parse_line("show", seen) == Action("sm", 0, (_C("9s"), _C("Kd")))
    assert render.parse_line("muck", seen) == Action("sm", 0)
    with pytest.raises(InvalidNotation):
        render.parse_line("raise lots", seen)


def test_a_card_number_for_a_move_not_offered_says_what_is() -> None:
    state = new_hand(variants.get("nasdaq7"), [50] * 3, seed=1)
    for seat in (0, 1, 2):
        apply(state, Action("cc", seat))  # the first round: everyone checks
    seen = view(state, 0)
    with pytest.raises(InvalidNotation, match=r"'up' is not an option now \(options: sell, sd\)"):
        render.parse_line("up 1", seen)
    assert render.parse_line("sd 1", seen) == Action("sd", 0, (seen.options[-1].cards[0],))


def test_stacks_carry_over_from_hand_to_hand(tmp_path: Path) -> None:
    # small stacks, so that someone loses every chip and buys in again for them
    record = tmp_path / "c.phhs"
    args = ["stud8", "--plain", "--players", "3", "--seed", "2", "--stacks", "20"]
    result = _play([*args, "--bots", "call", "--record", str(record)], _ANY_TURN * 100 + ["quit"])
    assert result.exit_code == 0, result.output
    hands = [r for r in load(record) if r.finishing_stacks is not None]
    assert len(hands) >= 4
    assert hands[0].starting_stacks == (20, 20, 20)
    busted = 0
    for before, after in itertools.pairwise(hands):
        assert before.finishing_stacks is not None
        expected = tuple(chips or 20 for chips in before.finishing_stacks)
        assert after.starting_stacks == expected  # not 40 each again
        busted += before.finishing_stacks.count(0)
    assert busted
    assert result.output.count("has no chips left and buys in again for 20.") == busted
