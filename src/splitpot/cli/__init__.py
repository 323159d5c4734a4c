"""The ``splitpot`` command: every subcommand (``hand``, ``play``, ``replay``, ``simulate``,
``odds``, ``report``, ``soak``, ``verify``, ``ledger``, ``serve``) is registered here."""

from __future__ import annotations

import os
import sys

import click

from splitpot.cards import parse_cards
from splitpot.cli.ledger import ledger
from splitpot.cli.odds import odds
from splitpot.cli.play import play
from splitpot.cli.replay import replay
from splitpot.cli.report import report
from splitpot.cli.serve import serve
from splitpot.cli.simulate import simulate
from splitpot.cli.soak import soak
from splitpot.cli.verify import verify
from splitpot.errors import SplitpotError
from splitpot.hands import best_five, describe_high, describe_low

__all__ = ["main", "run"]


class _Commands(click.Group):
    """The command group, each command summed up by the whole first paragraph of its help
    (click's own summary stops at the first full stop, ``(e.g.`` included)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            text = command.short_help or command.help or ""
            rows.append((name, " ".join(text.split("\n\n", 1)[0].split())))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=_Commands)
@click.version_option(package_name="splitpot")
def main() -> None:
    """Deal, referee and replay high-low split stud games."""


@main.command()
@click.argument("cards", nargs=-1, required=True)
def hand(cards: tuple[str, ...]) -> None:
    """Describe the best high hand and the best 8-or-better low among 1 to 7 CARDS, written
    together (AhKd9s8c7h6d2s) or apart (Ah Kd 9s)."""
    try:
        held = parse_cards("".join(cards))
    except SplitpotError as exc:
        raise click.BadParameter(str(exc), param_hint="'CARDS'") from None
    if not 1 <= len(held) <= 7:
        raise click.BadParameter(f"{len(held)} cards: a hand has 1 to 7", param_hint="'CARDS'")
    five = best_five(held)
    high, low = describe_high(held), describe_low(held)
    click.echo(f"high: {high}  ({' '.join(map(str, five or ()))})")
    click.echo(f"low:  {low}")


main.add_command(ledger)
main.add_command(odds)
main.add_command(play)
main.add_command(replay)
main.add_command(simulate)
main.add_command(report)
main.add_command(soak)
main.add_command(verify)
main.add_command(serve)


def run() -> None:
    """Console entry point: ``main``, quiet when the reader of its output goes away (``| head``)."""
    try:
        main()
    except BrokenPipeError:
        # Point stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
