"""splitpot: deals and referees high-low split stud games in which players buy their cards.

The names below are the public API; the modules behind them are importable too
(``splitpot.hands``, ``splitpot.engine``, ``splitpot.variants``, ``splitpot.notation``...).
"""

from splitpot import variants
from splitpot.actions import Action
from splitpot.cards import Card, Deck, format_cards, parse_card, parse_cards
from splitpot.engine import (
    Award,
    Legal,
    Offer,
    Option,
    Outcome,
    Payment,
    State,
    apply,
    deal_next,
    legal_actions,
    new_hand,
    outcome,
)
from splitpot.errors import IllegalAction, InvalidNotation, RecordError, RulesError, SplitpotError
from splitpot.hands import (
    best_five,
    describe_high,
    describe_low,
    high_category,
    high_value,
    high_values,
    low_value,
    low_values,
)
from splitpot.rules import Betting, Deal, Rules, Showdown, Step
from splitpot.views import SeatView, TableView, View, public_view, table_view, view

__all__ = [
    "Action",
    "Award",
    "Betting",
    "Card",
    "Deal",
    "Deck",
    "IllegalAction",
    "InvalidNotation",
    "Legal",
    "Offer",
    "Option",
    "Outcome",
    "Payment",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "Showdown",
    "SplitpotError",
    "State",
    "Step",
    "TableView",
    "View",
    "apply",
    "best_five",
    "deal_next",
    "describe_high",
    "describe_low",
    "format_cards",
    "high_category",
    "high_value",
    "high_values",
    "legal_actions",
    "low_value",
    "low_values",
    "new_hand",
    "outcome",
    "parse_card",
    "parse_cards",
    "public_view",
    "table_view",
    "variants",
    "view",
]
__version__ = "0.1.0.dev0"
