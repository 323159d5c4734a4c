"""One row per hand for researchers, and the files that hold them (Parquet or CSV).

:func:`hand_row` reads a finished hand — its :func:`~splitpot.engine.outcome` (awards, net,
payments) and its log — into flat columns: the game, the hand's number and seed, whether it
went to a showdown, and per seat (``p1_...`` for seat 0) the bot, the net result, the chips won
for the high half, the low half and whole pots, the declaration, the cards bought (auction
picks, buys, NASDAQ purchases) and what they cost, the cards sold and what they brought in;
``trades`` lists every purchase in words (docs/research.md: "The results file").

Files are written and read with pyarrow (``pip install 'splitpot[results]'``), by extension:
``.parquet`` or ``.csv``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from splitpot.actions import BETTING_VERBS, Action
from splitpot.cards import CARDS
from splitpot.engine import outcome
from splitpot.errors import MissingExtra, ResultsError
from splitpot.state import State

__all__ = [
    "FORMATS",
    "SEAT_COLUMNS",
    "RowWriter",
    "columns",
    "hand_row",
    "read_results",
    "result_columns",
    "trades",
]

FORMATS = (".parquet", ".csv")
SEAT_COLUMNS = (
    "bot",
    "net",
    "high",
    "low",
    "all",
    "declaration",
    "bought",
    "paid",
    "sold",
    "received",
)
"""Per-seat columns, each named ``pN_<name>``; ``high``/``low``/``all``: chips awarded for the
high half, the low half, and whole pots (uncontested, or a half nobody could take)."""
_TEXT = frozenset({"bot", "declaration"})


def columns(players: int) -> list[str]:
    """The column names of a results file for ``players`` seats, in order."""
    seats = [f"p{s + 1}_{name}" for s in range(players) for name in SEAT_COLUMNS]
    return ["game", "hand", "hand_seed", "showdown", *seats, "trades"]


def _card(card: Any) -> str:
    return "??" if card is None else str(CARDS[card])


def trades(state: State) -> list[tuple[str, int, str, int, int | None]]:
    """Every card bought in the hand, from its log: ``(kind, buyer, card, price, seller)``.

    ``kind``: ``"pick"`` (an auction card, for the bid), ``"buy"`` (a replacement bought at the
    buy, for the round's price; ``card`` is the one received), ``"sale"`` (from ``seller``, for
    the winning bid), ``"unsold"`` (the seller kept it and paid its asking price into the pot;
    ``buyer`` is the seller) and ``"first"`` (the right to sell first, ``card`` empty).
    """
    out: list[tuple[str, int, str, int, int | None]] = []
    prices = state.rules.prices
    bids: dict[int, int] = {}  # this auction's or sale's bids so far
    rounds: dict[int, int] = {}  # buy decisions per seat in this buy step
    owed: dict[int, int] = {}  # seat -> price of the replacement it is owed
    selling: Action | None = None
    for action in state.log:
        verb, seat = action.verb, action.seat
        if verb == "dl":
            bids = {}
        elif verb in BETTING_VERBS:
            rounds = {}
            if bids and selling is None:
                bids = {}
        elif verb == "bid" and seat is not None and action.amount is not None:
            bids[seat] = action.amount
        elif verb == "pick" and seat is not None:
            out.append(("pick", seat, _card(action.cards[0]), bids.get(seat, 0), None))
        elif seat is not None and (verb == "buy" or (verb == "sd" and not action.cards)):
            k = rounds.get(seat, 0)  # a buy decision: buy, or stand pat ('sd' alone)
            rounds[seat] = k + 1
            if verb == "buy":
                owed[seat] = prices[min(k, len(prices) - 1)]
        elif verb == "dh" and seat in owed and seat is not None:
            out.append(("buy", seat, _card(action.cards[0]), owed.pop(seat), None))
        elif verb == "sell" and seat is not None:
            if bids:  # the bids for the right to sell first, the winner selling now
                if seat in bids:
                    out.append(("first", seat, "", bids[seat], None))
                bids = {}
            selling = action
        elif verb == "sd" and seat is not None and selling is not None:  # after a sale
            seller = selling.seat
            assert seller is not None
            card = _card(selling.cards[0])
            if seat != seller:
                out.append(("sale", seat, card, bids.get(seat, 0), seller))
            else:
                out.append(("unsold", seller, card, selling.amount or 0, None))
            selling = None
            bids = {}
    return out


def _words(trade: tuple[str, int, str, int, int | None]) -> str:
    kind, buyer, card, price, seller = trade
    if kind == "sale":
        return f"p{buyer + 1} buys {card} from p{(seller or 0) + 1} for {price}"
    if kind == "pick":
        return f"p{buyer + 1} picks {card} for {price}"
    if kind == "buy":
        return f"p{buyer + 1} buys {card} for {price}"
    if kind == "unsold":
        return f"p{buyer + 1} keeps {card} unsold, pays {price}"
    return f"p{buyer + 1} pays {price} to sell first"


def hand_row(state: State, number: int, bots: Sequence[str]) -> dict[str, Any]:
    """The row of a finished hand, numbered from 1, with each seat's bot name."""
    result = outcome(state)
    n = state.n
    won = {half: [0] * n for half in ("high", "low", "all")}
    for award in result.awards:
        won[award.half][award.seat] += award.amount
    declared: list[str | None] = [None] * n
    showdown = False
    for action in state.log:
        if action.verb == "dec" and action.seat is not None:
            declared[action.seat] = action.declaration
        elif action.verb == "sm":
            showdown = True
    bought, paid, sold, received = [0] * n, [0] * n, [0] * n, [0] * n
    hand_trades = trades(state)
    for kind, buyer, _, price, seller in hand_trades:
        if kind in ("pick", "buy", "sale"):
            bought[buyer] += 1
            paid[buyer] += price
        if seller is not None:
            sold[seller] += 1
    for payment in result.payments:
        received[payment.payee] += payment.amount
    row: dict[str, Any] = {
        "game": state.rules.name,
        "hand": number,
        "hand_seed": state.seed,
        "showdown": showdown,
    }
    for s, names in enumerate(_seat_names(n)):
        values = (
            bots[s],
            result.net[s],
            won["high"][s],
            won["low"][s],
            won["all"][s],
            declared[s],
            bought[s],
            paid[s],
            sold[s],
            received[s],
        )
        row.update(zip(names, values, strict=True))
    row["trades"] = "; ".join(_words(t) for t in hand_trades)
    return row


@cache
def _seat_names(players: int) -> tuple[tuple[str, ...], ...]:
    """Each seat's column names (:data:`SEAT_COLUMNS`), the same string objects for every
    row, so a chunk of rows pickles each name once on its way back from a worker."""
    return tuple(tuple(f"p{s + 1}_{name}" for name in SEAT_COLUMNS) for s in range(players))


def _pyarrow() -> Any:
    try:
        import pyarrow
    except ImportError:
        raise MissingExtra("results files need pyarrow: pip install 'splitpot[results]'") from None
    return pyarrow


def _format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ResultsError(f"{path}: a results file ends in .parquet or .csv, not {suffix!r}")
    return suffix


def _schema(players: int) -> Any:
    pa = _pyarrow()
    fields = [
        pa.field("game", pa.string()),
        pa.field("hand", pa.int64()),
        pa.field("hand_seed", pa.int64()),
        pa.field("showdown", pa.bool_()),
    ]
    for s in range(players):
        for name in SEAT_COLUMNS:
            kind = pa.string() if name in _TEXT else pa.int64()
            fields.append(pa.field(f"p{s + 1}_{name}", kind))
    fields.append(pa.field("trades", pa.string()))
    return pa.schema(fields)


class RowWriter:
    """Writes rows to a ``.parquet`` or ``.csv`` file. Rows are kept until ``BATCH`` of them
    are in, then written as one table (a Parquet row group): a table per chunk of a few
    hundred rows cost the parent process about 2.5 times as much to write, per row."""

    BATCH = 16_384

    def __init__(self, path: str | Path, players: int) -> None:
        self.path = Path(path)
        self.format = _format(self.path)
        pa = _pyarrow()
        self.schema = _schema(players)
        self._pa = pa
        if self.format == ".parquet":
            import pyarrow.parquet as pq

            self._writer: Any = pq.ParquetWriter(self.path, self.schema)
        else:
            import pyarrow.csv as pcsv

            self._writer = pcsv.CSVWriter(self.path, self.schema)
        self._rows: list[dict[str, Any]] = []

    def write(self, rows: list[dict[str, Any]]) -> None:
        """Append rows (dicts with every column)."""
        self._rows += rows
        if len(self._rows) >= self.BATCH:
            self._flush()

    def _flush(self) -> None:
        if self._rows:
            self._writer.write_table(self._pa.Table.from_pylist(self._rows, schema=self.schema))
            self._rows = []

    def close(self) -> None:
        """Write the rows still kept and finish the file."""
        try:
            self._flush()
        finally:
            self._writer.close()

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextmanager
def _reading(path: Path) -> Iterator[str]:
    """Check that ``path`` is there and has a results file's extension (yielded); an Arrow
    error while reading it becomes one SplitpotError line."""
    suffix = _format(path)
    pa = _pyarrow()
    if not path.is_file():
        raise ResultsError(f"{path}: no such file")
    try:
        yield suffix
    except (pa.ArrowInvalid, pa.ArrowKeyError, KeyError, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ResultsError(f"{path}: not a splitpot results file ({first})") from None


def result_columns(path: str | Path) -> list[str]:
    """The column names of a results file (read from its schema or its header only)."""
    with _reading(Path(path)) as suffix:
        if suffix == ".parquet":
            import pyarrow.parquet as pq

            return list(pq.read_schema(path).names)
        import pyarrow.csv as pcsv

        with pcsv.open_csv(path) as reader:
            return list(reader.schema.names)


def read_results(path: str | Path, names: Sequence[str] | None = None) -> Any:
    """A results file as a pyarrow Table (only the ``names`` columns when given)."""
    columns = list(names) if names else None
    with _reading(Path(path)) as suffix:
        if suffix == ".parquet":
            import pyarrow.parquet as pq

            return pq.read_table(path, columns=columns)
        import pyarrow.csv as pcsv

        return pcsv.read_csv(path, convert_options=pcsv.ConvertOptions(include_columns=columns))
