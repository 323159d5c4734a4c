"""The move the table makes for a player whose turn timer ran out, or who sits out.

Each is the cheapest safe choice and is documented in docs/web.md: check, else fold (a forced
bring-in is paid); the minimum bid at an auction, pass at a sale; stand pat at a buy; the
highest card of an auction's lot; the lowest card where one must be given up (a discard, a
sale, a turn-up); declare low with an eight-or-better low, otherwise high; show at the showdown.
"""

from __future__ import annotations

from splitpot.actions import Action, Declaration
from splitpot.cards import Card
from splitpot.engine import Option
from splitpot.hands import Ranking, low_value
from splitpot.rules import Rules
from splitpot.views import View

__all__ = ["default_action"]

_EIGHT: int = 8
"""The low a timed-out player declares low with: eight or better (whatever the table's
qualifier, a weaker low is not worth declaring for someone who is not there to judge it)."""


def _lowest(cards: tuple[Card, ...]) -> Card:
    """The lowest card: by rank (ace high), then by suit (clubs lowest)."""
    return min(cards)


def default_action(seen: View, rules: Rules) -> Action:
    """The default move of the seat of ``seen`` among its options (see the module's text)."""
    seat = seen.seat
    assert seat is not None, "a spectator has no moves"
    assert seen.options, "a default move needs a seat that is to act"
    options: dict[str, list[Option]] = {}
    for option in seen.options:
        options.setdefault(option.verb, []).append(option)

    def first(verb: str) -> Option | None:
        found = options.get(verb)
        return found[0] if found else None

    call = first("cc")
    if call is not None and not call.min_amount:
        return Action("cc", seat)  # check
    for verb in ("f", "pb", "cc", "pass"):  # fold; a bring-in that cannot be refused; call
        if verb in options:
            return Action(verb, seat)
    bid = first("bid")
    if bid is not None:
        return Action("bid", seat, amount=bid.min_amount)  # the minimum bid
    pick = first("pick")
    if pick is not None:
        return Action("pick", seat, (max(pick.cards),))  # the highest card of the lot
    discard = first("sd")
    if discard is not None:
        # stand pat at a buy; where a card must go (a free discard at a sale, the buyer's
        # discard), the lowest
        return Action("sd", seat, (_lowest(discard.cards),) if discard.cards else ())
    sells = options.get("sell", [])
    if sells:
        priceless = [o for o in sells if o.min_amount is None]
        chosen = priceless[0] if priceless else sells[0]
        return Action("sell", seat, (_lowest(chosen.cards),), chosen.min_amount)
    turn = first("up")
    if turn is not None:
        return Action("up", seat, (_lowest(turn.cards),))
    declare = first("dec")
    if declare is not None:
        return Action("dec", seat, declaration=_declaration(seen, rules, declare))
    if "sm" in options:
        mine = seen.seats[seat]
        return Action("sm", seat, mine.down + mine.up)
    option = seen.options[0]  # a kind of move added later: its plainest form
    return Action(option.verb, seat, option.cards[:1], option.min_amount)


def _declaration(seen: View, rules: Rules, option: Option) -> Declaration:
    """Low with an eight-or-better low (in the table's low ranking), otherwise high."""
    allowed = option.declarations
    seat = seen.seat
    assert seat is not None
    mine = seen.seats[seat]
    held = [c for c in mine.down + mine.up if c is not None]
    ranking: Ranking = "27" if rules.low == "27" else "a5"
    if held and "lo" in allowed and low_value(held, ranking=ranking, qualifier=_EIGHT) is not None:
        return "lo"
    return "hi" if "hi" in allowed else allowed[0]
