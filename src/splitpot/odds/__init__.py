"""Odds and declaration advice for high-low stud games, exact wherever the numbers allow.

- :func:`odds` / :func:`compute` / :func:`view_odds`: each hand's P(win or tie high), P(win or
  tie low), P(scoop) and expected share of the pot, cards speak, over every way the unseen cards
  can fall (:mod:`splitpot.odds.exact`), or by Monte Carlo with standard errors
  (:mod:`splitpot.odds.sample`).
- :func:`buy_options`: five-card stud high-low with a buy — the card to buy away and its worth.
- :func:`advise` / :func:`advise_situation`: the expected share of declaring high, low or both
  from one seat's view, under a stated model of how the others declare
  (:mod:`splitpot.odds.advice`).

Situations (hands, cards to come, dead cards) are built by :mod:`splitpot.odds.situation`.
See docs/odds.md.
"""

from splitpot.odds.advice import (
    BETTER_HALF,
    Advice,
    BetterHalf,
    Choice,
    Threshold,
    advise,
    advise_situation,
)
from splitpot.odds.chances import (
    EXACT_LIMIT,
    SAMPLES,
    BuyOption,
    HandOdds,
    Odds,
    Value,
    buy_options,
    compute,
    odds,
    view_odds,
)
from splitpot.odds.situation import (
    Hand,
    OddsError,
    Situation,
    final_cards,
    parse_hand,
    situation,
    situation_from_view,
)

__all__ = [
    "BETTER_HALF",
    "EXACT_LIMIT",
    "SAMPLES",
    "Advice",
    "BetterHalf",
    "BuyOption",
    "Choice",
    "Hand",
    "HandOdds",
    "Odds",
    "OddsError",
    "Situation",
    "Threshold",
    "Value",
    "advise",
    "advise_situation",
    "buy_options",
    "compute",
    "final_cards",
    "odds",
    "parse_hand",
    "situation",
    "situation_from_view",
    "view_odds",
]
