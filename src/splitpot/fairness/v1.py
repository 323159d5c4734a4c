"""The first fair-deal scheme, ``splitpot-deal-v1``: commit to a hand's seed, reveal it after.

Before a hand the server draws a :class:`Shuffle` (a seed and a fresh secret) and publishes its
:attr:`~Shuffle.commitment`, ``sha256("splitpot-deal-v1:" + secret + ":" + str(seed))`` in
ASCII; the deck is :func:`deck` of the seed. After the hand it reveals the seed and the secret
in the hand record (``seed``, ``_secret``, ``_commitment``), and :func:`verify` checks the
commitment, every card dealt against the deck, and the result by replaying the hand. What this
proves, and what it does not: ``docs/fairness.md``.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from splitpot.actions import DEALER_VERBS, Action
from splitpot.cards import CARDS, Card
from splitpot.engine import apply, deal_next
from splitpot.errors import FairnessError, IllegalAction, RecordError
from splitpot.notation import HandRecord, format_action
from splitpot.records import finish_showdown, record_from_state, start
from splitpot.shuffle import deck_order
from splitpot.state import State

__all__ = [
    "SCHEME",
    "FairnessError",
    "Problem",
    "Shuffle",
    "Verdict",
    "commit",
    "deck",
    "new_shuffle",
    "opens",
    "order",
    "preimage",
    "record_for",
    "verify",
]

SCHEME: Final = "splitpot-deal-v1"
"""The first words of every committed message: a commitment of this scheme means nothing else."""
SEED_BITS: Final = 63
"""Seeds run from 0 to 2**63 - 1: a PHH ``seed`` is a TOML integer (64-bit signed)."""
SECRET_BYTES: Final = 32
"""A secret is 32 random bytes, written as 64 lower-case hex digits."""

_HEX64 = re.compile(r"[0-9a-f]{64}")


def check_pair(seed: object, secret: object) -> tuple[int, str]:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
        raise FairnessError(f"a seed is a whole number from 0 to 2**{SEED_BITS} - 1, not {seed!r}")
    if not isinstance(secret, str) or not _HEX64.fullmatch(secret):
        raise FairnessError(f"a secret is 64 lower-case hex digits, not {secret!r}")
    return seed, secret


def preimage(seed: int, secret: str) -> bytes:
    """The bytes that are hashed: ``splitpot-deal-v1:SECRET:SEED`` in ASCII, the seed in
    decimal without sign or leading zeros. One pair, one message: the secret has a fixed
    length and ``:`` is neither a hex nor a decimal digit."""
    seed, secret = check_pair(seed, secret)
    return f"{SCHEME}:{secret}:{seed}".encode("ascii")


def commit(seed: int, secret: str) -> str:
    """The commitment to a seed and a secret: SHA-256 of :func:`preimage`, 64 hex digits."""
    return hashlib.sha256(preimage(seed, secret)).hexdigest()


def opens(commitment: str, seed: int, secret: str) -> bool:
    """Whether the revealed seed and secret are the ones ``commitment`` was made to."""
    try:
        return secrets.compare_digest(commit(seed, secret), commitment)
    except (FairnessError, TypeError):
        return False


@dataclass(frozen=True)
class Shuffle:
    """One hand's shuffle as the server keeps it until the hand is over: the seed the engine
    shuffles from, and the secret that hides it inside the commitment."""

    seed: int
    secret: str

    def __post_init__(self) -> None:
        check_pair(self.seed, self.secret)

    @property
    def commitment(self) -> str:
        """What the server publishes before the hand (:func:`commit`)."""
        return commit(self.seed, self.secret)


def new_shuffle() -> Shuffle:
    """A fresh seed and secret from the operating system's randomness (``secrets``)."""
    return Shuffle(secrets.randbits(SEED_BITS), secrets.token_hex(SECRET_BYTES))


def deck(seed: int) -> tuple[Card, ...]:
    """The 52 cards in the order the engine deals them from ``seed``.

    A Fisher–Yates shuffle drawing each index with ``getrandbits``, redrawn when too big
    (:mod:`splitpot.shuffle`, the same deck as CPython's ``random.Random(seed).shuffle``); the
    first card of the result is dealt first (``engine.new_hand`` deals from the end of the
    reversed list).
    """
    return tuple(CARDS[c] for c in order(seed))


def order(seed: int) -> tuple[int, ...]:
    """The numbers 0 to 51 shuffled from ``seed`` as :func:`deck` shuffles the cards (card ``c``
    is ``CARDS[c]``): the engine's own shuffle (:func:`splitpot.shuffle.deck_order`);
    ``splitpot-deal-v2`` also cuts its committed deck with it."""
    return tuple(deck_order(seed))


def record_for(state: State, shuffle: Shuffle, **fields: Any) -> HandRecord:
    """The record of a hand dealt from ``shuffle`` as it may be published now: the commitment
    always; the seed and the secret only once the hand is over (before that they would give
    the whole deck away). ``fields`` as for ``records.record_from_state``."""
    if state.seed != shuffle.seed:
        raise FairnessError("the hand was not shuffled from this shuffle's seed")
    if state.finished:
        return record_from_state(
            state, commitment=shuffle.commitment, secret=shuffle.secret, **fields
        )
    return record_from_state(state, seed=None, commitment=shuffle.commitment, **fields)


# --------------------------------------------------------------------------- verifying a record

Kind = Literal["fields", "commitment", "card", "replay", "stacks"]


@dataclass(frozen=True)
class Problem:
    """One thing in a record that does not match: what (``kind``) and a line that says it."""

    kind: Kind
    message: str


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify` found in one hand record.

    ``verified``: the commitment opens to the revealed seed and secret, every dealt card is the
    deck's card at that point, and the replay ends with the record's ``finishing_stacks``.
    ``unverifiable``: the record lacks what a check needs (no commitment, or the seed and
    secret not revealed yet). ``cards``: dealt cards compared with the deck; ``hidden``: cards
    the record writes ``??`` (v1: the deck supplies them; v2: not shown to this reader).
    ``scheme``: the record's; ``values``: how many players' values cut a v2 deck.
    """

    status: Literal["verified", "mismatch", "unverifiable"]
    problems: tuple[Problem, ...]
    commitment: str | None
    cards: int = 0
    hidden: int = 0
    scheme: str = SCHEME
    values: int = 0

    @property
    def ok(self) -> bool:
        """True when the hand is verified."""
        return self.status == "verified"


def verify(record: HandRecord, *, commitment: str | None = None) -> Verdict:
    """Check one hand record: its commitment, every card dealt, and its result.

    ``commitment``: the one the player saw published before the hand, if kept; the record's
    own is then also compared with it (a record checked only against itself proves nothing
    about a commitment never seen before the deal).
    """
    problems: list[Problem] = []
    committed = record.commitment
    if committed is None:
        why = "the record has no _commitment"
        return Verdict("unverifiable", (Problem("fields", why),), None)
    if commitment is not None and commitment != committed:
        problems.append(
            Problem(
                "commitment",
                f"the record's _commitment {committed} is not the one published before the "
                f"hand, {commitment}",
            )
        )
    missing = [name for name, v in (("seed", record.seed), ("_secret", record.secret)) if v is None]
    if missing:
        why = " and ".join(missing) + (" are" if len(missing) > 1 else " is")
        line = f"{why} not revealed: only the commitment {committed} can be shown"
        return Verdict("unverifiable", (*problems, Problem("fields", line)), committed)
    seed, secret = record.seed, record.secret
    assert seed is not None
    assert secret is not None
    try:
        actual = commit(seed, secret)
    except FairnessError as exc:
        return Verdict("mismatch", (*problems, Problem("commitment", str(exc))), committed)
    if actual != committed:
        problems.append(
            Problem(
                "commitment",
                f"_commitment {committed} is not the commitment of the revealed seed and "
                f"secret, {actual}",
            )
        )
    cards, hidden = _replay(record, seed, problems)
    return Verdict(
        "mismatch" if problems else "verified", tuple(problems), committed, cards, hidden
    )


def _replay(record: HandRecord, seed: int, problems: list[Problem]) -> tuple[int, int]:
    """Replay ``record``, taking each dealer step from the deck and comparing it with the
    record's; append what differs. Returns (cards compared, ``??`` cards filled in)."""
    try:
        state = start(record)
    except RecordError as exc:
        problems.append(Problem("replay", f"the table cannot be set: {exc}"))
        return 0, 0
    if state.deck_order != deck(seed):
        problems.append(
            Problem("card", "the engine's deck is not the documented shuffle of the seed (a bug)")
        )
    dealt = hidden = 0
    checking = True  # after the first wrong card the record's own cards are replayed
    for index, action in enumerate(record.actions, 1):
        if checking and action.verb in DEALER_VERBS:
            trial = state.copy()
            try:
                expected: Action | None = deal_next(trial)
            except IllegalAction:
                expected = None  # the dealer is not due: apply() below says why
            if expected is not None and _matches(expected, action):
                state = trial
                dealt += len(action.cards)
                hidden += sum(c is None for c in action.cards)
                continue
            if expected is not None:
                problems.append(Problem("card", _wrong_card(index, action, expected, dealt)))
                checking = False
        try:
            apply(state, action)
        except IllegalAction as exc:
            text = format_action(action)
            problems.append(Problem("replay", f'action {index} "{text}": {exc.message}'))
            return dealt, hidden
    finish_showdown(state)
    problems.extend(stacks_problems(record, state))
    return dealt, hidden


def _matches(expected: Action, recorded: Action) -> bool:
    """The same dealer step; a ``??`` in the record stands for whatever the deck gives."""
    if (expected.verb, expected.seat, len(expected.cards)) != (
        recorded.verb,
        recorded.seat,
        len(recorded.cards),
    ):
        return False
    return all(r is None or r == e for e, r in zip(expected.cards, recorded.cards, strict=True))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _wrong_card(index: int, recorded: Action, expected: Action, dealt: int) -> str:
    """One line naming the first card the record deals that the deck does not."""
    head = f'action {index} "{format_action(recorded)}"'
    same_step = (expected.verb, expected.seat, len(expected.cards)) == (
        recorded.verb,
        recorded.seat,
        len(recorded.cards),
    )
    if same_step:
        for place, (want, got) in enumerate(zip(expected.cards, recorded.cards, strict=True)):
            if got is not None and got != want:
                assert want is not None
                return (
                    f"{head}: the {ordinal(dealt + place + 1)} card dealt from the deck is "
                    f"{CARDS[want]}, not {CARDS[got]}"
                )
    return f'{head}: the deck and the rules deal "{format_action(expected)}" here'


def stacks_problems(record: HandRecord, state: State) -> list[Problem]:
    """The replay's end compared with the record's ``finishing_stacks``."""
    if not state.finished:
        return [Problem("stacks", "the hand is not over after the record's last action")]
    wanted, ended = record.finishing_stacks, _list(state.stacks)
    if wanted is None:
        return [Problem("stacks", f"no finishing_stacks to compare (the replay ends {ended})")]
    if tuple(wanted) == state.stacks:
        return []
    wrong = ", ".join(
        f"p{seat + 1} ends with {got}, not {want}"
        for seat, (want, got) in enumerate(zip(wanted, state.stacks, strict=True))
        if want != got
    )
    line = f"finishing_stacks {_list(wanted)} are not the replay's {ended} ({wrong})"
    return [Problem("stacks", line)]


def _list(stacks: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, stacks)) + "]"
