"""The fair-deal scheme ``splitpot-deal-v2``: a deck committed card by card, cut by the players.

Before the deal the server publishes one root over 52 salted commitments, one per place of its
shuffled deck (:class:`SealedDeck`); each player adds a random value, and the hash of the root
and the values cuts the committed deck into the order it is dealt in (:func:`cut`). After the
hand each reader's record opens only the places of the cards that reader saw, so a folded hand
stays folded; :func:`verify` checks every card the record names against the root. The scheme,
its threat model and what each check proves: ``docs/fairness.md``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final, Literal

from splitpot.actions import DEALER_VERBS, Action
from splitpot.cards import CARDS, Card
from splitpot.engine import apply
from splitpot.errors import IllegalAction, RecordError
from splitpot.fairness.v1 import (
    SECRET_BYTES,
    SEED_BITS,
    FairnessError,
    Problem,
    Verdict,
    check_pair,
    order,
    ordinal,
    stacks_problems,
)
from splitpot.notation import HandRecord, format_action
from splitpot.records import finish_showdown, record_from_state, start
from splitpot.state import State

__all__ = [
    "SCHEME_V2",
    "SealedDeck",
    "check_entropy",
    "cut",
    "leaf",
    "new_entropy",
    "new_sealed_deck",
    "root",
    "sealed_record",
    "verify_v2",
]

SCHEME_V2: Final = "splitpot-deal-v2"
"""The record's ``_scheme``, and the first words of every message the scheme hashes."""
_HEX64 = re.compile(r"[0-9a-f]{64}")
_OPENING = re.compile(r"(0|[1-9][0-9]?):([0-9a-f]{64})")


def _hex64(value: object) -> bool:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def leaf(position: int, card: Card, salt: str) -> str:
    """The commitment to ``card`` at ``position`` (0 to 51) of the deck:
    SHA-256 of ``splitpot-deal-v2:card:POSITION:CARD:SALT`` in ASCII (``CARD`` as ``As``)."""
    text = f"{SCHEME_V2}:card:{position}:{card}:{salt}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def root(leaves: Sequence[str]) -> str:
    """The commitment published before the deal: SHA-256 of ``splitpot-deal-v2:root:`` and the
    52 leaves' hex digits, place 0 first, in ASCII."""
    return hashlib.sha256(f"{SCHEME_V2}:root:{''.join(leaves)}".encode("ascii")).hexdigest()


def cut(commitment: str, entropy: Sequence[str]) -> tuple[int, ...]:
    """The places of the committed deck in the order they are dealt: the v1 shuffle (``order``)
    of the 63-bit number that begins SHA-256 of ``splitpot-deal-v2:mix:ROOT:E1:E2:...`` (each
    player's value, p1 first, empty for a player who sent none)."""
    text = ":".join((SCHEME_V2, "mix", commitment, *entropy))
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return order(int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS))


def new_entropy() -> str:
    """A player's value for a deal: 32 random bytes as 64 lower-case hex digits."""
    return secrets.token_hex(SECRET_BYTES)


@dataclass(frozen=True)
class SealedDeck:
    """The server's deck for one hand, kept private. ``secret`` (32 bytes) fixes it: the deck
    is the shuffle of a 256-bit number drawn from the secret, and each place's salt is an HMAC
    of it, so one opened salt tells nothing of another and no 63-bit seed can be searched for
    the deck. ``seed`` seeds only the engine's reshuffle of the discards."""

    seed: int
    secret: str

    def __post_init__(self) -> None:
        check_pair(self.seed, self.secret)

    def _hmac(self, text: str) -> str:
        message = f"{SCHEME_V2}:{text}".encode("ascii")
        return hmac.new(bytes.fromhex(self.secret), message, hashlib.sha256).hexdigest()

    @cached_property
    def cards(self) -> tuple[int, ...]:
        """The committed deck, place 0 first (card numbers: ``CARDS[c]``): the v1 shuffle
        (``order``) of the number HMAC-SHA256(secret, ``splitpot-deal-v2:deck``)."""
        return order(int(self._hmac("deck"), 16))

    def salt(self, position: int) -> str:
        """The salt of one place: HMAC-SHA256 keyed by the secret's bytes of
        ``splitpot-deal-v2:salt:POSITION``, as 64 hex digits."""
        return self._hmac(f"salt:{position}")

    @cached_property
    def leaves(self) -> tuple[str, ...]:
        """The 52 commitments, place 0 first: published with the root (they hide their cards)."""
        return tuple(leaf(p, CARDS[c], self.salt(p)) for p, c in enumerate(self.cards))

    @cached_property
    def commitment(self) -> str:
        """The root the server publishes before the deal."""
        return root(self.leaves)

    def dealt(self, entropy: Sequence[str]) -> tuple[int, ...]:
        """The cards in the order the engine deals them, once the players' values are in."""
        return tuple(self.cards[p] for p in cut(self.commitment, entropy))

    def openings(self, cards: Iterable[int]) -> list[str]:
        """``POSITION:SALT`` for the place of each of ``cards``, in the order of the places."""
        place = {c: p for p, c in enumerate(self.cards)}
        return [f"{p}:{self.salt(p)}" for p in sorted({place[c] for c in cards})]


def new_sealed_deck() -> SealedDeck:
    """A fresh deck from the operating system's randomness (``secrets``)."""
    return SealedDeck(secrets.randbits(SEED_BITS), secrets.token_hex(SECRET_BYTES))


def check_entropy(value: object) -> str:
    """A player's value as the scheme takes it: 64 lower-case hex digits (FairnessError)."""
    if not _hex64(value):
        raise FairnessError(f"a player's value is 64 lower-case hex digits, not {value!r}")
    assert isinstance(value, str)
    return value


def sealed_record(
    state: State,
    deck: SealedDeck,
    entropy: Sequence[str],
    log: Sequence[Action] | None = None,
    **fields: Any,
) -> HandRecord:
    """The record of a hand dealt from ``deck`` cut by ``entropy``, as one reader has it:
    ``log`` is the hand as they saw it (None: every card, the server's copy). It carries the
    root, the leaves and the players' values, and opens the place of every card ``log`` names,
    never another; no seed, no secret. ``fields`` as for ``records.record_from_state``."""
    if state.seed != deck.seed:
        raise FairnessError("the hand was not dealt from this deck")
    seen = state.log if log is None else tuple(log)
    named = {c for a in seen for c in a.cards if c is not None}
    record = record_from_state(
        state,
        seed=None,
        commitment=deck.commitment,
        **fields,
        _scheme=SCHEME_V2,
        _leaves=list(deck.leaves),
        _entropy=list(entropy),
        _openings=deck.openings(named),
    )
    return dataclasses.replace(record, actions=seen)


# --------------------------------------------------------------------------- verifying a record


def _fields(record: HandRecord) -> tuple[list[str], list[str], dict[int, str]]:
    """The scheme's fields of a record, checked (RecordError naming the first wrong one)."""
    got: Mapping[str, Any] = record.fields
    leaves = got.get("_leaves")
    if not isinstance(leaves, list) or len(leaves) != 52 or not all(map(_hex64, leaves)):
        raise RecordError("_leaves must list 52 commitments of 64 lower-case hex digits")
    entropy = got.get("_entropy")
    n = record.player_count
    if (
        not isinstance(entropy, list)
        or len(entropy) != n
        or not all(e == "" or _hex64(e) for e in entropy)
    ):
        raise RecordError(f"_entropy must list {n} values, each 64 hex digits or empty")
    salts: dict[int, str] = {}
    openings = got.get("_openings", [])
    if not isinstance(openings, list):
        raise RecordError(f"_openings must list POSITION:SALT texts, not {openings!r}")
    for text in openings:
        found = _OPENING.fullmatch(text) if isinstance(text, str) else None
        if found is None or int(found.group(1)) > 51 or int(found.group(1)) in salts:
            raise RecordError(f"_openings: {text!r} is not a new POSITION:SALT (0 to 51)")
        salts[int(found.group(1))] = found.group(2)
    return leaves, entropy, salts


def verify_v2(
    record: HandRecord, *, commitment: str | None = None, entropy: str | None = None
) -> Verdict:
    """Check one ``splitpot-deal-v2`` record: its root over the leaves, every card it names
    against the opening of the place the cut dealt it from, and its result by replaying it.
    ``commitment``: the root the reader saw before the deal; ``entropy``: the value the
    reader's own browser sent for it, which must be one of the record's."""
    committed = record.commitment
    if committed is None:
        why = "the record has no _commitment"
        return Verdict("unverifiable", (Problem("fields", why),), None, scheme=SCHEME_V2)
    problems: list[Problem] = []
    if commitment is not None and commitment != committed:
        problems.append(
            Problem(
                "commitment",
                f"the record's _commitment {committed} is not the one published before the "
                f"hand, {commitment}",
            )
        )
    try:
        leaves, entropy_list, salts = _fields(record)
    except RecordError as exc:
        found = (*problems, Problem("fields", str(exc)))
        return Verdict("mismatch", found, committed, scheme=SCHEME_V2)
    if entropy is not None and entropy not in entropy_list:
        line = (
            f"your value {entropy} is not among the record's _entropy: the deck was cut without it"
        )
        problems.append(Problem("commitment", line))
    actual = root(leaves)
    if actual != committed:
        line = f"_commitment {committed} is not the root of the record's _leaves, {actual}"
        problems.append(Problem("commitment", line))
    opened: dict[int, Card] = {}
    for p, salt in sorted(salts.items()):
        card = next((c for c in CARDS if leaf(p, c, salt) == leaves[p]), None)
        if card is None:
            problems.append(Problem("card", f"the opening of place {p} opens no card"))
        else:
            opened[p] = card
    filled, cards, hidden = _check_cards(record, cut(committed, entropy_list), opened, problems)
    _replay(record, filled, problems)
    status: Literal["verified", "mismatch"] = "mismatch" if problems else "verified"
    values = sum(bool(e) for e in entropy_list)
    return Verdict(status, tuple(problems), committed, cards, hidden, SCHEME_V2, values)


def _check_cards(
    record: HandRecord, places: tuple[int, ...], opened: dict[int, Card], problems: list[Problem]
) -> tuple[list[Action], int, int]:
    """Each card the record deals against the opening of its place. Returns the actions with
    every ``??`` whose place is opened filled in (a card shown later, a sold card, needs it in
    the replay), the cards checked and the ``??`` cards. After the 52nd card (a reshuffle) a
    card must be an opened card dealt before."""
    k = checked = hidden = 0
    filled: list[Action] = []
    for index, action in enumerate(record.actions, 1):
        if action.verb not in DEALER_VERBS:
            filled.append(action)
            continue
        cards: list[Card | None] = []
        for card in action.cards:
            k += 1
            p = places[k - 1] if k <= 52 else None
            if card is None:
                hidden += 1
                cards.append(None if p is None else opened.get(p))
                continue
            cards.append(card)
            checked += 1
            problem = _wrong(k, p, CARDS[card], places, opened)
            if problem:
                problems.append(
                    Problem("card", f'action {index} "{format_action(action)}": {problem}')
                )
        filled.append(dataclasses.replace(action, cards=tuple(cards)))
    return filled, checked, hidden


def _wrong(
    k: int, p: int | None, card: Card, places: tuple[int, ...], opened: dict[int, Card]
) -> str:
    """Why the ``k``-th card dealt, from place ``p`` (None: after a reshuffle), is not ``card``;
    empty when it is."""
    if p is None:
        return "" if card in opened.values() else f"{card} is not an opened card of the deck"
    if p not in opened:
        return f"the {ordinal(k)} card comes from place {p}, which is not opened"
    if opened[p] != card:
        return f"the {ordinal(k)} card comes from place {p}, which opens {opened[p]}, not {card}"
    return ""


def _replay(record: HandRecord, actions: list[Action], problems: list[Problem]) -> None:
    """Replay ``actions`` (unopened hidden cards as unknowns) and compare the result."""
    try:
        state = start(dataclasses.replace(record, seed=None))
    except RecordError as exc:
        problems.append(Problem("replay", f"the table cannot be set: {exc}"))
        return
    for index, action in enumerate(actions, 1):
        try:
            apply(state, action)
            continue
        except IllegalAction as exc:
            hidden = _unseen_move(state, action, actions[index:])
            if hidden is not None:
                state = hidden
                continue
            text = format_action(record.actions[index - 1])
            problems.append(Problem("replay", f'action {index} "{text}": {exc.message}'))
            return
    finish_showdown(state)
    problems.extend(stacks_problems(record, state))


def _unseen_move(state: State, action: Action, later: Sequence[Action]) -> State | None:
    """The table after a move with a card the reader did not see (a face-down discard ``sd
    ??``) whose seat's cards the openings made known: the move made with one of the seat's
    down cards, first those no later action names. None when no card will do."""
    seat = action.seat
    if seat is None or action.verb in DEALER_VERBS or None not in action.cards:
        return None
    named = {c for a in later for c in a.cards}
    down = [
        c
        for c, up in zip(state.hands[seat], state.faceup[seat], strict=True)
        if c is not None and not up
    ]
    for card in sorted(down, key=lambda c: c in named):
        trial = state.copy()
        try:
            apply(trial, dataclasses.replace(action, cards=(card,)))
        except IllegalAction:
            continue
        return trial
    return None
