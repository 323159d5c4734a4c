"""Hand records: action text and PHH files (``hand-history.md``).

One action is one line of a record (``"p1 cbr 200000"``); :func:`parse_action` and
:func:`format_action` turn lines into :class:`~splitpot.actions.Action` values and back. A
:class:`HandRecord` is one hand: its game, stakes, stacks, actions and every other field of the
file, so writing a record that was read gives the same fields back. Replaying a record through
the engine lives in :mod:`splitpot.records`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast

import tomli_w

from splitpot import variants
from splitpot.actions import Action, Declaration
from splitpot.cards import CARDS, Card, parse_card
from splitpot.errors import InvalidNotation, RecordError, RulesError

__all__ = [
    "PLAIN_VARIANTS",
    "SPEC",
    "HandRecord",
    "format_action",
    "format_card_list",
    "load",
    "parse_action",
    "parse_card_list",
    "phhs_entry",
    "read_phh",
    "read_phhs",
    "record_from_dict",
    "record_to_dict",
    "write_phh",
    "write_phhs",
]

SPEC: Final = "hand-history.md"
"""What malformed records cite."""
PLAIN_VARIANTS: Final = frozenset({"F7S", "F7S/8", "FR"})
"""Variant codes of standard PHH: written without a ``_splitpot`` table when nothing differs."""
SPLITPOT_VERSION: Final = 1

_SEAT = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]+")
_DECLARATIONS: Final[frozenset[str]] = frozenset({"hi", "lo", "both"})
_NO_ARGS: Final = frozenset({"pb", "cc", "f", "pass"})
_ONE_CARD: Final = frozenset({"pick", "buy", "up"})
_ANY_CARDS: Final = frozenset({"sd", "sm"})


# --------------------------------------------------------------------------- action text


def parse_card_list(text: str) -> tuple[Card | None, ...]:
    """Read cards written together (``"AhKd??"``); ``??`` is a card nobody has seen (None)."""
    if len(text) % 2:
        raise InvalidNotation(f"{text!r} is not a list of two-character cards")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        if chunk == "??":
            cards.append(None)
            continue
        try:
            card = parse_card(chunk)
        except InvalidNotation:
            where = "" if chunk == text else f" in {text!r}"
            raise InvalidNotation(f"{chunk!r}{where} is not a card") from None
        if card in cards:
            raise InvalidNotation(f"card {card} appears twice in {text!r}")
        cards.append(card)
    return tuple(cards)


def format_card_list(cards: Iterable[int | None]) -> str:
    """Write cards together, ``??`` for an unknown card."""
    return "".join("??" if c is None else str(CARDS[c]) for c in cards)


def _amount(word: str, line: str) -> int:
    if not _AMOUNT.fullmatch(word):
        raise InvalidNotation(f"{line!r}: {word!r} is not a chip amount (a whole number)")
    return int(word)


def parse_action(text: str) -> Action:
    """Read one action line such as ``"d dh p1 5d2sAd"`` or ``"p3 cbr 200000 # all in"``.

    A ``# comment`` tail is ignored. Malformed text raises :class:`InvalidNotation` quoting it.
    """
    words = text.split("#", 1)[0].split()
    if len(words) < 2:
        raise InvalidNotation(f"{text!r} is not an action: expected an actor and a verb")
    actor, verb, *args = words
    if actor == "d":
        return _parse_dealer(text, verb, args)
    seat_match = _SEAT.fullmatch(actor)
    if seat_match is None:
        raise InvalidNotation(f"{text!r}: {actor!r} is not an actor (write d, p1, p2, ...)")
    seat = int(seat_match.group(1)) - 1
    if verb in _NO_ARGS:
        _arity(text, args, 0, 0)
        return Action(verb, seat)
    if verb in ("cbr", "bid"):
        _arity(text, args, 1, 1)
        return Action(verb, seat, amount=_amount(args[0], text))
    if verb in _ANY_CARDS:
        _arity(text, args, 0, 1)
        return Action(verb, seat, _some_cards(args[0], text) if args else ())
    if verb in _ONE_CARD or verb == "sell":
        _arity(text, args, 1, 2 if verb == "sell" else 1)
        cards = _some_cards(args[0], text)
        if len(cards) != 1:
            raise InvalidNotation(f"{text!r}: {verb} takes exactly one card")
        amount = _amount(args[1], text) if len(args) > 1 else None
        return Action(verb, seat, cards, amount)
    if verb == "dec":
        _arity(text, args, 1, 1)
        if args[0] not in _DECLARATIONS:
            raise InvalidNotation(f"{text!r}: declare hi, lo or both, not {args[0]!r}")
        return Action(verb, seat, declaration=cast(Declaration, args[0]))
    raise InvalidNotation(f"{text!r}: unknown verb {verb!r}")


def _parse_dealer(text: str, verb: str, args: list[str]) -> Action:
    if verb == "dh":
        _arity(text, args, 2, 2)
        seat_match = _SEAT.fullmatch(args[0])
        if seat_match is None:
            raise InvalidNotation(f"{text!r}: {args[0]!r} is not a player (p1, p2, ...)")
        return Action("dh", int(seat_match.group(1)) - 1, _some_cards(args[1], text))
    if verb in ("db", "dl"):
        _arity(text, args, 1, 1)
        return Action(verb, None, _some_cards(args[0], text))
    raise InvalidNotation(f"{text!r}: unknown dealer verb {verb!r} (dh, db or dl)")


def _some_cards(word: str, text: str) -> tuple[Card | None, ...]:
    try:
        return parse_card_list(word)
    except InvalidNotation as exc:
        raise InvalidNotation(f"{text!r}: {exc}") from None


def _arity(text: str, args: Sequence[str], least: int, most: int) -> None:
    if not least <= len(args) <= most:
        want = str(least) if least == most else f"{least} to {most}"
        raise InvalidNotation(f"{text!r}: expected {want} argument(s), got {len(args)}")


def format_action(action: Action) -> str:
    """Write an action as a record line (the inverse of :func:`parse_action`)."""
    verb = action.verb
    if verb in ("db", "dl"):
        return f"d {verb} {format_card_list(action.cards)}"
    if action.seat is None:
        raise InvalidNotation(f"{action!r} has no seat")
    player = f"p{action.seat + 1}"
    if verb == "dh":
        return f"d dh {player} {format_card_list(action.cards)}"
    words = [player, verb]
    if verb in ("cbr", "bid"):
        if action.amount is None:
            raise InvalidNotation(f"{action!r}: {verb} needs an amount")
        words.append(str(action.amount))
    elif verb in _ANY_CARDS or verb in _ONE_CARD or verb == "sell":
        if action.cards:
            words.append(format_card_list(action.cards))
        if verb == "sell" and action.amount is not None:
            words.append(str(action.amount))
    elif verb == "dec":
        if action.declaration is None:
            raise InvalidNotation(f"{action!r}: dec needs a declaration")
        words.append(action.declaration)
    elif verb not in _NO_ARGS:
        raise InvalidNotation(f"{action!r}: unknown verb {verb!r}")
    return " ".join(words)


# --------------------------------------------------------------------------- records

_CORE: Final = (
    "variant",
    "ante_trimming_status",
    "antes",
    "bring_in",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
)
_TAIL: Final = ("seed", "_secret", "_commitment", "finishing_stacks", "_splitpot")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_BRING_IN_GAMES: Final = frozenset({"F7S", "F7S/8", "FR", "F5S", "F5SHL", "F5SB"})


@dataclass(frozen=True)
class HandRecord:
    """One hand as a PHH file holds it.

    ``antes``, ``starting_stacks`` and ``finishing_stacks`` have one entry per player (p1 first).
    ``house_rules`` is the ``_splitpot`` table without its ``version``: only the rules that
    differ from the game's defaults. ``fields`` keeps every other field of the file (``players``,
    ``event``, ``hand``...) in file order, so writing a record that was read loses nothing.
    ``ante_trimming_status`` is None when the file does not say (PHH's default, false).
    ``commitment`` and ``secret`` (fields ``_commitment``, ``_secret``: 64 lower-case hex
    digits each) are the fair-dealing commitment to the seed and the secret revealed with it
    (``docs/fairness.md``).
    """

    variant: str
    antes: tuple[int, ...]
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[Action, ...]
    finishing_stacks: tuple[int, ...] | None = None
    house_rules: Mapping[str, Any] = field(default_factory=dict, hash=False)
    seed: int | None = None
    ante_trimming_status: bool | None = None
    fields: Mapping[str, Any] = field(default_factory=dict, hash=False)
    commitment: str | None = None
    secret: str | None = None

    @property
    def players(self) -> tuple[str, ...] | None:
        """The players' names, if the record gives them."""
        names = self.fields.get("players")
        return tuple(names) if isinstance(names, list | tuple) else None

    @property
    def player_count(self) -> int:
        """How many players were dealt in."""
        return len(self.starting_stacks)


def _need(table: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in table:
        raise RecordError(f"field {name!r} is missing ({SPEC})")
    value = table[name]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise RecordError(f"field {name!r} has the wrong type: {value!r} ({SPEC})")
    return value


def _chips(table: Mapping[str, Any], name: str) -> int:
    value = cast(int, _need(table, name, int))
    if value < 0:
        raise RecordError(f"field {name!r} is negative: {value} ({SPEC})")
    return value


def _chip_list(table: Mapping[str, Any], name: str, count: int | None) -> tuple[int, ...]:
    values = cast(list[Any], _need(table, name, list))
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
        raise RecordError(f"field {name!r} must list whole chip counts: {values!r} ({SPEC})")
    if count is not None and len(values) != count:
        raise RecordError(f"field {name!r} has {len(values)} entries for {count} players ({SPEC})")
    return tuple(values)


def record_from_dict(table: Mapping[str, Any]) -> HandRecord:
    """Build a record from one PHH table (as ``tomllib`` reads it), checking every field."""
    if not isinstance(table, Mapping):
        raise RecordError(f"a hand must be a TOML table, not {table!r} ({SPEC})")
    variant = cast(str, _need(table, "variant", str))
    _check_variant(variant)
    stacks = _chip_list(table, "starting_stacks", None)
    if len(stacks) < 2:
        raise RecordError(f"field 'starting_stacks' needs at least two players ({SPEC})")
    antes = _chip_list(table, "antes", len(stacks))
    needs_bring_in = variant in _BRING_IN_GAMES or "bring_in" in table
    bring_in = _chips(table, "bring_in") if needs_bring_in else 0
    small_bet = _chips(table, "small_bet")
    big_bet = _chips(table, "big_bet")
    lines = cast(list[Any], _need(table, "actions", list))
    actions = tuple(_parse_line(i, line) for i, line in enumerate(lines, 1) if _is_action(line))
    finishing = None
    if "finishing_stacks" in table:
        finishing = _chip_list(table, "finishing_stacks", len(stacks))
    seed = None
    if "seed" in table:
        seed = cast(int, _need(table, "seed", int))
    commitment, secret = _hex64(table, "_commitment"), _hex64(table, "_secret")
    trimming = None
    if "ante_trimming_status" in table:
        trimming = cast(bool, _need(table, "ante_trimming_status", bool))
    house: dict[str, Any] = {}
    if "_splitpot" in table:
        house = dict(cast(Mapping[str, Any], _need(table, "_splitpot", dict)))
        version = house.pop("version", None)
        if version != SPLITPOT_VERSION:
            raise RecordError(
                f"field '_splitpot' version {version!r} is not {SPLITPOT_VERSION} ({SPEC})"
            )
    if "players" in table:
        names = cast(list[Any], _need(table, "players", list))
        if len(names) != len(stacks) or not all(isinstance(n, str) for n in names):
            raise RecordError(f"field 'players' must name each of {len(stacks)} players ({SPEC})")
    rest = {k: v for k, v in table.items() if k not in _CORE and k not in _TAIL}
    return HandRecord(
        variant=variant,
        antes=antes,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        starting_stacks=stacks,
        actions=actions,
        finishing_stacks=finishing,
        house_rules=house,
        seed=seed,
        ante_trimming_status=trimming,
        fields=rest,
        commitment=commitment,
        secret=secret,
    )


def _hex64(table: Mapping[str, Any], name: str) -> str | None:
    """An optional field of 64 lower-case hex digits (a SHA-256 digest, a 32-byte secret)."""
    if name not in table:
        return None
    value = table[name]
    if not isinstance(value, str) or not _HEX64.fullmatch(value):
        raise RecordError(
            f"field {name!r} must be 64 lower-case hex digits, not {value!r} ({SPEC})"
        )
    return value


class _ActionLineError(RecordError):
    """A malformed action line: its message is already the one-line form of hand-history.md."""


def _is_action(line: object) -> bool:
    """False for a line that is only a comment (PHH allows them; they do nothing)."""
    return not (isinstance(line, str) and line.strip().startswith("#"))


def _parse_line(index: int, line: object) -> Action:
    if not isinstance(line, str):
        raise RecordError(f"action {index} {line!r}: an action must be a string ({SPEC})")
    try:
        return parse_action(line)
    except InvalidNotation as exc:
        why = str(exc).removeprefix(f"{line!r}: ")  # the line is quoted once, up front
        raise _ActionLineError(f'action {index} "{line}": {why} ({SPEC})') from None


def _check_variant(code: str) -> None:
    try:
        known = variants.get(code).code == code
    except RulesError:
        known = False
    if not known:
        raise RecordError(f"field 'variant': {code!r} is not the PHH code of a known game ({SPEC})")


def record_to_dict(record: HandRecord) -> dict[str, Any]:
    """The PHH table of a record, fields in the usual order."""
    table: dict[str, Any] = {"variant": record.variant}
    if record.ante_trimming_status is not None:
        table["ante_trimming_status"] = record.ante_trimming_status
    table["antes"] = list(record.antes)
    if record.bring_in or record.variant in _BRING_IN_GAMES:
        table["bring_in"] = record.bring_in
    table["small_bet"] = record.small_bet
    table["big_bet"] = record.big_bet
    table["starting_stacks"] = list(record.starting_stacks)
    table["actions"] = [format_action(a) for a in record.actions]
    table.update(record.fields)
    if record.seed is not None:
        table["seed"] = record.seed
    if record.secret is not None:
        table["_secret"] = record.secret
    if record.commitment is not None:
        table["_commitment"] = record.commitment
    if record.finishing_stacks is not None:
        table["finishing_stacks"] = list(record.finishing_stacks)
    if record.house_rules or record.variant not in PLAIN_VARIANTS:
        table["_splitpot"] = {"version": SPLITPOT_VERSION, **record.house_rules}
    return table


# --------------------------------------------------------------------------- TOML


def _toml(value: Any) -> str:
    """One TOML value on one line: arrays inline, tables as inline tables."""
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return tomli_w.dumps({"v": value}).split(" = ", 1)[1].rstrip("\n")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml(key)


def _dump_table(table: Mapping[str, Any]) -> str:
    lines = []
    for key, value in table.items():
        if key == "actions" and value:
            body = "".join(f"    {_toml(line)},\n" for line in value)
            lines.append(f"actions = [\n{body}]")
        else:
            lines.append(f"{_key(key)} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def write_phh(record: HandRecord) -> str:
    """The text of a ``.phh`` file holding one hand."""
    return _dump_table(record_to_dict(record))


def phhs_entry(number: int, record: HandRecord) -> str:
    """One hand of a ``.phhs`` file: the table ``[number]``. Entries are joined by a newline."""
    return f"[{number}]\n{write_phh(record)}"


def write_phhs(records: Iterable[HandRecord]) -> str:
    """The text of a ``.phhs`` file: hands as tables ``[1]``, ``[2]``..."""
    return "\n".join(phhs_entry(i, r) for i, r in enumerate(records, 1))


def _loads(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"not a PHH file (TOML): {exc} ({SPEC})") from None


def read_phh(text: str) -> HandRecord:
    """Read the text of a ``.phh`` file (one hand)."""
    return record_from_dict(_loads(text))


def iter_phhs(text: str) -> Iterator[HandRecord]:
    """Read the hands of a ``.phhs`` file one by one, in table order (``[1]``, ``[2]``...)."""
    document = _loads(text)
    for key, table in _hand_tables(document):
        try:
            yield record_from_dict(table)
        except _ActionLineError:
            raise
        except RecordError as exc:
            raise RecordError(f"hand [{key}]: {exc}") from None


def _hand_tables(document: Mapping[str, Any]) -> list[tuple[str, Any]]:
    for key in document:
        if not key.isdigit():
            raise RecordError(f"{key!r} is not a hand number: a .phhs holds [1], [2]... ({SPEC})")
    return sorted(document.items(), key=lambda item: int(item[0]))


def read_phhs(text: str) -> list[HandRecord]:
    """Read the text of a ``.phhs`` file (hands as ``[1]``, ``[2]``... tables)."""
    return list(iter_phhs(text))


def iter_text(text: str, *, name: str = "") -> Iterator[HandRecord]:
    """The hands of a file's text: one for ``.phh``, several for ``.phhs``, else by content."""
    if name.endswith(".phhs"):
        yield from iter_phhs(text)
    elif name.endswith(".phh") or "variant" in _loads(text):
        yield read_phh(text)
    else:
        yield from iter_phhs(text)


def load(path: str | Path) -> list[HandRecord]:
    """The hands of a ``.phh`` (one) or ``.phhs`` (several) file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {str(path)!r}: {exc.strerror}") from None
    return list(iter_text(text, name=path.name))
