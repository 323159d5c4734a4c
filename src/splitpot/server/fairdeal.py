"""The fair deal at a live table (docs/fairness.md, splitpot-deal-v2): the next hand's deck
drawn and its root published before the deal, the deck the players' values cut at the deal
(:func:`splitpot.server.play.contribute` takes them), and each hand's record as one reader
may have it (their own cards opened, never a card they did not see). Hands dealt by
splitpot-deal-v1 are still served as v1.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from splitpot.actions import Action
from splitpot.engine import apply, new_hand
from splitpot.fairness import SealedDeck, Shuffle, new_sealed_deck, record_for, sealed_record
from splitpot.notation import HandRecord, parse_action
from splitpot.records import record_from_state
from splitpot.rules import Rules
from splitpot.server.players import Dealt
from splitpot.server.tables import HandRun, LiveTable
from splitpot.state import State

__all__ = ["cut_in", "dealt_again", "dealt_order", "fair_json", "prepare", "published"]


def prepare(table: LiveTable, seeded: tuple[int, str] | None = None) -> SealedDeck:
    """The deck of the next hand, drawn (``seeded``: a test table's seed and secret) and its
    root published — in every snapshot (``table.deal``, the page's Fair deal panel), never as
    a chat line — if it is not out already. The root is stored with the hand when it is dealt,
    before anyone sees a card."""
    number = table.hands_played + 1
    if table.pending is not None and table.pending[0] == number:
        return table.pending[1]
    deck = new_sealed_deck() if seeded is None else SealedDeck(*seeded)
    table.pending, table.values = (number, deck), {}
    return deck


def cut_in(table: LiveTable, players: list[Dealt]) -> list[Dealt]:
    """The players of the hand being dealt, each with the value they sent for its deck
    (``""``: a bot, or none came). The deal spends the values once it is stored."""
    return [
        dataclasses.replace(
            p, entropy=table.values.get((p.seat, p.holder), "") if p.bot is None else ""
        )
        for p in players
    ]


def dealt_again(
    rules: Rules,
    starting: Sequence[int],
    seed: int,
    secret: str | None,
    players: Sequence[Dealt],
    actions: Sequence[str],
) -> State:
    """A hand dealt again from its deck (v2: cut by its players' values; v1: from its seed),
    with its stored moves applied in order."""
    state = new_hand(rules, list(starting), seed=seed, deck=dealt_order(players, seed, secret))
    for text in actions:
        apply(state, parse_action(text))
    return state


def _values(players: Sequence[Dealt]) -> list[str] | None:
    """The values that cut a v2 hand's deck, p1 first; None for a hand dealt by v1."""
    values = [p.entropy for p in players]
    return None if any(v is None for v in values) else [v or "" for v in values]


def dealt_order(players: Sequence[Dealt], seed: int, secret: str | None) -> list[int] | None:
    """The cards in the order a v2 hand was dealt (None: a v1 hand, dealt from its seed)."""
    values = _values(players)
    if values is None or secret is None:
        return None
    return list(SealedDeck(seed, secret).dealt(values))


def fair_json(hand: HandRun) -> dict[str, Any]:
    """What a hand's fair deal publishes while it is on and after: the root and the players'
    values (v2); the commitment, and once the hand is over the seed (in decimal, as text) and
    secret (v1)."""
    if hand.deck is not None:
        values = _values(hand.players) or []
        return {"scheme": "splitpot-deal-v2", "commitment": hand.deck.commitment, "entropy": values}
    if hand.shuffle is None:
        return {}
    out: dict[str, Any] = {"commitment": hand.shuffle.commitment}
    if hand.state.finished:
        # as text: a 63-bit seed is past what a JavaScript number holds exactly (2**53)
        out.update(seed=str(hand.shuffle.seed), secret=hand.shuffle.secret)
    return out


def published(
    state: State,
    dealt: Sequence[Dealt],
    seed: int,
    secret: str | None,
    log: Sequence[Action] | None = None,
    **fields: Any,
) -> HandRecord:
    """The record of a hand as one reader may have it: ``log`` is the hand as they saw it
    (None: every card, the server's own copy). v2: the root, leaves and values, the places of
    the cards ``log`` names opened; v1: the commitment, and the seed and secret once over."""
    values = _values(dealt)
    if secret is not None and values is not None:
        return sealed_record(state, SealedDeck(seed, secret), values, log, **fields)
    if secret is not None:
        record = record_for(state, Shuffle(seed, secret), **fields)
    else:
        record = record_from_state(state, **fields)
    return record if log is None else dataclasses.replace(record, actions=tuple(log))
