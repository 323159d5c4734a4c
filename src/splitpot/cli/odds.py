"""``splitpot odds``: each hand's chances high, low, scooping and its share of the pot; the buy
of five-card stud with a buy; and, with ``--advise``, what each hand should declare."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn
from rich.table import Table

from splitpot import variants
from splitpot.errors import SplitpotError
from splitpot.odds import (
    SAMPLES,
    Advice,
    BetterHalf,
    BuyOption,
    Odds,
    OddsError,
    Situation,
    Threshold,
    Value,
    advise_situation,
    buy_options,
    compute,
    situation,
)
from splitpot.odds.advice import ADVICE_SAMPLES
from splitpot.odds.situation import buy_game

__all__ = ["odds"]

_HALVES = ("high", "low", "scoop", "share")


@contextmanager
def _bar(console: Console, name: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on a terminal, fed (done, total); nothing when piped."""
    if not console.is_terminal:
        yield None
        return
    columns = (*Progress.get_default_columns()[:1], BarColumn(), TaskProgressColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task(name, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


class _OneLine(click.Command):
    """A command whose usage errors (an option's bad value) are one line, exit 2, as its own."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            click.echo(f"splitpot odds: {exc.format_message()}", err=True)
            ctx.exit(2)


@click.command(cls=_OneLine)
@click.argument("game")
@click.argument("hands", nargs=-1)
@click.option("--dead", default="", help="Cards out of play (folded, bought away...).")
@click.option("--exact", "force_exact", is_flag=True, help="Count every outcome, however many.")
@click.option(
    "--samples",
    type=click.IntRange(min=2),
    help=f"Monte Carlo with this many random deals [default past 10^9 outcomes: {SAMPLES:,}].",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of Monte Carlo.")
@click.option("--pot", type=click.IntRange(min=0), help="The pot before the buy, for its worth.")
@click.option("--advise", is_flag=True, help="What each hand should declare (declare games).")
@click.option(
    "--model",
    type=click.Choice(["better-half", "threshold"]),
    default="better-half",
    show_default=True,
    help="How the others declare, for --advise.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds(
    game: str,
    hands: tuple[str, ...],
    dead: str,
    force_exact: bool,
    samples: int | None,
    seed: int,
    pot: int | None,
    advise: bool,
    model: str,
    as_json: bool,
) -> None:
    """Odds of HANDS at GAME (stud8, auction, stud5buy and the rest): P(win or tie high),
    P(win or tie low), P(scoop) and the expected share of the pot, cards speak. Write a hand's cards
    together or apart ("As2d4c" or "As 2d 4c"), xx for a card not seen; the cards still to
    come follow the game. Exact up to 10^9 outcomes, else Monte Carlo."""
    try:
        if force_exact and samples is not None:
            raise OddsError("give --exact or --samples, not both")
        question = situation(variants.get(game), hands, dead=dead)
        if advise and question.rules.showdown != "declare":
            raise OddsError(f"{question.rules.name} is played cards speak: nobody declares")
        exact = True if force_exact else (False if samples is not None else None)
        count = samples if samples is not None else SAMPLES
        console = Console()
        with _bar(console, question.rules.name) as progress:
            found = compute(question, exact=exact, samples=count, seed=seed, progress=progress)
        buys = _buys(question, pot, exact, count, seed)
        advice = _advice(question, model, exact, samples, seed) if advise else []
    except SplitpotError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    if as_json:
        out: dict[str, Any] = found.as_json()
        for number, options in buys.items():
            out["hands"][number]["buy"] = [_buy_json(o, pot) for o in options]
        for number, said in enumerate(advice):
            out["hands"][number]["advice"] = said.as_json()
        click.echo(json.dumps(out))
        return
    _print(console, found, question)
    for number, options in buys.items():
        console.print(_buy_line(number, options, question, pot))
    for number, said in enumerate(advice):
        choices = ", ".join(f"{c.declaration} {c.share.percent()}" for c in said.choices)
        console.print(f"hand {number + 1} declares {said.best}: {choices}")
    if advice:
        console.print(f"({advice[0].model})")


def _cell(value: Value) -> str:
    """A percentage: three decimals when exact, else two and the standard error."""
    if value.exact is not None:
        return f"{100 * value.mean:.3f}"
    return f"{100 * value.mean:.2f}±{100 * value.error:.2f}"


def _print(console: Console, found: Odds, question: Situation) -> None:
    noun = "outcome" if found.outcomes == 1 else "outcomes"
    how = (
        f"exact over {found.outcomes:,} {noun}"
        if found.exact
        else f"Monte Carlo, {found.outcomes:,} deals (seed {found.seed}), ± standard error"
    )
    table = Table(title=f"{found.game}: {how}", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    table.add_column("hand", justify="left", no_wrap=True)
    table.add_column("to come", justify="right")
    for name in _HALVES:
        table.add_column(f"{name} %", justify="right", no_wrap=True)
    fractions = [str(h.share.exact) for h in found.hands] if found.exact else []
    narrow = all(len(f) <= 11 for f in fractions)  # else below the table, to keep it on screen
    if fractions and narrow:
        table.add_column("share", justify="right", no_wrap=True)
    for number, hand in enumerate(found.hands, 1):
        row = [str(number), str(hand.hand), str(hand.to_come)]
        row += [_cell(getattr(hand, name)) for name in _HALVES]
        if fractions and narrow:
            row.append(fractions[number - 1])
        table.add_row(*row)
    console.print(table)
    if fractions and not narrow:
        for number, fraction in enumerate(fractions, 1):
            console.print(f"hand {number}: share exactly {fraction}")
    if question.dead:
        console.print(f"dead: {' '.join(map(str, question.dead))}")


def _buys(
    question: Situation, pot: int | None, exact: bool | None, samples: int, seed: int
) -> dict[int, tuple[BuyOption, ...]]:
    """The buy options of each hand holding its five cards, in a game with a buy."""
    if not buy_game(question.rules):
        return {}
    return {
        number: buy_options(question, number, pot=pot, exact=exact, samples=samples, seed=seed)
        for number, come in enumerate(question.to_come)
        if come == 0 and question.hands[number].cards
    }


def _buy_line(
    number: int, options: tuple[BuyOption, ...], question: Situation, pot: int | None
) -> str:
    price = question.rules.prices[0]
    best = options[0]
    if best.card is None:
        return f"hand {number + 1}: stand pat (no buy pays at a price of {price})"
    text = (
        f"hand {number + 1}: buy {best.card} away for {price}: share {best.share.percent()} "
        f"({100 * best.gain:+.3f})"
    )
    if pot is not None and best.worth is not None:
        text += f", worth {best.worth:+.2f} at a pot of {pot}"
    elif best.pays_from is not None:
        text += f", pays from a pot of {best.pays_from:.1f}"
    return text


def _buy_json(option: BuyOption, pot: int | None) -> dict[str, Any]:
    return {
        "card": None if option.card is None else str(option.card),
        "share": option.share.as_json(),
        "gain": option.gain,
        "worth": option.worth if pot is not None else None,
        "pays_from": option.pays_from,
    }


def _advice(
    question: Situation, model: str, exact: bool | None, samples: int | None, seed: int
) -> list[Advice]:
    chosen = Threshold() if model == "threshold" else BetterHalf()
    count = ADVICE_SAMPLES if samples is None else samples
    return [
        advise_situation(question, number, model=chosen, exact=exact, samples=count, seed=seed)
        for number in range(len(question.hands))
    ]
