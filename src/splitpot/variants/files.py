"""Games from TOML files: the house's own game as data, no Python (format: docs/variants.md).

A mistake in a file is one line naming the file, the line and the key: ``game.toml:4:
qualifier = 3 is not allowed; use one of 0, 5, ...`` (TOML's own syntax errors too).
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from splitpot import house
from splitpot.errors import RulesError
from splitpot.rules import OPTIONS, STEP_KINDS, Rules, Step

__all__ = ["load_toml", "rules_from_mapping"]

_FIELDS = {f.name for f in dataclasses.fields(Rules)} - {"steps"}
_KEYS = _FIELDS | {"steps", "base", "aliases"}


class _Problem(RulesError):
    """A mistake in a game's table, with where it lies: a top-level ``key``, or the key of
    step number ``step`` (0-based) — None for the step's header."""

    def __init__(self, message: str, key: str | None, step: int | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.step = step


def load_toml(path: str | Path, *, register: bool = False) -> Rules:
    """Read one game from a TOML file; ``base = "stud8"`` starts from a registered game.

    With ``register=True`` the game also joins the registry under its name, code and
    ``aliases``. A mistake is a :class:`RulesError` of one line: ``FILE:LINE: what is wrong``.
    """
    from splitpot import variants

    data, text = _read(path)
    try:
        rules = _build(data)
        aliases = _aliases(data)
    except _Problem as problem:
        line = _line(text, problem.key, problem.step)
        where = f"{path}:{line}" if line else str(path)
        raise RulesError(f"{where}: {problem}") from None
    if register:
        variants.register(rules, *aliases)
    return rules


def read_aliases(path: str | Path) -> tuple[str, ...]:
    """The ``aliases`` a game file gives (checked by :func:`load_toml`)."""
    data, _ = _read(path)
    return _aliases(data)


def line_of(path: str | Path, key: str) -> int | None:
    """The line of a top-level ``key`` in a game file, for a mistake found after loading."""
    return _line(_read(path)[1], key, None)


def rules_from_mapping(data: Mapping[str, Any], *, source: str = "variant") -> Rules:
    """Build :class:`Rules` from a parsed TOML table (see :func:`load_toml`)."""
    try:
        return _build(data)
    except _Problem as problem:
        raise RulesError(f"{source}: {problem}") from None


def _read(path: str | Path) -> tuple[dict[str, Any], str]:
    """The file's table and its text; RulesError when it cannot be read or is not TOML."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RulesError(f"{path}: cannot read it: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path}: not UTF-8 text") from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"at line (\d+)", str(error))
        where = f"{path}:{found.group(1)}" if found else str(path)
        raise RulesError(f"{where}: not valid TOML: {error}") from None


def _aliases(data: Mapping[str, Any]) -> tuple[str, ...]:
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        raise _Problem("aliases must be a list of names", "aliases")
    return tuple(aliases)


def _build(data: Mapping[str, Any]) -> Rules:
    from splitpot import variants  # the registry, for ``base``

    extra = sorted(set(data) - _KEYS)
    if extra:
        close = difflib.get_close_matches(extra[0], _KEYS, n=1)
        hint = (
            f"did you mean {close[0]!r}?" if close else f"a game takes {', '.join(sorted(_KEYS))}"
        )
        raise _Problem(f"unknown key {extra[0]!r}; {hint}", extra[0])
    for key in ("name", "code", "description"):
        if key in data and not isinstance(data[key], str):
            raise _Problem(f"{key} = {data[key]!r} must be a string", key)
    if "name" not in data:
        raise _Problem("name is missing: every game needs a name of its own", None)
    options = {k: house.rule_value(k, v) for k, v in data.items() if k in _FIELDS}
    if "steps" in data:
        steps = data["steps"]
        if not isinstance(steps, list) or not steps:
            raise _Problem("steps must be [[steps]] tables, one per step", "steps")
        options["steps"] = tuple(_step(s, i) for i, s in enumerate(steps))
    try:
        if "base" in data:
            try:
                base = variants.get(data["base"])
            except RulesError as error:
                raise _Problem(f"base = {data['base']!r}: {error}", "base") from None
            rules = dataclasses.replace(base, **options)
            rules.refuse_unused(k for k in OPTIONS if getattr(rules, k) != getattr(base, k))
            return rules
        if "steps" not in options:
            raise _Problem("a game needs steps (or a base game)", None)
        options.setdefault("code", "")
        return Rules(**options)
    except _Problem:
        raise
    except (RulesError, TypeError) as error:  # a check of Rules: it names the key first
        raise _Problem(str(error), _named(str(error), data)) from None


def _named(message: str, data: Mapping[str, Any]) -> str | None:
    """The key of ``data`` a message of :class:`Rules` is about (``key = value ...``,
    ``key must ...``, or the key it begins with: ``steps deal ...``), the earliest named."""
    found = [
        (m.start(), key)
        for key in data
        if (m := re.search(rf"^{re.escape(key)}\b|(?<![\w.]){re.escape(key)}(?= =| must)", message))
    ]
    return min(found)[1] if found else None


def _step(table: object, index: int) -> Step:
    """Step number ``index`` of a file (its ``[[steps]]`` table)."""
    if not isinstance(table, Mapping) or table.get("kind") not in STEP_KINDS:
        key = "kind" if isinstance(table, Mapping) and "kind" in table else None
        raise _Problem(f"step {index + 1}: kind must be one of {sorted(STEP_KINDS)}", key, index)
    kind = table["kind"]
    cls = STEP_KINDS[kind]
    defaults = {f.name: f.default for f in dataclasses.fields(cls)}
    for key, value in table.items():
        if key == "kind":
            continue
        if key not in defaults:
            raise _Problem(
                f"step {index + 1}: {kind} does not take {key!r}; it takes {sorted(defaults)}",
                key,
                index,
            )
        if type(value) is not type(defaults[key]):
            wanted = _WANTED.get(type(defaults[key]), type(defaults[key]).__name__)
            message = f"step {index + 1}: {kind} {key} = {value!r} must be {wanted}"
            raise _Problem(message, key, index)
    try:
        return cls(**{k: v for k, v in table.items() if k != "kind"})
    except RulesError as error:  # "deal cards = 'x': ..."
        named = [k for k in table if k != "kind" and f" {k} = " in f" {error}"]
        raise _Problem(f"step {index + 1}: {error}", named[0] if named else None, index) from None


_WANTED = {bool: "true or false", str: "a string", int: "a whole number"}
_HEADER = re.compile(r"^\s*\[\[\s*steps\s*\]\]")
_TABLE = re.compile(r"^\s*\[")


def _line(text: str, key: str | None, step: int | None) -> int | None:
    """The 1-based line of ``key`` at the top level (``step`` None) or in the ``[[steps]]``
    table number ``step`` (its header when ``key`` is None or not written there); for
    ``steps`` itself, where the steps begin."""
    if key is None and step is None:
        return None
    wanted = re.compile(rf"^\s*(\"?){re.escape(key or '')}\1\s*=") if key else None
    section: int | None = None  # None: top level; -1: another table; n: step n
    count = -1
    header = None
    for number, line in enumerate(text.splitlines(), 1):
        if _HEADER.match(line):
            count += 1
            section = count
            if key == "steps" and step is None:
                return number
            if section == step:
                header = number
            continue
        if _TABLE.match(line):
            section = -1
            continue
        if wanted is not None and wanted.match(line) and section == step:
            return number
    if header is None and step is not None:  # steps written inline: ``steps = [...]``
        return _line(text, "steps", None) if key != "steps" else None
    return header
