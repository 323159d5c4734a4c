"""The ``splitpot`` command: every subcommand (``hand``, ``play``, ``replay``, ``simulate``,
``odds``, ``report``, ``soak``, ``verify``, ``ledger``, ``serve``) is registered here, each
imported from its module only when it is run or listed."""

from __future__ import annotations

import os
import sys
from importlib import import_module

import click

from splitpot.cards import parse_cards
from splitpot.cli.extras import unavailable
from splitpot.errors import SplitpotError
from splitpot.hands import best_five, describe_high, describe_low

__all__ = ["main", "run"]


_LAZY = ("ledger", "odds", "play", "replay", "simulate", "report", "soak", "verify", "serve")
"""The subcommands in modules of their own (``splitpot.cli.NAME``), imported only when run or
listed: ``splitpot simulate`` does not pay for the web server's or the table's imports, and
works without them (``pip install splitpot``: a command whose extra is missing says which)."""


class _Commands(click.Group):
    """The command group, each command summed up by the whole first paragraph of its help
    (click's own summary stops at the first full stop, ``(e.g.`` included)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in _LAZY and cmd_name not in self.commands:
            try:
                command = getattr(import_module(f"splitpot.cli.{cmd_name}"), cmd_name)
            except ImportError as exc:  # an extra not installed: a command that says which
                command = unavailable(cmd_name, exc)
            self.add_command(command)
        return super().get_command(ctx, cmd_name)

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


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version and which build runs (pure Python, or the compiled modules)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    from splitpot.build import describe

    click.echo(f"splitpot, version {version('splitpot')}\nbuild: {describe()}")
    ctx.exit()


@click.group(cls=_Commands)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_version,
    help="Show the version and the build (pure Python or compiled), then exit.",
)
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


def run() -> None:
    """Console entry point: ``main``, quiet when the reader of its output goes away (``| head``)."""
    try:
        main()
    except BrokenPipeError:
        # Point stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
