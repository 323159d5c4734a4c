"""Games from TOML files: the house's own game as data, no Python (format: docs/variants.md)."""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from splitpot.errors import RulesError
from splitpot.rules import OPTIONS, STEP_KINDS, Rules, Step

__all__ = ["load_toml", "rules_from_mapping"]

_FIELDS = {f.name for f in dataclasses.fields(Rules)} - {"steps"}


def load_toml(path: str | Path, *, register: bool = False) -> Rules:
    """Read one game from a TOML file; ``base = "stud8"`` starts from a registered game.

    With ``register=True`` the game also joins the registry under its name, code and
    ``aliases``.
    """
    from splitpot import variants

    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{path}: not valid TOML: {error}") from None
    rules = rules_from_mapping(data, source=str(path))
    if register:
        aliases = data.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise RulesError(f"{path}: aliases must be a list of names")
        variants.register(rules, *aliases)
    return rules


def rules_from_mapping(data: Mapping[str, Any], *, source: str = "variant") -> Rules:
    """Build :class:`Rules` from a parsed TOML table (see :func:`load_toml`)."""
    from splitpot import variants  # the registry, for ``base``

    keys = _FIELDS | {"steps", "base", "aliases"}
    extra = set(data) - keys
    if extra:
        raise RulesError(f"{source}: unknown key(s) {sorted(extra)}; allowed: {sorted(keys)}")
    options = {k: v for k, v in data.items() if k in _FIELDS}
    if "steps" in data:
        options["steps"] = tuple(_step(s, source) for s in data["steps"])
    if "base" in data:
        base = variants.get(data["base"])
        rules = dataclasses.replace(base, **options)
        rules.refuse_unused(k for k in OPTIONS if getattr(rules, k) != getattr(base, k))
        return rules
    if "steps" not in options or "name" not in options:
        raise RulesError(f"{source}: a game needs a name and steps (or a base game)")
    options.setdefault("code", "")
    try:
        return Rules(**options)
    except TypeError as error:  # a missing or misspelt field
        raise RulesError(f"{source}: {error}") from None


def _step(table: Mapping[str, Any], source: str) -> Step:
    if not isinstance(table, Mapping) or table.get("kind") not in STEP_KINDS:
        raise RulesError(f"{source}: each step needs kind = one of {sorted(STEP_KINDS)}")
    cls = STEP_KINDS[table["kind"]]
    allowed = {f.name for f in dataclasses.fields(cls)}
    args = {k: v for k, v in table.items() if k != "kind"}
    if set(args) - allowed:
        raise RulesError(
            f"{source}: step {table['kind']!r} does not take {sorted(set(args) - allowed)}; "
            f"it takes {sorted(allowed)}"
        )
    return cls(**args)
