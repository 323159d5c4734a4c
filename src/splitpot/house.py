"""The house rules a game takes, each with its type, its default and a line saying what it does.

A front end (the web lobby, ``splitpot play --house KEY=VALUE``) asks here which options to offer
for a game's :class:`~splitpot.rules.Rules` (:func:`offered`, :func:`stakes`) and builds the
table's rules with :func:`with_house`. Names are those of house-rules.md; defaults are the
game's own values; an impossible value is the :class:`~splitpot.errors.RulesError` of
:class:`~splitpot.rules.Rules` naming the option.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from splitpot.errors import RulesError
from splitpot.rules import (
    BETTING,
    BUY_FIRST,
    LOWS,
    OPTIONS,
    SALE_BIDDING,
    Betting,
    Rules,
)

__all__ = [
    "HouseRule",
    "offered",
    "read_value",
    "rule_keys",
    "rule_value",
    "stakes",
    "with_house",
]

Kind = Literal["choice", "bool", "count", "count-or-none", "prices"]
"""``choice``: one of ``choices``; ``bool``; ``count``: a whole number >= ``minimum``;
``count-or-none``: the same, or None (what None means is ``none_means``); ``prices``: one or two
whole numbers, or None."""

_UNLIMITED: Final = "unlimited"
_OPTIONAL: Final = frozenset({"max_raises", "max_bid", "max_price", "excess_threshold"})


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One option of a table: its name (a field of :class:`Rules`), kind, default, the
    allowed values and their labels, and one line of explanation."""

    name: str
    kind: Kind
    default: Any
    explanation: str
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    minimum: int = 0
    none_means: str = ""


def rule_keys() -> list[str]:
    """Every option a table may set: the stakes and the house rules (fields of Rules); a game
    takes those of its own steps (:meth:`Rules.takes`)."""
    return list(OPTIONS)


def read_value(text: str) -> Any:
    """An option's value written as text, read as TOML (``8``, ``true``, ``[5, 10]``,
    ``"declare"``); a bare word that is not TOML is taken as a string (``declare``)."""
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text


def rule_value(key: str, value: Any) -> Any:
    """``value`` as :class:`Rules` holds it: a list becomes a tuple, ``"unlimited"`` None for
    the options whose None means no limit."""
    if key in _OPTIONAL and value == _UNLIMITED:
        return None
    return tuple(value) if isinstance(value, list) else value


def with_house(rules: Rules, changes: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> Rules:
    """``rules`` with the options in ``changes`` set all at once (so the small and the big bet
    may rise together); an unknown option or an impossible value raises RulesError."""
    pairs = list(changes.items()) if isinstance(changes, Mapping) else list(changes)
    known = rule_keys()
    values: dict[str, Any] = {}
    for key, value in pairs:
        if key not in known:
            raise RulesError(f"unknown house rule {key!r}; use one of {', '.join(known)}")
        values[key] = rule_value(key, value)
    try:
        changed = dataclasses.replace(rules, **values)
    except TypeError as exc:  # a value of the wrong shape for a check to run
        raise RulesError(f"house rules {sorted(values)}: {exc}") from None
    changed.refuse_unused(values)  # every option named, even at its value already
    return changed


def stakes(rules: Rules) -> tuple[HouseRule, ...]:
    """The stakes of ``rules``: ante, bring-in (games with one), small and big bet."""
    out = [HouseRule("ante", "count", rules.ante, "Chips each player puts in before the deal.")]
    if any(isinstance(s, Betting) and s.bring_in for s in rules.steps):
        out.append(
            HouseRule(
                "bring_in",
                "count",
                rules.bring_in,
                "The forced first bet of the lowest (razz: highest) card showing.",
            )
        )
    out.append(
        HouseRule(
            "small_bet",
            "count",
            rules.small_bet,
            "The bet of the early rounds (spread limit: the smallest bet).",
            minimum=1,
        )
    )
    out.append(
        HouseRule(
            "big_bet",
            "count",
            rules.big_bet,
            "The bet of the late rounds (spread limit: the largest bet).",
            minimum=1,
        )
    )
    return tuple(out)


def offered(rules: Rules) -> tuple[HouseRule, ...]:
    """The house rules ``rules`` takes, with the game's values as defaults: the ones every game
    shares, the declaration's when the pot splits, and those of its buys, auctions and sales."""
    out = [
        HouseRule(
            "low",
            "choice",
            rules.low,
            "How low hands rank: ace-to-five, deuce-to-seven, or no low half at all.",
            LOWS,
            ("ace-to-five", "deuce-to-seven", "no low"),
        ),
        HouseRule(
            "qualifier",
            "choice",
            rules.qualifier,
            "The highest card a low may hold and still win (8: eight or better); 0: any low.",
            (0, *range(5, 14)),
            ("any low", *(str(n) for n in range(5, 11)), "jack", "queen", "king"),
        ),
        HouseRule(
            "betting",
            "choice",
            rules.betting,
            "Bet sizes: fixed limit, spread limit (any size between the bets), pot or no limit.",
            BETTING,
            ("fixed limit", "spread limit", "pot limit", "no limit"),
        ),
        HouseRule(
            "max_raises",
            "count-or-none",
            rules.max_raises,
            "How many raises may follow the bet in one round.",
            none_means="unlimited",
        ),
        HouseRule(
            "heads_up_uncapped",
            "bool",
            rules.heads_up_uncapped,
            "With only two players left in the pot, raising is unlimited.",
        ),
        HouseRule(
            "all_in_raise",
            "choice",
            rules.all_in_raise,
            "Which all-in bets and raises reopen the betting: half a full one or more, or only a "
            "full one.",
            ("half", "full"),
            ("half a bet or more", "only a full bet"),
        ),
        HouseRule(
            "no_check_raise",
            "bool",
            rules.no_check_raise,
            "A player who checked or called may not raise later in the same round.",
        ),
    ]
    out += _declaring(rules) + _buying(rules) + _bidding(rules) + _selling(rules)
    takes = rules.takes()
    return tuple(rule for rule in out if rule.name in takes)


def _declaring(rules: Rules) -> list[HouseRule]:
    return [
        HouseRule(
            "showdown",
            "choice",
            rules.showdown,
            "Best hands win each half, or each player declares high, low or both first.",
            ("cards", "declare"),
            ("cards speak", "declare"),
        ),
        HouseRule(
            "declare_order",
            "choice",
            rules.declare_order,
            "Declarations made in secret and shown together, or one by one in turn.",
            ("simultaneous", "in-turn"),
            ("at once, in secret", "in turn"),
        ),
        HouseRule(
            "declare_both",
            "bool",
            rules.declare_both,
            "A player may declare both ways (high and low) and go for the whole pot.",
        ),
        HouseRule(
            "both_must",
            "choice",
            rules.both_must,
            "What a player who declared both ways must do in each half to win anything.",
            ("win-or-tie", "win-outright"),
            ("win or tie", "win outright"),
        ),
    ]


def _buying(rules: Rules) -> list[HouseRule]:
    return [
        HouseRule(
            "buy_prices",
            "prices",
            rules.buy_prices,
            "The price of a replacement card; two prices for two rounds of buying.",
            none_means="the big bet, one round",
        ),
        HouseRule(
            "buy_first",
            "choice",
            rules.buy_first,
            "Who decides first whether to buy.",
            BUY_FIRST,
            ("left of the dealer", "best high hand showing", "best low hand showing"),
        ),
        HouseRule(
            "bet_before_buy",
            "bool",
            rules.bet_before_buy,
            "A betting round at the big bet just before the buy.",
        ),
    ]


def _bidding(rules: Rules) -> list[HouseRule]:
    return [
        HouseRule(
            "min_bid",
            "count-or-none",
            rules.min_bid,
            "The smallest bid at an auction for a card.",
            none_means="the small bet",
        ),
        HouseRule(
            "max_bid",
            "count-or-none",
            rules.max_bid,
            "The largest bid at an auction for a card.",
            minimum=1,
            none_means="no maximum",
        ),
    ]


def _selling(rules: Rules) -> list[HouseRule]:
    return [
        HouseRule(
            "sale_bidding",
            "choice",
            rules.sale_bidding,
            "Bids for a card on sale: out loud, each topping the last, or sealed and at once.",
            SALE_BIDDING,
            ("open, in turn", "sealed"),
        ),
        HouseRule(
            "min_price",
            "count-or-none",
            rules.min_price,
            "The lowest asking price a seller may name.",
            none_means="the small bet",
        ),
        HouseRule(
            "max_price",
            "count-or-none",
            rules.max_price,
            "The highest price a card may be sold for.",
            minimum=1,
            none_means="no maximum",
        ),
        HouseRule(
            "excess_threshold",
            "count-or-none",
            rules.excess_threshold,
            "Above this winning bid, half the excess goes to the pot instead of the seller.",
            none_means="none",
        ),
    ]
