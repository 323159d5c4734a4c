"""``splitpot replay``: replay a hand record and say where the table stands (hand-history.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from splitpot import variants
from splitpot.engine import legal_actions, outcome
from splitpot.errors import RecordError, RulesError
from splitpot.notation import HandRecord, iter_text
from splitpot.records import replay_to_end
from splitpot.state import State

__all__ = ["replay"]


def summary(state: State, record: HandRecord) -> dict[str, Any]:
    """The table as ``--json`` prints it: players numbered from 1, chips as integers."""
    finished = bool(state.finished)
    awards = []
    if finished:
        awards = [
            {"player": a.seat + 1, "amount": a.amount, "half": a.half, "reason": a.reason}
            for a in outcome(state).awards
        ]
    to_act = [] if finished else [seat + 1 for seat in legal_actions(state).to_act]
    payments = [
        {"from": p.payer + 1, "to": p.payee + 1, "amount": p.amount, "reason": p.reason}
        for p in state.payments
    ]
    return {
        "variant": record.variant,
        "finished": finished,
        "stacks": list(state.stacks),
        "pot": state.pot,
        "to_act": to_act,
        "awards": awards,
        "payments": payments,
    }


def _print_table(console: Console, number: int, record: HandRecord, info: dict[str, Any]) -> None:
    names = record.players or tuple(f"p{i}" for i in range(1, record.player_count + 1))
    title = f"hand {number}: {record.variant}"
    if "hand" in record.fields:
        title += f" (#{record.fields['hand']})"
    table = Table(title=title, title_justify="left")
    for column in ("player", "name", "start", "now", "net"):
        table.add_column(column, justify="left" if column == "name" else "right")
    if record.finishing_stacks is not None:
        table.add_column("recorded", justify="right")
    for seat, name in enumerate(names):
        now, first = info["stacks"][seat], record.starting_stacks[seat]
        row = [f"p{seat + 1}", name, str(first), str(now), f"{now - first:+d}"]
        if record.finishing_stacks is not None:
            row.append(str(record.finishing_stacks[seat]))
        table.add_row(*row)
    console.print(table)
    for paid in info["payments"]:
        console.print(f"  p{paid['from']} paid p{paid['to']} {paid['amount']}: {paid['reason']}")
    if info["finished"]:
        console.print("finished")
        for award in info["awards"]:
            console.print(
                f"  p{award['player']} +{award['amount']} ({award['half']}): {award['reason']}"
            )
    else:
        waiting = ", ".join(f"p{p}" for p in info["to_act"]) or "the dealer"
        console.print(f"pot {info['pot']}; waiting on {waiting}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per hand.")
@click.option("--check", is_flag=True, help="Exit 1 unless every finishing_stacks is reached.")
@click.option(
    "--game",
    "games",
    multiple=True,
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.toml",
    help="A game defined in a file (docs/variants.md) that the record's variant names "
    "(repeatable).",
)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def replay(as_json: bool, check: bool, games: tuple[Path, ...], file: Path) -> None:
    """Replay the hands of FILE (.phh or .phhs) and print where each table stands."""
    for game in games:
        try:
            variants.load_game(game)
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="'--game'") from None
    console = Console()
    mismatches: list[str] = []
    number = 0
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        click.echo(f"cannot read {str(file)!r}: {exc}", err=True)
        sys.exit(1)
    try:
        for record in iter_text(text, name=file.name):
            number += 1
            info = summary(replay_to_end(record), record)
            if as_json:
                click.echo(json.dumps(info))
            else:
                _print_table(console, number, record, info)
            wanted = record.finishing_stacks
            if check and wanted is not None and list(wanted) != info["stacks"]:
                mismatches.append(
                    f"hand {number}: stacks {info['stacks']} are not the recorded "
                    f"finishing_stacks {list(wanted)}"
                )
    except RecordError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    for line in mismatches:
        click.echo(line, err=True)
    if mismatches:
        sys.exit(1)
