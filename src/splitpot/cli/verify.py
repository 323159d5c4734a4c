"""``splitpot verify``: check each hand of a record against its commitment (docs/fairness.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from splitpot.errors import RecordError
from splitpot.fairness import SCHEME, Verdict
from splitpot.fairness import verify as verify_hand
from splitpot.notation import iter_text

__all__ = ["verify"]


@click.command(short_help="Check each hand against its commitment: deck, cards, result.")
@click.option(
    "--commitment",
    "published",
    multiple=True,
    metavar="HEX",
    help="The commitment published before a hand; once per hand, in order.",
)
@click.option(
    "--entropy",
    "sent",
    multiple=True,
    metavar="HEX",
    help="The value your browser sent for a hand's deal (v2); once per hand, in order.",
)
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def verify(published: tuple[str, ...], sent: tuple[str, ...], record: Path) -> None:
    """Check every hand of RECORD (.phh or .phhs): its commitment, each card dealt, its result.

    Prints each hand verified with its commitment, and one line per thing that does not
    match. Exit status: 0 when every hand is verified, 1 when any does not match or cannot be
    checked, 2 when the record cannot be read.
    """
    try:
        hands = list(iter_text(record.read_text(encoding="utf-8"), name=record.name))
    except (OSError, UnicodeDecodeError) as exc:
        click.echo(f"cannot read {str(record)!r}: {exc}", err=True)
        sys.exit(2)
    except RecordError as exc:
        click.echo(f"{record}: {exc}", err=True)
        sys.exit(2)
    for option, given in (("--commitment", published), ("--entropy", sent)):
        if given and len(given) != len(hands):
            raise click.UsageError(
                f"{option} given {len(given)} times for {len(hands)} hand(s): once per hand"
            )
    failed = 0
    for number, hand in enumerate(hands, 1):
        verdict = verify_hand(
            hand,
            commitment=published[number - 1] if published else None,
            entropy=sent[number - 1] if sent else None,
        )
        if verdict.ok:
            click.echo(f"hand {number}: verified: {_checked(verdict)}, same result")
            click.echo(f"  commitment {verdict.commitment}")
            continue
        failed += 1
        prefix = "cannot be verified: " if verdict.status == "unverifiable" else ""
        for problem in verdict.problems:
            click.echo(f"hand {number}: {prefix}{problem.message}")
    total = len(hands)
    click.echo(
        f"{total - failed} of {total} hand{'s' if total != 1 else ''} verified"
        + (f"; {failed} not" if failed else "")
    )
    if failed:
        sys.exit(1)


def _checked(verdict: Verdict) -> str:
    """What a verified hand's cards were checked against, in a few words."""
    if verdict.scheme == SCHEME:
        filled = f", {verdict.hidden} hidden" if verdict.hidden else ""
        return f"{verdict.cards} cards dealt from the seed's deck{filled}"
    values = f"{verdict.values} player{'s' if verdict.values != 1 else ''}"
    return (
        f"{verdict.cards} cards opened against the commitment, {verdict.hidden} not shown to "
        f"this reader, the deck cut by the values of {values}"
    )
