"""``splitpot report FILE``: each seat's result in a results file, and a chart of it."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from splitpot.errors import MissingExtra, ResultsError, SplitpotError
from splitpot.sim import mean_ci
from splitpot.sim.results import read_results, result_columns

__all__ = ["report"]

_POINTS = 2000
"""At most this many points per line on the chart (a million hands are drawn by every 500th)."""


def _seats(path: Path, names: list[str]) -> int:
    found = {int(m[1]) for n in names if (m := re.fullmatch(r"p(\d+)_net", n))}
    if not found or found != set(range(1, max(found) + 1)):
        raise ResultsError(f"{path}: not a splitpot results file (no p1_net, p2_net... columns)")
    return max(found)


def _load(path: Path) -> tuple[str, list[str], list[list[int]]]:
    """The game, each seat's bot and each seat's result per hand."""
    names = result_columns(path)
    n = _seats(path, names)
    needed = ["game", *(f"p{s}_{c}" for s in range(1, n + 1) for c in ("bot", "net"))]
    missing = [c for c in needed if c not in names]
    if missing:
        raise ResultsError(f"{path}: not a splitpot results file (no column {missing[0]})")
    table = read_results(path, needed)  # only what the report needs
    games = sorted({str(g) for g in table.column("game").unique().to_pylist()})
    bots = []
    for s in range(1, n + 1):
        names = table.column(f"p{s}_bot").unique().to_pylist()
        bots.append(",".join(sorted(str(b) for b in names)))
    nets = [[int(v) for v in table.column(f"p{s}_net").to_pylist()] for s in range(1, n + 1)]
    return ", ".join(games), bots, nets


def _chart(path: Path, title: str, bots: list[str], nets: list[list[int]]) -> None:
    """Cumulative result per seat, each with its 95 % band: the observed total after t hands
    ± 1.96 standard deviations of a hand times √t (where the expected total lies)."""
    import numpy as np

    try:
        from matplotlib.figure import Figure
        from matplotlib.ticker import FuncFormatter
    except ImportError:
        raise MissingExtra("the chart needs matplotlib: pip install 'splitpot[results]'") from None
    figure = Figure(figsize=(9, 5.5), dpi=110, layout="constrained")
    axes = figure.add_subplot()
    for seat, (bot, values) in enumerate(zip(bots, nets, strict=True)):
        won = np.asarray(values, dtype=np.float64)
        total = np.cumsum(won)
        hands = np.arange(1, len(won) + 1)
        spread = float(won.std(ddof=1)) if len(won) > 1 else 0.0
        step = max(1, math.ceil(len(won) / _POINTS))
        keep = np.unique(np.r_[np.arange(0, len(won), step), len(won) - 1])
        x, y = hands[keep], total[keep]
        band = 1.96 * spread * np.sqrt(x)
        (line,) = axes.plot(x, y, linewidth=1.4, label=f"p{seat + 1} {bot}")
        axes.fill_between(x, y - band, y + band, color=line.get_color(), alpha=0.15, linewidth=0)
    thousands = FuncFormatter(lambda value, _: f"{value:,.0f}")
    axes.xaxis.set_major_formatter(thousands)
    axes.yaxis.set_major_formatter(thousands)
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_title(title)
    axes.set_xlabel("hands")
    axes.set_ylabel("cumulative chips won (band: 95 % interval)")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize="small")
    figure.savefig(path)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--png",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write the chart [default: FILE with .png].",
)
@click.option("--no-chart", is_flag=True, help="Print the table only.")
@click.option("--json", "as_json", is_flag=True, help="Print the seats' results as JSON.")
def report(file: Path, png: Path | None, no_chart: bool, as_json: bool) -> None:
    """Sum up a results file written by `splitpot simulate --out FILE`: each seat's net chips,
    its mean per hand with a 95 % confidence interval, and a PNG chart of each seat's
    cumulative result with its confidence band."""
    try:
        game, bots, nets = _load(file)
        chart = None if no_chart else (png or file.with_suffix(".png"))
        hands = len(nets[0])
        rows: list[dict[str, Any]] = []
        for seat, (bot, values) in enumerate(zip(bots, nets, strict=True)):
            mean, half = mean_ci(values)
            rows.append(
                {"player": seat + 1, "bot": bot, "net": sum(values), "mean": mean, "ci": half}
            )
        if chart is not None:
            _chart(chart, f"{game}: {hands:,} hands", bots, nets)
    except (SplitpotError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps({"game": game, "hands": hands, "seats": rows}))
        return
    console = Console()
    table = Table(title=f"{hands:,} hands of {game} ({file.name})", title_justify="left")
    for column in ("player", "bot", "net", "per hand", "95% CI"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in rows:
        table.add_row(
            f"p{row['player']}",
            row["bot"],
            f"{row['net']:+d}",
            f"{row['mean']:+.2f}",
            f"± {row['ci']:.2f}",
        )
    console.print(table)
    if chart is not None:
        console.print(f"chart: {chart}")
