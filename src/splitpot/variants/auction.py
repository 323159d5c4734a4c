"""Auction (OPR-657): two down cards, five sealed-bid auctions for the up cards, one betting
round, a declaration and the showdown (docs/games.md: Auction).
"""

from __future__ import annotations

from splitpot.books import OPR657
from splitpot.rules import Auction, Betting, Deal, Rules, Showdown

__all__ = ["AUCTION"]

AUCTION = Rules(
    name="auction",
    code="AUC",
    steps=(
        Deal("dd"),  # two down to each (OPR-657 2.1)
        *(Auction() for _ in range(5)),  # five auctions, one up card each (3.7)
        Betting("small", "high-board"),  # one round (4.1); the opener is a ruling
        Showdown(),  # Rules puts the declaration (4.2) just before it
    ),
    min_players=2,
    max_players=7,  # seven cards each from one deck (1.1)
    bring_in=0,
    low="a5",  # ace-to-five, no qualifier (1.3)
    qualifier=0,
    betting="spread",  # from the minimum bet to the big bet (ruling on 2.2)
    showdown="declare",  # high, low or both (4.2)
    declare_both=True,
    both_must="win-or-tie",  # the usual convention (4.3)
    book=OPR657,
    description="Auction: five sealed-bid auctions for the up cards, declare (OPR-657)",
)
