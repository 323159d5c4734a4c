"""Every refusal reason and every award reason in every game, each citing a rule of that game
(docs/games.md: Citations): the game's own book, a house rule by its option name, or a ruling
in its words.

Each game is played many times from random stacks (so that players go all in) under its
defaults and under other house rules (still that game). At every point of every hand the walk
tries the bad actions of :func:`attempts` — the table of how to provoke each reason, phase by
phase — on a copy of the table; each must be refused with the copy unchanged, and its reason
and citation are noted. A few states random play never reaches are reached on purpose: cards
nobody has seen in a replay, eight players on seventh street, a stub run dry. In the end every
reason of :data:`EXPECTED` must have been seen in that game, and every citation must belong to
it. Award reasons are walked the same way (:func:`test_every_award_reason_cites_this_games_rule`):
the random hands' awards, and showdowns set up on purpose so that every odd chip, every half
nobody can take and every shared pot a game can give is given; each citation must be one of
:data:`AWARD_CITATIONS`, the table worked out from the books.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator

import pytest

from splitpot import variants
from splitpot.actions import Action
from splitpot.books import RULING_FOLD, RULING_PAY
from splitpot.cards import CARDS, Card, parse_card
from splitpot.engine import State, apply, deal_next, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction
from splitpot.rules import Rules
from splitpot.state import Option

BOOK_OF = {
    "stud8": "Robert's ",
    "stud": "Robert's ",
    "razz": "Robert's ",
    "stud5": "OPR-207 ",
    "stud5hilo": "OPR-207 ",
    "stud5buy": "OPR-207 ",
    "auction": "OPR-657 ",
    "nasdaq": "NASDAQ ",
    "nasdaq7": "NASDAQ ",
}
"""The book each game follows (the decision is written down in variants/stud.py)."""
RULINGS = {RULING_FOLD, RULING_PAY, "ruling: who cannot cover the minimum bid bids all it has"}
HOUSE_RULES = {f.name for f in dataclasses.fields(Rules)}

HOUSE = {  # the other house rules each game is walked under
    "stud8": {"showdown": "declare", "declare_order": "in-turn", "all_in_raise": "full"},
    "stud": {"all_in_raise": "full"},
    "razz": {"max_raises": 1},
    "stud5": {"heads_up_uncapped": False},
    "stud5hilo": {"showdown": "declare", "declare_order": "in-turn"},
    "stud5buy": {"buy_prices": (5, 10), "declare_order": "in-turn"},
    "auction": {"max_bid": 8, "declare_order": "in-turn", "declare_both": False},
    "nasdaq": {"max_price": 12, "showdown": "declare", "declare_both": False},
    "nasdaq7": {
        "max_price": 12,
        "min_price": 0,
        "sale_bidding": "sealed",
        "declare_order": "in-turn",
        "declare_both": False,
    },
}

ENGINE = {"hand_over", "hand_not_over", "not_an_action", "not_dealers_turn"}
DEAL = {
    "deal_expected",
    "not_dealt_now",
    "wrong_card_count",
    "card_dealt_twice",
    "not_a_card",
    "deck_exhausted",
}
BETTING = {
    "not_your_turn",
    "wrong_amount",
    "missing_amount",
    "fold_without_bet",
    "no_bring_in",
    "not_a_betting_action",
    "raises_capped",
    "not_reopened",
    "raise_not_allowed",
}
BRING_IN = {"bring_in_required"}
SHOWDOWN = {"showdown_now", "nothing_to_show", "wrong_cards_shown", "unknown_cards"}
DECLARE = {
    "declare_now",
    "not_live",
    "declared_twice",
    "both_not_allowed",
    "bad_declaration",
    "not_your_turn",
}
CARD = {"one_card", "unknown_card", "card_not_held"}
BUY = {
    "replacement_owed",
    "buy_now",
    "not_live",
    "bought_twice",
    "not_your_turn",
    "discard_is_a_buy",
    "cannot_afford",
} | CARD
AUCTION = {
    "layout_first",
    "auction_now",
    "not_live",
    "bid_twice",
    "amount_required",
    "short_stack_bids_all",
    "below_minimum_bid",
    "above_maximum_bid",
    "bid_exceeds_stack",
    "bids_not_in",
    "picked_twice",
    "not_your_pick",
    "card_not_on_offer",
    "one_card",
    "unknown_card",
}
SALE = {
    "not_live",
    "not_your_turn",
    "sell_now",
    "not_a_price",
    "below_minimum_price",
    "above_maximum_price",
    "price_exceeds_stack",
    "discard_owed",
    "discard_now",
    "bid_now",
    "own_card",
    "not_bidding",
    "amount_required",
    "below_asking_price",
    "does_not_top",
    "below_minimum_bid",
    "bid_exceeds_stack",
} | CARD
EXPOSE = {"turn_up_now", "not_live", "turned_twice"} | CARD

SEVEN_STUD = ENGINE | DEAL | BETTING | BRING_IN | SHOWDOWN | {"common_card_expected"}
FIVE_STUD = ENGINE | DEAL | BETTING | BRING_IN | SHOWDOWN
EXPECTED = {
    "stud8": SEVEN_STUD | DECLARE,  # declarations under house rule showdown = "declare"
    "stud": SEVEN_STUD,
    "razz": SEVEN_STUD,
    "stud5": FIVE_STUD,
    "stud5hilo": FIVE_STUD | DECLARE,
    "stud5buy": FIVE_STUD | DECLARE | BUY,
    "auction": (ENGINE | DEAL | BETTING | SHOWDOWN | DECLARE | AUCTION) - {"not_dealt_now"},
    "nasdaq": (ENGINE | DEAL | BETTING | SHOWDOWN | DECLARE | SALE | {"no_check_raise"}),
    "nasdaq7": (ENGINE | DEAL | BETTING | SHOWDOWN | DECLARE | SALE | EXPOSE | {"no_check_raise"})
    | {"price_required"},
}
"""The reasons each game can give. Auction deals once, to everyone still at the table, so a
deal to a seat not waiting for cards is a wrong card count or a card dealt twice first."""


def belongs(game: str, citation: str) -> bool:
    """Whether every part of ``citation`` is a rule of ``game``."""
    if not citation:
        return False
    for part in citation.split(", "):
        if part.startswith(BOOK_OF[game]):
            continue
        if part.startswith("house rule ") and part.removeprefix("house rule ") in HOUSE_RULES:
            continue
        if part in RULINGS:
            continue
        return False
    return True


# --- how to provoke each reason ---------------------------------------------------------------


Attempt = Action | str | Callable[[State], object]
"""An action to apply, text that is not an Action, or a call on the table (deal_next...)."""


def held(state: State, seat: int) -> list[Card]:
    return [c for c in state.hands[seat] if c is not None]


def foreign(state: State, seat: int) -> Card:
    """A card ``seat`` does not hold."""
    mine = set(held(state, seat))
    return next(c for c in CARDS if c not in mine)


def elsewhere(state: State) -> Card | None:
    """A card already in some hand."""
    return next((c for h in state.hands for c in h if c is not None), None)


def outsider(state: State) -> int:
    """A seat number that is not at the table."""
    return state.n + 2


def attempts(state: State) -> Iterator[Attempt]:
    """Bad actions for this point of the hand (the table of reason -> how to provoke it)."""
    if state.finished:
        yield Action("cc", 0)  # hand_over
        yield deal_next  # hand_over
        return
    yield outcome  # hand_not_over
    yield "p1 cc"  # not_an_action
    legal = legal_actions(state)
    kind = state.step.kind
    if not legal.dealer:
        card = CARDS[state.stub[-1]] if state.stub else CARDS[0]
        yield Action("dh", 0, (card,))  # not_dealers_turn
        yield Action("dl", None, (card,))  # not_dealers_turn
        yield deal_next  # not_dealers_turn
    yield from {
        "deal": _deal,
        "betting": _betting,
        "auction": _auction,
        "buy": _buy,
        "sale": _sale,
        "expose": _expose,
        "declare": _declare,
        "showdown": _showdown,
    }[kind](state)


def _deal(state: State) -> Iterator[Attempt]:
    ps = state.phase_state
    yield Action("cc", 0)  # deal_expected (or common_card_expected)
    step = state.step
    k = len(step.cards)  # type: ignore[attr-defined]
    top = [CARDS[c] for c in state.stub[-k:]]
    waiting = ps.pending
    if ps.common:
        yield Action("dh", 0, tuple(top[:1]))  # common_card_expected
        return
    idle = next((s for s in range(state.n) if s not in waiting), outsider(state))
    yield Action("dh", idle, tuple(top))  # not_dealt_now
    seat = waiting[0]
    yield Action("dh", seat, tuple(top) + tuple(top))  # wrong_card_count
    if k >= 2:
        yield Action("dh", seat, (top[0],) * k)  # card_dealt_twice (in one action)
    dealt = elsewhere(state)
    if dealt is not None:
        yield Action("dh", seat, (dealt,) * 1 + (None,) * (k - 1))  # card_dealt_twice
    yield Action("dh", seat, (99,) + (None,) * (k - 1))  # type: ignore[arg-type]  # not_a_card
    yield _dry(Action("dh", seat, (None,) * k))  # deck_exhausted
    yield _dry(deal_next)  # deck_exhausted


def _dry(attempt: Attempt) -> Callable[[State], object]:
    """``attempt`` on a table whose stub and discards are gone (and whose unknown cards
    account for everything left)."""

    def run(state: State) -> object:
        state.discards = []
        state.unknown_dealt = len(state.stub)
        if callable(attempt):
            return attempt(state)
        assert isinstance(attempt, Action)
        apply(state, attempt)
        return None

    return run


def _betting(state: State) -> Iterator[Attempt]:
    legal = legal_actions(state)
    seat = legal.to_act[0]
    other = next((s for s in range(state.n) if s not in legal.to_act), outsider(state))
    yield Action("cc", other)  # not_your_turn
    options = {o.verb: o for o in legal.options[seat]}
    call = options["cc"].min_amount if "cc" in options else 0
    yield Action("cc", seat, amount=(call or 0) + 1)  # wrong_amount / bring_in_required
    yield Action("pb", seat, amount=999)  # wrong_amount / no_bring_in
    yield Action("f", seat)  # fold_without_bet / bring_in_required
    yield Action("bid", seat, amount=5)  # not_a_betting_action
    yield Action("cbr", seat)  # missing_amount, or why no raise
    raise_ = options.get("cbr")
    if raise_ is None:
        yield Action("cbr", seat, amount=state.stacks[seat] + state.bets[seat])  # no raise
    else:
        assert raise_.max_amount is not None
        yield Action("cbr", seat, amount=raise_.max_amount + 1)  # wrong_amount


def _auction(state: State) -> Iterator[Attempt]:
    ps = state.phase_state
    if ps.offer is None:  # the layout is due
        k = len(ps.bidders)
        top = [CARDS[c] for c in state.stub[-k:]]
        yield Action("bid", ps.bidders[0], amount=5)  # layout_first
        yield Action("dl", None, tuple(top[:-1]))  # wrong_card_count
        yield Action("dl", None, (None, *top[1:]))  # unknown_card
        yield Action("dl", None, (99, *top[1:]))  # type: ignore[arg-type]  # not_a_card
        yield Action("dl", None, (top[0],) * k)  # card_dealt_twice
        dealt = elsewhere(state)
        if dealt is not None:
            yield Action("dl", None, (dealt, *top[1:]))  # card_dealt_twice
        yield _dry(Action("dl", None, tuple(top)))  # deck_exhausted
        return
    yield Action("bid", outsider(state), amount=5)  # not_live
    yield Action("cc", ps.bidders[0])  # auction_now
    if not ps.revealed:
        waiting = ps.waiting()
        seat = waiting[0]
        stack = state.stacks[seat]
        yield Action("bid", seat)  # amount_required
        yield Action("bid", seat, amount=0)  # below_minimum_bid / short_stack_bids_all
        yield Action("bid", seat, amount=stack + 1)  # bid_exceeds_stack / above_maximum_bid
        if state.rules.max_bid is not None:
            yield Action("bid", seat, amount=state.rules.max_bid + 1)  # above_maximum_bid
        yield Action("pick", seat, (ps.offer[0],))  # bids_not_in
        done = [s for s in ps.bidders if ps.bids[s] is not None]
        if done:
            yield Action("bid", done[0], amount=5)  # bid_twice
        return
    seat = ps.order[0]
    yield Action("pick", seat, (ps.offer[0], ps.offer[-1]))  # one_card
    yield Action("pick", seat, (None,))  # one_card
    yield Action("pick", seat, (foreign(state, seat),))  # card_not_on_offer
    others = ps.order[1:]
    if others:
        yield Action("pick", others[0], (ps.offer[0],))  # not_your_pick
    picked = [s for s in ps.bidders if s not in ps.order]
    if picked:
        yield Action("pick", picked[0], (ps.offer[0],))  # picked_twice


def _buy(state: State) -> Iterator[Attempt]:
    ps = state.phase_state
    if ps.owed is not None:
        seat = ps.owed[0]
        top = CARDS[state.stub[-1]] if state.stub else None
        yield Action("sd", seat)  # replacement_owed
        yield Action("dh", (seat + 1) % state.n, (top,))  # replacement_owed
        yield Action("dh", seat, (top, top))  # wrong_card_count
        yield Action("dh", seat, (99,))  # type: ignore[arg-type]  # not_a_card
        dealt = elsewhere(state)
        yield Action("dh", seat, (dealt,))  # card_dealt_twice
        yield _dry(Action("dh", seat, (None,)))  # deck_exhausted
        return
    seat = ps.queue[0]
    mine = held(state, seat)
    yield Action("cc", seat)  # buy_now
    yield Action("sd", outsider(state))  # not_live
    folded = [s for s in range(state.n) if s not in state.live()]
    if folded:
        yield Action("sd", folded[0])  # not_live
    decided = [s for s in range(state.n) if ps.decided[s]]
    if decided:
        yield Action("sd", decided[0])  # bought_twice
    waiting = ps.queue[1:]
    if waiting:
        yield Action("sd", waiting[0])  # not_your_turn
    yield Action("sd", seat, (mine[0],))  # discard_is_a_buy
    yield Action("buy", seat, (mine[0], mine[1]))  # one_card (or cannot_afford)
    yield Action("buy", seat, (None,))  # unknown_card (or cannot_afford)
    yield Action("buy", seat, (foreign(state, seat),))  # card_not_held (or cannot_afford)


def _sale(state: State) -> Iterator[Attempt]:
    ps = state.phase_state
    rules = state.rules
    live = state.live()
    yield Action("pass", outsider(state))  # not_live
    if ps.stage == "sell":
        seat = ps.seller
        mine = held(state, seat)
        other = next(s for s in live if s != seat) if len(live) > 1 else outsider(state)
        yield Action("sell", other, (held(state, other)[0],))  # not_your_turn
        yield Action("cc", seat)  # sell_now
        yield Action("sell", seat, (mine[0],))  # price_required (when a price is due)
        yield Action("sell", seat, (mine[0],), True)  # not_a_price
        yield Action("sell", seat, (mine[0],), rules.price_minimum - 1)  # below_minimum_price
        if rules.max_price is not None:
            yield Action("sell", seat, (mine[0],), rules.max_price + 1)  # above_maximum_price
        yield Action("sell", seat, (mine[0],), state.stacks[seat] + 1)  # price_exceeds_stack
        yield Action("sell", seat, (mine[0], mine[1]))  # one_card
        yield Action("sell", seat, (None,))  # unknown_card
        yield Action("sell", seat, (foreign(state, seat),))  # card_not_held
        return
    if ps.stage == "discard":
        seat = ps.discarder
        mine = held(state, seat)
        other = next((s for s in live if s != seat), outsider(state))
        yield Action("sd", other, tuple(held(state, other)[:1]))  # discard_owed
        yield Action("sell", seat, (mine[0],))  # discard_now
        yield Action("sd", seat, (mine[0], mine[1]))  # one_card
        yield Action("sd", seat, (None,))  # unknown_card
        yield Action("sd", seat, (foreign(state, seat),))  # card_not_held
        return
    legal = legal_actions(state)
    seat = legal.to_act[0]
    yield Action("cc", seat)  # bid_now
    if ps.seller is not None:
        yield Action("bid", ps.seller, amount=50)  # own_card
    out = [s for s in live if s not in ps.bidders and s != ps.seller]
    if out:
        yield Action("bid", out[0], amount=50)  # not_bidding
    later = [s for s in ps.bidders if s not in legal.to_act]
    if later:
        yield Action("bid", later[0], amount=50)  # not_your_turn (open bids)
    yield Action("bid", seat)  # amount_required
    if ps.ask:
        yield Action("bid", seat, amount=ps.ask - 1)  # below_asking_price
    if ps.high:
        yield Action("bid", seat, amount=ps.high)  # does_not_top
    yield Action("bid", seat, amount=0)  # below_minimum_bid (or below the ask)
    if rules.max_price is not None and ps.stage == "bid":
        yield Action("bid", seat, amount=rules.max_price + 1)  # above_maximum_price
    yield Action("bid", seat, amount=state.stacks[seat] + 1)  # bid_exceeds_stack


def _expose(state: State) -> Iterator[Attempt]:
    ps = state.phase_state
    seat = ps.pending[0]
    downs = [c for c in state.down_cards(seat) if c is not None]
    yield Action("cc", seat)  # turn_up_now
    yield Action("up", outsider(state), (downs[0],))  # not_live
    if ps.chosen:
        done = next(iter(ps.chosen))
        yield Action("up", done, tuple(state.down_cards(done)[:1]))  # turned_twice
    yield Action("up", seat, tuple(downs[:2]) if len(downs) > 1 else (downs[0], downs[0]))
    yield Action("up", seat, (None,))  # unknown_card
    ups = [c for c in state.ups[seat] if c is not None]
    yield Action("up", seat, (ups[0] if ups else foreign(state, seat),))  # card_not_held


def _declare(state: State) -> Iterator[Attempt]:
    ps = state.phase_state
    seat = ps.pending[0]
    yield Action("cc", seat)  # declare_now
    yield Action("dec", outsider(state), declaration="hi")  # not_live
    done = [s for s in state.live() if s not in ps.pending]
    if done:
        yield Action("dec", done[0], declaration="hi")  # declared_twice
    yield Action("dec", seat, declaration="both")  # both_not_allowed (where it is not)
    yield Action("dec", seat)  # bad_declaration
    if len(ps.pending) > 1:
        yield Action("dec", ps.pending[1], declaration="hi")  # not_your_turn (in turn)


def _showdown(state: State) -> Iterator[Attempt]:
    seats = [s for s in state.live() if state.shown[s] is None]
    seat = seats[0]
    hand = tuple(state.hands[seat])
    yield Action("cc", seat)  # showdown_now
    yield Action("sm", outsider(state))  # nothing_to_show
    folded = [s for s in range(state.n) if s not in state.live()]
    if folded:
        yield Action("sm", folded[0])  # nothing_to_show
    yield Action("sm", seat, hand[:-1])  # wrong_cards_shown
    if None not in hand:
        yield Action("sm", seat, (*hand[:-1], foreign(state, seat)))  # wrong_cards_shown


# --- the walk -------------------------------------------------------------------------------


def attempt(state: State, how: Attempt) -> IllegalAction | None:
    """Try ``how`` on a copy of ``state``; the refusal, or None if it was allowed. A refused
    attempt must leave the copy exactly as the table was."""
    twin = state.copy()
    before = state.snapshot()
    refusal: IllegalAction | None = None
    try:
        if isinstance(how, str):
            apply(twin, how)  # type: ignore[arg-type]
        elif isinstance(how, Action):
            apply(twin, how)
        else:
            how(twin)
    except IllegalAction as caught:
        refusal = caught
    if refusal is not None and getattr(how, "__name__", "") != "run":  # dry stubs: on purpose
        assert twin.snapshot() == before, (how, refusal)
    return refusal


def random_move(state: State, rng: random.Random) -> bool:
    """One legal move: the dealer's, or a random option of the seat to act (often a raise);
    False when none can be made (a replay that cannot name the card it must show)."""
    legal = legal_actions(state)
    if legal.dealer and (not legal.to_act or rng.random() < 0.5):
        deal_next(state)
        return True
    seat = rng.choice(legal.to_act)
    options = legal.options[seat]
    raises = [o for o in options if o.verb == "cbr"]
    option = raises[0] if raises and rng.random() < 0.6 else rng.choice(options)
    amount = option.min_amount
    if option.choices:
        amount = rng.choice(option.choices)
    elif option.max_amount is not None and rng.random() < (0.1 if option.verb == "bid" else 0.5):
        amount = option.max_amount
    if option.verb == "sell" and amount is None and option.cards and rng.random() < 0.3:
        amount = None
    cards: tuple[Card | None, ...] = (rng.choice(option.cards),) if option.cards else ()
    needs_card = option.verb in ("buy", "pick", "sell") or (
        option.verb == "sd" and state.step.kind == "sale"
    )
    if not cards and needs_card:
        cards = (None,)  # cards nobody has seen (a replay)
    if option.verb in ("sell", "up") and cards == (None,):
        return False  # a card shown face up must be named: this replay cannot go on
    declaration = rng.choice(option.declarations) if option.declarations else None
    if option.verb == "bid" and rng.random() < 0.4 and any(o.verb == "pass" for o in options):
        apply(state, Action("pass", seat))
        return True
    apply(state, Action(option.verb, seat, cards, amount, declaration))
    return True


def walk(rules: Rules, seed: int, seen: dict[str, set[str]]) -> State:
    """A random hand from random stacks, every bad action of :func:`attempts` tried at every
    point; the finished table."""
    rng = random.Random(seed)
    players = rng.randint(rules.min_players, min(rules.max_players, 5))
    stacks = [rng.randint(3, 45) for _ in range(players)]
    state = new_hand(rules, stacks, seed=seed, auto_deal=False)
    for _ in range(600):
        note_all(state, seen)
        if state.finished:
            return state
        assert random_move(state, rng)
    raise AssertionError("the hand did not end")


Move = Callable[[State, int, dict[str, Option]], bool]
"""A scenario's move for the seat to act, given its options; False ends the scenario."""


def drive(state: State, move: Move, deal: Callable[[State], bool] | None = None) -> None:
    """Play ``state`` until it ends or ``move`` (or ``deal``, asked before each dealer step,
    which it may make itself) returns False."""
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            if deal is None:
                deal_next(state)
            elif not deal(state):
                return
            continue
        seat = legal.to_act[0]
        if not move(state, seat, {o.verb: o for o in legal.options[seat]}):
            return


def note(seen: dict[str, set[str]], refusal: IllegalAction | None) -> None:
    if refusal is not None:
        seen.setdefault(refusal.reason, set()).add(refusal.rule)


def note_all(state: State, seen: dict[str, set[str]]) -> None:
    for how in attempts(state):
        note(seen, attempt(state, how))


def cheap(state: State, seat: int, options: dict[str, Option]) -> bool:
    """Pass, bid the least, sell at the least price, bring in, check or call: nobody goes all
    in; else a random legal move."""
    if "pass" in options:
        apply(state, Action("pass", seat))
    elif "bid" in options:
        apply(state, Action("bid", seat, amount=options["bid"].min_amount))
    elif "sell" in options:
        sell = options["sell"]
        apply(state, Action("sell", seat, sell.cards[:1], sell.min_amount))
    elif "pb" in options or "cc" in options:
        apply(state, Action("pb" if "pb" in options else "cc", seat))
    else:
        return random_move(state, random.Random(len(state.log)))
    return True


def unseen_cards(rules: Rules, seen: dict[str, set[str]]) -> None:
    """A replay in which nobody saw the first card of the first player: the showdown cannot
    judge it (unknown_cards), and a show naming another hand's card is refused
    (card_dealt_twice)."""
    state = new_hand(rules, [1000] * 2, seed=3, auto_deal=False)

    def deal(table: State) -> bool:
        if table.step.kind == "deal" and 0 in table.phase_state.pending:
            k = len(table.step.cards)  # type: ignore[attr-defined]
            first = table.step_index == 0
            cards = (None if first else CARDS[table.stub[-1]],)
            cards += tuple(CARDS[table.stub[-1 - i]] for i in range(1, k))
            apply(table, Action("dh", 0, cards))
            return True
        if table.step.kind == "showdown":
            return False
        deal_next(table)
        return True

    drive(state, cheap, deal)
    if state.finished or state.step.kind != "showdown":
        return
    note(seen, attempt(state, deal_next))  # unknown_cards
    theirs = next(c for c in state.hands[1] if c is not None)
    fill = iter(c for c in CARDS if c not in state.hands[0] and c not in state.hands[1])
    shown = [theirs] + [c if c is not None else next(fill) for c in state.hands[0][1:]]
    note(seen, attempt(state, Action("sm", 0, tuple(shown))))  # card_dealt_twice


def capped(rules: Rules, seen: dict[str, set[str]]) -> None:
    """Three players with deep stacks raise at every chance until the round is capped (and
    at a sale the first bidder bids the least, and the next one tries to bid no more)."""

    def move(state: State, seat: int, options: dict[str, Option]) -> bool:
        if state.step.kind == "sale" and "bid" in options:
            if not state.phase_state.high:  # the first bid: the least
                apply(state, Action("bid", seat, amount=options["bid"].min_amount))
                return True
            note_all(state, seen)  # a bid to top: try bad ones, then pass
        if state.step.kind != "betting":
            return cheap(state, seat, options)
        if "cbr" in options:
            apply(state, Action("cbr", seat, amount=options["cbr"].min_amount))
            return True
        note_all(state, seen)
        return cheap(state, seat, options)

    drive(new_hand(rules, [1000] * 3, seed=7, auto_deal=False), move)


def short_all_in(rules: Rules, seen: dict[str, set[str]]) -> None:
    """A bet, then an all-in raise of one chip (the second player's stack is cut to the call
    and one more on purpose): the bettor, when the action returns, may not raise again."""
    bettor: list[int] = []

    def move(state: State, seat: int, options: dict[str, Option]) -> bool:
        r = state.phase_state
        if state.step.kind != "betting" or r.bring_in:
            return cheap(state, seat, options)
        if not bettor and "cbr" in options and r.max_bet == 0:
            bettor.append(seat)
            apply(state, Action("cbr", seat, amount=options["cbr"].min_amount))
        elif bettor and seat == bettor[0]:
            note_all(state, seen)
            return False
        elif bettor and r.max_bet == r.bet_level:
            call = r.max_bet - state.bets[seat]
            state._stacks[seat] = call + 1  # the surgery: all in for one chip more
            apply(state, Action("cbr", seat, amount=state.bets[seat] + call + 1))
        else:
            apply(state, Action("cc", seat))
        return True

    drive(new_hand(rules, [1000] * 3, seed=9, auto_deal=False), move)


def eight_handed(rules: Rules, seen: dict[str, set[str]]) -> None:
    """Eight players check and call to seventh street: one common card is due."""

    def deal(state: State) -> bool:
        if state.step.kind == "deal" and state.phase_state.common:
            note_all(state, seen)
            return False
        deal_next(state)
        return True

    drive(new_hand(rules, [1000] * rules.max_players, seed=5, auto_deal=False), cheap, deal)


@pytest.mark.parametrize("game", sorted(BOOK_OF))
def test_every_refusal_reason_cites_this_games_rule(game: str) -> None:
    base = variants.get(game)
    seen: dict[str, set[str]] = {}
    for house in ({}, HOUSE[game]):
        rules = dataclasses.replace(base, **house)  # type: ignore[arg-type]
        for seed in range(8):
            walk(rules, seed, seen)
        unseen_cards(rules, seen)
    capped(base, seen)
    short_all_in(base, seen)
    if any(getattr(s, "shortage", "") == "common" for s in base.steps):
        eight_handed(base, seen)
    wrong = {
        reason: sorted(c for c in rules if not belongs(game, c)) for reason, rules in seen.items()
    }
    wrong = {reason: cited for reason, cited in wrong.items() if cited}
    assert not wrong, f"{game} cites rules of no book of its own: {wrong}"
    missing = EXPECTED[game] - set(seen)
    assert not missing, f"{game}: never provoked {sorted(missing)}"


def test_the_books_of_the_games() -> None:
    # The decision, as docs/games.md states it: stud, stud8, razz: Robert's Rules; the
    # five-card games: OPR-207; Auction: OPR-657; both NASDAQ games: the pagat text.
    assert {game: variants.get(game).book.name.split(" ")[0] for game in BOOK_OF} == {
        "stud8": "Robert's",
        "stud": "Robert's",
        "razz": "Robert's",
        "stud5": "OPR-207",
        "stud5hilo": "OPR-207",
        "stud5buy": "OPR-207",
        "auction": "OPR-657",
        "nasdaq": "NASDAQ",
        "nasdaq7": "NASDAQ",
    }


def test_a_citation_of_another_games_book_does_not_belong() -> None:
    assert belongs("auction", "OPR-657 4.2, house rule declare_order")
    assert not belongs("auction", "OPR-207 4.2")
    assert not belongs("nasdaq", "Robert's 4")
    assert not belongs("stud8", "house rule colour")
    assert not belongs("stud8", "")
    assert not belongs("stud8", "PokerKit convention: fold only facing a bet")


# --- award reasons ----------------------------------------------------------------------------

R1, R8, R9 = "Robert's 1", "Robert's 8", "Robert's 9"
OTHER_HALF = "ruling: a half nobody can take goes to the other half"
SHARED = "ruling: a pot nobody can take is shared among its live players"
ODD_CHIP = "house rule odd_chip"
AWARD_CITATIONS = {
    # Robert's 1: no qualifying low, the high hand takes the whole pot; 8: a split pot's odd
    # chip to the high hand, a tie both ways to the highest card by suit; 9: tied highs to the
    # highest card by suit, tied lows to the lowest. Declarations are a house rule at stud8:
    # the halves nobody can take are the rulings of house-rules.md.
    "stud8": {R1, R8, R9, OTHER_HALF, SHARED},
    "stud": {R9},  # high only: ties of high hands
    "razz": {R9},  # low only: ties of low hands
    # OPR-207 4.3: the odd chip of the split goes to the high hand; the book has no rule for
    # tied hands, so ties are the house rule odd_chip.
    "stud5": {ODD_CHIP},
    "stud5hilo": {"OPR-207 4.3", ODD_CHIP, OTHER_HALF, SHARED},
    "stud5buy": {"OPR-207 4.3", ODD_CHIP, OTHER_HALF, SHARED},
    # OPR-657 says nothing of odd chips: all of them are the house rule.
    "auction": {ODD_CHIP, OTHER_HALF, SHARED},
    # NASDAQ ¶16: the usual convention gives the split's odd chip to the high hand; ties are
    # the house rule.
    "nasdaq": {"NASDAQ ¶16", ODD_CHIP, OTHER_HALF, SHARED},
    "nasdaq7": {"NASDAQ ¶16", ODD_CHIP, OTHER_HALF, SHARED},
}
"""The citations an award reason may give in each game, from the books (not from our output):
all of them must be seen, and nothing else."""

AWARD_HOUSE = {  # a third mix for the awards: declarations with both ways, where the game may
    "stud8": {"showdown": "declare", "declare_both": True},
    "stud5hilo": {"showdown": "declare", "declare_both": True},
    "stud5buy": {"declare_both": True},
    "nasdaq": {"showdown": "declare"},
}

CITATION = re.compile(r"\(([^()]*)\)")
CITES = ("Robert's", "OPR-", "NASDAQ", "house rule ", "ruling: ")


def cited(reason: str) -> list[str]:
    """The citations in an award reason: the parts of its brackets that name a rule."""
    return [
        part
        for group in CITATION.findall(reason)
        for part in group.split(", ")
        if part.startswith(CITES)
    ]


WEAK, LOW, HIGH = "KQJ9532", "234679T", "AAAAKQQ"
PAIRS, STRAIGHT, NO_LOW = "KKQQJ98", "34567TT", "JJ98532"
SHOWDOWNS = (
    # hands by rank (5-card games play the first five), declarations (where both is not
    # allowed, "both" falls back to hi for p1 and p2, lo for p3)
    ((HIGH, LOW, WEAK), ("hi", "lo", "hi")),  # a split: the odd chip high
    ((PAIRS, PAIRS, LOW), ("hi", "hi", "lo")),  # tied highs
    ((LOW, LOW, HIGH), ("lo", "lo", "hi")),  # tied lows
    ((STRAIGHT, STRAIGHT, WEAK), ("both", "both", "hi")),  # a tie both ways
    ((PAIRS, PAIRS, NO_LOW), ("hi", "hi", "hi")),  # no low, or nobody declared low
    ((PAIRS, PAIRS, LOW), ("both", "both", "both")),  # every "both" fails: a shared pot
)


def cards_of(patterns: tuple[str, ...], k: int) -> list[list[Card]]:
    """Hands of the given ranks (the first ``k`` of each), suits spread so no card repeats
    and no hand is a flush."""
    used: set[Card] = set()
    hands = []
    for seat, ranks in enumerate(patterns):
        hand = []
        for i, rank in enumerate(ranks[:k]):
            card = next(
                c
                for j in range(4)
                if (c := parse_card(rank + "shdc"[(i + seat + j) % 4])) not in used
            )
            used.add(card)
            hand.append(card)
        hands.append(hand)
    return hands


def set_showdown(
    rules: Rules, patterns: tuple[str, ...], ways: tuple[str, ...], extra: int
) -> State:
    """Three players check and call to the showdown, declaring ``ways``; then their hands are
    made ``patterns`` and ``extra`` chips are added to the middle (an odd pot), and the referee
    shows them."""

    def move(state: State, seat: int, options: dict[str, Option]) -> bool:
        if "dec" in options:
            allowed = options["dec"].declarations
            way = ways[seat] if ways[seat] in allowed else ("lo" if seat == 2 else "hi")
            apply(state, Action("dec", seat, declaration=way))  # type: ignore[arg-type]
            return True
        return cheap(state, seat, options)

    def deal(state: State) -> bool:
        if state.step.kind == "showdown":
            return False
        deal_next(state)
        return True

    state = new_hand(rules, [1000] * 3, seed=11, auto_deal=False)
    drive(state, move, deal)
    assert not state.finished
    assert len(state.live()) == 3
    k = len(state.hands[0])
    for seat, hand in enumerate(cards_of(patterns, k)):
        state.hands[seat] = hand  # the surgery: the hands the scenario needs
    state.dead += extra
    deal_next(state)
    return state


@pytest.mark.parametrize("game", sorted(BOOK_OF))
def test_every_award_reason_cites_this_games_rule(game: str) -> None:
    base = variants.get(game)
    reasons: list[str] = []
    for house in ({}, HOUSE[game], AWARD_HOUSE.get(game, {})):
        rules = dataclasses.replace(base, **house)  # type: ignore[arg-type]
        for seed in range(8):
            reasons += [a.reason for a in outcome(walk(rules, seed, {})).awards]
        for patterns, ways in SHOWDOWNS:
            for extra in range(4):
                state = set_showdown(rules, patterns, ways, extra)
                reasons += [a.reason for a in outcome(state).awards]
    for reason in reasons:
        assert "docs/" not in reason, reason
        if "odd chip" in reason or "nobody can take" in reason:
            assert cited(reason), f"{game}: no rule cited in {reason!r}"
    seen = {c for reason in reasons for c in cited(reason)}
    wrong = {c: [r for r in reasons if c in r][:1] for c in seen - AWARD_CITATIONS[game]}
    assert not wrong, f"{game} awards cite rules that are not its own: {wrong}"
    missing = AWARD_CITATIONS[game] - seen
    assert not missing, f"{game}: no award cited {sorted(missing)}"


def test_award_citations_are_read_from_the_brackets() -> None:
    reason = (
        "ties for the low half of the main pot with 7-6-4-3-2 (split 2 ways); odd chip: "
        "lowest card by suit, 2c (Robert's 9)"
    )
    assert cited(reason) == ["Robert's 9"]
    assert cited("wins the main pot with a pair (no qualifying low, Robert's 1)") == [R1]
    assert cited("wins uncontested: every other player folded") == []
