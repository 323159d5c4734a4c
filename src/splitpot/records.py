"""Replaying hand records through the engine, and recording hands the engine played.

A record's game is its variant code, its stakes and its ``_splitpot`` house rules
(:func:`rules_for`); :func:`replay` rebuilds the table action by action, and
:func:`record_from_state` renders a hand's log as a record (``hand-history.md``: the log *is*
the history).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, Final

from splitpot import variants
from splitpot.engine import apply, deal_next, new_hand
from splitpot.errors import IllegalAction, RecordError, RulesError
from splitpot.notation import SPEC, HandRecord, format_action
from splitpot.rules import Rules
from splitpot.state import State

__all__ = [
    "finish_showdown",
    "house_rules",
    "record_from_state",
    "replay",
    "replay_to_end",
    "rules_for",
    "start",
]

_STAKES: Final = ("ante", "bring_in", "small_bet", "big_bet")
_NOT_HOUSE_RULES: Final = frozenset(
    {"name", "code", "steps", "min_players", "max_players", "book", "description", *_STAKES}
)
_UNLIMITED: Final = "unlimited"
"""How a record writes ``max_raises = None`` or ``max_bid = None`` (TOML has no null)."""


def _from_toml(key: str, value: Any) -> Any:
    if key in ("max_raises", "max_bid", "max_price", "excess_threshold") and value == _UNLIMITED:
        return None
    return tuple(value) if isinstance(value, list) else value


def _to_toml(value: Any) -> Any:
    if value is None:
        return _UNLIMITED
    return list(value) if isinstance(value, tuple) else value


def house_rules(rules: Rules) -> dict[str, Any]:
    """The house rules in which ``rules`` differs from its game's defaults, as a record writes
    them (the ``_splitpot`` table)."""
    base = variants.get(rules.code)
    return {
        f.name: _to_toml(getattr(rules, f.name))
        for f in dataclasses.fields(rules)
        if f.name not in _NOT_HOUSE_RULES and getattr(rules, f.name) != getattr(base, f.name)
    }


def rules_for(record: HandRecord) -> Rules:
    """The game a record was played at: its variant, stakes and house rules."""
    try:
        base = variants.get(record.variant)
    except RulesError:
        raise RecordError(f"field 'variant': unknown game {record.variant!r} ({SPEC})") from None
    names = {f.name for f in dataclasses.fields(base)} - _NOT_HOUSE_RULES
    for key in record.house_rules:
        if key not in names:
            raise RecordError(f"field '_splitpot': unknown house rule {key!r} ({SPEC})")
    house = {k: _from_toml(k, v) for k, v in record.house_rules.items()}
    try:
        return dataclasses.replace(
            base,
            ante=max(record.antes, default=0),
            bring_in=record.bring_in,
            small_bet=record.small_bet,
            big_bet=record.big_bet,
            **house,
        )
    except (RulesError, TypeError) as exc:
        raise RecordError(f"field '_splitpot' or the stakes: {exc} ({SPEC})") from None


def start(record: HandRecord) -> State:
    """The table before the record's first action: antes in, nothing dealt."""
    try:
        return new_hand(
            rules_for(record),
            list(record.starting_stacks),
            seed=record.seed,
            auto_deal=False,
            antes=list(record.antes),
            ante_trimming=bool(record.ante_trimming_status),
        )
    except RulesError as exc:
        raise RecordError(f"the record's table cannot be set: {exc} ({SPEC})") from None


def replay(record: HandRecord) -> Iterator[State]:
    """Apply the record's actions one by one, yielding the table after each.

    The same :class:`State` object is yielded each time (copy it to keep a snapshot). When the
    record stops at the showdown without (all) its ``sm`` lines, the referee shows every live
    hand and settles, and the settled table is yielded last. An action the rules refuse raises
    :class:`RecordError` worded ``action N "TEXT": why (RULE)``, N counting from 1.
    """
    return _steps(start(record), record)


def replay_to_end(record: HandRecord) -> State:
    """The table after the record's last action (and the referee's showdown, if due)."""
    state = start(record)
    for _ in _steps(state, record):
        pass
    return state


def _steps(state: State, record: HandRecord) -> Iterator[State]:
    for index, action in enumerate(record.actions, 1):
        try:
            apply(state, action)
        except IllegalAction as exc:
            raise RecordError(
                f'action {index} "{format_action(action)}": {exc.message} ({exc.rule})'
            ) from exc
        yield state
    if finish_showdown(state):
        yield state


def finish_showdown(state: State) -> bool:
    """If only the showdown is left, show every live hand and settle; True if anything moved.

    A hand whose cards the record never revealed cannot be shown by the referee: the table then
    stays at the showdown, waiting on that player's ``sm``.
    """
    moved = False
    while not state.finished and state.step.kind == "showdown":
        try:
            deal_next(state)
        except IllegalAction:
            break  # unknown cards: only the player can show them
        moved = True
    return moved


def record_from_state(state: State, **fields: Any) -> HandRecord:
    """The record of a hand so far (finished or not): its game, stacks and log.

    Keyword arguments add fields (``players=[...]``, ``event=...``, ``hand=3``); ``seed``
    defaults to the hand's, ``commitment`` and ``secret`` (fair dealing) to none.
    ``finishing_stacks`` are filled in when the hand is finished.
    """
    rules: Rules = state.rules
    seed = fields.pop("seed", state.seed)
    commitment = fields.pop("commitment", None)
    secret = fields.pop("secret", None)
    return HandRecord(
        variant=rules.code,
        antes=tuple(state.antes),
        bring_in=rules.bring_in,
        small_bet=rules.small_bet,
        big_bet=rules.big_bet,
        starting_stacks=tuple(state.starting),
        actions=state.log,
        finishing_stacks=state.stacks if state.finished else None,
        house_rules=house_rules(rules),
        seed=seed,
        ante_trimming_status=state.dead == 0,
        fields=fields,
        commitment=commitment,
        secret=secret,
    )
