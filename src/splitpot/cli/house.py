"""House rules and stakes from the command line: ``--house KEY=VALUE`` and ``--rules FILE.toml``.

Shared by ``splitpot play`` and ``splitpot simulate``; the keys, how a value is read and what
``unlimited`` means come from :mod:`splitpot.house` (the stakes and house rules of
:class:`~splitpot.rules.Rules`, names as in docs/games.md). A wrong key, value or file is a
:class:`click.BadParameter` naming the option it came from (exit status 2), and nothing is
applied.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import click

from splitpot import house
from splitpot.errors import RulesError
from splitpot.rules import Rules

__all__ = ["Change", "build_rules", "file_changes", "house_changes"]

Change = tuple[str, str, Any]
"""One change to the rules: the option it came from (for errors), the key and the value."""


def build_rules(base: Rules, changes: list[Change]) -> Rules:
    """``base`` with ``changes`` applied all at once, a later change of a key winning over an
    earlier one (``--house`` over ``--rules``), so their order does not matter otherwise
    (``declare_both`` before ``showdown=declare``); a wrong key or value is a
    :class:`click.BadParameter` naming the option it came from."""
    came_from = {key: option for option, key, _ in changes}
    try:
        return house.with_house(base, {key: value for _, key, value in changes})
    except RulesError as exc:  # it names the key: the option it came from is the hint
        words = str(exc)
        named = [o for k, o in came_from.items() if re.search(rf"\b{re.escape(k)}\b", words)]
        hint = named[0] if named else " / ".join(dict.fromkeys(came_from.values()))
        raise click.BadParameter(words, param_hint=hint) from None


def house_changes(pairs: tuple[str, ...]) -> list[Change]:
    """The changes of ``--house KEY=VALUE`` options (``-`` in a key reads as ``_``)."""
    changes = []
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(
                f"{pair!r} is not KEY=VALUE (e.g. qualifier=8)", param_hint="'--house'"
            )
        changes.append(("'--house'", key.strip().replace("-", "_"), house.read_value(text.strip())))
    return changes


def file_changes(path: Path) -> list[Change]:
    """The changes of a ``--rules`` file: a TOML table of house rules and stakes."""
    hint = f"'--rules' ({path})"
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise click.BadParameter(f"cannot read it as TOML: {exc}", param_hint=hint) from None
    return [(hint, key, value) for key, value in table.items()]
