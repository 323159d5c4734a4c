"""``splitpot play``'s full-screen table, driven headless by Textual's pilot, key by key."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import pytest
from textual.widgets import Input, RichLog

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.cards import parse_card
from splitpot.cli.session import Session
from splitpot.cli.table import PlayApp
from splitpot.notation import load
from splitpot.records import replay_to_end
from splitpot.state import Offer, Option
from splitpot.views import SeatView, View


def _session(game: str, record: Path, players: int = 3, seed: int = 11) -> Session:
    seated: list[bots.Bot | None] = [None] + [
        bots.get("random" if s % 2 else "call", seed=s) for s in range(1, players)
    ]
    rules = variants.get(game)
    return Session(
        rules,
        seated,
        human=0,
        stacks=100 * rules.big_bet,
        seed=seed,
        record=record,
        names=["you"] + ["bot"] * (players - 1),
    )


def _keys(seen: View, turn: int) -> list[str]:
    """Keys a person might press now: a legal choice, varied a little with the turn."""
    verbs = {o.verb: o for o in seen.options}
    if "bid" in verbs:
        low = verbs["bid"].min_amount
        assert low is not None
        return ["b", *str(low), "enter"]
    if "pick" in verbs:
        return [str(1 + turn % len(verbs["pick"].cards))]
    if "buy" in verbs:
        return ["y", "1"] if turn % 2 else ["d"]
    if "dec" in verbs:
        return ["h"] if turn % 2 else ["l"]
    if "pb" in verbs:
        return ["i"]
    if "cbr" in verbs and turn % 5 == 0:
        option = verbs["cbr"]
        if option.min_amount == option.max_amount:
            return ["r"]
        assert option.min_amount is not None
        return ["r", *str(option.min_amount), "enter"]
    if "cc" in verbs:
        return ["c"]
    if "sell" in verbs:  # NASDAQ: the first card, at the lowest price when one is offered
        priced = [o for o in seen.options if o.verb == "sell" and o.min_amount is not None]
        price = [*str(priced[0].min_amount), "enter"] if priced else []
        return ["s", "1", *price]
    if "sd" in verbs:
        return ["d", "1"]
    if "up" in verbs:
        return ["u", "1"]
    if "sm" in verbs:
        return ["w"]
    raise AssertionError(f"no key for {seen.options}")


def _screen_text(app: PlayApp) -> str:
    """The screen's text, from Textual's SVG screenshot (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


def _log_text(app: PlayApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


async def _one_hand(app: PlayApp) -> str:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for turn in range(300):
            if app.mode == "over":
                break
            assert app.mode == "act", app.mode
            assert app.session.human_to_act()
            await pilot.press(*_keys(app.session.view(), turn))
            await pilot.pause()
        assert app.mode == "over"
        text = _log_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.session.hand_number == 2
        await pilot.press("q")
        await pilot.pause()
    return text


@pytest.mark.parametrize("game", variants.names())
def test_a_whole_hand_of_every_game_by_keys(game: str, tmp_path: Path) -> None:
    record = tmp_path / f"{game}.phhs"
    session = _session(game, record)
    app = PlayApp(session, delay=0)
    text = asyncio.run(_one_hand(app))
    assert session.hands_played == 1
    assert "(+" in text  # an award with its reason
    assert "Hand 1 net:" in text
    assert "Session, 1 hand: " in text
    lines = app.farewell()
    assert lines[-1] == f"Hands saved to {record}."
    (saved,) = load(record)
    assert saved.finishing_stacks is not None
    assert replay_to_end(saved).stacks == saved.finishing_stacks


def test_a_refused_amount_is_said_and_nothing_is_lost(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs"), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert [o.verb for o in app.session.view().options] == ["bid"]
            await pilot.press("b")
            assert app.mode == "amount"
            assert app.query_one("#amount", Input).has_focus
            await pilot.press("1", "enter")
            await pilot.pause()
            assert app.mode == "amount"  # asked again
            assert app.notice.startswith("Refused: ")
            assert "OPR-657" in app.notice
            assert app.session.human_to_act()
            await pilot.press("escape")
            assert app.mode == "act"
            await pilot.press("z")
            assert "not an option" in app.notice
            await pilot.press("b", "5", "enter")
            await pilot.pause()
            assert app.session.view().seats[0].bid == 5
            await pilot.press("q")

    asyncio.run(play())


def test_the_table_shows_down_cards_offers_and_sealed_bids(tmp_path: Path) -> None:
    async def play() -> str:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=4), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            mine = app.session.view().seats[0]
            screen = _screen_text(app)
            for card in mine.down:
                assert f"[{card}]" in screen
            assert "sealed: the others will see only that you bid" in screen
            offer = app.session.view().offer
            assert offer is not None
            assert "On offer: " + " ".join(map(str, offer.cards)) in screen
            assert "##" in screen  # the others' down cards
            await pilot.press("q")
            return screen

    asyncio.run(play())


def test_bots_wait_for_the_delay(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("stud8", tmp_path / "s.phhs", seed=4), delay=0.05)
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(100):
                if app.mode == "act":
                    break
                await pilot.pause(0.05)
            assert app.mode == "act"
            await pilot.press("q")

    asyncio.run(play())


_C = parse_card


class _Scripted(Session):
    """A session whose person is offered the options given (NASDAQ's, before its engine
    lands), recording what the keys made of them instead of playing them."""

    def __init__(self, record: Path, options: list[tuple[Option, ...]]) -> None:
        super().__init__(
            variants.get("stud8"),
            [None, bots.get("call")],
            human=0,
            stacks=100,
            seed=1,
            record=record,
            names=["you", "call"],
        )
        self.script = options
        self.taken: list[Action] = []

    def view(self) -> View:
        mine = (_C("9s"), _C("Kd"), _C("4c"))
        seats = (
            SeatView(0, 90, 0, 1, False, False, mine, ()),
            SeatView(1, 90, 0, 1, False, False, (None,), (_C("Ah"),), has_bid=True),
        )
        offer = Offer((_C("Ah"),), seller=1, ask=5, high_bid=6, high_bidder=0)
        options = self.script[0] if self.script else (Option("f"),)
        return View("nasdaq", 0, seats, (), 3, 1, (0,), False, options, False, (), (), offer)

    def human_to_act(self) -> bool:
        return True

    def act(self, action: Action) -> list[str]:
        self.taken.append(action)
        self.script.pop(0)
        return [f"took {action}"]


def test_nasdaq_options_by_keys(tmp_path: Path) -> None:
    hand = (_C("9s"), _C("Kd"), _C("4c"))
    selling = (
        Option("sell", 5, 20, cards=hand),
        Option("sell", cards=hand),
        Option("sd", cards=hand),
    )
    script = [
        selling,
        selling,
        selling,
        (Option("bid", 7, 90), Option("pass")),
        (Option("sd", cards=hand),),
        (Option("up", cards=hand),),
    ]
    session = _Scripted(tmp_path / "n.phhs", list(script))

    async def play() -> str:
        app = PlayApp(session, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = _screen_text(app)
            await pilot.press("s", "2", "7", "enter")  # sell Kd asking 7
            await pilot.press("s", "1", "enter")  # sell 9s, no asking price
            await pilot.press("3")  # two verbs name cards: a number alone only says so
            assert "First choose what to do with a card" in app.notice
            await pilot.press("d", "3")  # discard 4c
            await pilot.press("p")  # pass on the card for sale
            await pilot.press("2")  # the only card verb: discard Kd
            await pilot.press("1")  # turn up 9s
            await pilot.pause()
            await pilot.press("q")
        return screen

    screen = asyncio.run(play())
    assert "For sale by p2: Ah, asking 5; best bid 6 by p1 (you)" in screen
    assert " s  sell one of 9s Kd 4c, asking 5..20" in screen
    assert " d  discard one of 9s Kd 4c" in screen
    assert session.taken == [
        Action("sell", 0, (_C("Kd"),), 7),
        Action("sell", 0, (_C("9s"),)),
        Action("sd", 0, (_C("4c"),)),
        Action("pass", 0),
        Action("sd", 0, (_C("Kd"),)),
        Action("up", 0, (_C("9s"),)),
    ]
