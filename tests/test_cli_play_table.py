"""``splitpot play``'s full-screen table, driven headless by Textual's pilot, key by key."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.cards import parse_card
from splitpot.cli.session import ABANDONED, Session
from splitpot.cli.table import HandLog, PlayApp, min_size
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


_SVG_TEXT = re.compile(r'<text class="[^"]*-r\d+" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>')


def _screen_lines(app: PlayApp) -> list[str]:
    """The screen as lines of text, rebuilt from Textual's SVG screenshot: each run of text
    is put at its cell (runs of another style are apart in the SVG, spaces between them
    left out)."""
    width, height = app.size
    grid = [[" "] * width for _ in range(height)]
    for x, y, text in _SVG_TEXT.findall(app.export_screenshot()):
        column, row = round(float(x) / 12.2), round((float(y) - 20) / 24.4)
        for i, char in enumerate(html.unescape(text).replace("\xa0", " ")):
            if 0 <= row < height and 0 <= column + i < width:
                grid[row][column + i] = char
    return ["".join(line).rstrip() for line in grid]


def _screen_text(app: PlayApp) -> str:
    return "\n".join(_screen_lines(app))


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
        await pilot.press("q")  # in the middle of hand 2: asked first
        assert app.mode == "quit"
        await pilot.press("y")
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
    assert lines[0] == "Hand 2 is abandoned: saved unfinished, in no ledger."
    assert lines[-1] == f"Hands saved to {record}."
    saved, left = load(record)
    assert saved.finishing_stacks is not None
    assert replay_to_end(saved).stacks == saved.finishing_stacks
    assert left.fields[ABANDONED]
    assert left.finishing_stacks is None
    assert not replay_to_end(left).finished


def test_a_refused_amount_is_said_and_nothing_is_lost(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs"), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert [o.verb for o in app.session.view().options] == ["bid"]
            await pilot.press("b")
            assert app.mode == "amount"
            assert app.query_one("#amount", Input).display
            assert app.focused is None  # every key reaches the table's one reader, in order
            await pilot.press("1", "enter")
            await pilot.pause()
            assert app.mode == "amount"  # asked again
            assert app.notice.startswith("Refused: ")
            assert "OPR-657" in app.notice
            assert app.session.human_to_act()
            await pilot.press("escape")
            assert app.mode == "act"
            assert app.notice == ""  # no stale "Type an amount" hint
            assert "Type an amount" not in _screen_text(app)
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
    assert " s  sell one of 9s Kd 4c, asking 5..20 or no price" in screen
    assert screen.count(" s  ") == 1  # the two ways to sell share one key, listed once
    assert " d  discard one of 9s Kd 4c" in screen
    assert session.taken == [
        Action("sell", 0, (_C("Kd"),), 7),
        Action("sell", 0, (_C("9s"),)),
        Action("sd", 0, (_C("4c"),)),
        Action("pass", 0),
        Action("sd", 0, (_C("Kd"),)),
        Action("up", 0, (_C("9s"),)),
    ]


# --- keys in a burst, as a terminal delivers them ---------------------------------------------

_CHARACTERS = {"backspace": "\x7f", "enter": "\r", "ctrl+j": "\n", "escape": "\x1b"}


def _burst(app: PlayApp, *keys: str) -> None:
    """Keys sent to the app the way its terminal driver sends them: all at once, none waiting
    for the one before to be handled (``pilot.press`` waits after each key)."""
    driver = app._driver
    assert driver is not None
    for key in keys:
        event = events.Key(key, _CHARACTERS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        driver.send_message(event)


async def _settle(pilot: Pilot[None]) -> None:
    for _ in range(5):
        await pilot.pause()


def test_backspace_typed_in_a_burst_edits_the_box_in_order(tmp_path: Path) -> None:
    """A bid typed quickly after a refusal: 3 (refused), then Backspace and 15 in one burst.
    Focused, Textual's Input ran the Backspace only after the burst's digits (Textual issue
    #6605): 3 -> 315 -> 31, and 31 was bid. The table reads every key itself, in order."""

    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs"), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("b", "3", "enter")
            await pilot.pause()
            assert app.notice.startswith("Refused: bid 3 is below the minimum bid 5")
            assert app.query_one("#amount", Input).value == "3"  # still in the box, shown
            _burst(app, "backspace", "1", "5")
            await _settle(pilot)
            assert app.query_one("#amount", Input).value == "15"
            assert "15" in _screen_text(app)
            _burst(app, "enter")
            await _settle(pilot)
            assert app.session.view().seats[0].bid == 15
            await pilot.press("q", "y")

    asyncio.run(play())


# an Enter typed while the program starts, before the terminal is raw, arrives as a line feed
@pytest.mark.parametrize("enter", ["enter", "ctrl+j"])
def test_a_whole_bid_in_one_burst(enter: str, tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs"), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            _burst(app, "b", "2", "7", "backspace", "6", enter)
            await _settle(pilot)
            assert app.session.view().seats[0].bid == 26
            await pilot.press("q", "y")

    asyncio.run(play())


# --- the log ------------------------------------------------------------------------------------


def _newest_in_sight(app: PlayApp) -> bool:
    """The log's newest line is inside its window (and so on the screen)."""
    log = app.query_one("#log", HandLog)
    height = log.scrollable_content_region.height
    return log.scroll_y == log.max_scroll_y and len(log.lines) <= log.scroll_y + height


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_newest_line_stays_in_sight_when_the_prompt_grows(
    size: tuple[int, int], tmp_path: Path
) -> None:
    """A notice under the prompt takes a line from the log: the log must still end on its
    newest line (it used to keep its old offset, hiding "p2 picks 8h" until the next event)."""

    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=4), delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            log = app.query_one("#log", HandLog)
            for turn in range(40):
                if app.mode != "act":
                    break
                await pilot.press(*_keys(app.session.view(), turn))
                await pilot.pause()
                await pilot.press("z")  # not an option: a notice line under the prompt
                await pilot.pause()
                assert _newest_in_sight(app), (turn, log.scroll_y, log.max_scroll_y)
                newest = log.lines[-1].text.strip()
                assert newest in _screen_text(app)
            assert log.max_scroll_y > 0  # the log did fill
            await pilot.press("q", "y")
        app.farewell()

    asyncio.run(play())


def test_the_log_scrolls_by_keys_and_its_thumb_is_whole(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=4), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for turn in range(6):
                if app.mode != "act":
                    break
                await pilot.press(*_keys(app.session.view(), turn))
                await pilot.pause()
            log = app.query_one("#log", HandLog)
            bottom = log.max_scroll_y
            assert bottom >= 2
            assert log.scroll_y == bottom
            await pilot.press("up", "up")
            assert log.scroll_y == bottom - 2
            await pilot.press("down")
            assert log.scroll_y == bottom - 1
            await pilot.press("home")
            assert log.scroll_y == 0
            await pilot.press("end")
            await pilot.pause()
            assert log.scroll_y == bottom
            # the scrollbar thumb is drawn in whole cells: no eighth-block ends, which many
            # terminal fonts show as two thumbs
            assert not set("▁▂▃▄▅▆▇") & set(_screen_text(app))
            await pilot.press("q", "y")
        app.farewell()

    asyncio.run(play())


def test_a_narrow_log_wraps_its_lines_and_wraps_them_again_on_a_resize(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=4), delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            log = app.query_one("#log", HandLog)
            await pilot.resize_terminal(62, 30)
            await pilot.pause()
            width = log.scrollable_content_region.width
            assert width < 60
            words = "".join(e.plain for e in log.entries).replace(" ", "")
            assert max(strip.cell_length for strip in log.lines) <= width
            # nothing cut off: every character of every entry is in the wrapped lines
            assert "".join(strip.text for strip in log.lines).replace(" ", "") == words
            await pilot.press("q", "y")

    asyncio.run(play())


def test_a_terminal_too_small_says_so_and_the_table_comes_back(tmp_path: Path) -> None:
    async def play() -> None:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=4), delay=0)
        width, height = min_size(4)
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            screen = _screen_text(app)
            assert "Your turn:" in screen  # the smallest size still shows the prompt
            assert "saving to" in screen
            await pilot.resize_terminal(width - 1, height)
            assert f"terminal too small (need {width}x{height}" in _screen_text(app)
            assert "Your turn:" not in _screen_text(app)
            await pilot.press("b", "5", "enter")  # unseen keys do nothing
            assert app.mode == "act"
            assert app.session.view().seats[0].bid is None
            await pilot.resize_terminal(width, height - 1)
            assert "terminal too small" in _screen_text(app)
            await pilot.resize_terminal(80, 24)
            assert "Your turn:" in _screen_text(app)
            await pilot.press("q", "y")

    asyncio.run(play())


def test_the_footer_keeps_the_record_path(tmp_path: Path) -> None:
    async def play(record: Path, sizes: list[tuple[int, int]]) -> list[str]:
        app = PlayApp(_session("auction", record, players=4), delay=0)
        footers = []
        async with app.run_test(size=sizes[0]) as pilot:
            for size in sizes:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                footers.append(_screen_lines(app)[-1])
            await pilot.press("q", "y")
        return footers

    stamped = tmp_path / "splitpot-auction-20261130-201530.phhs"
    wide, narrow = asyncio.run(play(stamped, [(80, 24), (64, 24)]))
    assert wide.endswith("/splitpot-auction-20261130-201530.phhs")  # the whole file name
    assert wide.lstrip().startswith("q quit")
    for footer, width in ((wide, 80), (narrow, 64)):
        assert len(footer) <= width - 1
        kept = footer.split("saving to ")[1]
        assert kept.startswith("…")
        assert str(stamped).endswith(kept[1:])  # the path's end, never its beginning
    assert narrow.endswith("-201530.phhs")


def test_columns_stay_put_when_the_hand_ends(tmp_path: Path) -> None:
    def header(app: PlayApp) -> str:
        return next(line for line in _screen_lines(app) if "stack" in line and "cards" in line)

    async def play() -> None:
        app = PlayApp(_session("stud8", tmp_path / "s.phhs", players=3, seed=5), delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            before = ""
            for turn in range(300):
                if app.mode == "over":
                    break
                before = header(app)
                await pilot.press(*_keys(app.session.view(), turn))
                await pilot.pause()
            assert app.mode == "over"
            assert header(app) == before  # same columns once ▶ is gone and hands are shown
            await pilot.press("q")
        app.farewell()

    asyncio.run(play())


def test_quit_in_the_middle_of_a_hand_asks_and_can_go_back(tmp_path: Path) -> None:
    async def play() -> PlayApp:
        app = PlayApp(_session("stud8", tmp_path / "s.phhs"), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.mode == "act"
            await pilot.press("q")
            assert app.mode == "quit"
            assert "Quit in the middle of hand 1?" in _screen_text(app)
            await pilot.press("x")  # any other key: back to the hand
            assert app.mode == "act"
            assert app.is_running
            await pilot.press("q", "q")  # q twice also quits
            await pilot.pause()
        return app

    app = asyncio.run(play())
    assert app.farewell()[0] == "Hand 1 is abandoned: saved unfinished, in no ledger."
    (saved,) = load(tmp_path / "s.phhs")
    assert ABANDONED in saved.fields


def test_a_four_colour_deck(tmp_path: Path) -> None:
    session = _session("auction", tmp_path / "a.phhs")
    two, four = PlayApp(session), PlayApp(session, four_colour=True)

    def style(app: PlayApp, card: str) -> str:
        return str(app._card(parse_card(card), down=False).style)

    assert [style(two, c) for c in ("2c", "2d", "2h", "2s")] == [
        "bold",
        "bold red",
        "bold red",
        "bold",
    ]
    assert [style(four, c) for c in ("2c", "2d", "2h", "2s")] == [
        "bold green",
        "bold dodger_blue1",
        "bold red",
        "bold",
    ]
    # in running text too (the log, the offer)
    line = four._coloured("p2 picks Td; On offer: 9c As")
    spans = {line.plain[s.start : s.end]: str(s.style) for s in line.spans}
    assert spans == {"Td": "dodger_blue1", "9c": "green"}


def test_the_last_card_of_an_auction_is_taken_without_a_key(tmp_path: Path) -> None:
    async def play() -> str:
        app = PlayApp(_session("auction", tmp_path / "a.phhs", players=3, seed=2), delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for turn in range(300):
                if app.mode == "over":
                    break
                options = app.session.view().options
                assert not (len(options) == 1 and len(options[0].cards) == 1), "a forced pick"
                await pilot.press(*_keys(app.session.view(), turn))
                await pilot.pause()
            text = _log_text(app)
            await pilot.press("q")
        app.farewell()
        return text

    text = asyncio.run(play())
    # bidding the minimum, the person is often last to pick: that pick is taken for them
    assert "p1 (you) takes the last card, " in text
    assert "without a choice (OPR-657 3.4)." in text
