"""The registry of games: look a game up by name, PHH code or alias; register new ones.

``variants.get("stud8")``, ``variants.get("F7S/8")``; ``variants.load_toml(path)`` reads a game
a house defines without Python (docs/variants.md), and :func:`define` makes such a game known
to this process, so its hands are recorded and replayed.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from splitpot.errors import RulesError
from splitpot.rules import Rules
from splitpot.variants.auction import AUCTION
from splitpot.variants.files import line_of, load_toml, read_aliases, rules_from_mapping
from splitpot.variants.nasdaq import NASDAQ, NASDAQ7
from splitpot.variants.stud import RAZZ, STUD, STUD5, STUD5BUY, STUD5HILO, STUD8

__all__ = [
    "define",
    "defined",
    "get",
    "load_game",
    "load_toml",
    "names",
    "register",
    "rules_from_mapping",
]

_GAMES: dict[str, Rules] = {}
_KEYS: dict[str, str] = {}
_DEFINED: set[str] = set()
"""Names of games defined from files in this process (:func:`define`), which may be replaced."""


def register(rules: Rules, *aliases: str) -> Rules:
    """Make ``rules`` findable by its name, its PHH code and each alias (case-insensitive)."""
    _GAMES[rules.name] = rules
    for key in (rules.name, rules.code, *aliases):
        if key:
            _KEYS[key.casefold()] = rules.name
    return rules


def define(rules: Rules, *aliases: str) -> Rules:
    """Make a defined game known by its name and ``aliases`` (and its code), and return it as
    its hands are recorded.

    A game that plays the steps of the registered game its code names (a ``base`` game with
    other stakes or house rules) keeps that code: a record of it is that game's, whose house
    rules say the rest. Any other is known by its code too, a game without one taking its name
    for one. A name, code or alias of a built-in game, or a code whose game plays other steps,
    is refused (:class:`RulesError` naming the key). A game defined earlier is replaced.
    """
    owner = _KEYS.get(rules.code.casefold()) if rules.code else None
    builtin = owner is not None and owner not in _DEFINED
    plays_base = builtin and owner is not None and _GAMES[owner].steps == rules.steps
    if builtin and not plays_base and owner != rules.name:
        raise RulesError(
            f"code = {rules.code!r} is {owner}'s, which plays other steps: give {rules.name} a "
            "code of its own (or leave it out)"
        )
    if not rules.code:
        rules = dataclasses.replace(rules, code=rules.name)
    keys = [("name", rules.name), *(("aliases", a) for a in aliases)]
    if not plays_base:
        keys.append(("code", rules.code))
    for key, value in keys:
        taken = _KEYS.get(value.casefold())
        if taken is not None and taken not in _DEFINED:
            raise RulesError(f"{key} = {value!r} is taken by the built-in game {taken}")
    if rules.name in _DEFINED:
        for old in [k for k, name in _KEYS.items() if name == rules.name]:
            del _KEYS[old]
    _DEFINED.add(rules.name)
    _GAMES[rules.name] = rules
    for _, value in keys:
        _KEYS[value.casefold()] = rules.name
    return rules


def defined() -> tuple[Rules, ...]:
    """The games :func:`define` has registered in this process."""
    return tuple(_GAMES[name] for name in sorted(_DEFINED))


def load_game(path: str | Path) -> Rules:
    """Read a game from a TOML file and :func:`define` it: what ``splitpot play --game`` and
    ``splitpot simulate --game`` play. A mistake is one line naming the file, line and key."""
    rules = load_toml(path)
    try:
        return define(rules, *read_aliases(path))
    except RulesError as exc:
        key = str(exc).split(" ", 1)[0].rstrip(":")
        line = line_of(path, key)
        raise RulesError(f"{path}:{line}: {exc}" if line else f"{path}: {exc}") from None


def names() -> list[str]:
    """The registered game names."""
    return sorted(_GAMES)


def get(name: str) -> Rules:
    """The game called ``name`` (a name, PHH code or alias); RulesError lists the known ones."""
    key = _KEYS.get(name.casefold()) if isinstance(name, str) else None
    if key is None:
        known = ", ".join(f"{n} ({_GAMES[n].code})" for n in names())
        raise RulesError(f"unknown game {name!r}; known games: {known}")
    return _GAMES[key]


register(STUD8, "seven-card stud high-low", "stud hi-lo", "stud/8", "7stud8")
register(STUD, "seven-card stud", "7stud")
register(RAZZ, "seven-card razz")
register(STUD5, "five-card stud", "5stud")
register(STUD5HILO, "five-card stud high-low", "5stud8")
register(STUD5BUY, "five-card stud high-low with a buy", "5studbuy")
register(AUCTION, "auction poker")
register(NASDAQ, "nasdaq6", "nasdaq six-card")
register(NASDAQ7, "nasdaq seven-card")
