"""splitpot: deals and referees high-low split stud poker games in which players buy cards."""

from splitpot.cards import Card, Deck, format_cards, parse_card, parse_cards
from splitpot.errors import IllegalAction, InvalidNotation, RecordError, RulesError, SplitpotError
from splitpot.hands import (
    best_five,
    describe_high,
    describe_low,
    high_value,
    high_values,
    low_value,
    low_values,
)

__all__ = [
    "Card",
    "Deck",
    "IllegalAction",
    "InvalidNotation",
    "RecordError",
    "RulesError",
    "SplitpotError",
    "best_five",
    "describe_high",
    "describe_low",
    "format_cards",
    "high_value",
    "high_values",
    "low_value",
    "low_values",
    "parse_card",
    "parse_cards",
]
__version__ = "0.1.0.dev0"
