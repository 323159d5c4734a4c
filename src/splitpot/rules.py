"""Rules: one frozen description of a game — its steps, stakes and house rules — and validation.

A game is data: a sequence of steps (deal patterns, betting rounds, showdown) plus the house
rules of ``docs/games.md``. A house-rule change is ``dataclasses.replace(rules, qualifier=0)``;
every value is checked on construction and an impossible one raises :class:`RulesError` naming
the option and the values it may take.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import ClassVar, Final, Literal

from splitpot.books import BOOKS, HOUSE, Book
from splitpot.errors import RulesError

__all__ = [
    "ALL_IN_RAISES",
    "BETTING",
    "LOWS",
    "OPENERS",
    "OPTIONS",
    "STEP_KINDS",
    "Auction",
    "Betting",
    "Buy",
    "Deal",
    "Declare",
    "Expose",
    "Rules",
    "Sale",
    "Showdown",
    "Step",
]

Structure = Literal["fixed", "spread", "pot", "none"]
Low = Literal["a5", "27", "none"]
AllInRaise = Literal["half", "full"]
Opener = Literal["low-card", "high-card", "high-board", "low-board", "dealer-left", "buyer"]
Shortage = Literal["reshuffle", "common"]
ShowdownKind = Literal["cards", "declare"]
DeclareOrder = Literal["simultaneous", "in-turn"]
BothMust = Literal["win-or-tie", "win-outright"]
SaleBidding = Literal["open", "sealed"]
Sellers = Literal["bid", "next", "round"]
Ask = Literal["optional", "required"]
BuyFirst = Literal["dealer-left", "high-board", "low-board"]
BetSize = Literal["small", "big"]

BETTING: Final[tuple[Structure, ...]] = ("fixed", "spread", "pot", "none")
"""Betting structures: fixed limit, spread limit, pot limit, no limit ("none")."""
LOWS: Final[tuple[Low, ...]] = ("a5", "27", "none")
ALL_IN_RAISES: Final[tuple[AllInRaise, ...]] = ("half", "full")
"""In limit games, which all-in bets and raises count as full ones and reopen the betting: at
least half a full bet or raise (Robert's betting 6), or only a full one (docs/games.md)."""
OPENERS: Final[tuple[Opener, ...]] = (
    "low-card",
    "high-card",
    "high-board",
    "low-board",
    "dealer-left",
    "buyer",
)
"""Who acts first in a betting round: lowest up card by suit, ace high (Robert's 4); highest up
card by suit, ace low (razz); best high hand showing; best ace-to-five low showing (razz);
first player clockwise from the dealer; the buyer of the card just sold, or its seller when it
went unsold (NASDAQ ¶11 — such a round is played only after a sale, see :class:`Sale`)."""
SHORTAGES: Final[tuple[Shortage, ...]] = ("reshuffle", "common")
DECLARE_ORDERS: Final[tuple[DeclareOrder, ...]] = ("simultaneous", "in-turn")
"""Declarations made in secret, revealed together, or in turn, each seen at once (OPR-207 4.2)."""
BOTH_MUST: Final[tuple[BothMust, ...]] = ("win-or-tie", "win-outright")
"""What a "both" declarer must do in each half to take anything (docs/games.md, OPR-657 4.3)."""
SALE_BIDDING: Final[tuple[SaleBidding, ...]] = ("open", "sealed")
"""How players bid at a NASDAQ sale (docs/games.md): ascending in turn from the seller's left,
a pass leaving the auction, or sealed and simultaneous (ties: nearer the seller's left)."""
SELLERS: Final[tuple[Sellers, ...]] = ("bid", "next", "round")
"""Who sells at a :class:`Sale` step."""
ASKS: Final[tuple[Ask, ...]] = ("optional", "required")
BUY_FIRST: Final[tuple[BuyFirst, ...]] = ("dealer-left", "high-board", "low-board")
"""Who decides first at a buy (OPR-207 3.1): the first live seat clockwise from the dealer, the
best high hand showing, or the best ace-to-five low showing."""


def _choice(option: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed:
        names = ", ".join(repr(a) for a in allowed)
        raise RulesError(f"{option} = {value!r} is not allowed; use one of {names}")


def _count(option: str, value: object, low: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RulesError(f"{option} = {value!r} must be a whole number >= {low}")


STEP_KINDS: dict[str, type[Step]] = {}
"""Step classes by ``kind``, filled in as they are defined (TOML files name steps by kind)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a hand; ``kind`` names the phase that runs it (``splitpot.phases``).

    A new kind of step subclasses this with its own ``kind`` (it registers itself) and comes
    with a phase module that runs it.
    """

    kind: ClassVar[str] = ""
    house_rules: ClassVar[tuple[str, ...]] = ()
    """The house rules (fields of :class:`Rules`) that govern this kind of step: a game with
    no step of the kind refuses them (:meth:`Rules.takes`)."""

    def __init_subclass__(cls) -> None:  # no super(): slots=True rebuilds the class
        if cls.kind:
            STEP_KINDS[cls.kind] = cls


@dataclass(frozen=True, slots=True)
class Deal(Step):
    """Deal one card per letter of ``cards`` to each live player: ``d`` down, ``u`` up.

    ``shortage`` says what happens when the stub cannot serve everyone: ``"reshuffle"`` the
    discards and burns into a new stub (docs/games.md: running out of cards), or ``"common"``:
    one common card face up for every hand (Robert's stud rules, seventh street).
    """

    kind: ClassVar[str] = "deal"
    cards: str = "u"
    shortage: Shortage = "reshuffle"

    def __post_init__(self) -> None:
        if not self.cards or set(self.cards) - {"d", "u"}:
            raise RulesError(f"deal cards = {self.cards!r}: write one 'd' (down) or 'u' (up) each")
        _choice("deal shortage", self.shortage, SHORTAGES)
        if self.shortage == "common" and len(self.cards) != 1:
            raise RulesError("deal shortage = 'common' needs a one-card deal")


@dataclass(frozen=True, slots=True)
class Betting(Step):
    """A betting round at the ``bet`` size (``"small"`` or ``"big"``), opened by ``opener``.

    ``bring_in``: the opener must bring in or complete (Robert's 4). ``open_pair``: an open pair
    showing lets players bet the big bet instead (Robert's seven-card stud, fourth street).
    """

    kind: ClassVar[str] = "betting"
    bet: BetSize = "small"
    opener: Opener = "high-board"
    bring_in: bool = False
    open_pair: bool = False

    def __post_init__(self) -> None:
        _choice("betting bet", self.bet, ("small", "big"))
        _choice("betting opener", self.opener, OPENERS)
        _choice("betting bring_in", self.bring_in, (True, False))
        _choice("betting open_pair", self.open_pair, (True, False))


@dataclass(frozen=True, slots=True)
class Declare(Step):
    """Every live player declares high, low or both (house rules ``declare_order``,
    ``declare_both``).

    A game never needs to list it: :class:`Rules` places it just before the showdown when
    ``showdown = "declare"`` and leaves it out for cards speak, so any game can be played with a
    declaration through its house rules.
    """

    kind: ClassVar[str] = "declare"
    house_rules: ClassVar[tuple[str, ...]] = ("declare_order", "declare_both", "both_must")


@dataclass(frozen=True, slots=True)
class Buy(Step):
    """Each active player in turn may buy one card per round or stand pat (OPR-207 Article 3).

    One step runs every round of ``buy_prices``; ``buy_first`` says who decides first. With
    ``bet_before_buy`` :class:`Rules` puts a big-bet betting round just before it (OPR-207 2.3).
    """

    kind: ClassVar[str] = "buy"
    house_rules: ClassVar[tuple[str, ...]] = ("buy_prices", "buy_first", "bet_before_buy")


@dataclass(frozen=True, slots=True)
class Auction(Step):
    """One auction (OPR-657 Article 3): the dealer lays out one card face up per player in the
    hand, every player bids in secret (house rules ``min_bid``, ``max_bid``), and the bidders
    pick in order of their bids; every bid goes into the pot. A game lists one per auction
    (Auction: five, OPR-657 3.7)."""

    kind: ClassVar[str] = "auction"
    house_rules: ClassVar[tuple[str, ...]] = ("min_bid", "max_bid")


@dataclass(frozen=True, slots=True)
class Sale(Step):
    """Players sell cards to each other (NASDAQ): a seller shows a card, names an asking price
    (``ask``: ``"optional"`` ¶8, or ``"required"`` ¶18) at least ``min_price``, the others bid
    (house rule ``sale_bidding``), the best bid is paid to the seller (¶9, ``excess_threshold``
    ¶26) and the buyer discards one card face down; unsold, the seller discards one and pays
    the price into the pot (¶10).

    ``sellers``: ``"bid"`` — the players first bid for the right to sell first (¶6–7), then
    that one sale; ``"next"`` — one sale by the next live player left of the previous seller
    who has not sold yet (¶13; nothing when every live player has sold); ``"round"`` — every
    live player in turn from the dealer's left, no betting between (¶18). ``free_discard``:
    a seller may instead discard one card face down for nothing (5.2(c)).
    """

    kind: ClassVar[str] = "sale"
    house_rules: ClassVar[tuple[str, ...]] = (
        "sale_bidding",
        "min_price",
        "max_price",
        "excess_threshold",
    )
    sellers: Sellers = "next"
    ask: Ask = "optional"
    free_discard: bool = False

    def __post_init__(self) -> None:
        _choice("sale sellers", self.sellers, SELLERS)
        _choice("sale ask", self.ask, ASKS)
        _choice("sale free_discard", self.free_discard, (True, False))


@dataclass(frozen=True, slots=True)
class Expose(Step):
    """Every live player turns one down card of their choice face up, all at the same moment
    (NASDAQ ¶23): chosen in secret, revealed when the last choice is in."""

    kind: ClassVar[str] = "expose"


@dataclass(frozen=True, slots=True)
class Showdown(Step):
    """Every live hand is shown (or mucked) and each pot is awarded."""

    kind: ClassVar[str] = "showdown"


@dataclass(frozen=True, slots=True)
class Rules:
    """A whole game: players, steps, stakes and house rules (names as in docs/games.md)."""

    name: str
    code: str
    steps: tuple[Step, ...]
    min_players: int = 2
    max_players: int = 8
    ante: int = 1
    bring_in: int = 2
    small_bet: int = 5
    big_bet: int = 10
    high: bool = True
    low: Low = "none"
    qualifier: int = 0
    showdown: ShowdownKind = "cards"
    betting: Structure = "fixed"
    max_raises: int | None = 3
    heads_up_uncapped: bool = True
    no_check_raise: bool = False
    all_in_raise: AllInRaise = "half"
    odd_chip: Literal["roberts"] = "roberts"
    declare_order: DeclareOrder = "simultaneous"
    declare_both: bool = False
    both_must: BothMust = "win-or-tie"
    buy_prices: tuple[int, ...] | None = None
    buy_first: BuyFirst = "dealer-left"
    bet_before_buy: bool = False
    min_bid: int | None = None
    max_bid: int | None = None
    sale_bidding: SaleBidding = "open"
    min_price: int | None = None
    max_price: int | None = None
    excess_threshold: int | None = None
    book: Book = HOUSE
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise RulesError("name must be a non-empty string")
        _count("min_players", self.min_players, 2)
        _count("max_players", self.max_players, self.min_players)
        for option in ("ante", "bring_in", "small_bet", "big_bet"):
            _count(option, getattr(self, option))
        if self.small_bet < 1 or self.big_bet < self.small_bet:
            raise RulesError(
                f"small_bet = {self.small_bet}, big_bet = {self.big_bet}: need "
                "1 <= small_bet <= big_bet"
            )
        if self.bring_in > self.small_bet:
            raise RulesError(f"bring_in = {self.bring_in} must not exceed small_bet")
        _choice("high", self.high, (True, False))
        _choice("low", self.low, LOWS)
        if not self.high and self.low == "none":
            raise RulesError("high = false and low = 'none': nobody could win the pot")
        _choice("qualifier", self.qualifier, (0, *range(5, 14)))
        _choice("showdown", self.showdown, ("cards", "declare"))
        if self.showdown == "declare" and not self.split:
            raise RulesError("showdown = 'declare' needs a high-low game (high and a low)")
        _choice("declare_order", self.declare_order, DECLARE_ORDERS)
        _choice("declare_both", self.declare_both, (True, False))
        _choice("both_must", self.both_must, BOTH_MUST)
        self._check_buy()
        self._check_bids()
        self._check_sales()
        _choice("betting", self.betting, BETTING)
        if self.max_raises is not None:
            _count("max_raises", self.max_raises)
        _choice("heads_up_uncapped", self.heads_up_uncapped, (True, False))
        _choice("no_check_raise", self.no_check_raise, (True, False))
        _choice("all_in_raise", self.all_in_raise, ALL_IN_RAISES)
        _choice("odd_chip", self.odd_chip, ("roberts",))
        self._check_book()
        self._resolve_steps()
        self._check_steps()
        self._check_used()

    def takes(self) -> tuple[str, ...]:
        """The stakes and house rules this game takes: every option but those of the kinds of
        step it never plays. A split game may declare (``showdown`` adds the step); a game
        with one winner per pot has nothing to declare."""
        kinds = {step.kind for step in self.steps}
        if self.split:
            kinds.add("declare")
        unused = {o for c in STEP_KINDS.values() if c.kind not in kinds for o in c.house_rules}
        if not self.split:
            unused.add("showdown")
        return tuple(o for o in OPTIONS if o not in unused)

    def _check_used(self) -> None:
        """Refuse a house rule of a buy, an auction or a sale in a game without one (a typo'd
        table would silently be another game than the host meant). The declaration's rules
        stay with a game that has lost its low half (its own values); a host who sets one
        there is refused by :meth:`refuse_unused`."""
        self.refuse_unused(
            option
            for cls in STEP_KINDS.values()
            if cls.kind != "declare"
            for option in cls.house_rules
            if getattr(self, option) != _DEFAULTS[option]
        )

    def refuse_unused(self, options: Iterable[str]) -> None:
        """Raise :class:`RulesError` naming the first of ``options`` (set by the host) that no
        step of this game uses, and the options the game does take."""
        takes = self.takes()
        declares = any(isinstance(step, Declare) for step in self.steps)
        for option in options:
            if option in Declare.house_rules and option in takes and not declares:
                raise RulesError(
                    f"house rule {option} = {getattr(self, option)!r}: {self.name} is played "
                    "cards speak, with nothing to declare; it needs showdown = declare"
                )
            if option in takes:
                continue
            kind = next((c.kind for c in STEP_KINDS.values() if option in c.house_rules), "")
            raise RulesError(
                f"house rule {option} = {getattr(self, option)!r}: {self.name} has no {kind} "
                f"step that uses it; it takes {', '.join(takes)}"
            )

    def _check_book(self) -> None:
        """``book``: a :class:`~splitpot.books.Book`, or the name a variant file gives."""
        book: object = self.book
        if isinstance(book, str):
            if book not in BOOKS:
                names = ", ".join(repr(name) for name in BOOKS)
                raise RulesError(f"book = {book!r} is not a book we hold; use one of {names}")
            object.__setattr__(self, "book", BOOKS[book])
        elif not isinstance(book, Book):
            raise RulesError(f"book = {book!r} must name a rule book")

    def cite(self, point: str, qualifier: str = "") -> str:
        """What a refusal about ``point`` cites at this table (docs/games.md: Citations):
        the game's book, or the house rule where the table plays its own way."""
        if point == "all_in" and self.all_in_raise != "half":
            return "house rule all_in_raise"
        if point in ("showdown", "other_half") and not qualifier:
            qualifier = self.showdown
        if point == "both_must" and not qualifier:
            qualifier = self.both_must
        return self.book.cite(point, qualifier)

    def _check_bids(self) -> None:
        """``min_bid`` (None: the small bet, OPR-657 2.2) and ``max_bid`` (None: no maximum)."""
        if self.min_bid is not None:
            _count("min_bid", self.min_bid)
        if self.max_bid is not None:
            _count("max_bid", self.max_bid, max(1, self.bid_minimum))

    def _check_sales(self) -> None:
        """``min_price`` (None: the small bet), ``max_price`` and ``excess_threshold`` (None:
        none), ``sale_bidding`` (docs/games.md: NASDAQ)."""
        _choice("sale_bidding", self.sale_bidding, SALE_BIDDING)
        if self.min_price is not None:
            _count("min_price", self.min_price)
        if self.max_price is not None:
            _count("max_price", self.max_price, max(1, self.price_minimum))
        if self.excess_threshold is not None:
            _count("excess_threshold", self.excess_threshold)

    def _check_buy(self) -> None:
        prices: object = self.buy_prices
        if isinstance(prices, list):  # a variant file or record writes a list
            prices = tuple(prices)
            object.__setattr__(self, "buy_prices", prices)
        if prices is not None:
            if not isinstance(prices, tuple) or not 1 <= len(prices) <= 2:
                raise RulesError(
                    f"buy_prices = {prices!r}: give one price per round of buying, one or two "
                    "rounds (OPR-207 3.2, 5)"
                )
            for price in prices:
                _count("buy_prices", price)
            if len(prices) == 2 and prices[1] <= prices[0]:
                raise RulesError(
                    f"buy_prices = {list(prices)!r}: the second round must cost more than the "
                    "first (OPR-207 5)"
                )
        _choice("buy_first", self.buy_first, BUY_FIRST)
        _choice("bet_before_buy", self.bet_before_buy, (True, False))

    def _resolve_steps(self) -> None:
        """Make ``steps`` the steps actually played under these house rules.

        A :class:`Declare` step stands just before the showdown exactly when ``showdown =
        "declare"``; a betting round stands just before each :class:`Buy` step exactly when
        ``bet_before_buy`` (a betting round directly before a buy *is* that round). So
        ``dataclasses.replace`` of either house rule adds or removes the step.
        """
        steps = self.steps
        if not isinstance(steps, tuple) or not all(isinstance(s, Step) for s in steps):
            return  # _check_steps says why
        resolved: list[Step] = []
        for i, step in enumerate(steps):
            if isinstance(step, Declare):
                continue
            if isinstance(step, Betting) and i + 1 < len(steps) and isinstance(steps[i + 1], Buy):
                continue
            if isinstance(step, Buy) and self.bet_before_buy:
                resolved.append(Betting("big", "high-board"))
            if isinstance(step, Showdown) and self.showdown == "declare":
                resolved.append(Declare())
            resolved.append(step)
        object.__setattr__(self, "steps", tuple(resolved))

    def _check_steps(self) -> None:
        steps = self.steps
        if not isinstance(steps, tuple) or not all(isinstance(s, Step) for s in steps):
            raise RulesError("steps must be a tuple of Deal, Betting, Showdown... steps")
        if not steps or steps[-1].kind != "showdown":
            raise RulesError("steps must end with a showdown")
        if steps[0].kind != "deal":
            raise RulesError("steps must begin with a deal")
        for before, step in itertools.pairwise(steps):
            if isinstance(step, Betting) and step.opener == "buyer" and before.kind != "sale":
                raise RulesError("a betting round opened by the buyer must follow a sale step")
        per_player = sum(len(s.cards) for s in steps if isinstance(s, Deal))
        auctions = sum(isinstance(s, Auction) for s in steps)
        per_player += auctions  # an auction gives every player one card (OPR-657 3.4)
        if auctions and per_player * self.max_players > 52:
            raise RulesError(
                f"max_players = {self.max_players}: {per_player} cards each, auctions included, "
                "need more than 52 cards (OPR-657 1.1)"
            )
        if per_player > 7:
            raise RulesError(f"steps deal {per_player} cards to each player; hands hold 1..7")

    @property
    def bid_minimum(self) -> int:
        """The smallest bid at an auction: ``min_bid``, by default the small bet (OPR-657 2.2)."""
        return self.small_bet if self.min_bid is None else self.min_bid

    @property
    def price_minimum(self) -> int:
        """The lowest asking price a seller may name: ``min_price``, by default the small bet
        (docs/games.md: NASDAQ)."""
        return self.small_bet if self.min_price is None else self.min_price

    @property
    def prices(self) -> tuple[int, ...]:
        """The price of a buy in each round: ``buy_prices``, by default one round at the big bet
        (OPR-207 3.2)."""
        return self.buy_prices if self.buy_prices is not None else (self.big_bet,)

    @property
    def split(self) -> bool:
        """True when the pot is split between a high half and a low half."""
        return self.high and self.low != "none"


OPTIONS: Final = tuple(
    f.name
    for f in fields(Rules)
    if f.name not in {"name", "code", "steps", "min_players", "max_players", "book", "description"}
)
"""The stakes and house rules a table may set (docs/games.md), in the order of :class:`Rules`."""
_DEFAULTS: Final = {f.name: f.default for f in fields(Rules) if f.name in OPTIONS}
