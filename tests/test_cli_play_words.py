"""``splitpot play`` tells the story of the hand: hands in words, sales, failed declarations,
why a raise is not offered. Expected words are worked out by hand from the cards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.cards import parse_cards
from splitpot.cli import render
from splitpot.cli.session import Session
from splitpot.engine import apply, outcome
from splitpot.state import Forfeit


@pytest.mark.parametrize(
    ("game", "cards", "words"),
    [
        # A K 9 8 7 6 2: no pair, no five in a row (no 5): ace high; five low ranks <= 8
        ("stud8", "AhKd9s8c7h6d2s", "high card, ace / eight-low 8-7-6-2-A"),
        # three cards: the low so far is the ranks that may still make an 8-or-better low
        ("stud8", "QhAh8d", "high card, ace / low draw 8-A"),
        # only A, 2 and 4 are 8 or lower: no eight-or-better low can be made
        ("stud8", "2h2dQs4cAd9c9d", "two pair, nines and deuces / no 8-or-better low"),
        # no qualifier, but only four different ranks: the low is paired and says so
        (
            "stud5hilo",
            "2h2dQs4cAd",
            "one pair, deuces / no unpaired low (best: one pair, deuces 2-2-Q-4-A)",
        ),
        ("razz", "Ah2d3c4s6h", "six-low 6-4-3-2-A"),  # razz plays the low only
        ("stud", "AhAd", "one pair, aces"),  # stud plays the high only
    ],
)
def test_a_hand_in_words(game: str, cards: str, words: str) -> None:
    assert render.hand_words(parse_cards(cards), variants.get(game)) == words


def test_a_forfeit_is_said_with_the_seats_who_beat_it() -> None:
    forfeit = Forfeit(2, "declared both ways and lost the low to p1: forfeits the main pot", (0,))
    assert render.forfeit_line(forfeit, 0) == (
        "p3 declared both ways and lost the low to p1 (you): forfeits the main pot."
    )


def _nasdaq_session(tmp_path: Path, seed: int) -> Session:
    """Six-card NASDAQ: calling stations (who never bid, so cards go unsold) and a heuristic
    bot (who buys), so a hand has both kinds of sale."""
    rules = variants.get("nasdaq")
    seated: list[bots.Bot | None] = [None, bots.get("call"), bots.get("heuristic", seed=seed)]
    seated.append(bots.get("call"))
    return Session(
        rules,
        seated,
        human=0,
        stacks=1000,
        seed=seed,
        record=tmp_path / "n.phhs",
        names=["you", "r", "r", "r"],
    )


def _play_out(session: Session, person: bots.Bot) -> list[str]:
    """One hand, the person's seat played by ``person``; every line the session says."""
    lines = session.new_hand()
    while not session.finished:
        if session.human_to_act():
            lines += session.act(person.act(session.view()))
        else:
            lines += session.step()
    return lines + session.settle()


@pytest.mark.parametrize("seed", [0, 1, 7])  # seeds with a card sold and cards unsold
def test_every_sale_is_told_as_the_engine_paid_it(seed: int, tmp_path: Path) -> None:
    session = _nasdaq_session(tmp_path, seed)
    lines = _play_out(session, bots.get("heuristic", seed=99))
    session.close()
    state = session.table
    sold = [
        (int(m[1]) - 1, m[2], int(m[3]) - 1, int(m[4]))
        for line in lines
        if (
            m := re.match(r"p(\d)(?: \(you\))? buys (\w\w) from p(\d)(?: \(you\))? for (\d+)", line)
        )
    ]
    # the engine's own record of the chips that went from buyer to seller (NASDAQ ¶9)
    paid = [
        (p.payer, p.reason.removeprefix("buys "), p.payee, p.amount)
        for p in outcome(state).payments
    ]
    assert sold == paid
    assert sold  # the seed has a sale
    offers = [a for a in state.log if a.verb == "sell"]
    unsold = iter(line for line in lines if line.startswith("Nobody bought "))
    told = 0
    sales = iter(sold)
    following = next(sales, None)
    for offer in offers:
        card = str(offer.cards[0])
        if following is not None and following[1:3] == (card, offer.seat):
            following = next(sales, None)  # this offer sold (a card may be sold and offered again)
            continue
        line = next(unsold)
        assert line.startswith(f"Nobody bought {card}: {render.who(offer.seat, 0)} takes it back")
        if offer.amount:  # the seller pays the named price into the pot (NASDAQ ¶10)
            assert f"pays the asking price {offer.amount} into the pot" in line
        else:
            assert "pays nothing (no price)" in line
        assert line.endswith("(NASDAQ ¶10).")
        told += 1
    assert next(unsold, None) is None
    assert told  # and cards left unsold


@pytest.mark.parametrize("person", ["call", "random"])  # never bids; bids (seed 2)
def test_the_first_seller_is_named(person: str, tmp_path: Path) -> None:
    session = _nasdaq_session(tmp_path, 1)
    lines = _play_out(session, bots.get(person, seed=2))
    session.close()
    (first,) = [line for line in lines if "sell first" in line]
    log = session.table.log
    opening = next(i for i, a in enumerate(log) if a.verb == "sell")
    seller = log[opening].seat
    bids = [a.amount for a in log[:opening] if a.verb == "bid" and a.amount is not None]
    assert bool(bids) == (person == "random")
    if bids:  # the best bid wins, and is paid into the pot (NASDAQ ¶6)
        assert first == (
            f"{render.who(seller, 0)} wins the right to sell first and pays {max(bids)} into "
            "the pot (NASDAQ ¶6)."
        )
    else:  # the calling stations never bid: the dealer's left sells first (NASDAQ ¶7)
        assert first == "Nobody bid to sell first: p1 (you) sells first (NASDAQ ¶7)."


def test_a_raise_not_offered_says_why(tmp_path: Path) -> None:
    """NASDAQ: a player who checked may not raise later in the round (no check-raise)."""
    rules = variants.get("nasdaq7")
    session = Session(
        rules,
        [None, bots.get("call"), bots.get("call")],
        human=0,
        stacks=500,
        seed=1,
        record=tmp_path / "n.phhs",
        names=["you", "call", "call"],
    )
    session.new_hand()
    state = session.table
    assert session.no_raise() is None  # nothing done yet: a raise (a bet) is offered
    apply(state, Action("cc", 0))  # p1 checks
    apply(state, Action("cbr", 1, amount=rules.small_bet))  # p2 bets
    apply(state, Action("cc", 2))  # p3 calls
    verbs = [o.verb for o in session.view().options]
    assert "cbr" not in verbs
    assert "cc" in verbs
    assert session.no_raise() == (
        "no raise: you checked or called in this round and may not raise now (no check-raise) "
        "(NASDAQ ¶17, house rule no_check_raise)"
    )
    session.close()


def test_the_engines_sentence_about_the_person_speaks_to_them() -> None:
    assert render.in_person("p1 checked or called", 0) == "you checked or called"
    assert render.in_person("p2 checked", 0) == "p2 checked"
    assert render.in_person("p11 checked", 0) == "p11 checked"
