"""The one error tree of splitpot.

Every error the library raises on purpose is a :class:`SplitpotError`, so a caller can catch
them all in one place and still tell the situations apart: each has a ``message`` (one line,
the problem named) and a ``reason``, a stable snake_case code for programs. A
:class:`SplitpotError` itself is never raised: only one of these.

The library:

- :class:`InvalidNotation`: text that cannot be read at all (a card ``"1x"``, an action line).
- :class:`IllegalAction`: a well-formed action that the rules do not allow now; its ``reason``
  says why and its ``rule`` cites the article.
- :class:`RulesError`: a game, a house rule or a table that makes no sense (stacks for the
  wrong number of players, a seat that is not at the table, more cards than the deck holds).
- :class:`RecordError`: a hand record that cannot be used (missing field, wrong type).
- :class:`LedgerError`: an entry a table's ledger cannot take.
- :class:`FairnessError`: a seed or secret outside the dealing scheme.
- :class:`OddsError`: hands that do not fit the game the odds are asked of.
- :class:`ViewError`: a view whose state was changed without the engine.
- :class:`BotError`: a bot that does not exist, or a view a bot cannot read.
- :class:`BackendError`: a way of running simulations that is unknown or cannot be reached.
- :class:`ResultsError`: a results file that cannot be read or written.
- :class:`EnvError`: the game environment (``splitpot.env``) used out of turn or wrongly.
- :class:`MissingExtra`: a feature whose optional packages are not installed; the message
  says what to install.

The web table:

- :class:`OptionError`: a house rule or table option that cannot be taken.
- :class:`WireError`: a client's message that cannot be used.
- :class:`TableError`: a request to a table that cannot be granted.
- :class:`LobbyError`: a request to make or join a table that cannot be granted, with the HTTP
  status it answers with.
- :class:`StoreError`: a database that cannot be opened or used.
- :class:`LeaseLost`: a table's write from a server process that no longer runs the table.
- :class:`StoragePaused`: a write the database did not take: the table pauses until it answers
  again (not a rules refusal).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BackendError",
    "BotError",
    "EnvError",
    "FairnessError",
    "IllegalAction",
    "InvalidNotation",
    "LeaseLost",
    "LedgerError",
    "LobbyError",
    "MissingExtra",
    "OddsError",
    "OptionError",
    "RecordError",
    "ResultsError",
    "RulesError",
    "SplitpotError",
    "StoragePaused",
    "StoreError",
    "TableError",
    "ViewError",
    "WireError",
]


class SplitpotError(Exception):
    """Base of every error raised by splitpot (never raised itself). ``reason``: a stable
    code, the class's own unless the raiser says more."""

    reason: str = "error"

    def __init__(self, message: str = "", *, reason: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason


class InvalidNotation(SplitpotError, ValueError):
    """Text (a card, a list of cards, an action) that cannot be parsed."""

    reason = "invalid_notation"


class IllegalAction(SplitpotError):
    """An action that is well formed but not allowed in the current state.

    ``reason`` is a stable snake_case code for programs, ``rule`` the article it rests on
    (``"OPR-657 3.2"``, ``"Robert's 4"``, ``"house rule max_raises"``).
    """

    reason = "illegal_action"

    def __init__(self, message: str, *, reason: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})" if rule else message, reason=reason)
        self.message = message
        self.rule = rule


class RulesError(SplitpotError, ValueError):
    """A game description, a house rule or a table with an impossible value (a seat not at
    the table, stacks for the wrong number of players, a deal the deck cannot cover)."""

    reason = "bad_rules"


class RecordError(SplitpotError, ValueError):
    """A hand record that cannot be read or replayed."""

    reason = "bad_record"


class LedgerError(SplitpotError, ValueError):
    """An entry the ledger cannot take: chips nobody has, a hand whose results do not add up."""

    reason = "ledger_refused"


class FairnessError(SplitpotError, ValueError):
    """A seed or secret outside the scheme (a seed out of range, a secret not 64 hex digits)."""

    reason = "bad_shuffle"


class OddsError(SplitpotError, ValueError):
    """Hands that do not fit the game: too many cards, too few hands, not enough cards left."""

    reason = "no_odds"


class ViewError(SplitpotError):
    """A view read after its state changed without the engine."""

    reason = "stale_view"


class BotError(SplitpotError):
    """A bot that does not exist, or a view a bot cannot read."""

    reason = "bad_bot"


class BackendError(SplitpotError):
    """A way of running simulations that is unknown, or that cannot be started or reached."""

    reason = "bad_backend"


class ResultsError(SplitpotError):
    """A results file that cannot be read or written (not one of splitpot's, a wrong kind)."""

    reason = "bad_results"


class EnvError(SplitpotError):
    """The game environment used wrongly: an agent out of turn, a move not legal now."""

    reason = "bad_env_use"


class MissingExtra(SplitpotError):
    """A feature whose optional packages are not installed; the message says what to install
    (``pip install 'splitpot[results]'``)."""

    reason = "missing_extra"


class OptionError(SplitpotError, ValueError):
    """A house rule or table option that cannot be taken; the message names it."""

    reason = "bad_option"


class WireError(SplitpotError):
    """A client message that cannot be used; ``reason`` is a stable code."""

    reason = "bad_message"

    def __init__(self, message: str, reason: str = "bad_message") -> None:
        super().__init__(message, reason=reason)


class TableError(SplitpotError):
    """A request to the table that cannot be granted; ``reason`` is a stable code."""

    reason = "table_refused"

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message, reason=reason)


_STATUS_REASONS: Final = {
    400: "bad_request",
    403: "other_site",
    404: "not_found",
    409: "conflict",
    410: "called_off",
    413: "too_long",
    415: "not_json",
    429: "too_many",
    500: "server_fault",
    503: "unavailable",
}


class LobbyError(SplitpotError):
    """A request to create or join a table that cannot be granted; ``status`` is the HTTP
    status it answers with (and, unless the raiser says more, tells its ``reason``)."""

    reason = "lobby_refused"

    def __init__(self, message: str, status: int = 400, *, reason: str | None = None) -> None:
        super().__init__(message, reason=reason or _STATUS_REASONS.get(status, self.reason))
        self.status = status


class StoreError(SplitpotError):
    """The database cannot be opened or used (a bad URL, a missing driver)."""

    reason = "store_failed"


class LeaseLost(StoreError):
    """A table's write found its lease held by another server process (tables on many
    servers, docs/deploy.md): nothing was written, and this process stops running the table."""

    reason = "moved"

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} is run by another server now")
        self.table_id = table_id


class StoragePaused(StoreError):
    """A write the database did not take (it stopped answering): the table pauses, tells its
    players this one line, and resumes by itself once the database answers again."""

    reason = "storage_paused"

    def __init__(self) -> None:
        super().__init__(
            "the table's storage is not answering: play is paused and resumes by itself"
        )
