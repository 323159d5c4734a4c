"""NASDAQ (pagat): players sell cards to each other — the six-card game and the seven-card
version (docs/games.md: NASDAQ; citations ``NASDAQ ¶n`` as in :mod:`splitpot.phases.sale`).
"""

from __future__ import annotations

from typing import Final

from splitpot.books import NASDAQ as BOOK
from splitpot.books import Book
from splitpot.rules import Betting, Deal, Expose, Rules, Sale, Showdown, ShowdownKind, Step

__all__ = ["NASDAQ", "NASDAQ7"]

_MOST = 8  # one deck deals six cards to at most eight players (¶2)


def _six() -> tuple[Step, ...]:
    """Six down (¶5); bidding for the first sale (¶6–7); a betting round after every sale,
    opened by the buyer (¶11); one sale per live player (¶13); then the showdown (¶14). The
    round after the last sale is the last, at the big bet (ruling)."""
    sales: list[Step] = [Sale(sellers="bid"), Betting("small", "buyer")]
    for _ in range(_MOST - 1):
        sales += [Sale(sellers="next"), Betting("small", "buyer")]
    return (Deal("dddddd"), *sales, Showdown())


def _seven() -> tuple[Step, ...]:
    """Seven down; betting 1, auction round 1, betting 2, auction round 2, betting 3, all
    opened left of the dealer (¶17, 5.2); four simultaneous turn-ups each followed by a round
    at the big bet opened by the best hand showing (¶23); the declaration (¶24)."""
    auction = Sale(sellers="round", ask="required", free_discard=True)
    opening = Betting("small", "dealer-left")
    turns: list[Step] = []
    for _ in range(4):
        turns += [Expose(), Betting("big", "high-board")]
    return (Deal("ddddddd"), opening, auction, opening, auction, opening, *turns, Showdown())


BOOK7: Final = BOOK.but(
    **{
        "turn": "NASDAQ ¶17",  # betting rounds 1-3 from the dealer's left
        "turn:high-board": "NASDAQ ¶23",  # the rounds after turn-ups
        "cap": "NASDAQ ¶17, house rule max_raises",
        "check_raise": "NASDAQ ¶17, house rule no_check_raise",
        "heads_up": "NASDAQ ¶17, house rule heads_up_uncapped",
        "showdown": "NASDAQ ¶24",
        "declare": "NASDAQ ¶24",
        "declare_order": "NASDAQ ¶24, house rule declare_order",
        "declare_both": "NASDAQ ¶24, house rule declare_both",
    }
)
"""The seven-card version's own paragraphs (5.1-5.3 of the book: ¶17 on)."""


def _nasdaq(
    name: str,
    code: str,
    steps: tuple[Step, ...],
    most: int,
    showdown: ShowdownKind,
    book: Book,
    description: str,
) -> Rules:
    """The house rules both versions share (docs/games.md: NASDAQ)."""
    return Rules(
        name=name,
        code=code,
        steps=steps,
        max_players=most,
        ante=1,
        bring_in=0,
        low="a5",  # the book leaves it to the dealer (¶4); docs/games.md: ace-to-five
        qualifier=0,
        betting="fixed",
        max_raises=3,  # a bet and three raises (¶12, ¶17)
        heads_up_uncapped=False,
        no_check_raise=True,  # (¶12, ¶17)
        showdown=showdown,
        declare_both=True,  # "where the group allows it" (¶15)
        book=book,
        description=description,
    )


NASDAQ = _nasdaq(
    "nasdaq",
    "NQ6",
    _six(),
    _MOST,
    "cards",  # cards speak; a chip declare is the alternative (¶15)
    BOOK,
    "NASDAQ: six cards down, players sell cards to each other (pagat)",
)
NASDAQ7 = _nasdaq(
    "nasdaq7",
    "NQ7",
    _seven(),
    7,  # seven cards each from one deck
    "declare",  # (¶24)
    BOOK7,
    "NASDAQ seven-card: two auction rounds, four turn-ups, declare (pagat)",
)
