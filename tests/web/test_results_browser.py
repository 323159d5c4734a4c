"""What a group of friends ran into at the end of a hand (issue 28, items 1, 5, 6, 9), in a real
browser (Debian's Chromium, Playwright, a real server on 127.0.0.1).

Two friends play Five Card Stud with a Buy (both ways allowed): Ann at a desktop (1280x800), Bob
on a phone (390x844). At the buy the odds panel says its figures are before the buys and gives
the terminal's buy advice, and the cards one may buy away keep their own edge (blue: face down,
only you see it) with no gold ring until one is chosen. Both declare both ways, so at least one
forfeits: the result says who and why, and marks the cards that made each winning hand, as the
server's awards name them. The replay speaks the live log's words, line for line. A hand of the
first fair-deal scheme whose seed is past 2**53 shows that seed exactly: the page itself hashes
what it shows (Web Crypto) and gets the published commitment. Screenshots: build/screenshots/.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from webtools import SCREENSHOTS, axe_check, live_server, post, sit, switch, watch_errors

from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import apply, new_hand
from splitpot.errors import SplitpotError
from splitpot.server import Settings, create_app
from splitpot.server.fairdeal import dealt_again
from splitpot.server.players import dealt_from_json
from splitpot.views import public_view

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BLUE = "rgba(79, 179, 255"  # the edge of one's own down card
GOLD = "rgb(242, 193, 78)"  # the ring of the card chosen
RECORD = re.compile(r"^(d |p\d+ )|\?\?|\bp\d+\b")
"""A line in record notation (``d dh p2 ????7c``, ``p1 cc``), not in words."""


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"results-{name}.png"))


def click_first(page: Page, selectors: tuple[str, ...]) -> bool:
    """Click the first enabled move of ``selectors`` the page offers; False when none."""
    for selector in selectors:
        found = page.locator(f"#buttons {selector}:enabled")
        if found.count():
            found.first.click()
            return True
    return False


MOVES = (
    'button[data-verb="pb"]',
    'button[data-verb="cc"]',
    'button[data-verb="sd"]',  # stand pat at the buy
    'button[data-verb="sm"]',
)


def edges(page: Page) -> list[dict[str, Any]]:
    """Each of the seat's own cards: whether it is a down card, and its edge (box-shadow)."""
    found: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll("#me .card")].map((c) => ({
            card: c.dataset.card, hole: c.classList.contains("hole"),
            choosable: c.classList.contains("choosable"), edge: getComputedStyle(c).boxShadow,
        }))"""
    )
    return found


def check_the_buy(page: Page, who: str) -> None:
    """At ``page``'s buy: the odds panel's figures are before the buys, with buy advice; the
    cards keep their edges, and only the card chosen gets the gold ring."""
    body = page.locator("#odds-body")
    expect(body.locator(".before-buys")).to_contain_text("Before the buys", timeout=30_000)
    expect(body.locator(".buy-advice b")).to_have_text(re.compile(r"^(Stand pat|Buy away \S+)$"))
    expect(body.locator(".buy-advice")).to_contain_text("standing pat")
    cards = edges(page)
    assert cards
    assert all(c["choosable"] for c in cards), cards
    assert any(c["hole"] for c in cards), cards
    assert all(BLUE in c["edge"] for c in cards if c["hole"]), cards
    assert not any(GOLD in c["edge"] for c in cards), cards
    page.locator("#me .card.choosable").first.click()
    expect(page.locator("#me .card.chosen")).to_have_count(1)
    cards = edges(page)
    assert sum(GOLD in c["edge"] for c in cards) == 1, cards
    assert all(BLUE in c["edge"] for c in cards if c["hole"]), cards
    page.locator("#odds-panel").scroll_into_view_if_needed()
    shot(page, f"{who}-buy")
    assert not axe_check(page, f"{who} at the buy")
    page.locator("#me .card.chosen").click()  # unchosen: Ann stands pat


def declarations(live: Any) -> dict[str, str]:
    """Declarations for the hand at the declaration (``live``: the server's table) that make a
    forfeit and a hand that wins: one player declares both ways, the other the way that beats
    it (the server's engine plays each choice out on a copy). By the players' names."""
    names = [p.name for p in live.hand.players]
    for both in range(len(names)):
        for other in ("hi", "lo", "both"):
            hand = live.hand.state  # played again on a new state, move for move
            state = new_hand(hand.rules, list(hand.starting), seed=hand.seed, auto_deal=False)
            for action in hand.log:
                apply(state, action)
            for e in range(len(names)):
                apply(state, Action("dec", e, declaration="both" if e == both else other))
            for _ in range(10):
                if state.finished:
                    break
                e = public_view(state).to_act[0]
                apply(state, Action("sm", e, tuple(state.hands[e])))
            won = [a for a in state.awards if not a.reason.startswith("shares")]
            if state.forfeits and won:
                return {n: "both" if e == both else other for e, n in enumerate(names)}
    raise AssertionError("no declarations make a forfeit and a winner")


def last_snapshot(frames: list[str]) -> dict[str, Any]:
    """The last table snapshot of ``frames`` (WebSocket frames) with a finished hand."""
    for text in reversed(frames):
        message = json.loads(text)
        hand = message.get("hand") if message.get("type") == "state" else None
        if hand and hand["view"]["finished"]:
            found: dict[str, Any] = message
            return found
    raise AssertionError("no finished hand was received")


MADE_ROWS = """(rows) => rows.map((r) => [Number(r.dataset.seat), r.dataset.half,
    [...r.querySelectorAll(".card")].map((c) => c.dataset.card)])"""
"""Each row of cards that made a winning hand: its seat, its half and its cards."""


def replay_lines(page: Page) -> tuple[list[str], list[str], list[Any], set[str]]:
    """The replay's log, street by street, its result's lines (awards and forfeits), the rows
    of cards that made each winning hand, and the cards marked so at the seats."""
    page.locator('.tabs [data-tab="history"]').click()
    page.locator('.past[data-hand="1"] button', has_text="Replay").click()
    expect(page.locator("#replay-box")).to_be_visible()
    lines = page.locator("#replay-log > div").all_inner_texts()
    for _ in range(20):
        if page.locator("#replay-next").is_disabled():
            break
        page.locator("#replay-next").click()
        lines += page.locator("#replay-log > div").all_inner_texts()
    shot(page, "desktop-replay-end")
    end = page.locator("#replay-seats .award, #replay-seats .forfeit").all_inner_texts()
    rows = page.locator("#replay-seats .made-hand").evaluate_all(MADE_ROWS)
    made = page.locator("#replay-seats .replay-seat .card.made").evaluate_all(
        "(cs) => cs.map((c) => c.dataset.card)"
    )
    page.locator("#replay-close").click()
    return lines, end, rows, set(made)


def test_the_buy_the_result_and_the_replay(browser: Browser, tmp_path: Path) -> None:
    settings = Settings(bot_delay=0.1, next_delay=600, allow_seeds=True)
    app = create_app(str(tmp_path / "results.db"), settings=settings)
    with contextlib.closing(app.state.store), live_server(app) as url:
        made = post(
            f"{url}/api/tables",
            {
                "game": "stud5buy",
                "house": {"declare_both": True},
                "options": {"odds": True},
                "seats": ["you", "open"],
                "name": "Ann",
                "seed": 11,
                "timer": 0,
            },
        )
        code = made["code"]
        joined = post(f"{url}/api/tables/{code}/join", {"name": "Bob"})
        ann = browser.new_context(viewport=DESKTOP).new_page()
        bob = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        frames: list[str] = []
        ann.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
        errors = watch_errors(ann) + watch_errors(bob)
        sit(ann, url, code, made["token"])
        sit(bob, url, code, joined["token"])
        for page in (ann, bob):
            switch(page, "#odds-toggle")

        live = app.state.tables.live[code]
        bought = {"ann": False, "bob": False}
        declare: dict[str, str] = {}
        deadline = time.monotonic() + 120
        while ann.locator("#result:not(.hidden)").count() == 0:
            assert time.monotonic() < deadline, "the hand did not end"
            moved = False
            for who, page in (("ann", ann), ("bob", bob)):
                if not bought[who] and page.locator('#buttons button[data-verb="buy"]').count():
                    check_the_buy(page, "desktop" if who == "ann" else "phone")
                    bought[who] = True
                # standing pat only once the buy was looked at (a snapshot may land in between)
                moves = MOVES if bought[who] else tuple(m for m in MOVES if '"sd"' not in m)
                # a declaration still to make (a sent one keeps its buttons drawn, disabled, and
                # the hand may end meanwhile)
                if page.locator('#buttons button[data-verb="dec"]:enabled').count():
                    # the buys are in: the figures are the hands' own, with no such note
                    expect(page.locator("#odds-body .odds-cell")).to_have_count(4)
                    expect(page.locator("#odds-body .before-buys")).to_have_count(0)
                    declare = declare or declarations(live)
                    way = declare["Ann" if who == "ann" else "Bob"]
                    moves = (f'button[data-verb="dec"][data-declaration="{way}"]',)
                moved = click_first(page, moves) or moved
            if not moved:
                ann.wait_for_timeout(100)
        assert all(bought.values())

        # the result: the forfeit in words, the cards of each winning hand marked
        result = ann.locator("#result")
        expect(result.locator(".forfeit").first).to_contain_text("declared both ways and ")
        hand = last_snapshot(frames)["hand"]
        view, players = hand["view"], hand["players"]
        assert view["forfeits"], view["awards"]
        name = {e: "You" if e == hand["you"] else p["name"] for e, p in enumerate(players)}
        forfeits = result.locator(".forfeit").all_inner_texts()
        assert [f.split(" ", 1)[0] for f in forfeits] == [name[f["seat"]] for f in view["forfeits"]]
        marked: set[str] = set()
        rows = []
        for award in view["awards"]:
            for half, cards in award["cards"].items():
                row = result.locator(f'.made-hand[data-seat="{award["seat"]}"][data-half="{half}"]')
                shown = row.locator(".card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
                assert shown == cards, (award, shown)
                marked |= set(cards)
                rows.append([award["seat"], half, cards])
        assert marked, view["awards"]
        on_board = ann.locator(".seat .card.made").evaluate_all(
            "(cs) => cs.map((c) => c.dataset.card)"
        )
        assert set(on_board) == marked
        assert "in the winning" in (
            ann.locator(".seat .card.made").first.get_attribute("aria-label") or ""
        )
        shot(ann, "desktop-result")
        bob.locator("#result").scroll_into_view_if_needed()
        shot(bob, "phone-result")
        assert not axe_check(ann, "desktop result") + axe_check(bob, "phone result")

        # the replay speaks the live log's words, line for line, and its result marks the
        # same cards as the live one
        live = ann.locator("#log > div").all_inner_texts()
        said, end, replayed_rows, replayed_marks = replay_lines(ann)
        assert not [line for line in said if RECORD.search(line)], said
        assert said + end == live
        assert replayed_rows == rows
        assert replayed_marks == marked
        assert not errors, errors


SEED = 4_081_275_584_312_956_567
"""The issue's seed: past 2**53, so a JavaScript number rounds it (to ...956600)."""


def v1_seed(db: Path) -> int:
    """Make hand 1 of the table in ``db`` a hand of the first scheme (its players sent no
    values) dealt from a seed past 2**53: the first such seed its stored moves fit, since a v1
    hand is dealt again from its seed when the server starts."""
    with contextlib.closing(sqlite3.connect(db)) as con, con:
        (hand_id, players, starting, secret) = con.execute(
            "SELECT id, players, starting, secret FROM hands WHERE number = 1"
        ).fetchone()
        legacy = [{k: v for k, v in p.items() if k != "entropy"} for p in json.loads(players)]
        moves = [
            m
            for (m,) in con.execute(
                "SELECT text FROM actions WHERE hand_id = ? ORDER BY id", (hand_id,)
            )
        ]
        for seed in range(SEED, SEED + 50):
            try:
                state = dealt_again(
                    variants.get("stud"), json.loads(starting), seed, secret,
                    dealt_from_json(legacy), moves,
                )  # fmt: skip
            except SplitpotError:
                continue
            if state.finished:
                con.execute(
                    "UPDATE hands SET seed = ?, players = ? WHERE id = ?",
                    (seed, json.dumps(legacy), hand_id),
                )
                return seed
    raise AssertionError("no seed past 2**53 fits the hand's moves")


def test_a_seed_past_2_53_is_shown_exactly_and_hashes_to_the_commitment(
    browser: Browser, tmp_path: Path
) -> None:
    db = tmp_path / "v1.db"
    settings = Settings(bot_delay=0.05, next_delay=600, allow_seeds=True)
    app = create_app(str(db), settings=settings)
    with contextlib.closing(app.state.store), live_server(app) as url:
        made = post(
            f"{url}/api/tables",
            {"game": "stud", "seats": ["you", "bot:call"], "name": "Ann", "seed": 3, "timer": 0},
        )
        page = browser.new_page(viewport=DESKTOP)
        sit(page, url, made["code"], made["token"])
        deadline = time.monotonic() + 60
        while page.locator("#result:not(.hidden)").count() == 0:
            assert time.monotonic() < deadline, "the hand did not end"
            if not click_first(page, MOVES):
                page.wait_for_timeout(100)
        page.click("#away-button")  # Ann sits out: the server started again deals no hand 2
        expect(page.locator("#away-button")).to_have_text("I'm back")
        page.close()
    seed = v1_seed(db)
    assert seed > 2**53

    app = create_app(str(db), settings=settings)  # the server again, the hand now a v1 hand's
    with contextlib.closing(app.state.store), live_server(app) as url:
        for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
            page = browser.new_page(viewport=viewport)
            errors = watch_errors(page)
            sit(page, url, made["code"], made["token"])
            fair = page.locator("#fair-body")
            expect(fair).to_contain_text("Revealed now the hand is over")
            shown = fair.locator("code.hash").all_inner_texts()
            commitment = shown[0]
            assert shown[1] == f"seed {seed}"  # exactly, not rounded
            # what a friend checking by hand does, in the page: hash what it shows
            hashed = page.evaluate(
                """async () => {
                    const [, seed, secret] = [...document.querySelectorAll("#fair-body code.hash")]
                        .map((c) => c.textContent.split(" ").pop());
                    const text = `splitpot-deal-v1:${secret}:${seed}`;
                    const bytes = new TextEncoder().encode(text);
                    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
                    return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
                }"""
            )
            assert hashed == commitment
            page.locator("#fair").scroll_into_view_if_needed()
            shot(page, f"{name}-fair-v1")
            assert not errors, errors
            page.close()
