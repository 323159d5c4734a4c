"""The words of ``splitpot play``, shared by the Textual table and the line mode.

Everything here works from a seat's :class:`~splitpot.views.View` and its options, so new
verbs degrade gracefully: an option this module has no words for is still listed, keyed and
playable by its PHH verb.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from splitpot.actions import AMOUNT_VERBS, CARD_VERBS, Action, Declaration
from splitpot.cards import Card
from splitpot.errors import InvalidNotation
from splitpot.hands import describe_high, describe_low, low_value
from splitpot.notation import format_action, parse_action
from splitpot.rules import Rules
from splitpot.state import Award, Forfeit, Option
from splitpot.views import SeatView, View

__all__ = [
    "DECLARATION_KEYS",
    "VERB_KEYS",
    "award_line",
    "declared",
    "describe",
    "forfeit_line",
    "hand_words",
    "in_person",
    "key_map",
    "option_words",
    "parse_line",
    "plain_option",
    "sale_line",
    "shown_options",
    "table_lines",
    "who",
]

_SEAT: Final = re.compile(r"\bp([1-9][0-9]?)\b")
"""A seat as the engine's sentences name it (``p3``)."""
DECLARATION_KEYS: Final[dict[str, Declaration]] = {"h": "hi", "l": "lo", "o": "both"}
"""Keys of the table that declare."""
VERB_KEYS: Final = {
    "cc": "c",
    "cbr": "r",
    "pb": "i",
    "f": "f",
    "bid": "b",
    "pass": "p",
    "pick": "k",
    "buy": "y",
    "sell": "s",
    "sd": "d",
    "up": "u",
    "sm": "w",
}
"""The table's key for each verb it knows (README and docs/play.md list them)."""
_RESERVED: Final = frozenset({"n", "q", "h", "l", "o", "m"})
_DECLARED: Final = {"hi": "high", "lo": "low", "both": "both ways"}
_SAID: Final = {"hi": "high", "lo": "low", "both": "both"}  # short, for a seat's status


def declared(said: Declaration) -> str:
    """A declaration in words: high, low, both ways."""
    return _DECLARED[said]


def who(seat: int | None, human: int) -> str:
    """A seat in running text: ``p2``, or ``p1 (you)`` for the person."""
    if seat is None:
        return "the dealer"
    return f"p{seat + 1} (you)" if seat == human else f"p{seat + 1}"


def label(seat: int, human: int, names: Sequence[str]) -> str:
    """A seat with its player's name: ``p2 call``, ``p1 you``."""
    return f"p{seat + 1} {names[seat]}"


def cards(faces: Sequence[Card | None]) -> str:
    """Cards written apart (``Ah Kd``), ``??`` for a card not seen."""
    return " ".join("??" if c is None else str(c) for c in faces)


def amounts(option: Option) -> str:
    """An option's amounts: ``10``, ``5 or 10``, ``5..95``; empty when it has none."""
    if option.choices:
        return " or ".join(str(c) for c in option.choices)
    low, high = option.min_amount, option.max_amount
    if low is None:
        return ""
    return str(low) if high is None or high == low else f"{low}..{high}"


def _top_bet(seen: View) -> int:
    return max((s.bet for s in seen.seats), default=0)


def _completing(seen: View) -> bool:
    """True when the only bet of the round so far is a bring-in."""
    for action in reversed(seen.log):
        if action.verb == "cbr":
            return False
        if action.verb == "pb":
            return True
        if action.verb in ("dh", "db", "dl"):
            return False
    return False


def _raise_word(seen: View) -> str:
    if any(o.verb == "pb" for o in seen.options):
        return "complete to"
    top = _top_bet(seen)
    if top == 0:
        return "bet"
    return "complete to" if _completing(seen) else "raise to"


def option_words(option: Option, seen: View) -> str:
    """What taking ``option`` means, in words: ``call 5``, ``raise to 10..20``, ``bid 5..95``."""
    verb, span = option.verb, amounts(option)
    many = "one of " + cards(option.cards) if option.cards else ""
    if verb == "cc":
        return "check" if not option.min_amount else f"call {option.min_amount}"
    if verb == "cbr":
        return f"{_raise_word(seen)} {span}"
    if verb == "pb":
        return f"bring in for {span}"
    if verb == "f":
        return "fold"
    if verb == "bid":
        return f"bid {span}"
    if verb == "pass":
        return "pass"
    if verb == "pick":
        return f"pick {many}"
    if verb == "buy":
        return f"buy away {many} for {span}" if span else f"buy away {many}"
    if verb == "sell":
        if span and _unpriced_too(option, seen.options):
            return f"sell {many}, asking {span} or no price"
        price = f", asking {span}" if span else ", no asking price"
        return f"sell {many}{price}"
    if verb == "sd":
        return f"discard {many}" if option.cards else "stand pat"
    if verb == "up":
        return f"turn up {many}"
    if verb == "dec":
        said = [_DECLARED[d] for d in option.declarations]
        return "declare " + (", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else "")
    if verb == "sm":
        return "show your hand, or muck it"
    return " ".join(x for x in (verb, span, many) if x)


def plain_option(option: Option, seen: View) -> str:
    """An option as the line mode lists it: what to type, then what it means."""
    verb, span = option.verb, amounts(option)
    if option.declarations:
        typed = "dec " + "|".join(option.declarations)
        return f"{typed} ({option_words(option, seen)})"
    typed = verb
    if option.cards:
        typed += " CARD"
    if verb in AMOUNT_VERBS and span:
        span = span.replace(" or ", "|")
        typed += f" [{span}]" if _unpriced_too(option, seen.options) else f" {span}"
    if verb == "sm":
        typed = "show|muck"
    words = option_words(option, seen)
    return typed if words == typed else f"{typed} ({words})"


def key_map(options: Sequence[Option]) -> dict[str, str]:
    """The table's key for each verb offered (declarations use h, l and o). Known verbs keep
    their letters; a verb this module does not know takes the first free letter of its name."""
    verbs = list(dict.fromkeys(o.verb for o in options if not o.declarations))
    keys = {v: VERB_KEYS[v] for v in verbs if v in VERB_KEYS}
    taken = set(_RESERVED) | set(keys.values())
    for verb in verbs:
        if verb not in keys:
            key = next((ch for ch in verb + "aegjtvxz" if ch not in taken), "?")
            keys[verb] = key
            taken.add(key)
    return {v: keys[v] for v in verbs}


def shown_options(options: Sequence[Option]) -> list[Option]:
    """The options as a prompt lists them: one entry per verb, so one key never shows twice.
    Of the options of one verb (a sale with an asking price, and without one) the one with an
    amount range stands for all, and :func:`option_words` says what else it allows."""
    chosen: dict[str, Option] = {}
    for option in options:
        first = chosen.get(option.verb)
        if first is None or (first.min_amount is None and option.min_amount is not None):
            chosen[option.verb] = option
    return [o for o in options if chosen[o.verb] is o]


def _unpriced_too(option: Option, options: Sequence[Option]) -> bool:
    """Whether a priced sale ``option`` may also be made without a price."""
    return option.verb == "sell" and any(
        o.verb == "sell" and o.min_amount is None and o is not option for o in options
    )


# --- what happened ----------------------------------------------------------------------------


def action_words(seen: View, action: Action) -> str:
    """A public betting move in words, from the mover's view just before it."""
    option = next((o for o in seen.options if o.verb == action.verb), None)
    if action.verb == "cc":
        due = option.min_amount if option is not None else None
        return "checks" if not due else f"calls {due}"
    if action.verb == "pb":
        due = option.min_amount if option is not None else None
        return f"brings in for {due}" if due else "brings in"
    if action.verb == "cbr":
        word = _raise_word(seen)
        word = {"bet": "bets", "raise to": "raises to", "complete to": "completes to"}[word]
        return f"{word} {action.amount}"
    return "folds"


def describe(action: Action, human: int, words: str | None = None) -> str:
    """One action of the log in words; ``words`` for a betting move worded beforehand."""
    verb, seat = action.verb, action.seat
    subject = who(seat, human)
    one = cards(action.cards)
    if verb == "dl":
        return f"On offer: {one}"
    if verb == "db":
        return f"Common card: {one}"
    if words is not None:
        return f"{subject} {words}"
    text = {
        "cc": "checks or calls",
        "cbr": f"bets or raises to {action.amount}",
        "pb": "brings in",
        "f": "folds",
        "pick": f"picks {one}",
        "pass": "passes",
    }.get(verb)
    if text is None:
        text = _describe_more(action, one)
    return f"{subject} {text}"


def _describe_more(action: Action, one: str) -> str:
    verb = action.verb
    hidden = not action.cards or None in action.cards
    if verb == "bid":
        return "has bid (sealed)" if action.amount is None else f"bids {action.amount}"
    if verb == "dec":
        declared = action.declaration
        return "has declared (sealed)" if declared is None else f"declares {_DECLARED[declared]}"
    if verb == "up":
        return "has turned a card up (sealed)" if hidden else f"turns up {one}"
    if verb == "sell":
        price = "" if action.amount is None else f", asking {action.amount}"
        return f"offers {one} for sale{price}"
    if verb == "buy":
        return "buys away a down card" if hidden else f"buys away {one}"
    if verb == "sd":
        if not action.cards:
            return "stands pat"
        return "discards a card face down" if hidden else f"discards {one}"
    if verb == "sm":
        return f"shows {one}" if action.cards else "mucks"
    text = format_action(action)
    return text.split(" ", 1)[1] if " " in text else text


def dealt(action: Action, human: int, mine: SeatView | None) -> str:
    """A deal to one seat: its up cards, and how many down (the person sees their own)."""
    seat = action.seat
    up_faces = set(mine.up) if mine is not None and seat == human else set()
    ups = [c for c in action.cards if c is not None and (seat != human or c in up_faces)]
    downs = [c for c in action.cards if c is None or (seat == human and c not in up_faces)]
    parts = []
    if ups:
        parts.append(cards(ups))
    if downs and seat == human:
        parts.append("down " + cards(downs))
    elif downs:
        parts.append(f"{len(downs)} down")
    return f"{who(seat, human)} {', '.join(parts)}"


def award_line(award: Award, human: int) -> str:
    """An award with its reason: ``p2 wins the high half of the main pot with ... (+24)``."""
    return f"{who(award.seat, human)} {award.reason} (+{award.amount})"


def in_person(message: str, human: int) -> str:
    """An engine sentence about the person's seat addressed to them: ``p1 checked`` -> ``you
    checked`` (only at the start, where the engine names the mover)."""
    mover = f"p{human + 1} "
    return "you " + message[len(mover) :] if message.startswith(mover) else message


def sale_line(
    seen: View,
    rules: Rules,
    seller: int,
    card: Card,
    ask: int | None,
    since: int,
    buyer: int | None,
) -> str:
    """The end of a NASDAQ sale in words: who bought ``card`` for how much (paid to the
    seller, NASDAQ ¶9), or that nobody did and what the seller paid for it (¶10); the
    seven-card game's own sentences, 5.2(a)-(b), for ``NQ7``. ``since``: where the sale
    began in the log (the buyer's bids are after it)."""
    human = seen.seat if seen.seat is not None else -1
    seven = rules.code == "NQ7"
    if buyer is None:
        rule = "NASDAQ 5.2(b)" if seven else "NASDAQ ¶10"
        cost = f"pays the asking price {ask} into the pot" if ask else "pays nothing (no price)"
        return (
            f"Nobody bought {card}: {who(seller, human)} takes it back, discards a card and "
            f"{cost} ({rule})."
        )
    bids = [
        a.amount
        for a in seen.log[since:]
        if a.verb == "bid" and a.seat == buyer and a.amount is not None
    ]
    price = max(bids, default=0)
    text = f"{who(buyer, human)} buys {card} from {who(seller, human)} for {price}"
    threshold = rules.excess_threshold
    if threshold is not None and price > threshold:
        excess = price - threshold
        to_pot = excess - excess // 2
        text += f", {price - to_pot} to the seller and {to_pot} into the pot (NASDAQ ¶26)"
    else:
        text += f", paid to the seller ({'NASDAQ 5.2(a)' if seven else 'NASDAQ ¶9'})"
    return text + "."


def forfeit_line(forfeit: Forfeit, human: int) -> str:
    """Why a "both" declarer took nothing of a pot: ``p3 declared both ways and lost the low
    to p1 (you): forfeits the main pot, ... (OPR-657 4.3).``"""
    reason = _SEAT.sub(lambda m: who(int(m.group(1)) - 1, human), forfeit.reason)
    return f"{who(forfeit.seat, human)} {reason}."


# --- hands in words ---------------------------------------------------------------------------

_RANK_FACES: Final = "--23456789TJQKA"


def high_words(cards: Sequence[Card], rules: Rules) -> str | None:
    """The best high hand of ``cards`` in words, or None in a game without a high half."""
    return describe_high(list(cards)) if rules.high and cards else None


def low_words(cards: Sequence[Card], rules: Rules) -> str | None:
    """The best low of ``cards`` under the game's ranking and qualifier, or None in a game
    without a low half. Fewer than five cards are a draw (``low draw 7-4-A``); a low that
    does not qualify, or one with a pair in it, says so rather than pass for a low."""
    if rules.low == "none" or not cards:
        return None
    ranking, qualifier = rules.low, rules.qualifier
    ranks = sorted({1 if c.rank == 14 else c.rank for c in cards})  # ace-to-five ranks
    if qualifier:
        ranks = [r for r in ranks if r <= qualifier]
    if ranking == "a5":
        if len(cards) < 5:
            faces = "-".join("A" if r == 1 else _RANK_FACES[r] for r in reversed(ranks[:5]))
            return f"low draw {faces}" if faces else "no low draw"
    elif len(cards) < 5:
        return None
    limit = f"{_RANK_FACES[qualifier]}-or-better " if qualifier else ""
    value = low_value(list(cards), ranking=ranking, qualifier=qualifier)
    if value is None:
        return f"no {limit}low"
    words = describe_low(list(cards), ranking=ranking, qualifier=qualifier)
    if ranking == "a5" and len(ranks) < 5:
        return f"no unpaired low (best: {words})"
    return words


def hand_words(cards: Sequence[Card], rules: Rules) -> str:
    """A hand's best high and low, as the game plays them: ``two pair, kings and nines /
    eight-low 8-7-6-2-A``."""
    words = [w for w in (high_words(cards, rules), low_words(cards, rules)) if w]
    return " / ".join(words)


# --- the table as lines -----------------------------------------------------------------------


def seat_status(seat: SeatView) -> str:
    """Folded, bid and declaration flags of a seat, in words (empty when none)."""
    flags = []
    if seat.folded:
        flags.append("folded")
    if seat.has_bid:
        flags.append("has bid" if seat.bid is None else f"bid {seat.bid}")
    if seat.declared:
        said = seat.declaration
        flags.append("has declared" if said is None else f"declared {_SAID[said]}")
    return ", ".join(flags)


def offer_line(seen: View, human: int) -> str:
    """The cards on offer, if any: an auction's layout, or a card for sale and its bids."""
    offer = seen.offer
    if offer is None:
        bidding = any(o.verb == "bid" for o in seen.options) or any(s.has_bid for s in seen.seats)
        if seen.step == "sale" and bidding:
            return "Bidding for the right to sell first: the best bid is paid into the pot"
        return ""
    if offer.seller is None:
        return f"On offer: {cards(offer.cards)}"
    text = f"For sale by {who(offer.seller, human)}: {cards(offer.cards)}"
    if offer.ask is not None:
        text += f", asking {offer.ask}"
    if offer.high_bid is not None:
        text += f"; best bid {offer.high_bid} by {who(offer.high_bidder, human)}"
    return text


def waiting_line(seen: View, human: int) -> str:
    """Whose turn it is."""
    if seen.finished:
        return "The hand is over."
    if seen.dealer or not seen.to_act:
        return "The dealer deals."
    if human in seen.to_act:
        others = [who(s, human) for s in seen.to_act if s != human]
        return "Your turn." + (f" (Also waiting on {', '.join(others)}.)" if others else "")
    return "Waiting on " + ", ".join(who(s, human) for s in seen.to_act) + "."


def table_lines(seen: View, human: int, names: Sequence[str], title: str) -> list[str]:
    """The table as plain lines: a title, one line per seat, what is on offer, whose turn."""
    lines = [f"{title}. Pot {seen.pot}."]
    for seat in seen.seats:
        parts = [label(seat.seat, human, names), f"stack {seat.stack}"]
        if seat.bet:
            parts.append(f"bet {seat.bet}")
        if not seat.folded:
            if seat.seat == human:
                parts.append("down " + (cards(seat.down) or "none"))
            elif seat.down:
                parts.append(f"{len(seat.down)} down")
            parts.append("up " + (cards(seat.up) or "none"))
        status = seat_status(seat)
        if status:
            parts.append(status)
        lines.append("  " + "; ".join(parts))
    offer = offer_line(seen, human)
    if offer:
        lines.append(offer + ".")
    return lines


# --- reading a line ---------------------------------------------------------------------------

_FRIENDLY: Final = {
    "check": "cc",
    "call": "cc",
    "fold": "f",
    "bet": "cbr",
    "raise": "cbr",
    "complete": "cbr",
    "bring": "pb",
    "bringin": "pb",
    "bring-in": "pb",
    "stand": "sd",
    "discard": "sd",
    "declare": "dec",
    "turn": "up",
    "muck": "sm",
}


def parse_line(text: str, seen: View) -> Action:
    """The person's action from a line: a PHH verb (``cbr 10``, ``bid 5``, ``pick 9s``,
    ``sell 9s 5``, ``dec hi``) or a friendly word (check, call, fold, raise N, bet N, show,
    muck, hi, lo, both); a card may be given by its number in the option's list (``pick 2``).
    Raises :class:`InvalidNotation` for text that is not an action."""
    seat = seen.seat
    assert seat is not None
    words = text.split("#", 1)[0].split()
    if not words:
        raise InvalidNotation("type an action, such as 'call' or 'cc'")
    verb, args = words[0].lower(), words[1:]
    if verb in ("hi", "lo", "both", "high", "low"):
        verb, args = "dec", [verb]
    verb = _FRIENDLY.get(verb, verb)
    if verb == "pb":
        args = [a for a in args if a.lower() != "in"]
    if verb == "sd" and args and args[0].lower() == "pat":
        args = args[1:]
    if verb == "up" and args and args[0].lower() == "up":
        args = args[1:]
    if verb == "cbr" and args and args[0].lower() == "to":
        args = args[1:]
    if verb == "dec" and args:
        args = [{"high": "hi", "low": "lo"}.get(args[0].lower(), args[0].lower())]
    option = next((o for o in seen.options if o.verb == verb), None)
    single = option is not None and option.min_amount == option.max_amount
    if verb == "cbr" and not args and option is not None and single:
        args = [str(option.min_amount)]
    if verb == "show" or (verb == "sm" and not args and words[0].lower() != "muck"):
        mine = seen.seats[seat]
        return Action("sm", seat, mine.down + mine.up)
    if verb in CARD_VERBS and args and args[0].isdigit():
        if option is None:
            now = ", ".join(dict.fromkeys(o.verb for o in seen.options))
            raise InvalidNotation(f"'{verb}' is not an option now (options: {now})")
        choices = _card_options(seen, verb)
        number = int(args[0])
        if not 1 <= number <= len(choices):
            raise InvalidNotation(f"card number {number}: choose 1 to {len(choices)}")
        args = [str(choices[number - 1]), *args[1:]]
    line = " ".join([f"p{seat + 1}", verb, *args])
    try:
        return parse_action(line)
    except InvalidNotation as exc:
        if "unknown verb" in str(exc):
            raise InvalidNotation(
                f"{text!r} is not an action: type one of the options ('help' lists them)"
            ) from None
        raise InvalidNotation(str(exc).replace(repr(line), repr(text))) from None


def _card_options(seen: View, verb: str) -> tuple[Card, ...]:
    found: list[Card] = []
    for option in seen.options:
        if option.verb == verb:
            found.extend(c for c in option.cards if c not in found)
    return tuple(found)
