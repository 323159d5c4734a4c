"""The rule books the games follow, and what each refusal cites (docs/games.md: Citations).

A refusal names a rule of the game being played: an article of the game's own book
(``"Robert's 4"``, ``"OPR-657 4.2"``, ``"NASDAQ ¶12"``), a house rule by its option name
(``"house rule all_in_raise"``) or, where the books are silent, a ruling in its own words. Every
game carries a :class:`Book` (``Rules.book``); the phases ask it for the article of a *point*
(the turn to act, the deal, the showdown...) instead of naming one book for every game. A point
the book does not cover cites the house rule or ruling of :data:`FALLBACK`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from splitpot.errors import RulesError

__all__ = [
    "BOOKS",
    "FALLBACK",
    "HOUSE",
    "NASDAQ",
    "OPR207",
    "OPR657",
    "POINTS",
    "ROBERTS",
    "RULING_OTHER_HALF",
    "RULING_SHARED",
    "Book",
]

RULING_FOLD: Final = "ruling: a player facing no bet checks and may not fold"
"""Robert Ciaffone calls folding when one could check a breach of ethics (it tells one opponent
what another is not told); nothing is lost by checking, so the fold is refused."""
RULING_PAY: Final = "ruling: who cannot pay a price may only do what costs nothing"
"""docs/games.md, smaller rulings: a player who cannot pay the price of a buy, a bid or a named
asking price may only stand pat, pass or sell without a price."""
RULING_OTHER_HALF: Final = "ruling: a half nobody can take goes to the other half"
"""docs/games.md, a half nobody can take: nobody declared that way, or every declarer failed."""
RULING_SHARED: Final = "ruling: a pot nobody can take is shared among its live players"
"""docs/games.md, a half nobody can take: neither half has a taker (declarations only)."""

POINTS: Final = {
    "turn": "who acts next in a betting round (qualified by the round's opener)",
    "bring_in": "the bring-in and its completion (qualified by the round's opener)",
    "limits": "the size of a bet, call or raise",
    "cap": "a bet and max_raises raises per round",
    "heads_up": "no cap between two players with chips",
    "all_in": "an all-in bet or raise short of a full one",
    "check_raise": "no raise after a check or call",
    "fold": "no fold facing no bet",
    "deal": "the deal: which cards, to whom, from the stub",
    "common": "one common card when the stub runs short",
    "showdown": "showing the hands and the end of the hand (qualified by the house rule)",
    "declare": "the declaration",
    "declare_order": "simultaneous or in-turn declarations",
    "declare_both": "whether both ways may be declared",
    "odd_chip": "who gets an odd chip (qualified: split, high, low, both)",
    "other_half": "a half nobody can take (qualified by the house rule showdown)",
    "both_must": "a declarer of both ways must win (or tie) each half, or takes nothing",
}
"""The rule points a book answers, and what each is about."""

FALLBACK: Final = {
    "turn": "house rule opener",
    "bring_in": "house rule bring_in",
    "limits": "house rule betting",
    "cap": "house rule max_raises",
    "heads_up": "house rule heads_up_uncapped",
    "all_in": "house rule all_in_raise",
    "check_raise": "house rule no_check_raise",
    "fold": RULING_FOLD,
    "deal": "house rule steps",
    "common": "house rule shortage",
    "showdown": "house rule showdown",
    "declare": "house rule showdown",
    "declare_order": "house rule declare_order",
    "declare_both": "house rule declare_both",
    "odd_chip": "house rule odd_chip",
    "other_half": RULING_OTHER_HALF,
    "both_must": "house rule both_must",
}
"""What a point cites when the game's book says nothing about it."""


@dataclass(frozen=True, slots=True)
class Book:
    """A rule book and the article it gives for each point it covers.

    ``articles`` holds ``(point, citation)`` pairs; a point may be qualified (``"turn:buyer"``:
    the turn in a round opened by the buyer) and the plain point answers for every qualifier
    the book does not list.
    """

    name: str
    articles: tuple[tuple[str, str], ...] = ()

    def cite(self, point: str, qualifier: str = "") -> str:
        """The citation for ``point``: the book's article, else the house rule or ruling."""
        return _cite(self, point, qualifier)

    def but(self, **articles: str) -> Book:
        """The same book with some points cited differently (a section for a related game;
        a qualified point is passed as ``**{"turn:high-board": ...}``)."""
        for point in articles:
            if point.partition(":")[0] not in POINTS:
                raise RulesError(f"{point!r} is not a rule point; points: {sorted(POINTS)}")
        changed = dict(self.articles)
        changed.update(articles)
        return Book(self.name, tuple(sorted(changed.items())))


@cache
def _cite(book: Book, point: str, qualifier: str) -> str:
    found = dict(book.articles)
    if qualifier and f"{point}:{qualifier}" in found:
        return found[f"{point}:{qualifier}"]
    return found.get(point) or FALLBACK[point]


HOUSE: Final = Book("house rules")
"""No book: a house's own game (a TOML file without ``book``) cites its options."""

ROBERTS: Final = Book(
    "Robert's Rules of Poker",
    (
        ("all_in", "Robert's betting 6"),
        ("bring_in", "Robert's 4"),
        ("cap", "Robert's betting 3, house rule max_raises"),
        ("common", "Robert's stud rules: common card"),
        ("deal", "Robert's stud rules"),
        ("heads_up", "Robert's betting 4, house rule heads_up_uncapped"),
        ("limits", "Robert's 6"),
        ("odd_chip", "Robert's 9"),
        ("odd_chip:both", "Robert's 8"),
        ("odd_chip:split", "Robert's 8"),
        ("other_half:cards", "Robert's 1"),
        ("showdown", "Robert's 7"),
        ("showdown:declare", "house rule showdown"),
        ("turn", "Robert's 4"),
    ),
)
"""Seven-card stud high-low as the rules we hold number them (``Robert's 4``); the general rules
on betting and raising as ``Robert's betting N``; the stud and razz sections by name. Odd chips:
rule 8 gives a split pot's odd chip to the high half and settles a tie both ways by the highest
card; rule 9 settles tied highs by the highest card, tied lows by the lowest. Rule 1: with no
qualifying low the high hand takes the whole pot."""

OPR207: Final = Book(
    "OPR-207 Five Card Stud High-Low With a Buy",
    (
        ("bring_in", "OPR-207 1.3"),
        ("deal", "OPR-207 2.1–2.2"),
        ("declare", "OPR-207 4.2"),
        ("declare_both", "OPR-207 4.2, house rule declare_both"),
        ("declare_order", "OPR-207 4.2, house rule declare_order"),
        ("limits", "OPR-207 1.3, house rule betting"),
        ("odd_chip:split", "OPR-207 4.3"),
        ("showdown", "OPR-207 4.3"),
        ("showdown:cards", "OPR-207 4.4"),
        ("turn", "OPR-207 1.3"),
    ),
)
"""Articles 1–2 describe five-card stud high-low, whose rules (1.3: those of five-card stud) the
buy game and its base games follow. 4.3 gives a split pot's odd chip to the high hand; ties
are the house rule ``odd_chip``."""

OPR657: Final = Book(
    "OPR-657 Auction",
    (
        ("deal", "OPR-657 2.1"),
        ("declare", "OPR-657 4.2"),
        ("declare_both", "OPR-657 4.3, house rule declare_both"),
        ("both_must", "OPR-657 4.3"),
        ("both_must:win-outright", "OPR-657 4.3, house rule both_must"),
        ("declare_order", "OPR-657 4.2, house rule declare_order"),
        ("limits", "OPR-657 2.2, house rule betting"),
        ("showdown", "OPR-657 4.3"),
        ("turn", "OPR-657 4.1"),
    ),
)
"""The book says nothing of odd chips: they follow the house rule ``odd_chip``."""

NASDAQ: Final = Book(
    "NASDAQ (pagat)",
    (
        ("cap", "NASDAQ ¶12, house rule max_raises"),
        ("check_raise", "NASDAQ ¶12, house rule no_check_raise"),
        ("deal", "NASDAQ ¶5"),
        ("declare", "NASDAQ ¶15"),
        ("declare_both", "NASDAQ ¶15, house rule declare_both"),
        ("declare_order", "NASDAQ ¶15, house rule declare_order"),
        ("heads_up", "NASDAQ ¶12, house rule heads_up_uncapped"),
        ("odd_chip:split", "NASDAQ ¶16"),
        ("showdown", "NASDAQ ¶14"),
        ("turn", "NASDAQ ¶11"),
    ),
)
"""The six-card game; the seven-card version cites its own paragraphs (``NASDAQ.but(...)``).
¶16 gives a split pot's odd chip to the high hand (the usual convention); ties are the house
rule ``odd_chip``."""

BOOKS: Final = {"": HOUSE, "roberts": ROBERTS, "opr207": OPR207, "opr657": OPR657, "nasdaq": NASDAQ}
"""Books by the name a variant file gives (``book = "roberts"``)."""
