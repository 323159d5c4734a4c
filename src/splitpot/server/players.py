"""Who sits at a table, as small values: the players dealt in a hand (:class:`Dealt`), the
requests waiting on a host (:class:`SeatRequest`), and how tokens and bots are named.

The store keeps dealt players as JSON objects and requests as rows; they become these frozen
values where they are read (:func:`dealt_from_json`) and JSON again where they are written
(:meth:`Dealt.as_json`), so the table never reads a player by a string key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from splitpot.ledger import BOT_MARK
from splitpot.server.store import SeatData

__all__ = [
    "BOT_NAMES",
    "Dealt",
    "SeatRequest",
    "bot_player",
    "dealt_from_json",
    "hash_token",
    "player_name",
]

BOT_NAMES: Final = ("Ada", "Bram", "Cleo", "Dov", "Esme", "Finn", "Gwen", "Hugo", "Iris", "Jem")
"""What the bots are called at the table, by seat (the page marks them as bots)."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256, so a stolen database holds none."""
    return hashlib.sha256(token.encode()).hexdigest()


def bot_player(name: str) -> str:
    """A bot's name in the ledger, told apart from a person's: ``Ada (bot)``."""
    return name + BOT_MARK


def player_name(seat: SeatData) -> str:
    """The seat's occupant as the ledger names them."""
    return bot_player(seat.name) if seat.kind == "bot" else seat.name


@dataclass(frozen=True, slots=True)
class Dealt:
    """A player dealt into a hand: the table seat, its holder then (a seat taken over since
    has a higher one), the name and the bot (None: a person), and the value the player sent
    to cut the deck (``""``: none; None: a hand dealt by splitpot-deal-v1)."""

    seat: int
    holder: int
    name: str
    bot: str | None
    entropy: str | None = None

    @property
    def ledger_name(self) -> str:
        """The player as the ledger names them."""
        return bot_player(self.name) if self.bot is not None else self.name

    def holds(self, seat: SeatData) -> bool:
        """The player still holds ``seat`` (it is theirs and was not taken over)."""
        return seat.position == self.seat and seat.holder == self.holder

    def as_json(self) -> dict[str, Any]:
        """The player as the store keeps it."""
        out = {"seat": self.seat, "holder": self.holder, "name": self.name, "bot": self.bot}
        return out if self.entropy is None else {**out, "entropy": self.entropy}


def dealt_from_json(players: Iterable[Mapping[str, Any]]) -> list[Dealt]:
    """The players of a stored hand, in engine-seat order."""
    return [
        Dealt(int(p["seat"]), int(p["holder"]), str(p["name"]), p["bot"], p.get("entropy"))
        for p in players
    ]


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """A request for a seat waiting on the host: its stored id, the name asked for and the
    hash of the token the newcomer was given."""

    id: int
    name: str
    token_hash: str
