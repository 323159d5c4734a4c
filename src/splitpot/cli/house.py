"""The game, house rules and stakes from the command line: ``--game NAME|FILE.toml``,
``--house KEY=VALUE`` and ``--rules FILE.toml``.

Shared by ``splitpot play`` and ``splitpot simulate``. A game is a registered name or code, or
a file that defines one (docs/variants.md; ``--rules`` naming a ``name`` or ``base`` is such a
file too); :func:`choose_game` reads it. The keys, how a value is read and what
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

from splitpot import house, variants
from splitpot.errors import RulesError
from splitpot.rules import Rules

__all__ = ["Change", "build_rules", "choose_game", "file_changes", "house_changes", "is_game_file"]

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


_GAME_KEYS = frozenset({"name", "base", "steps"})
"""Keys that make a ``--rules`` file a game of its own rather than house rules."""


def is_game_file(game: str) -> bool:
    """Whether ``--game`` names a file (``.toml``, or an existing file that is no game's
    name) rather than a registered game."""
    if game.lower().endswith(".toml"):
        return True
    try:
        variants.get(game)
    except RulesError:
        return Path(game).is_file()
    return False


def choose_game(
    game: str | None, rules_file: Path | None, *, hint: str
) -> tuple[Rules, list[Change]]:
    """The game to play and the changes of a house-rules file: ``game`` is a registered name
    or code or a game file (``hint``: the option it came from), ``rules_file`` house rules, or
    a game of its own when it has a ``name``, ``base`` or ``steps``. A file's mistake is a
    :class:`click.BadParameter` of one line naming its line and key."""
    if rules_file is not None:
        changes = file_changes(rules_file)
        if _GAME_KEYS & {key for _, key, _ in changes}:
            if game is not None:
                raise click.BadParameter(
                    f"{rules_file} defines a game (name, base or steps): give it alone, "
                    f"without {game!r}",
                    param_hint="'--rules'",
                )
            return _load(rules_file, "'--rules'"), []
    else:
        changes = []
    if game is None:
        raise click.BadParameter(
            "name a game, or a game file (NAME.toml; docs/variants.md)", param_hint=hint
        )
    if is_game_file(game):
        return _load(Path(game), hint), changes
    try:
        return variants.get(game), changes
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None


def _load(path: Path, hint: str) -> Rules:
    try:
        return variants.load_game(path)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None
