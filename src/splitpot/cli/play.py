"""``splitpot play``: a person plays any registered game against bots, at a terminal table.

The full-screen table is :mod:`splitpot.cli.table` (Textual); ``--plain`` is the line mode of
:mod:`splitpot.cli.plain`. Both drive a :class:`~splitpot.cli.session.Session`, which saves
every finished hand to one ``.phhs`` record. Stakes and house rules come from options or a
TOML file (names as in docs/games.md, the fields of :class:`~splitpot.rules.Rules`). Play
against bots is practice, so the odds panel (:mod:`splitpot.cli.panel`) is on unless
``--no-odds``.
"""

from __future__ import annotations

import inspect
import random
import sys
import time
from pathlib import Path
from typing import Final

import click

from splitpot import bots as bot_registry
from splitpot import house, variants
from splitpot.bots import Bot
from splitpot.cli.extras import needs
from splitpot.cli.house import build_rules, choose_game
from splitpot.cli.house import house_changes as _house_changes
from splitpot.cli.plain import run_plain
from splitpot.cli.session import Session, check_record

__all__ = ["DEFAULT_BOT", "DEFAULT_DELAY_MS", "build_rules", "play", "rule_keys"]

rule_keys = house.rule_keys
"""The keys ``--house`` and ``--rules`` accept: the stakes and every house rule."""

DEFAULT_BOT: Final = "heuristic"
"""The bot in every opponent's seat unless ``--bots`` says otherwise."""
DEFAULT_DELAY_MS: Final = 600
"""How long the table pauses after each bot's move, so a person can follow it."""


def _bot_names(spec: str, opponents: int) -> list[str]:
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= opponents
    if len(names) != opponents:
        raise click.BadParameter(
            f"{len(names)} bots for {opponents} opponents: give one name, or one per opponent",
            param_hint="'--bots'",
        )
    known = bot_registry.names()
    for name in names:
        if name not in known:
            raise click.BadParameter(
                f"unknown bot {name!r}: choose from {', '.join(known)}", param_hint="'--bots'"
            )
    return names


def _first_sentence(text: str) -> str:
    """The first sentence of a docstring's first paragraph, on one line."""
    paragraph = " ".join(text.split("\n\n", 1)[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[: end + 1]


class _PlayCommand(click.Command):
    """``play``, whose help ends with the games and the bots to choose from (the registries'
    own words, so a game or bot registered later is listed too)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Games (GAME)"):
            formatter.write_dl([(n, variants.get(n).description) for n in variants.names()])
        with formatter.section("Bots (--bots)"):
            formatter.write_dl(
                [
                    (n, _first_sentence(inspect.getdoc(type(bot_registry.get(n))) or ""))
                    for n in bot_registry.names()
                ]
            )
        super().format_epilog(ctx, formatter)


def default_record(game: str) -> Path:
    """Where a session is saved unless ``--record`` says: the current directory, stamped."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path(f"splitpot-{game}-{stamp}.phhs")


@click.command(cls=_PlayCommand)
@click.argument("game", required=False)
@click.option(
    "--game",
    "game_option",
    metavar="NAME|FILE.toml",
    help="The game, as GAME: a name, a code, or a file defining one (docs/variants.md).",
)
@click.option("--players", type=int, help="Players at the table, you included [default: 4].")
@click.option("--seat", type=int, default=1, show_default=True, help="Your seat, 1 = p1.")
@click.option(
    "--bots",
    "bot_spec",
    default=DEFAULT_BOT,
    show_default=True,
    help="One bot name for every opponent, or a comma-separated list, one per opponent.",
)
@click.option("--think", type=click.IntRange(min=0), help="Bots' thinking time (ms per move).")
@click.option("--seed", type=int, help="Seed of the session's deals [default: random].")
@click.option("--ante", type=click.IntRange(min=0), help="The ante.")
@click.option("--bring-in", type=click.IntRange(min=0), help="The bring-in.")
@click.option("--small-bet", type=click.IntRange(min=1), help="The small bet.")
@click.option("--big-bet", type=click.IntRange(min=1), help="The big bet.")
@click.option(
    "--stacks", type=click.IntRange(min=1), help="Starting stack [default: 100 big bets]."
)
@click.option(
    "--house", multiple=True, metavar="KEY=VALUE", help="A house rule (repeatable): qualifier=8."
)
@click.option(
    "--rules",
    "rules_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A TOML file of house rules and stakes (with a name or base: a game of its own).",
)
@click.option(
    "--record",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The .phhs file to save the hands to [default: splitpot-GAME-TIME.phhs].",
)
@click.option("--plain", is_flag=True, help="Line mode: no colour, one action per input line.")
@click.option(
    "--odds/--no-odds",
    default=True,
    show_default=True,
    help="The odds panel: your chances and the advice (practice: on; % toggles it).",
)
@click.option(
    "--four-colour",
    "--four-color",
    "four_colour",
    is_flag=True,
    help="A four-colour deck on the table: clubs green, diamonds blue (no colour in --plain).",
)
@click.option(
    "--delay",
    type=click.IntRange(min=0),
    help=f"Pause after each bot's move, ms [default: {DEFAULT_DELAY_MS}; 0 with --plain].",
)
def play(
    game: str | None,
    game_option: str | None,
    players: int | None,
    seat: int,
    bot_spec: str,
    think: int | None,
    seed: int | None,
    ante: int | None,
    bring_in: int | None,
    small_bet: int | None,
    big_bet: int | None,
    stacks: int | None,
    house: tuple[str, ...],
    rules_file: Path | None,
    record: Path | None,
    plain: bool,
    odds: bool,
    four_colour: bool,
    delay: int | None,
) -> None:
    """Play GAME against bots at a full-screen table, or line by line with --plain.

    GAME is a game's name or code, or a TOML file defining a game (docs/variants.md). Every
    finished hand is saved to one .phhs record as it ends (a hand left unfinished is saved as
    abandoned); the record's path is checked before the first hand.
    """
    if game is not None and game_option is not None:
        raise click.BadParameter("give the game once: GAME or --game", param_hint="'--game'")
    hint = "'GAME'" if game is not None else "'--game'"
    base, changes = choose_game(game or game_option, rules_file, hint=hint)
    changes += _house_changes(house)
    given = {"ante": ante, "bring_in": bring_in, "small_bet": small_bet, "big_bet": big_bet}
    for key, value in given.items():
        if value is not None:
            changes.append((f"'--{key.replace('_', '-')}'", key, value))
    rules = build_rules(base, changes)
    low, high = rules.min_players, rules.max_players
    count = players if players is not None else min(max(4, low), high)
    if not low <= count <= high:
        raise click.BadParameter(
            f"{rules.name} is for {low} to {high} players, not {count}", param_hint="'--players'"
        )
    if not 1 <= seat <= count:
        raise click.BadParameter(f"choose a seat from 1 to {count}", param_hint="'--seat'")
    human = seat - 1
    names = _bot_names(bot_spec, count - 1)
    if seed is None:
        seed = random.randrange(2**31)
    thinking = None if think is None else think / 1000
    seated: list[Bot | None] = []
    labels: list[str] = []
    others = iter(names)
    for s in range(count):
        if s == human:
            seated.append(None)
            labels.append("you")
        else:
            name = next(others)
            seated.append(bot_registry.get(name, seed=seed * 1000 + s, think=thinking))
            labels.append(name)
    session = Session(
        rules,
        seated,
        human=human,
        stacks=stacks if stacks is not None else 100 * rules.big_bet,
        seed=seed,
        record=check_record(record if record is not None else default_record(rules.name)),
        names=labels,
    )
    if plain:
        run_plain_mode(session, delay=(delay or 0) / 1000, odds=odds)
    else:
        pause = (DEFAULT_DELAY_MS if delay is None else delay) / 1000
        run_table_mode(session, delay=pause, four_colour=four_colour, odds=odds)


def run_plain_mode(session: Session, *, delay: float, odds: bool = False) -> None:
    """The line mode on standard input and output."""

    def echo(line: str) -> None:
        click.echo(line)

    run_plain(session, read=sys.stdin.readline, echo=echo, delay=delay, odds=odds)


def run_table_mode(
    session: Session, *, delay: float, four_colour: bool = False, odds: bool = False
) -> None:
    """The full-screen table (Textual: the tui extra, imported only here, so that --plain
    needs only the base install); after it closes, the ledger and where the hands were saved."""
    with needs("play", hint=" (or play line by line with --plain)"):
        from splitpot.cli.table import PlayApp
    if not sys.stdout.isatty():
        raise click.UsageError("the table needs a terminal: use --plain for pipes")
    app = PlayApp(session, delay=delay, four_colour=four_colour, odds=odds)
    app.run()
    for line in app.farewell():
        click.echo(line)
