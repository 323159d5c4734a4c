"""A seat's side of the table, for every bot: what it knows and how it answers.

:func:`read` turns a seat's :class:`~splitpot.views.View` into a :class:`Table`: the seat's own
cards, every card it has seen (its own, all up cards, the cards named in the masked log: auction
layouts, picks, cards shown for sale), each live opponent's known cards (a card it bought at a
NASDAQ sale counts as kept: it paid for it), how many of its cards are unknown and how many it
threw away by choice, and how many cards every live player is still to be dealt (learnt from
the steps of the table's game, ``view.rules``: its stakes and house rules as played there).
:func:`action_for` turns the option a bot chose into the action that takes it.
"""

from __future__ import annotations

from typing import NamedTuple

from splitpot.actions import BETTING_VERBS, VERBS, Action, Declaration
from splitpot.cards import Card
from splitpot.errors import BotError
from splitpot.rules import Auction, Deal, Rules, Sale
from splitpot.state import Option
from splitpot.taking import taking
from splitpot.views import View

__all__ = [
    "Opponent",
    "Table",
    "action_for",
    "cards_to_come",
    "final_cards",
    "held_cards",
    "read",
    "table_rules",
]


class Opponent(NamedTuple):
    """A live opponent as the reader sees it: the cards it can see, how many it cannot, how
    many times it has bet or raised this hand, and how many bets it has called."""

    seat: int
    known: tuple[int, ...]
    unknown: int
    raises: int = 0
    calls: int = 0
    discarded: int = 0
    """Cards it has thrown away or sold by choice (NASDAQ): what it holds is the best of more
    cards than it holds."""


class Table(NamedTuple):
    """What a seat knows, in the shape the bots reason with (card ids, not Card objects)."""

    rules: Rules
    seat: int
    mine: tuple[int, ...]
    common: tuple[int, ...]
    dead: frozenset[int]
    opponents: tuple[Opponent, ...]
    to_come: int
    pot: int
    stack: int


def final_cards(rules: Rules) -> int:
    """Cards the game deals to each player: its deals, and one card per auction (OPR-657 3.4)."""
    dealt = 0
    for step in rules.steps:
        if isinstance(step, Deal):
            dealt += len(step.cards)
        elif isinstance(step, Auction):
            dealt += 1
    return dealt


def held_cards(rules: Rules) -> int:
    """Cards each player holds at the showdown: what it is dealt less one card per sale it
    makes (NASDAQ ¶13: five of six; 5.2: five of seven). High and low then come from the same
    cards, unlike stud's best five of seven for each half."""
    rounds = sum(1 for s in rules.steps if isinstance(s, Sale) and s.sellers == "round")
    once = any(isinstance(s, Sale) and s.sellers != "round" for s in rules.steps)
    return final_cards(rules) - rounds - once


def cards_to_come(view: View, rules: Rules) -> int:
    """Cards every live player is still to be dealt: the game's total less what the reader has
    received (deals, common cards, picks; a bought replacement only replaces, OPR-207 3.3)."""
    seat = view.seat
    received = 0
    previous: Action | None = None
    for action in view.log:
        if action.verb == "db":
            received += len(action.cards)
        elif action.seat == seat:
            if action.verb == "dh":
                replacement = previous is not None and previous.verb == "buy"
                replacement = replacement and previous is not None and previous.seat == seat
                if not replacement:
                    received += len(action.cards)
            elif action.verb == "pick":
                received += 1
        previous = action
    return max(0, final_cards(rules) - received)


def table_rules(view: View) -> Rules:
    """The rules the view's table plays by (``view.rules``: its stakes and house rules, or the
    game of a TOML file), never the registry's game of the same name."""
    if view.rules is None:
        raise BotError(
            f"a view of {view.game!r} without its rules: build views with splitpot.views.view"
        )
    return view.rules


def read(view: View, rules: Rules | None = None) -> Table:
    """The seat's knowledge, from its view only (views never hold a card it cannot see);
    ``rules`` (default: the view's) the game it reasons by."""
    seat = view.seat
    assert seat is not None, "a spectator does not act"
    rules = rules if rules is not None else table_rules(view)
    me = view.seats[seat]
    mine = tuple(int(c) for c in (*me.down, *me.up) if c is not None)
    common = tuple(int(c) for c in view.common if c is not None)
    dead: set[int] = set(mine) | set(common)
    raises = [0] * len(view.seats)
    calls = [0] * len(view.seats)
    chose = [0] * len(view.seats)  # cards each seat discarded or sold by choice
    facing = False  # a bet stands in the betting round under way
    bought: dict[int, list[int]] = {}  # NASDAQ: cards each seat bought, kept as far as known
    offered: tuple[int, int] | None = None  # the seller and the card on the table
    for action in view.log:
        dead.update(int(c) for c in action.cards if c is not None)
        if action.verb not in BETTING_VERBS:
            facing = False
        if action.seat is None:
            continue
        if action.verb == "cbr":
            raises[action.seat] += 1
            facing = True
        elif action.verb == "cc" and facing:
            calls[action.seat] += 1
        elif action.verb == "sell" and action.cards and action.cards[0] is not None:
            offered = (action.seat, int(action.cards[0]))
            for cards in bought.values():
                if offered[1] in cards:
                    cards.remove(offered[1])
        elif action.verb == "sd" and action.cards:
            chose[action.seat] += 1
            if offered is not None and action.seat != offered[0]:
                # the buyer discards: it bought the card (¶9), and the seller let it go
                bought.setdefault(action.seat, []).append(offered[1])
                chose[offered[0]] += 1
            offered = None
    if view.offer is not None:
        dead.update(int(c) for c in view.offer.cards)
    opponents = []
    for other in view.seats:
        if other.seat == seat:
            continue
        dead.update(int(c) for c in (*other.down, *other.up) if c is not None)
        if other.folded or (other.shown is False and not other.down and not other.up):
            continue
        known = tuple(int(c) for c in (*other.down, *other.up) if c is not None)
        unknown = sum(c is None for c in (*other.down, *other.up))
        extra = [c for c in bought.get(other.seat, []) if c not in known][:unknown]
        known, unknown = (*known, *extra), unknown - len(extra)  # it paid for them: kept
        if known or unknown:
            opponents.append(
                Opponent(
                    other.seat,
                    known,
                    unknown,
                    raises[other.seat],
                    calls[other.seat],
                    chose[other.seat],
                )
            )
    return Table(
        rules,
        seat,
        mine,
        common,
        frozenset(dead),
        tuple(opponents),
        cards_to_come(view, rules),
        view.pot,
        me.stack,
    )


def action_for(
    view: View,
    option: Option,
    amount: int | None = None,
    *,
    card: Card | None = None,
    declaration: Declaration | None = None,
) -> Action:
    """The action that takes ``option`` in ``view``'s seat: at ``amount`` for a ranged option,
    naming ``card`` (default: the first it offers) or ``declaration`` (likewise). Only a
    show reads the seat's cards (views work out their seats when first read)."""
    seat = view.seat
    assert seat is not None, "a spectator's view has no options"
    hand: tuple[Card | None, ...] = ()
    if option.verb == "sm":
        mine = view.seats[seat]
        hand = mine.down + mine.up
    return taking(Action, VERBS, option, seat, amount, card, declaration, hand)  # Action.taking
