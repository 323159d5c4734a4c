"""The ``splitpot`` command: ``hand``, ``replay``, ``simulate``, ``play`` and ``serve``."""

from __future__ import annotations

import os
import sys

import click

from splitpot.cli.play import play
from splitpot.cli.replay import replay
from splitpot.cli.serve import serve
from splitpot.cli.simulate import simulate
from splitpot.hands import best_five, describe_high, describe_low

__all__ = ["main", "run"]


@click.group()
@click.version_option(package_name="splitpot")
def main() -> None:
    """Deal, referee and replay high-low split stud games."""


@main.command()
@click.argument("cards")
def hand(cards: str) -> None:
    """Describe the best high and 8-or-better low hands in CARDS (e.g. AhKd9s8c7h6d2s)."""
    five = best_five(cards)
    click.echo(f"high: {describe_high(cards)}  ({' '.join(map(str, five or ()))})")
    click.echo(f"low:  {describe_low(cards)}")


main.add_command(play)
main.add_command(replay)
main.add_command(simulate)
main.add_command(serve)


def run() -> None:
    """Console entry point: ``main``, quiet when the reader of its output goes away (``| head``)."""
    try:
        main()
    except BrokenPipeError:
        # Point stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
