"""A refusal of the rules worded for the person it answers: the engine speaks of seats
(``bid 5000 is more than the 999 p1 has behind``); the player who made the move reads it in the
second person (``... the 999 you have behind``) and the others by their names at the table."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

__all__ = ["addressed"]

_PLAYER: Final = re.compile(r"\bp([1-9][0-9]?)\b")
_SECOND_PERSON: Final = {
    "has": "have",
    "is": "are",
    "was": "were",
    "does": "do",
    "holds": "hold",
    "faces": "face",
    "bids": "bid",
    "picks": "pick",
    "sells": "sell",
    "discards": "discard",
    "checks": "check",
}
"""The engine's verbs after a seat, as they read after "you"."""
_QUOTED: Final = re.compile(r"(?<!\w)'[^']*'(?!\w)")
_AND_VERB: Final = re.compile(r"(\band |\()(" + "|".join(_SECOND_PERSON) + r")\b")
_AFTER: Final = {"and ": "and ", "(": "(you "}
_PRONOUN: Final = re.compile(r"\b(?:its|it has|it is|for it|it)\b")
_PRONOUNS: Final = {
    "its": "your",
    "it has": "you have",
    "it is": "you are",
    "for it": "for you",
    "it": "you",
}


def addressed(message: str, mover: int, names: Sequence[str]) -> str:
    """``message`` (an engine refusal naming seats ``p1``, ``p2``...) as the player in engine
    seat ``mover`` reads it: their own seat is "you" (the verb after it agreeing, and "it"/"its"
    after the first mention theirs), every other seat the name of its player."""
    own = f"p{mover + 1}"
    quoted: list[str] = []  # record notation in quotes ('d dh p1 CARD') is kept as it is

    def keep(found: re.Match[str]) -> str:
        quoted.append(found.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    words = _QUOTED.sub(keep, message)
    first = _PLAYER.search(words)
    you_first = first is not None and first.group(0) == own
    words = re.sub(rf"\bnot {own}'s\b", "not yours", words)
    words = re.sub(rf"\b{own}'s\b", "your", words)

    def you(found: re.Match[str]) -> str:
        verb = found.group(1)
        return "you" + ("" if verb is None else " " + _SECOND_PERSON.get(verb, verb))

    words = re.sub(rf"\b{own}\b(?: (\w+))?", you, words)
    if you_first:  # "it" after the player's own seat is the player
        at = words.find("you")
        head, tail = words[:at], words[at:]
        tail = _PRONOUN.sub(lambda m: _PRONOUNS[m.group(0)], tail)
        tail = _AND_VERB.sub(lambda m: _AFTER[m.group(1)] + _SECOND_PERSON[m.group(2)], tail)
        words = head + tail

    def name(found: re.Match[str]) -> str:
        e = int(found.group(1)) - 1
        return names[e] if 0 <= e < len(names) else found.group(0)

    words = _PLAYER.sub(name, words)
    return re.sub("\x00(\\d+)\x00", lambda m: quoted[int(m.group(1))], words)
