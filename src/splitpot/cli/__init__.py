"""The ``splitpot`` command."""

from __future__ import annotations

import click

from splitpot.hands import best_five, describe_high, describe_low


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
