"""The stud family as data: seven-card stud, stud hi-lo, razz, five-card stud, five-card hi-lo and
five-card hi-lo with a buy.

Each game is a few lines over the same steps (docs/games.md: stud8 and stud5buy sections).
Books: stud8, stud and razz follow Robert's Rules (the seven-card stud high-low rules we hold
number the articles; the stud and razz sections are cited by name where those games differ);
the five-card games follow OPR-207, whose Articles 1–2 describe five-card stud high-low.
"""

from __future__ import annotations

from splitpot.books import OPR207, ROBERTS
from splitpot.rules import Betting, Buy, Deal, Opener, Rules, Showdown, Step

__all__ = ["RAZZ", "STUD", "STUD5", "STUD5BUY", "STUD5HILO", "STUD8"]


def _seven(first: Opener, later: Opener, *, open_pair: bool = False) -> tuple[Step, ...]:
    """Third street two down one up, 4th–6th up, 7th down (a common card if the stub runs
    short); small bet on 3rd and 4th, big from 5th (Robert's 6)."""
    return (
        Deal("ddu"),
        Betting("small", first, bring_in=True),
        Deal("u"),
        Betting("small", later, open_pair=open_pair),
        Deal("u"),
        Betting("big", later),
        Deal("u"),
        Betting("big", later),
        Deal("d", shortage="common"),
        Betting("big", later),
        Showdown(),
    )


def _five() -> tuple[Step, ...]:
    """One down one up, then three up cards one at a time; small, small, big, big."""
    return (
        Deal("du"),
        Betting("small", "low-card", bring_in=True),
        Deal("u"),
        Betting("small", "high-board"),
        Deal("u"),
        Betting("big", "high-board"),
        Deal("u"),
        Betting("big", "high-board"),
        Showdown(),
    )


STUD8 = Rules(
    name="stud8",
    code="F7S/8",
    steps=_seven("low-card", "high-board"),
    max_players=8,
    low="a5",
    qualifier=8,
    book=ROBERTS,
    description="Seven-card stud high-low, eight or better (Robert's Rules)",
)
STUD = Rules(
    name="stud",
    code="F7S",
    steps=_seven("low-card", "high-board", open_pair=True),
    max_players=8,
    book=ROBERTS.but(limits="Robert's stud rules", showdown="Robert's stud rules"),
    description="Seven-card stud, high only; an open pair on fourth street allows the big bet",
)
RAZZ = Rules(
    name="razz",
    code="FR",
    steps=_seven("high-card", "low-board"),
    max_players=8,
    high=False,
    low="a5",
    qualifier=0,
    book=ROBERTS.but(
        turn="Robert's razz rules",
        bring_in="Robert's razz rules",
        limits="Robert's razz rules",
        showdown="Robert's razz rules",
    ),
    description="Razz: seven-card stud for the ace-to-five low; highest card brings in",
)
STUD5 = Rules(
    name="stud5",
    code="F5S",
    steps=_five(),
    max_players=10,
    book=OPR207.but(**{"showdown:cards": "OPR-207 1.3"}),  # 1.3: the rules of five-card stud
    description="Five-card stud, high only",
)
STUD5HILO = Rules(
    name="stud5hilo",
    code="F5SHL",
    steps=_five(),
    max_players=10,
    low="a5",
    qualifier=0,
    book=OPR207,
    description="Five-card stud high-low, cards speak (the base game of stud5buy, OPR-207)",
)


def _five_with_a_buy() -> tuple[Step, ...]:
    """OPR-207 2.2: one down one up and a betting round; an upcard and a betting round, twice;
    the fourth upcard with no betting; the buy; the final betting round. Small bet on the first
    two rounds, big on the third and the final one (docs/games.md). ``bet_before_buy`` adds a
    big-bet round before the buy, ``showdown = "declare"`` the declaration (see Rules)."""
    return (
        Deal("du"),
        Betting("small", "low-card", bring_in=True),
        Deal("u"),
        Betting("small", "high-board"),
        Deal("u"),
        Betting("big", "high-board"),
        Deal("u"),
        Buy(),
        Betting("big", "high-board"),
        Showdown(),
    )


STUD5BUY = Rules(
    name="stud5buy",
    code="F5SB",
    steps=_five_with_a_buy(),
    max_players=10,
    low="a5",
    qualifier=0,
    showdown="declare",
    declare_both=False,
    book=OPR207,
    description="Five-card stud high-low with a buy, by declaration (OPR-207)",
)
