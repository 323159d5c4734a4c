"""The table's layout in a real browser (Debian's Chromium, a real server on 127.0.0.1): 2, 5
and 8 players at Seven Card Stud High-Low, dealt to seventh street, 7 at Auction with its lot,
and every other game with as many as it seats up to eight at its first decision, at 1280x800,
1920x1080 and 390x844. No seat covers another, the pot or the hand's log;
none runs off the page's sides. The header names the game and the hand. Screenshots are kept
in build/screenshots/layout-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from webtools import SCREENSHOTS, SIZES, axe_check, live_server, post, sit, switch, watch_errors

from splitpot.server import Settings, create_app

BOXES = """() => {
    const box = (node, name) => {
        const r = node.getBoundingClientRect();
        return { name, x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
    };
    const seats = [...document.querySelectorAll("#felt .seat")].map(
        (s) => box(s, "seat " + s.querySelector(".name").textContent));
    return {
        boxes: [...seats, box(document.getElementById("pot"), "pot"),
                box(document.getElementById("log"), "log")],
        width: document.documentElement.clientWidth,
        height: document.documentElement.scrollHeight,
    };
}"""


@contextmanager
def seated(
    browser: Browser, tmp_path: Any, game: str, seats: list[str], phone: bool = False, **spec: Any
) -> Iterator[tuple[Page, list[str]]]:
    """Ann at a new table of ``game`` (quick bots, no timer, the next hand held back), in a page
    at the desktop's size or a phone's; the page and the errors it reports."""
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        body = {"game": game, "seats": seats, "name": "Ann", "timer": 0, **spec}
        made = post(url + "/api/tables", body)
        if phone:
            page = browser.new_page(viewport=SIZES["phone"], is_mobile=True, has_touch=True)
        else:
            page = browser.new_page(viewport=SIZES["desktop"])
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        yield page, errors


def overlaps(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two boxes share any area (touching edges do not)."""
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    )


def problems(page: Page) -> list[str]:
    """What is wrong with the layout the page shows now: boxes that overlap, or off the page."""
    seen: dict[str, Any] = page.evaluate(BOXES)
    boxes = seen["boxes"]
    found = [
        f"{box['name']} is off the page: {box}"
        for box in boxes
        if box["x"] < -0.5
        or box["x"] + box["w"] > seen["width"] + 0.5
        or box["y"] < 0
        or box["y"] + box["h"] > seen["height"] + 0.5
    ]
    found += [f"{box['name']} is not shown" for box in boxes if box["w"] * box["h"] == 0]
    for i, a in enumerate(boxes):
        found += [f"{a['name']} overlaps {b['name']}" for b in boxes[i + 1 :] if overlaps(a, b)]
    return found


def deal_to_seventh_street(page: Page) -> None:
    """Check, call or bring in whenever the page offers it, until the seat holds seven cards (or
    six and the common card, when eight players would need more than the deck)."""
    deadline = time.monotonic() + 90
    mine = page.locator(".me-area .card, #common .card")
    while mine.count() < 7:
        assert time.monotonic() < deadline, "seventh street never came"
        for verb in ("cc", "pb"):
            found = page.locator(f'#buttons button[data-verb="{verb}"]:enabled')
            if found.count():
                found.first.click()
                break
        else:
            page.wait_for_timeout(50)


def at_every_size(page: Page, name: str) -> list[str]:
    """The layout's problems at each size (desktop, wide, phone), its screenshots kept as
    ``name``-SIZE.png; the header must show the game's name and the hand's number."""
    found: list[str] = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate("() => new Promise(requestAnimationFrame)")
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=True)
        found += [f"{size}: {line}" for line in problems(page)]
        for part in ("#title", "#hand-no"):  # the game's name, the hand's number
            box = page.locator(part).bounding_box()
            if not page.locator(part).is_visible() or not box or box["width"] < 40:
                found.append(f"{size}: the header does not show {part}")
    return found


@pytest.mark.parametrize(
    ("game", "players"), [("stud8", 2), ("stud8", 5), ("stud8", 8), ("auction", 7)]
)
def test_seats_pot_and_log_never_overlap(
    browser: Browser, tmp_path: Any, game: str, players: int
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    seats = ["you"] + ["bot:call"] * (players - 1)
    with seated(browser, tmp_path, game, seats) as (page, errors):
        expect(page.locator("#felt .seat")).to_have_count(players)
        if game == "auction":  # the lot of seven cards in the centre, at the first auction
            expect(page.locator("#offer .card")).to_have_count(players)
        else:
            deal_to_seventh_street(page)
            # every other seat shows as many cards: the widest the seats get
            dealt = page.locator(".me-area .card").count()
            expect(page.locator("#others .seat").last.locator(".card")).to_have_count(dealt)
        # the header says which game and which hand, at every size
        expect(page.locator("#hand-no")).to_have_text("hand 1")
        expect(page.locator("#title")).not_to_be_empty()
        found = at_every_size(page, f"layout-{game}-{players}")
        if players == 8:
            found += axe_check(page, "eight seats (phone)")
        assert not found, "\n".join(found)
        assert not errors


@pytest.mark.parametrize(
    ("game", "players"),
    [("stud", 8), ("razz", 8), ("stud5", 8), ("stud5hilo", 8), ("stud5buy", 8), ("nasdaq", 8),
     ("nasdaq7", 7)],
)  # fmt: skip
def test_every_other_game_seats_its_players_without_overlap(
    browser: Browser, tmp_path: Any, game: str, players: int
) -> None:
    """The other games at their first decision, as many players as they seat up to eight."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    seats = ["you"] + ["bot:call"] * (players - 1)
    with seated(browser, tmp_path, game, seats) as (page, errors):
        expect(page.locator("#felt .seat")).to_have_count(players)
        expect(page.locator("#others .seat").last.locator(".card").first).to_be_visible()
        expect(page.locator("#hand-no")).to_have_text("hand 1")
        found = at_every_size(page, f"layout-{game}-{players}")
        assert not found, "\n".join(found)
        assert not errors


ABOVE_THE_BAR = """(selector) => {
    const node = document.querySelector(selector);
    const r = node.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, bar: document.getElementById("controls")
        .getBoundingClientRect().top };
}"""


def test_the_newest_log_line_is_above_the_bar_with_panels_open(
    browser: Browser, tmp_path: Any
) -> None:
    seats = ["you", "bot:call", "bot:call", "bot:call"]
    with seated(browser, tmp_path, "stud8", seats, options={"odds": True}) as (page, errors):
        page.click("#invite-button")
        switch(page, "#odds-toggle")
        expect(page.locator("#invite")).to_be_visible()
        deal_to_seventh_street(page)
        page.evaluate("() => scrollTo(0, 0)")
        page.screenshot(path=str(SCREENSHOTS / "layout-log-panels-open.png"))
        where = page.evaluate(ABOVE_THE_BAR, "#log > div:last-child")
        assert where["bottom"] <= where["bar"], where
        assert not errors


def test_the_declaration_advice_is_above_the_bar_on_a_phone(
    browser: Browser, tmp_path: Any
) -> None:
    spec = {"house": {"showdown": "declare"}, "options": {"odds": True}}
    seats = ["you"] + ["bot:call"] * 4
    with seated(browser, tmp_path, "stud8", seats, phone=True, **spec) as (page, errors):
        switch(page, "#odds-toggle")
        deal_to_seventh_street(page)
        declare = page.locator('#buttons button[data-verb="dec"]:enabled')
        while not declare.count():
            for verb in ("cc", "pb"):
                found = page.locator(f'#buttons button[data-verb="{verb}"]:enabled')
                if found.count():
                    found.first.click()
            page.wait_for_timeout(50)
        expect(page.locator("#odds-body .advice")).to_be_visible(timeout=30_000)
        page.evaluate("() => new Promise(requestAnimationFrame)")
        page.screenshot(path=str(SCREENSHOTS / "layout-phone-advice.png"))
        where = page.evaluate(ABOVE_THE_BAR, "#odds-body .advice")
        assert where["top"] >= 0, where
        assert where["bottom"] <= where["bar"], where
        assert not errors


def test_a_phones_own_cards_come_above_the_bar_at_its_turn_with_eight_seats(
    browser: Browser, tmp_path: Any
) -> None:
    """Seven other seats push the phone's own seat below the bar of moves: when a decision
    comes the page brings the seat's cards above it, once a decision (the reader may scroll
    away again)."""
    seats = ["you"] + ["bot:call"] * 7
    with seated(browser, tmp_path, "stud8", seats, phone=True) as (page, errors):
        turns = 0
        deadline = time.monotonic() + 90
        while turns < 3:
            assert time.monotonic() < deadline, "three decisions never came"
            move = page.locator(
                '#buttons button[data-verb="cc"]:enabled, #buttons button[data-verb="pb"]:enabled'
            )
            if not move.count():
                page.wait_for_timeout(50)
                continue
            page.evaluate("() => new Promise(requestAnimationFrame)")
            where = page.evaluate(ABOVE_THE_BAR, "#me .seat")
            assert where["top"] >= 0, (turns, where)
            assert where["bottom"] <= where["bar"], (turns, where)
            if turns == 0:
                page.screenshot(path=str(SCREENSHOTS / "layout-phone-eight-turn.png"))
            page.evaluate("() => scrollTo(0, 0)")  # the reader looks at the top seats meanwhile
            move.first.click()
            turns += 1
        assert not errors
