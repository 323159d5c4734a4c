"""The odds panel of ``splitpot play``: on in practice (``--no-odds`` turns it off, ``%``
toggles it), its figures those of :func:`splitpot.odds.view_odds` for the person's view, the
advice at the declaration and the buy's worth, computed off the table's thread."""

from __future__ import annotations

import asyncio
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.pilot import Pilot
from textual.widgets import Static

from splitpot import bots, variants
from splitpot.cli import main, panel
from splitpot.cli.plain import run_plain
from splitpot.cli.session import Session
from splitpot.cli.table import ODDS_KEY, PlayApp, min_size
from splitpot.odds import Value, advise, buy_options, situation_from_view, view_odds
from splitpot.rules import Rules
from splitpot.views import View
from test_cli_play_table import _keys, _screen_text, _session

GAMES = ["auction", "stud8", "stud5buy", "nasdaq"]
_FIGURE = re.compile(r"\b(high|low|scoop|share) (<1|>99|\d+)%")


def _seated(
    game: str, record: Path, *, players: int = 3, human: int = 0, seed: int = 11
) -> Session:
    """A session with the person at seat ``human`` and bots (random, call, ...) elsewhere."""
    rules = variants.get(game)
    seated: list[bots.Bot | None] = [
        None if s == human else bots.get("random" if s % 2 else "call", seed=s)
        for s in range(players)
    ]
    names = ["you" if s == human else "bot" for s in range(players)]
    return Session(
        rules,
        seated,
        human=human,
        stacks=100 * rules.big_bet,
        seed=seed,
        record=record,
        names=names,
    )


def _expected(seen: View, rules: Rules) -> dict[str, Value]:
    """The person's chances as the odds library gives them for this view, independently of the
    panel (its documented samples and limit: docs/odds.md, "For a table's odds panel")."""
    assert seen.seat is not None
    mine = view_odds(seen, rules, samples=20_000, limit=10**6).seat(seen.seat)
    figures = {"high": mine.high, "scoop": mine.scoop, "share": mine.share}
    if rules.low != "none":
        figures["low"] = mine.low
    return figures


def _agrees(shown: str, value: Value) -> bool:
    """A whole percent as the panel writes it, for ``value``: rounded, with ``<1%`` and ``>99%``
    for what is near but not sure."""
    p = value.mean
    if shown == "<1":
        return 0 < p < 0.005
    if shown == ">99":
        return 0.995 <= p < 1
    return abs(100 * p - int(shown)) <= 0.5


def _check_odds_line(line: str, seen: View, rules: Rules) -> None:
    shown = dict(_FIGURE.findall(line))
    expected = _expected(seen, rules)
    assert set(shown) == set(expected), line
    for name, value in expected.items():
        assert _agrees(shown[name], value), (name, shown[name], value, line)
    assert "cards speak" in line  # what the odds assume


async def _settle(pilot: Pilot[None], app: PlayApp) -> str:
    """Wait for the panel's worker, and return the panel's text."""
    await app.workers.wait_for_complete()
    for _ in range(3):
        await pilot.pause()
    content = app.query_one("#odds", Static).content
    return str(getattr(content, "plain", content))


async def _to_turn(
    pilot: Pilot[None], app: PlayApp, wanted: Callable[[View], bool], turns: int = 300
) -> View:
    """Play on by keys until the person's view satisfies ``wanted``."""
    for turn in range(turns):
        assert app.mode == "act", app.mode
        seen = app.session.view()
        if wanted(seen):
            return seen
        await pilot.press(*_keys(seen, turn))
        await pilot.pause()
    raise AssertionError("never came")


# --- the table ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "human"), [(g, 0) for g in GAMES] + [("stud8", 2)])
def test_the_panel_shows_the_odds_of_the_persons_view_turn_by_turn(
    game: str, human: int, tmp_path: Path
) -> None:
    async def play() -> int:
        session = _seated(game, tmp_path / "s.phhs", human=human)
        app = PlayApp(session, delay=0, odds=True)
        rules = app.session.rules
        checked = 0
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for turn in range(300):
                if app.mode == "over":
                    break
                assert app.mode == "act"
                text = await _settle(pilot, app)
                seen = app.session.view()
                odds_line = text.splitlines()[0]
                if odds_line.startswith("odds  high") or odds_line.startswith("odds  low"):
                    _check_odds_line(odds_line, seen, rules)
                    assert "odds  " in _screen_text(app)  # on the screen, not just set
                    checked += 1
                else:
                    assert odds_line == "odds  you are out of this hand", odds_line
                    assert seen.seats[human].folded
                    break
                await pilot.press(*_keys(seen, turn))
                await pilot.pause()
            await pilot.press("q", "y")
        app.farewell()
        return checked

    assert asyncio.run(play()) >= 2


def test_the_key_toggles_the_panel_and_off_is_off(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("stud8", tmp_path / "s.phhs"), delay=0)  # a real table: off
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not app.query_one("#odds").display
            assert "odds  high" not in _screen_text(app)
            assert not app.workers  # nothing computed for a panel that is off
            assert f"{ODDS_KEY} odds" in _screen_text(app)  # the footer names the key
            await pilot.press(ODDS_KEY)
            text = await _settle(pilot, app)
            _check_odds_line(text.splitlines()[0], app.session.view(), app.session.rules)
            assert "odds  high" in _screen_text(app)
            await pilot.press(ODDS_KEY)
            assert not app.query_one("#odds").display
            assert "odds  high" not in _screen_text(app)
            await pilot.press(ODDS_KEY)  # back at once: the figures were kept
            assert "computing" not in _screen_text(app)
            assert "odds  high" in _screen_text(app)
            assert app.mode == "act"  # the key changed nothing at the table
            await pilot.press("q", "y")
        app.farewell()

    asyncio.run(play())


def test_advice_at_the_declaration(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=3), delay=0, odds=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen = await _to_turn(pilot, app, lambda v: v.step == "declare")
            text = await _settle(pilot, app)
            advice = advise(seen, app.session.rules)
            line = next(x for x in text.splitlines() if x.startswith("advice  "))
            found = re.search(r"declare (hi|lo|both) \(share (\d\.\d\d)", line)
            assert found is not None, line
            assert found.group(1) == advice.best
            assert abs(float(found.group(2)) - advice.choices[0].share.mean) <= 0.005
            for choice in advice.choices[1:]:
                other = re.search(rf"\b{choice.declaration} (\d\.\d\d)", line)
                assert other is not None, line
                assert abs(float(other.group(1)) - choice.share.mean) <= 0.005
            assert "model: better half" in line
            assert line in _screen_text(app).replace("\n ", "\n")
            await pilot.press("q", "y")
        app.farewell()

    asyncio.run(play())


def test_the_buy_and_its_worth(tmp_path: Path) -> None:
    async def play() -> None:
        session = _session("stud5buy", tmp_path / "b.phhs", players=2, seed=3)
        app = PlayApp(session, delay=0, odds=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seen = await _to_turn(pilot, app, lambda v: any(o.verb == "buy" for o in v.options))
            text = await _settle(pilot, app)
            rules = session.rules
            spot = situation_from_view(seen, rules)
            assert spot.reader is not None
            price = next(o.min_amount for o in seen.options if o.verb == "buy")
            options = buy_options(
                spot, spot.reader, price=price, pot=seen.pot, samples=20_000, limit=10**6
            )
            line = next(x for x in text.splitlines() if x.startswith("buy  "))
            best = options[0]
            shown = best if best.card is not None else options[1]
            if best.card is None:
                assert line.startswith(f"buy  stand pat (best buy {shown.card}: "), line
            else:
                assert line.startswith(f"buy  buy away {best.card} "), line
            worth = re.search(r"worth ([+-]\d+\.\d) chips", line)
            assert worth is not None, line
            assert abs(float(worth.group(1)) - (shown.worth or 0.0)) <= 0.05
            await pilot.press("q", "y")
        app.farewell()

    asyncio.run(play())


def test_computing_never_holds_up_the_table_and_stale_figures_are_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The figures are held back (a gate): the prompt still takes keys, the bots still move,
    the panel says "computing…" over the last figures dimmed, and a computation for a table that
    has moved on is cancelled and never shown."""
    gate = threading.Event()
    real = panel.figures

    def held(*args: Any, **kwargs: Any) -> panel.Figures | None:
        gate.wait(60)  # only so that a failing test cannot hang
        return real(*args, **kwargs)

    monkeypatch.setattr(panel, "figures", held)

    async def play() -> None:
        app = PlayApp(_session("stud8", tmp_path / "s.phhs", seed=5), delay=0, odds=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            first = app.session.view()
            assert "odds  computing…" in _screen_text(app)
            (waiting,) = list(app.workers)
            await pilot.press(*_keys(first, 0))  # the person acts; the bots answer
            await pilot.pause()
            seen = await _to_turn(pilot, app, lambda v: len(v.seats[0].up) > len(first.seats[0].up))
            assert app.mode == "act"
            assert waiting.is_cancelled  # the hand moved on: its figures are not wanted
            assert "computing…" in _screen_text(app)
            gate.set()
            text = await _settle(pilot, app)
            assert "computing" not in text
            _check_odds_line(text.splitlines()[0], seen, app.session.rules)
            assert panel.question(first, app.session.rules) not in app.answers
            shown = text.splitlines()[0]
            # held again on the next street: the last figures stay, dimmed
            gate.clear()
            await _to_turn(pilot, app, lambda v: len(v.seats[0].up) > len(seen.seats[0].up))
            content = app.query_one("#odds", Static).content
            now = str(getattr(content, "plain", content))
            # the last figures, while the next are computed
            assert now == shown.replace("odds  ", "odds  computing… ", 1)
            assert "dim" in str(getattr(content, "style", ""))
            gate.set()
            await _settle(pilot, app)
            await pilot.press("q", "y")
        app.farewell()

    try:
        asyncio.run(play())
    finally:
        gate.set()


def test_the_panel_takes_only_lines_beyond_the_smallest_table(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=4), delay=0, odds=True)
        width, height = min_size(4)
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            await _settle(pilot, app)
            assert not app.query_one("#odds").display  # no line to spare: the prompt first
            assert "Your turn:" in _screen_text(app)
            await pilot.resize_terminal(width, height + 1)
            await _settle(pilot, app)
            lines = _screen_text(app).splitlines()
            assert len([x for x in lines if x.startswith(" odds  high")]) == 1
            assert "Your turn:" in _screen_text(app)
            assert all(len(x) <= width for x in lines)  # cut short, never wrapped
            await pilot.press("q", "y")
        app.farewell()

    asyncio.run(play())


def test_play_has_the_panel_on_unless_no_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    """`splitpot play` is always against bots, so practice: the panel is on by default."""
    seen: list[bool] = []

    def table(session: Session, *, delay: float, four_colour: bool, odds: bool) -> None:
        seen.append(odds)

    module = sys.modules["splitpot.cli.play"]  # splitpot.cli.play is also the command's name
    monkeypatch.setattr(module, "run_table_mode", table)
    for args in ([], ["--odds"], ["--no-odds"]):
        result = CliRunner().invoke(main, ["play", "stud8", "--record", "/dev/null", *args])
        assert result.exit_code == 0, result.output
    assert seen == [True, True, False]


# --- the line mode --------------------------------------------------------------------------


def _plain(game: str, tmp_path: Path, odds: bool = True, players: int = 3) -> list[str]:
    """Play a hand and a bit in the line mode; at each turn check the odds line printed against
    the odds library for the view the person is asked from."""
    session = _session(game, tmp_path / "p.phhs", players=players, seed=7)
    out: list[str] = []
    answers = iter(
        ["pb", "check", "bid 5", "pass", "pick 1", "stand pat", "sell 1", "sd 1", "up 1", "lo"] * 40
    )
    turns = 0

    def read() -> str:
        nonlocal turns
        if session.state is not None and not session.finished and session.human_to_act():
            printed = out[-12:]
            odds_lines = [x for x in printed if x.startswith("  odds: ")]
            if odds and odds_lines and odds_lines[-1].startswith("  odds: high"):
                _check_odds_line(odds_lines[-1], session.view(), session.rules)
                turns += 1
            if not odds:
                assert not odds_lines
        if session.hand_number > 1:
            return ""
        return next(answers) + "\n"

    run_plain(session, read=read, echo=out.append, odds=odds)
    if odds:
        assert turns >= 2
    return out


@pytest.mark.parametrize("game", GAMES)
def test_plain_prints_the_odds_after_the_persons_hands(game: str, tmp_path: Path) -> None:
    out = _plain(game, tmp_path)
    first = next(i for i, x in enumerate(out) if x.startswith("  odds: "))
    assert out[first - 1].startswith("  you: ")
    assert out[first].startswith("  odds: high ")
    assert out[first].endswith(")")  # what they assume, how exact
    following = next(x for x in out[first + 1 :] if not x.startswith("  advice: "))
    assert following.startswith(("Your turn.", "  buy: "))
    if game == "nasdaq":
        assert "(cards speak, as held, " in out[first]
    if variants.get(game).showdown == "declare":
        assert any(x.startswith("  advice: declare ") for x in out), game
    if game == "stud5buy":
        assert any(x.startswith("  buy: ") for x in out)


def test_plain_without_odds(tmp_path: Path) -> None:
    out = _plain("stud8", tmp_path, odds=False)
    assert not [x for x in out if "odds:" in x or "advice:" in x]


def test_plain_odds_through_the_command(tmp_path: Path) -> None:
    record = str(tmp_path / "s.phhs")
    args = ["play", "auction", "--plain", "--players", "2", "--seed", "4", "--record", record]
    lines = "".join(f"{x}\n" for x in ["bid 5", "pick 1", "quit", "yes"])
    on = CliRunner().invoke(main, args, input=lines)
    off = CliRunner().invoke(main, [*args, "--no-odds"], input=lines)
    assert on.exit_code == off.exit_code == 0, on.output + off.output
    assert re.search(
        r"^  you: .*\n  odds: high [<>]?\d+% · low [<>]?\d+% · scoop [<>]?\d+% · share [<>]?\d+% "
        r"\(cards speak, (exact|±\d\.\d%)\)\nYour turn\.",
        on.output,
        re.M,
    ), on.output
    assert "odds:" not in off.output
    panel_lines = ("  odds: ", "  advice: ", "  buy: ")
    assert [x for x in on.output.splitlines() if not x.startswith(panel_lines)] == (
        off.output.splitlines()
    )
