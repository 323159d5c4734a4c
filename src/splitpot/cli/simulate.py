"""``splitpot simulate``: seated bots play many hands; print what each seat won or lost.

Stakes and house rules come from ``--house KEY=VALUE`` and ``--rules FILE.toml`` as for
``splitpot play`` (:mod:`splitpot.cli.house`). Bots that search think by a time budget
(``--think``, not reproducible) or a fixed number of samples (``--samples``: with ``--seed`` the
run is the same on any machine)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.cli.house import build_rules, choose_game, house_changes
from splitpot.cli.session import check_record
from splitpot.errors import SplitpotError
from splitpot.sim import hand_seeds, mean_ci
from splitpot.sim.parallel import BACKENDS, Job, run
from splitpot.sim.results import FORMATS

__all__ = ["simulate"]


def _bot_names(spec: str, players: int) -> list[str]:
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise click.UsageError(
            f"--bots lists {len(names)} bots for {players} players: give one name, or one per seat"
        )
    known = bot_registry.names()
    for name in names:
        if name not in known:
            raise click.UsageError(f"unknown bot {name!r}: choose from {', '.join(known)}")
    return names


class _Rate(ProgressColumn):
    """Hands per second so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} hands/s", style="progress.data.speed")


@contextmanager
def _progress(console: Console, name: str, total: int) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on a terminal (its update callback), nothing when piped. It is redrawn
    when hands are done, not by a thread of its own: worker processes fork only from a
    process with one thread (:func:`splitpot.sim.parallel.start_method`)."""
    if not (console.is_terminal and total):
        yield None
        return
    columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
    with Progress(
        *columns,
        _Rate(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        auto_refresh=False,
    ) as bar:
        task = bar.add_task(name, total=total)
        yield lambda n: bar.update(task, completed=n, refresh=True)


def parallel_options(outcome: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--workers``, ``--backend`` and ``--address``, as ``simulate`` and ``soak`` take them;
    ``outcome``: what does not depend on the workers ("results", "counts")."""
    options = (
        click.option(
            "--workers",
            type=click.IntRange(min=1),
            default=1,
            show_default=True,
            help=f"Processes playing hands in parallel (the {outcome} do not depend on it).",
        ),
        click.option(
            "--backend",
            type=click.Choice(BACKENDS),
            default="local",
            show_default=True,
            help="local: this machine's processes; ray: Ray tasks (pip install 'splitpot[ray]').",
        ),
        click.option(
            "--address", help="Ray cluster to join (--backend ray) [default: a local Ray]."
        ),
    )

    def add(command: Callable[..., None]) -> Callable[..., None]:
        for option in reversed(options):
            command = option(command)
        return command

    return add


@click.command()
@click.option(
    "--game",
    metavar="NAME|FILE.toml",
    help="Game name or PHH code (stud8, F7S/8, ...), or a TOML file defining a game "
    "(docs/variants.md).",
)
@click.option("--players", type=int, required=True, help="Players at the table.")
@click.option(
    "--hands", "hand_count", type=click.IntRange(min=0), required=True, help="Hands to play."
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the deals and the bots (bots that search repeat only with --samples).",
)
@click.option(
    "--bots",
    "bot_spec",
    required=True,
    help="One bot name for every seat, or a comma-separated list, one per seat.",
)
@click.option(
    "--stacks", type=click.IntRange(min=1), help="Starting stack [default: 100 big bets]."
)
@click.option(
    "--house",
    multiple=True,
    metavar="KEY=VALUE",
    help="A house rule or stake (repeatable), as for play: qualifier=0, big_bet=20.",
)
@click.option(
    "--rules",
    "rules_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A TOML file of house rules and stakes, as for play (--house wins over it); with a "
    "name or base, a game of its own.",
)
@click.option(
    "--record",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write every hand to this .phhs file.",
)
@click.option(
    "--think",
    "think_ms",
    type=click.FloatRange(min=0),
    help="Time budget per decision, ms, for bots that search (equity) [default: 50]: "
    "a deadline, so the play depends on the machine and is not reproducible.",
)
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    help="Deals per decision for bots that search, instead of --think: no clock, so a "
    "seeded run is the same on any machine.",
)
@click.option(
    "--rotate",
    is_flag=True,
    help="Seat the bots one place further round every hand, the same deck dealt once to each "
    "seating (duplicate): the results are per bot, in the order of --bots.",
)
@click.option("--json", "as_json", is_flag=True, help='Print {"hands", "seconds", "net"}.')
@parallel_options("results")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write one row per hand (.parquet or .csv); `splitpot report FILE` sums it up.",
)
def simulate(
    game: str | None,
    players: int,
    hand_count: int,
    seed: int,
    bot_spec: str,
    stacks: int | None,
    house: tuple[str, ...],
    rules_file: Path | None,
    record: Path | None,
    think_ms: float | None,
    samples: int | None,
    rotate: bool,
    as_json: bool,
    workers: int,
    backend: str,
    address: str | None,
    out: Path | None,
) -> None:
    """Let bots play HANDS hands of GAME and print each seat's net chips (and its mean per
    hand with a 95 % confidence interval)."""
    base, changes = choose_game(game, rules_file, hint="'--game'")
    rules = build_rules(base, [*changes, *house_changes(house)])
    if think_ms is not None and samples is not None:
        raise click.UsageError(
            "--think and --samples exclude each other: a time budget or a fixed count"
        )
    low, high = rules.min_players, rules.max_players
    if not low <= players <= high:
        raise click.UsageError(f"{rules.name} is for {low} to {high} players, not {players}")
    names = _bot_names(bot_spec, players)
    if record is not None:
        check_record(record)
    think = None if think_ms is None else think_ms / 1000
    if address is not None and backend != "ray":
        raise click.UsageError("--address names a Ray cluster: use it with --backend ray")
    if workers > 1 and backend == "ray":
        raise click.UsageError("--workers is for the local backend: Ray uses its cluster's CPUs")
    if out is not None and out.suffix.lower() not in FORMATS:
        raise click.UsageError(f"--out {out}: name a .parquet or .csv file")
    stack = stacks if stacks is not None else 100 * rules.big_bet
    job = Job(rules, tuple(names), (stack,) * players, think, samples=samples, rotate=rotate)
    job = replace(job, games=variants.defined())
    seeds = hand_seeds(seed, hand_count)
    if rotate:  # a block of one deck per seating: the deal's luck cancels out
        blocks = hand_seeds(seed, -(-hand_count // players))
        seeds = [blocks[number // players] for number in range(hand_count)]
    console = Console()
    began = time.perf_counter()
    try:
        with _progress(console, rules.name, hand_count) as on_hand:
            per_hand = run(
                job,
                seeds,
                workers=workers,
                backend=backend,
                address=address,
                record=record,
                out=out,
                on_hands=on_hand,
            )
    except (SplitpotError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    net = [sum(won[seat] for won in per_hand) for seat in range(players)]
    seconds = time.perf_counter() - began
    if as_json:
        click.echo(json.dumps({"hands": hand_count, "seconds": round(seconds, 6), "net": net}))
        return
    title = f"{hand_count} hands of {rules.name}, seed {seed}"
    if rotate:
        title += ", seats rotated"
    table = Table(title=title, title_justify="left")
    for column in ("bot #" if rotate else "player", "bot", "net", "per hand", "95% CI"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for seat, (name, chips) in enumerate(zip(names, net, strict=True)):
        mean, half = mean_ci([won[seat] for won in per_hand], block=players if rotate else 1)
        label = f"{seat + 1}" if rotate else f"p{seat + 1}"
        table.add_row(label, name, f"{chips:+d}", f"{mean:+.2f}", f"± {half:.2f}")
    console.print(table)
    rate = hand_count / seconds if seconds else 0.0
    console.print(f"{seconds:.2f} s, {rate:,.0f} hands/s")
