"""``splitpot ledger``: a session's ledger and settle-up from its hand records (docs/ledger.md)."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console
from rich.table import Table

from splitpot.cli.extras import needs
from splitpot.errors import RecordError
from splitpot.ledger import Ledger, LedgerError, chip_value, from_entries, from_records, money
from splitpot.notation import iter_text

__all__ = ["ledger"]

chip_value_of = chip_value


def _value(ctx: click.Context, param: click.Parameter, text: str | None) -> Decimal | None:
    if text is None:
        return None
    try:
        return chip_value_of(text)
    except LedgerError as exc:
        raise click.BadParameter(str(exc)) from None


def _show(console: Console, book: Ledger, value: Decimal | None) -> None:
    hands = book.hands
    title = f"{hands} hand{'s' if hands != 1 else ''}, {len(book.players)} players"
    table = Table(title=title, title_justify="left")
    standings = book.standings()
    bots = any(s.settles is None for s in standings)
    columns = ["player", "bought in", "cashed out", "won/lost", "hands", "balance"]
    if bots:
        columns.append("settles")
    if value is not None:
        columns.append("money")
    for column in columns:
        table.add_column(column, justify="left" if column == "player" else "right")
    for s in standings:
        cashed = s.cashed + s.on_table
        row = [s.player, str(s.bought), str(cashed), f"{s.won:+d}", str(s.hands), f"{s.balance:+d}"]
        if bots:
            row.append("house" if s.settles is None else f"{s.settles:+d}")
        if value is not None:
            row.append(f"{money(s.balance if s.settles is None else s.settles, value):+}")
        table.add_row(*row)
    console.print(table)
    if bots:
        house = book.house()
        did = f"won {house}" if house >= 0 else f"lost {-house}"
        console.print(
            f"The bots {did} chip{'s' if abs(house) != 1 else ''} in all: bots' chips are the "
            "house's, so people settle only what they won from and lost to each other."
        )
    settlement = book.settle()
    count = len(settlement.transfers)
    if not count:
        console.print("Settle up: nobody owes anything.")
        return
    how = "the fewest possible" if settlement.exact else "greedy: perhaps not the fewest"
    console.print(f"Settle up: {count} transfer{'s' if count != 1 else ''} ({how}).")
    for t in settlement.transfers:
        worth = f" ({t.money(value)})" if value is not None else ""
        chips = f"{t.chips} chip{'s' if t.chips != 1 else ''}"
        console.print(f"  {t.payer} pays {t.payee} {chips}{worth}")


def _fail(message: str) -> NoReturn:
    """Bad input (an unknown table, a database that cannot be read): one line, exit 2."""
    click.echo(message.splitlines()[0] if message else "error", err=True)
    sys.exit(2)


def _from_table(code: str, db: str) -> tuple[Ledger, Decimal | None]:
    """The ledger of table ``code`` in the server's database ``db``, and its chip value."""
    with needs("ledger", "a web table's ledger"):
        from splitpot.server.store import Store, StoreError, database_url

    url = database_url(db)
    path = url.removeprefix("sqlite:///")
    if url.startswith("sqlite:///") and path not in ("", ":memory:") and not Path(path).is_file():
        _fail(f"--db {db!r}: no such database file (splitpot serve --db names it)")
    try:
        store = Store(db)
    except StoreError as exc:
        _fail(str(exc))
    try:
        entries = store.ledger(code.upper())
        if entries is None:
            _fail(f"no table {code!r} in the database {db!r}")
        (table,) = store.tables(code.upper())
        value = table.options.get("chip_value")
        return from_entries(entries or []), None if value is None else chip_value_of(str(value))
    except LedgerError as exc:
        click.echo(f"table {code}: the stored ledger does not add up: {exc}", err=True)
        sys.exit(1)
    except Exception as exc:  # a database that answers with an error: one line, nothing lost
        _fail(f"--db {db!r}: cannot read the table: {exc}")
    finally:
        store.close()


@click.command(short_help="A session's ledger from its records or a table, and who pays whom.")
@click.option(
    "--csv", "csv_out", type=click.Path(dir_okay=False, path_type=Path), help="Write CSV."
)
@click.option(
    "--chip-value", callback=_value, metavar="MONEY", help="What one chip is worth (0.25)."
)
@click.option(
    "--db",
    default="splitpot.db",
    show_default=True,
    help="For a TABLE: the server's database (a SQLite file or a URL, as for serve).",
)
@click.argument("source", metavar="FILE|TABLE")
def ledger(csv_out: Path | None, chip_value: Decimal | None, db: str, source: str) -> None:
    """The ledger of the session in FILE (.phhs), or of web table TABLE (its code, read from
    the server's database): buy-ins, rebuys, cash-outs, each player's balance, and who pays
    whom in the fewest transfers."""
    file = Path(source)
    hands = []
    if file.is_file():
        try:
            hands = list(iter_text(file.read_text(encoding="utf-8"), name=file.name))
            book = from_records(hands)
        except (OSError, UnicodeDecodeError) as exc:
            click.echo(f"cannot read {str(file)!r}: {exc}", err=True)
            sys.exit(1)
        except (RecordError, LedgerError) as exc:
            click.echo(f"{file}: {exc}", err=True)
            sys.exit(1)
    elif file.exists() or not source.isalnum():
        _fail(f"{source!r} is neither a record file nor a table's code")
    else:
        book, stored = _from_table(source, db)
        chip_value = stored if chip_value is None else chip_value
    _show(Console(), book, chip_value)
    restacked = len({(h.players, h.starting_stacks) for h in hands}) == 1 and len(hands) > 1
    if restacked and any(e.kind == "rebuy" for e in book.entries):
        click.echo(
            "Every hand began from the same stacks (as splitpot simulate deals):\n"
            "top-ups count as rebuys, chips taken off as cash-outs."
        )
    if csv_out is not None:
        try:
            with csv_out.open("w", encoding="utf-8", newline="") as out:
                book.write_csv(out, chip_value)
        except OSError as exc:
            click.echo(f"cannot write {str(csv_out)!r}: {exc.strerror}", err=True)
            sys.exit(1)
        click.echo(f"CSV written to {csv_out}")
