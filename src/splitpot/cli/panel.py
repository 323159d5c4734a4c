"""The odds panel of ``splitpot play``: the person's chances and, where they choose, the advice.

From the person's seat's view, :mod:`splitpot.odds` gives the live hands' chances (cards speak:
high, low, scoop and share of the pot), at the declaration what declaring high, low or both is
worth (others declaring their better half), and at a buy what buying each card away is worth
(OPR-207 Article 3). Both front ends use it: the table computes in a worker thread, the line
mode before it prints the options. Figures depend only on a :class:`Question` (the hands as the
seat sees them, and what it is choosing), so a front end computes each question once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from splitpot.odds import (
    Advice,
    BuyOption,
    HandOdds,
    OddsError,
    Value,
    advise,
    buy_options,
    view_odds,
)
from splitpot.odds.question import Question, question
from splitpot.rules import Rules, Sale
from splitpot.views import View

__all__ = ["LIMIT", "SAMPLES", "Figures", "Question", "figures", "lines", "question"]

SAMPLES = 20_000
"""Random deals past the limit: a standard error of about 0.3 % of the pot."""
LIMIT = 10**6
"""Outcomes counted exactly; past this, the panel samples (docs/odds.md: a panel's limit)."""
MODEL = "better half"
"""The advice's model of the others, in a word or two (splitpot.odds.BETTER_HALF)."""


@dataclass(frozen=True, slots=True)
class Figures:
    """The answers to one question: the seat's chances, the advice, the buy options, and why
    any of them is missing."""

    mine: HandOdds | None = None
    exact: bool = True
    advice: Advice | None = None
    buys: tuple[BuyOption, ...] | None = None
    trouble: tuple[str, ...] = ()


def figures(
    seen: View,
    rules: Rules,
    asked: Question,
    cancelled: Callable[[], bool] = lambda: False,
) -> Figures | None:
    """The figures for ``asked`` (from ``seen``, the view it was asked from); None once
    ``cancelled()`` says they are no longer wanted (checked between the computations)."""
    spot = asked.spot
    if spot is None:
        return Figures(trouble=(asked.trouble,) if asked.trouble else ())
    seat = seen.seat
    assert seat is not None
    assert spot.reader is not None
    trouble: list[str] = []
    mine, exact = None, True
    try:
        chances = view_odds(seen, rules, samples=SAMPLES, limit=LIMIT)
        mine, exact = chances.seat(seat), chances.exact
    except OddsError as exc:
        trouble.append(str(exc))
    advice = None
    if asked.declared is not None and not cancelled():
        try:
            advice = advise(seen, rules)
        except OddsError as exc:
            trouble.append(f"no advice: {exc}")
    buys = None
    if asked.buy is not None and not cancelled():
        pot, price = asked.buy
        try:
            buys = buy_options(
                spot, spot.reader, price=price, pot=pot, samples=SAMPLES, limit=LIMIT
            )
        except OddsError as exc:
            trouble.append(f"no buy figures: {exc}")
    if cancelled():
        return None
    return Figures(mine, exact, advice, buys, tuple(trouble))


# --- in words ---------------------------------------------------------------------------------


def percent(value: Value) -> str:
    """A chance in whole percent; ``<1%`` and ``>99%`` for what is near but not sure."""
    p = value.mean
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1:
        return ">99%"
    return f"{100 * p:.0f}%"


def _odds_words(mine: HandOdds, exact: bool, rules: Rules) -> str:
    """The seat's chances in the game's halves, and what they assume: cards speak, exact or
    with the largest standard error."""
    parts = []
    if rules.high:
        parts.append(f"high {percent(mine.high)}")
    if rules.low != "none":
        parts.append(f"low {percent(mine.low)}")
    parts += [f"scoop {percent(mine.scoop)}", f"share {percent(mine.share)}"]
    basis = ["cards speak"]
    if any(isinstance(step, Sale) for step in rules.steps):
        basis.append("as held")  # NASDAQ: hands judged as they stand (docs/odds.md)
    if exact:
        basis.append("exact")
    else:
        error = max(v.error for v in (mine.high, mine.low, mine.scoop, mine.share))
        basis.append(f"±{100 * error:.1f}%")
    return " · ".join(parts) + f" ({', '.join(basis)})"


def _advice_words(advice: Advice) -> str:
    """The declaration worth the most and the others' worth (``≈`` the next when the gap is
    within two standard errors, ``=`` when none), and the model of the other seats."""
    best, *others = advice.choices
    error = 0.0 if advice.exact else max(c.share.error for c in advice.choices)
    spread = f", ±{error:.2f}" if error >= 0.005 else ""  # else the figures show it
    margin = advice.margin
    if margin.mean == 0 and margin.error == 0:
        versus = "="
    elif margin.mean <= 2 * margin.error:
        versus = "≈"
    else:
        versus = "vs"
    shares = ", ".join(f"{c.declaration} {c.share.mean:.2f}" for c in others)
    compared = f" {versus} {shares}" if others else ""
    return (
        f"declare {best.declaration} (share {best.share.mean:.2f}{compared}{spread}; "
        f"model: {MODEL})"
    )


def _buy_words(buys: tuple[BuyOption, ...]) -> str:
    """The best of buying away each card and standing pat, with its worth in chips at this pot
    and price (OPR-207 3.2)."""
    best = buys[0]
    pat = next(o for o in buys if o.card is None)
    if best.card is None:
        if len(buys) == 1:
            return "stand pat"
        other = buys[1]
        return (
            f"stand pat (best buy {other.card}: share {other.share.mean:.2f} vs "
            f"{pat.share.mean:.2f}, worth {other.worth or 0.0:+.1f} chips)"
        )
    return (
        f"buy away {best.card} (share {best.share.mean:.2f} vs {pat.share.mean:.2f} standing "
        f"pat, worth {best.worth or 0.0:+.1f} chips)"
    )


def lines(found: Figures, rules: Rules) -> list[tuple[str, str]]:
    """The panel as (label, words) lines: ``("odds", "high 34% · low 51% · ... (cards
    speak, exact)")``, then the advice or the buy when the seat is choosing, then any trouble."""
    out: list[tuple[str, str]] = []
    if found.mine is not None:
        out.append(("odds", _odds_words(found.mine, found.exact, rules)))
    if found.advice is not None:
        out.append(("advice", _advice_words(found.advice)))
    if found.buys:
        out.append(("buy", _buy_words(found.buys)))
    out += [("odds", why) for why in found.trouble]
    return out
