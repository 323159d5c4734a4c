"""The one error tree of splitpot.

Every error the library raises on purpose is a :class:`SplitpotError`, so a caller can catch
them all in one place and still tell the situations apart:

- :class:`InvalidNotation`: text that cannot be read at all (a card ``"1x"``, an action line).
- :class:`IllegalAction`: a well-formed action that the rules do not allow now; carries a
  machine-readable ``reason`` and the ``rule`` it cites.
- :class:`RulesError`: a game, a house rule or a table that makes no sense (stacks for the
  wrong number of players, a seat that is not at the table, more cards than the deck holds).
- :class:`RecordError`: a hand record that cannot be used (missing field, wrong type).
"""

from __future__ import annotations

__all__ = ["IllegalAction", "InvalidNotation", "RecordError", "RulesError", "SplitpotError"]


class SplitpotError(Exception):
    """Base of every error raised by splitpot."""


class InvalidNotation(SplitpotError, ValueError):
    """Text (a card, a list of cards, an action) that cannot be parsed."""


class IllegalAction(SplitpotError):
    """An action that is well formed but not allowed in the current state.

    ``reason`` is a stable snake_case code for programs, ``rule`` the article it rests on
    (``"OPR-657 3.2"``, ``"Robert's 4"``, ``"house rule max_raises"``).
    """

    def __init__(self, message: str, *, reason: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.message = message
        self.reason = reason
        self.rule = rule


class RulesError(SplitpotError, ValueError):
    """A game description, a house rule or a table with an impossible value (a seat not at
    the table, stacks for the wrong number of players, a deal the deck cannot cover)."""


class RecordError(SplitpotError, ValueError):
    """A hand record that cannot be read or replayed."""
