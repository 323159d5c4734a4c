"""Side pots from payments (docs/games.md: side pots), worked by hand in every game that puts
chips in outside a betting round: a player all in may win everything in the middle when its
stack ran out — payments nobody has to match included, even earlier in the same step — plus
what each player put in during the step that is matched by amount (bets, sealed bids revealed
together), up to its own; nothing paid afterwards.

The golden records hold the whole hands and their arithmetic; here each one's pots are checked
seat by seat.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from splitpot import variants
from splitpot.engine import State, apply, new_hand, outcome
from splitpot.notation import load, parse_action
from splitpot.phases.base import phase_of
from splitpot.records import replay, replay_to_end
from splitpot.rules import Auction, Betting, Deal, Showdown

GOLDEN = Path(__file__).parent / "golden"


def won(state: State) -> dict[tuple[int, str], int]:
    """Chips won per (seat, pot) from the awards' reasons."""
    found: dict[tuple[int, str], int] = {}
    for award in outcome(state).awards:
        where = "side pot" if "side pot" in award.reason else "main pot"
        found[award.seat, where] = found.get((award.seat, where), 0) + award.amount
    return found


def at_action(path: Path, count: int) -> State:
    """The table of a golden record after its first ``count`` actions."""
    (record,) = load(path)
    for index, state in enumerate(replay(record), 1):
        if index == count:
            return state
    raise AssertionError(f"{path.name} has fewer than {count} actions")


def test_nasdaq_a_bid_to_sell_first_paid_earlier_in_the_step_is_in_the_all_in_pot() -> None:
    # p2 pays 10 to sell first, then p3 buys p2's card with its whole 20 (paid to p2): in the
    # same step, after the 10 went in. p3 may win antes 3 + 10 = 13.
    path = GOLDEN / "nasdaq-all-in-buyer-after-the-first-bid.phh"
    state = at_action(path, 10)  # ... 'p3 sd 9s': the sale step is over
    assert state.stacks == (99, 100 - 1 - 10 + 20, 0)
    assert state.caps == [None, None, 3 + 10]
    final = replay_to_end(load(path)[0])
    # Main pot 13: p3 scoops (7 + 6); side pot 43 - 13 = 30: p1 high 15, p2 low 15.
    assert won(final) == {(2, "main pot"): 13, (0, "side pot"): 15, (1, "side pot"): 15}


def test_nasdaq7_an_unsold_price_paid_earlier_in_the_step_is_in_the_all_in_pot() -> None:
    # Auction round 1: p1's unsold 7c costs it 5 into the pot; then p3 buys p2's 9s with all
    # its 10. p3 may win antes 3 + 5 = 8.
    path = GOLDEN / "nasdaq7-all-in-buyer-after-an-unsold-price.phh"
    state = at_action(path, 15)  # ... 'p3 sd Kc': the auction round is over
    assert state.stacks == (100 - 1 - 5, 100 - 1 + 10, 0)
    assert state.caps == [None, None, 8]
    final = replay_to_end(load(path)[0])
    # Main pot 8: p3 declared both and wins both; side pot 10: p1 high 5, p2 low 5.
    assert won(final) == {(2, "main pot"): 8, (0, "side pot"): 5, (1, "side pot"): 5}


def test_stud5buy_a_price_paid_after_the_all_in_buy_is_a_side_pot() -> None:
    # p1 buys (10), p2 buys with its last 10 (all in), p3 buys (10): p2 may win antes 3 + 6
    # + p1's 10 + its 10 = 29, not p3's price.
    path = GOLDEN / "stud5buy-all-in-buyer-side-pot.phh"
    state = at_action(path, 27)  # ... 'd dh p3 Tc': the buy is over
    assert state.caps == [None, 29, None]
    final = replay_to_end(load(path)[0])
    # Main pot 29: p2 high 15 (odd chip high), p1 low 14; side pot 30: p3 high 15, p1 low 15.
    assert won(final) == {
        (1, "main pot"): 15,
        (0, "main pot"): 14,
        (2, "side pot"): 15,
        (0, "side pot"): 15,
    }


def test_auction_bids_revealed_together_are_matched_by_amount() -> None:
    # Two auctions, then a round of betting; cards speak. Ante 1, minimum bid 5.
    # Auction 1 (Ac Kh 2s): everyone bids 5; ties by seat: p1 Kh, p2 2s, p3 Ac.
    # Auction 2 (Qd 3c 4d): p3 has 9 - 1 - 5 = 3, less than the minimum: it bids all 3 and is
    # all in; p1 8, p2 6: p1 Qd, p2 3c, p3 4d.
    # p3 may win what was in the middle before (antes 3 + auction 1's 15 = 18) plus at most 3
    # from each bid of auction 2: 3 + 3 + 3 = 9, so 27; the other 5 + 3 of auction 2 are not.
    # Betting: p3 (A-4 showing) is all in; p1 bets 5, p2 calls: 10 more, a side pot.
    # Main pot 27: high p3 (three aces) 14, low p2 (6-5-3-2) 13. Side pot 45 - 27 = 18: high
    # p1 (three kings) 9, low p2 9.
    # p1 100 - 1 - 5 - 8 - 5 + 9 = 90; p2 100 - 1 - 5 - 6 - 5 + 13 + 9 = 105; p3 9 - 9 + 14.
    rules = dataclasses.replace(
        variants.get("auction"),
        steps=(Deal("dd"), Auction(), Auction(), Betting("small", "high-board"), Showdown()),
        showdown="cards",
    )
    state = new_hand(rules, [100, 100, 9], auto_deal=False)
    lines = (
        *("d dh p1 KsKd", "d dh p2 5h6h", "d dh p3 AsAd", "d dl AcKh2s"),
        *("p1 bid 5", "p2 bid 5", "p3 bid 5", "p1 pick Kh", "p2 pick 2s", "p3 pick Ac"),
        *("d dl Qd3c4d", "p3 bid 3", "p1 bid 8", "p2 bid 6"),
        *("p1 pick Qd", "p2 pick 3c", "p3 pick 4d", "p1 cbr 5", "p2 cc"),
    )
    for line in lines:
        apply(state, parse_action(line))
    assert state.caps == [None, None, 18 + 9]
    phase_of(state).dealer_step(state)
    assert state.finished
    assert won(state) == {
        (2, "main pot"): 14,
        (1, "main pot"): 13,
        (0, "side pot"): 9,
        (1, "side pot"): 9,
    }
    assert state.stacks == (90, 105, 14)


def test_a_bet_returned_as_uncalled_means_the_bettor_was_not_all_in() -> None:
    # Heads-up bare game (no antes): p1 bets all in for 10, p2 has 6 and calls all in. p1's
    # uncalled 4 comes back: p1 has chips, p2 is the only one all in (it may win 6 + 6).
    rules = variants.rules_from_mapping(
        {
            "name": "bare",
            "ante": 0,
            "bring_in": 0,
            "steps": [
                {"kind": "deal", "cards": "dd"},
                {"kind": "betting", "bet": "big", "opener": "dealer-left"},
                {"kind": "showdown"},
            ],
        }
    )
    state = new_hand(rules, [10, 6], deck="AsAhKsKh")
    for line in ("p1 cbr 10", "p2 cc"):
        apply(state, parse_action(line))
    assert state.finished
    assert state.caps == [None, 12]
    assert state.stacks == (4 + 12, 0)


@pytest.mark.parametrize(
    "name",
    [
        "nasdaq-all-in-buyer-after-the-first-bid",
        "nasdaq7-all-in-buyer-after-an-unsold-price",
        "stud5buy-all-in-buyer-side-pot",
    ],
)
def test_the_golden_hands_conserve_chips(name: str) -> None:
    (record,) = load(GOLDEN / f"{name}.phh")
    state = replay_to_end(record)
    assert state.stacks == record.finishing_stacks
    assert sum(state.stacks) == sum(record.starting_stacks)
