"""The registry of games: look a game up by name, PHH code or alias; register new ones.

``variants.get("stud8")``, ``variants.get("F7S/8")``; ``variants.load_toml(path)`` reads a game
a house defines without Python (docs/variants.md).
"""

from __future__ import annotations

from splitpot.errors import RulesError
from splitpot.rules import Rules
from splitpot.variants.auction import AUCTION
from splitpot.variants.files import load_toml, rules_from_mapping
from splitpot.variants.nasdaq import NASDAQ, NASDAQ7
from splitpot.variants.stud import RAZZ, STUD, STUD5, STUD5BUY, STUD5HILO, STUD8

__all__ = ["get", "load_toml", "names", "register", "rules_from_mapping"]

_GAMES: dict[str, Rules] = {}
_KEYS: dict[str, str] = {}


def register(rules: Rules, *aliases: str) -> Rules:
    """Make ``rules`` findable by its name, its PHH code and each alias (case-insensitive)."""
    _GAMES[rules.name] = rules
    for key in (rules.name, rules.code, *aliases):
        if key:
            _KEYS[key.casefold()] = rules.name
    return rules


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
