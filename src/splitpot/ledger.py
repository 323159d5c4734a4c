"""A session's ledger: buy-ins, rebuys and cash-outs, the chips each hand won or lost, and the
settle-up — who pays whom, in the fewest transfers (``docs/ledger.md``).

The ledger is data: a list of :class:`Entry` rows, from which each player's chips on the table
and balance follow. A player's balance is what they cashed out (plus chips still on the table)
minus what they bought in; balances add up to zero because every hand's results do. Nobody
pays for chips at the table: buy-ins are owed, and :func:`settle` squares everything at the end.
A bot's chips are the house's (players named ``... (bot)``): the settle-up is among people,
each hand's chips won from or lost to the bots taken out of it (:func:`among_people`).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final, Literal, TextIO

import numpy as np

from splitpot.errors import LedgerError, RecordError
from splitpot.notation import HandRecord
from splitpot.records import replay_to_end

__all__ = [
    "BOT_MARK",
    "EXACT_LIMIT",
    "Entry",
    "Ledger",
    "LedgerError",
    "Settlement",
    "Standing",
    "Transfer",
    "among_people",
    "chip_value",
    "from_entries",
    "from_records",
    "is_bot",
    "money",
    "settle",
]

EXACT_LIMIT: Final = 20
"""The most players with a non-zero balance whose settle-up is searched exactly (``2**n``
subsets); above it the settle-up is greedy and may use more transfers than needed."""

BOT_MARK: Final = " (bot)"
"""How the ledger names a bot (``Ada (bot)``): a person's name may not end so."""

Kind = Literal["buy-in", "rebuy", "cash-out", "hand"]


def is_bot(player: str) -> bool:
    """Whether ``player`` is a bot, whose chips are the house's (never in the settle-up)."""
    return player.endswith(BOT_MARK)


@dataclass(frozen=True)
class Entry:
    """One row of the ledger. ``chips``: bought or cashed out (never negative), or for a
    ``hand`` what the player won (positive) or lost (negative) in hand ``hand``."""

    kind: Kind
    player: str
    chips: int
    hand: int | None = None


@dataclass(frozen=True)
class Standing:
    """One player's totals: bought in (rebuys included), cashed out, won or lost over the
    hands, chips still on the table, and the balance (positive: the player is owed).
    ``settles``: the part of the balance won from or lost to people, which the settle-up
    squares (None for a bot: its chips are the house's)."""

    player: str
    bought: int
    cashed: int
    won: int
    on_table: int
    hands: int
    settles: int | None = None

    @property
    def balance(self) -> int:
        """What the player takes home (cashed out and on the table) minus what they bought."""
        return self.cashed + self.on_table - self.bought


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``payee`` ``chips`` chips' worth."""

    payer: str
    payee: str
    chips: int

    def money(self, value: Decimal) -> Decimal:
        """The amount in money at ``value`` a chip (:func:`money`)."""
        return money(self.chips, value)


@dataclass(frozen=True)
class Settlement:
    """The transfers that square every balance; ``exact``: none has fewer transfers (always
    so for at most :data:`EXACT_LIMIT` players with a non-zero balance)."""

    transfers: tuple[Transfer, ...]
    exact: bool


def _chips(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise LedgerError(f"{what} must be a whole number of chips, 0 or more, not {value!r}")
    return value


class Ledger:
    """The ledger of one session. A player is seated from their buy-in until they cash out
    everything; only seated players play hands."""

    def __init__(self) -> None:
        self._entries: list[Entry] = []
        self._seated: dict[str, int] = {}  # player -> chips on the table
        self._players: list[str] = []
        self._hands = 0
        self._settles: dict[str, int] = {}  # person -> chips won from (lost to) people

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every row, in the order they were made."""
        return tuple(self._entries)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone who bought in, in the order they first did."""
        return tuple(self._players)

    @property
    def seated(self) -> dict[str, int]:
        """The players at the table now and their chips."""
        return dict(self._seated)

    @property
    def hands(self) -> int:
        """Hands entered so far."""
        return self._hands

    def buy_in(self, player: str, chips: int) -> Entry:
        """``player`` buys ``chips`` chips: a buy-in the first time, a rebuy after that."""
        if not isinstance(player, str) or not player:
            raise LedgerError(f"a player is named by a non-empty string, not {player!r}")
        if _chips(chips, "a buy-in") == 0:
            raise LedgerError(f"{player} buys in for 0 chips: a buy-in is at least 1 chip")
        kind: Kind = "rebuy" if player in self._players else "buy-in"
        if kind == "buy-in":
            self._players.append(player)
        self._seated[player] = self._seated.get(player, 0) + chips
        return self._add(Entry(kind, player, chips))

    def unused_name(self, name: str, mark: str = "") -> str:
        """``name`` for a newcomer, told apart from everyone who has bought in: the name itself
        if nobody has had it (letter case aside), else ``name (2)``, ``name (3)``... A name is not
        a person: a newcomer never carries on someone else's line (docs/ledger.md). ``mark``:
        what the ledger adds to the name (:data:`BOT_MARK` for a bot), left off the answer."""
        had = {p.casefold() for p in self._players}
        label, n = name, 1
        while (label + mark).casefold() in had:
            n += 1
            label = f"{name} ({n})"
        return label

    def cash_out(self, player: str, chips: int | None = None) -> Entry:
        """``player`` takes ``chips`` chips off the table (default: all, and leaves it)."""
        if player not in self._seated:
            raise LedgerError(f"{player} is not at the table: nothing to cash out")
        have = self._seated[player]
        amount = have if chips is None else _chips(chips, "a cash-out")
        if amount > have:
            raise LedgerError(f"{player} cashes out {amount} chips but has {have} on the table")
        if amount == have:
            del self._seated[player]
        else:
            self._seated[player] = have - amount
        return self._add(Entry("cash-out", player, amount))

    def hand(self, results: Mapping[str, int], number: int | None = None) -> tuple[Entry, ...]:
        """Enter one hand: what each player in it won (positive) or lost (negative).

        Results must add up to zero (chips only change hands) and every player must be
        seated with the chips they lost; otherwise nothing is entered.
        """
        number = self._hands + 1 if number is None else number
        for player, chips in results.items():
            if player not in self._seated:
                raise LedgerError(f"hand {number}: {player} is not at the table")
            if isinstance(chips, bool) or not isinstance(chips, int):
                raise LedgerError(f"hand {number}: {player}'s result {chips!r} is not whole chips")
            if self._seated[player] + chips < 0:
                raise LedgerError(
                    f"hand {number}: {player} loses {-chips} chips with "
                    f"{self._seated[player]} on the table"
                )
        total = sum(results.values())
        if total:
            raise LedgerError(f"hand {number}: the results add up to {total:+d}, not 0")
        self._hands += 1
        for person, chips in among_people(results).items():
            self._settles[person] = self._settles.get(person, 0) + chips
        made = []
        for player, chips in results.items():
            self._seated[player] += chips
            made.append(self._add(Entry("hand", player, chips, number)))
        return tuple(made)

    def _add(self, entry: Entry) -> Entry:
        self._entries.append(entry)
        return entry

    def standings(self) -> tuple[Standing, ...]:
        """Each player's totals, in the order they first bought in."""
        totals = {p: [0, 0, 0, 0] for p in self._players}  # bought, cashed, won, hands
        for e in self._entries:
            row = totals[e.player]
            if e.kind == "hand":
                row[2] += e.chips
                row[3] += 1
            else:
                row[0 if e.kind != "cash-out" else 1] += e.chips
        return tuple(
            Standing(
                p,
                b,
                c,
                w,
                self._seated.get(p, 0),
                h,
                None if is_bot(p) else self._settles.get(p, 0),
            )
            for p, (b, c, w, h) in totals.items()
        )

    def balances(self) -> dict[str, int]:
        """Each player's balance (positive: owed); they add up to zero."""
        return {s.player: s.balance for s in self.standings()}

    def house(self) -> int:
        """What the bots won over the hands, together (negative: lost): the house's chips,
        outside the settle-up."""
        return sum(s.won for s in self.standings() if s.settles is None)

    def settle(self) -> Settlement:
        """Who pays whom among people, in the fewest transfers (:func:`settle`): each
        person's balance without what they won from or lost to bots."""
        return settle({s.player: s.settles for s in self.standings() if s.settles is not None})

    def write_csv(self, out: TextIO, value: Decimal | None = None) -> None:
        """The ledger as CSV (``docs/ledger.md``): one row per entry, then each player's
        balance, then the transfers; a ``money`` column at ``value`` a chip if given."""
        writer = csv.writer(out, lineterminator="\n")
        header = ["kind", "hand", "player", "to", "chips"]
        writer.writerow([*header, "money"] if value is not None else header)

        def row(kind: str, hand: int | None, player: str, to: str, chips: int) -> None:
            cells: list[object] = [
                kind,
                "" if hand is None else hand,
                _text(player),
                _text(to),
                chips,
            ]
            writer.writerow([*cells, money(chips, value)] if value is not None else cells)

        for e in self._entries:
            row(e.kind, e.hand, e.player, "", e.chips)
        standings = self.standings()
        for s in standings:
            row("balance", None, s.player, "", s.balance)
        if any(s.settles is None for s in standings):  # bots played: what the settle-up squares
            for s in standings:
                if s.settles is not None:
                    row("settles", None, s.player, "", s.settles)
            row("house", None, "the house", "", self.house())
        for t in self.settle().transfers:
            row("transfer", None, t.payer, t.payee, t.chips)


_FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula in a cell (OWASP, CSV injection)."""


def _text(cell: str) -> str:
    """A name as a CSV cell a spreadsheet shows as text: one that could start a formula
    (``=1+2``, ``@SUM(A1)``) gets a leading apostrophe (the OWASP advice on CSV injection), and
    a line break in it is written as a space (each row of the file is one line)."""
    cell = "'" + cell if cell.startswith(_FORMULA) else cell
    return cell.replace("\r", " ").replace("\n", " ")


def money(chips: int, value: Decimal) -> Decimal:
    """``chips`` at ``value`` a chip, exactly, with at least two decimals (7.50, not 7.5)."""
    exponent = value.as_tuple().exponent
    places = max(2, -exponent if isinstance(exponent, int) else 0)
    return (chips * value).quantize(Decimal(1).scaleb(-places))


def chip_value(text: str) -> Decimal:
    """Read a chip's worth in money (``"0.25"``): a positive decimal number."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite() or value <= 0:
        raise LedgerError(f"a chip's value is a positive number such as 0.25, not {text!r}")
    return value


# --------------------------------------------------------------------------- the settle-up


def settle(balances: Mapping[str, int]) -> Settlement:
    """The fewest transfers that bring every balance to zero (balances must add up to zero).

    Transfers can always be drawn within groups of players whose balances add up to zero, a
    group of k taking k - 1 transfers; and any set of transfers splits the players into such
    groups (its connected parts), each needing at least k - 1. So the fewest is (players with
    a non-zero balance) minus (the most groups they split into), found exactly by a search over
    subsets for up to :data:`EXACT_LIMIT` players, greedily above that.
    """
    total = sum(balances.values())
    if total:
        raise LedgerError(f"balances add up to {total:+d}, not 0: nothing settles them")
    owed = [(p, b) for p, b in balances.items() if b]
    if len(owed) > EXACT_LIMIT:
        return Settlement(_pairs_then_greedy(owed), exact=False)
    transfers: list[Transfer] = []
    for group in _zero_sum_groups([b for _, b in owed]):
        transfers.extend(_greedy([owed[i] for i in group]))
    return Settlement(tuple(transfers), exact=True)


def among_people(results: Mapping[str, int]) -> dict[str, int]:
    """One hand's results between people only: each person's chips won from or lost to the
    other people, the bots' share (the house's) taken out.

    The bots (all of them together: the house) either won chips net in the hand, and then the
    people who lost pay the people who won only what those won, each loser in proportion to
    their loss; or lost chips net, and then the people who won are paid only what the people
    who lost lost, each winner in proportion to their gain. Whole chips: a remainder goes to the
    largest fractions, the first in order on a tie. The answer adds up to zero.
    """
    people = {p: chips for p, chips in results.items() if not is_bot(p)}
    gains = {p: chips for p, chips in people.items() if chips > 0}
    losses = {p: -chips for p, chips in people.items() if chips < 0}
    won, lost = sum(gains.values()), sum(losses.values())
    if won > lost:
        people.update(_shares(gains, lost))
    elif lost > won:
        people.update({p: -chips for p, chips in _shares(losses, won).items()})
    return people


def _shares(weights: Mapping[str, int], total: int) -> dict[str, int]:
    """``total`` chips in whole shares proportional to ``weights`` (largest remainders)."""
    whole = sum(weights.values())
    out = {p: total * w // whole for p, w in weights.items()}
    left = total - sum(out.values())
    by_remainder = sorted(weights, key=lambda p: -(total * weights[p] % whole))
    for p in by_remainder[:left]:
        out[p] += 1
    return out


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """The most disjoint groups of ``values`` (indices) that each add up to zero.

    ``best[mask]``: over the orders of the players in ``mask``, the most beginnings of the
    order that add up to zero; a mask's best drops one player and adds one if the mask itself
    adds up to zero. Masks are filled by size, each size at once with numpy (n * 2**n steps).
    """
    n = len(values)
    if n == 0:
        return []
    size = 1 << n
    sums = np.zeros(size, dtype=np.int64)
    for i, v in enumerate(values):
        sums[1 << i : 2 << i] = sums[: 1 << i] + v
    zero = (sums == 0).astype(np.int16)
    masks = np.arange(size, dtype=np.int64)
    count = np.bitwise_count(masks)
    best = np.zeros(size, dtype=np.int16)
    for k in range(1, n + 1):
        layer = masks[count == k]
        top = np.full(layer.shape, -1, dtype=np.int16)
        for i in range(n):
            bit = np.int64(1 << i)
            has = (layer & bit) != 0
            np.maximum(top, np.where(has, best[layer ^ bit], -1), out=top)
        best[layer] = top + zero[layer]
    # Walk back from everyone, dropping a player that keeps the best; cut at zero-sum masks.
    groups: list[list[int]] = []
    mask, current = size - 1, list[int]()
    while mask:
        if zero[mask] and current:
            groups.append(current)
            current = []
        goal = best[mask] - zero[mask]
        i = next(i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] == goal)
        current.append(i)
        mask ^= 1 << i
    groups.append(current)
    return [sorted(g) for g in reversed(groups)]


def _greedy(owed: list[tuple[str, int]]) -> list[Transfer]:
    """Transfers that square ``owed`` (adding up to zero): the biggest debtor pays the
    biggest creditor as much as both allow, until nothing is owed (at most k - 1 for k)."""
    debtors = sorted(((-b, p) for p, b in owed if b < 0), key=lambda x: -x[0])
    creditors = sorted(((b, p) for p, b in owed if b > 0), key=lambda x: -x[0])
    transfers = []
    d = c = 0
    while d < len(debtors) and c < len(creditors):
        (debt, payer), (credit, payee) = debtors[d], creditors[c]
        amount = min(debt, credit)
        transfers.append(Transfer(payer, payee, amount))
        debtors[d], creditors[c] = (debt - amount, payer), (credit - amount, payee)
        d += debt == amount
        c += credit == amount
    return transfers


def _pairs_then_greedy(owed: list[tuple[str, int]]) -> tuple[Transfer, ...]:
    """Above the exact limit: settle equal and opposite balances pairwise, the rest greedily."""
    waiting: dict[int, list[str]] = {}
    transfers: list[Transfer] = []
    rest: list[tuple[str, int]] = []
    for player, b in owed:
        match = waiting.get(-b)
        if match:
            other = match.pop()
            transfers.append(Transfer(player, other, -b) if b < 0 else Transfer(other, player, b))
        else:
            waiting.setdefault(b, []).append(player)
    for b, players in waiting.items():
        rest.extend((p, b) for p in players)
    return (*transfers, *_greedy(rest))


def from_entries(entries: Iterable[Entry]) -> Ledger:
    """A ledger rebuilt from its rows (as a server stores them), every row checked again.

    Consecutive ``hand`` rows with the same hand number, each of another player, are one hand.
    """
    ledger = Ledger()
    pending: dict[str, int] = {}
    number: int | None = None

    def close_hand() -> None:
        if pending:
            ledger.hand(dict(pending), number)
            pending.clear()

    for e in entries:
        if e.kind == "hand":
            if e.hand != number or e.player in pending:
                close_hand()
            number = e.hand
            pending[e.player] = e.chips
            continue
        close_hand()
        if e.kind == "cash-out":
            ledger.cash_out(e.player, e.chips)
        elif e.kind in ("buy-in", "rebuy"):
            ledger.buy_in(e.player, e.chips)
        else:
            raise LedgerError(f"{e.kind!r} is not a kind of ledger entry")
    close_hand()
    return ledger


# --------------------------------------------------------------------------- from hand records


def from_records(records: Iterable[HandRecord], *, close: bool = True) -> Ledger:
    """The ledger of a session from its hand records, in order (a ``.phhs`` of
    ``splitpot play``, or a table's hands).

    Players are the records' ``players`` names (else ``p1``, ``p2``... by seat; a name on
    several seats of a hand becomes ``name (p2)``, ``name (p3)``...). A player's
    first starting stack is their buy-in; a starting stack above their last finishing stack is a
    rebuy of the difference, one below it a cash-out of the difference, and a player missing
    from a hand has cashed out before it. ``close``: everyone still seated cashes out after the
    last hand. A record without ``finishing_stacks`` is replayed for them.
    """
    ledger = Ledger()
    for position, record in enumerate(records, 1):
        number = record.fields.get("hand", position)
        if isinstance(number, bool) or not isinstance(number, int):
            number = position
        names = _names(record)
        finishing = _finishing(record, number)
        starting = record.starting_stacks
        if sum(finishing) != sum(starting):
            gap = sum(finishing) - sum(starting)
            raise LedgerError(
                f"hand {number}: finishing_stacks hold {gap:+d} chips more than starting_stacks"
            )
        for player in ledger.seated:
            if player not in names:
                ledger.cash_out(player)
        for player, chips in zip(names, starting, strict=True):
            have = ledger.seated.get(player)
            if have is None:
                ledger.buy_in(player, chips)
            elif chips > have:
                ledger.buy_in(player, chips - have)
            elif chips < have:
                ledger.cash_out(player, have - chips)
        results = {p: f - s for p, s, f in zip(names, starting, finishing, strict=True)}
        ledger.hand(results, number)
    if close:
        for player in ledger.seated:
            ledger.cash_out(player)
    return ledger


def _names(record: HandRecord) -> tuple[str, ...]:
    """Who sat where: the record's names, a name given to several seats told apart by seat
    (``splitpot play`` calls every bot of a kind by the kind), else ``p1``, ``p2``..."""
    names = record.players or tuple(f"p{i}" for i in range(1, record.player_count + 1))
    return tuple(
        f"{name} (p{seat})" if names.count(name) > 1 else name for seat, name in enumerate(names, 1)
    )


def _finishing(record: HandRecord, number: int) -> tuple[int, ...]:
    if record.finishing_stacks is not None:
        return record.finishing_stacks
    try:
        state = replay_to_end(record)
    except RecordError as exc:
        raise LedgerError(f"hand {number}: {exc}") from None
    if not state.finished:
        raise LedgerError(f"hand {number} is not finished: it has no result for the ledger")
    return state.stacks
