"""``splitpot soak``: play many checked hands of every game and house-rule mix; print the counts."""

from __future__ import annotations

import json
import sys
import time

import click
from rich.console import Console
from rich.table import Table

from splitpot import variants
from splitpot.cli.simulate import _progress, parallel_options
from splitpot.errors import RulesError, SplitpotError
from splitpot.sim import hand_seeds
from splitpot.sim.parallel import map_chunks
from splitpot.sim.soak import SoakCounts, SoakJob, soak_chunk

__all__ = ["soak"]

_SHOWN = 5
"""Failures printed in full; the rest are counted."""


@click.command()
@click.option(
    "--hands", "hand_count", type=click.IntRange(min=1), required=True, help="Hands to play."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the soak.")
@click.option(
    "--games",
    help="Comma-separated games to soak [default: every game].",
)
@click.option(
    "--illegal",
    type=click.FloatRange(0, 1),
    default=0.25,
    show_default=True,
    help="Share of decisions at which a random illegal action is tried first.",
)
@click.option("--no-house", is_flag=True, help="Play every game with its own house rules only.")
@click.option(
    "--hand", "only", type=click.IntRange(min=1), help="Play only hand number N (a failure's)."
)
@parallel_options("counts")
@click.option("--json", "as_json", is_flag=True, help="Print the counts as one JSON object.")
def soak(
    hand_count: int,
    seed: int,
    games: str | None,
    illegal: float,
    no_house: bool,
    only: int | None,
    workers: int,
    backend: str,
    address: str | None,
    as_json: bool,
) -> None:
    """Play HANDS random and bot hands of every game and house-rule mix, checking after every
    hand that chips add up (payments included), that no card is dealt twice, that its record
    replays to the same stacks, and that every illegal action tried is refused with the table
    unchanged. Exit status 1, naming the seed and hand, on any failure."""
    if address is not None and backend != "ray":
        raise click.UsageError("--address names a Ray cluster: use it with --backend ray")
    if workers > 1 and backend == "ray":
        raise click.UsageError("--workers is for the local backend: Ray uses its cluster's CPUs")
    chosen: tuple[str, ...] = ()
    if games:
        try:
            chosen = tuple(sorted({variants.get(g.strip()).name for g in games.split(",")}))
        except RulesError as exc:
            raise click.UsageError(str(exc)) from None
    if only is not None and only > hand_count:
        raise click.UsageError(f"--hand {only}: the soak has only {hand_count} hands")
    job = SoakJob(chosen, illegal, not no_house)
    seeds = hand_seeds(seed, hand_count)
    first = 0
    if only is not None:
        first, seeds = only - 1, seeds[only - 1 : only]
    console = Console(stderr=as_json)
    counts = SoakCounts()
    began = time.perf_counter()
    try:
        with _progress(console, "soak", len(seeds)) as on_hands:
            chunks = map_chunks(
                soak_chunk,
                job,
                seeds,
                workers=workers,
                backend=backend,
                address=address,
                on_hands=on_hands,
                start=first,
            )
            for chunk in chunks:
                counts.add(chunk)
    except SplitpotError as exc:
        raise click.ClickException(str(exc)) from None
    seconds = time.perf_counter() - began
    if as_json:
        click.echo(json.dumps(_summary(counts, seconds)))
    else:
        _print(console, counts, seconds, seed)
    if counts.failures:
        for failure in counts.failures[:_SHOWN]:
            click.echo(
                f"soak failed: seed {seed} hand {failure.hand} ({failure.game}, hand seed "
                f"{failure.seed}): {failure.message}; rerun with --seed {seed} --hand "
                f"{failure.hand} --hands {hand_count}",
                err=True,
            )
        if len(counts.failures) > _SHOWN:
            click.echo(f"... and {len(counts.failures) - _SHOWN} more failures", err=True)
        sys.exit(1)


def _summary(counts: SoakCounts, seconds: float) -> dict[str, object]:
    return {
        "hands": counts.hands,
        "seconds": round(seconds, 3),
        "actions": counts.actions,
        "cards": counts.cards,
        "illegal": counts.illegal,
        "refused": counts.refused,
        "replayed": counts.replayed,
        "showdowns": counts.showdowns,
        "house": counts.house,
        "failures": len(counts.failures),
        "games": dict(sorted(counts.games.items())),
        "bots": dict(sorted(counts.bots.items())),
    }


def _print(console: Console, counts: SoakCounts, seconds: float, seed: int) -> None:
    table = Table(title=f"soak of {counts.hands:,} hands, seed {seed}", title_justify="left")
    table.add_column("check")
    table.add_column("count", justify="right")
    rows = (
        ("hands played", counts.hands),
        ("  with house rules changed", counts.house),
        ("  to a showdown", counts.showdowns),
        ("player actions", counts.actions),
        ("cards dealt", counts.cards),
        ("records replayed", counts.replayed),
        ("illegal actions tried", counts.illegal),
        ("  refused, table unchanged", counts.refused),
        ("failures", len(counts.failures)),
    )
    for name, value in rows:
        table.add_row(name, f"{value:,}")
    console.print(table)
    games = ", ".join(f"{g} {n:,}" for g, n in sorted(counts.games.items()))
    bots = ", ".join(f"{b} {n:,}" for b, n in sorted(counts.bots.items()))
    console.print(f"games: {games}")
    console.print(f"seats: {bots}")
    rate = counts.hands / seconds if seconds else 0.0
    console.print(f"{seconds:.2f} s, {rate:,.0f} hands/s")
