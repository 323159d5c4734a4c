"""A folded hand in a real browser (Debian's Chromium, Playwright, a real server on 127.0.0.1;
issue 32): Bob folds his down cards, and nothing Ann's page (another seat) or Eve's (a
spectator) receives or shows names them or opens them — every WebSocket frame, the page's text
during and after the hand (the Fair deal panel included), the record each downloads from the
page and the replay each steps through. Ann's own copy opens her cards and verifies with the
value her page sent for the deck's root.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from webtools import live_server, post

from splitpot import variants
from splitpot.cards import CARDS as DECK
from splitpot.fairness import leaf, verify
from splitpot.notation import read_phh
from splitpot.server import Settings, create_app
from splitpot.server.history import rebuild
from splitpot.views import public_view, view

# a card as the wire and records write it ("As", runs like "As7c????"), as the log draws it ("A♠",
# "10♣": the page's rank, then its suit), and as the page names it ("ace of spades")
CARDS = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|\?\?)+(?![A-Za-z0-9])")
SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
SUITS |= {"spades": "s", "hearts": "h", "diamonds": "d", "clubs": "c"}
RANKS = {"10": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}
DRAWN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9JQKA])\s?([♠♥♦♣])")
SAID = re.compile(r"\b(10|[2-9]|jack|queen|king|ace) of (spades|hearts|diamonds|clubs)\b")


def named(text: str) -> set[str]:
    runs = {run[i : i + 2] for run in CARDS.findall(text) for i in range(0, len(run), 2)} - {"??"}
    words = {RANKS.get(r, r) + SUITS[s] for r, s in DRAWN.findall(text) + SAID.findall(text)}
    return runs | words


def open_page(browser: Browser, url: str, code: str, token: str | None) -> tuple[Page, list[str]]:
    """A page at table ``code`` (as the holder of ``token``; None: watching) and the list that
    collects every WebSocket frame it receives."""
    page = browser.new_context(accept_downloads=True).new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(url + "/")
    if token is not None:
        keep = "([c, t]) => localStorage.setItem('splitpot.seats', JSON.stringify({[c]: t}))"
        page.evaluate(keep, [code, token])
    page.goto(f"{url}/t/{code}")
    if token is None:
        page.click("#watch")
    return page, frames


def click(page: Page, verbs: tuple[str, ...]) -> bool:
    for verb in verbs:
        found = page.locator(f'#buttons button[data-verb="{verb}"]:enabled')
        if found.count():
            found.first.click()
            return True
    return False


def record_and_replay(page: Page, tmp_path: Path, who: str) -> tuple[str, str]:
    """The hand's record as the page downloads it, and every frame of its replay, as text."""
    page.locator('.tabs [data-tab="history"]').click()
    with page.expect_download() as got:
        page.locator('.past[data-hand="1"] button', has_text="Record").click()
    path = tmp_path / f"{who}.phh"
    got.value.save_as(path)
    page.locator('.past[data-hand="1"] button', has_text="Replay").click()
    expect(page.locator("#replay-box")).to_be_visible()
    # the seats and the log at each street (not the box's title and note: "As you saw it" is prose)
    street = page.locator("#replay-seats, #replay-log")
    seen = street.all_inner_texts()
    for _ in range(20):
        if page.locator("#replay-next").is_disabled():
            break
        page.locator("#replay-next").click()
        seen += street.all_inner_texts()
    return path.read_text(encoding="utf-8"), "\n".join(seen)


def opened(text: str) -> set[str]:
    record = read_phh(text)
    leaves, out = record.fields["_leaves"], set()
    for opening in record.fields["_openings"]:
        place, salt = opening.split(":")
        out |= {str(c) for c in DECK if leaf(int(place), c, salt) == leaves[int(place)]}
    return out


def test_a_folded_hand_stays_private_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "fair.db"), settings=Settings(bot_delay=0.1, next_delay=600))
    with live_server(app) as url:
        made = post(
            f"{url}/api/tables",
            {"game": "stud", "seats": ["you", "open", "bot:call"], "name": "Ann", "timer": 0},
        )
        code = made["code"]
        ann, ann_frames = open_page(browser, url, code, made["token"])
        expect(ann.locator("#fair-body .value")).to_contain_text("Your value for its cut")
        root = ann.locator("#fair-body .hash").first.inner_text()
        assert re.fullmatch(r"[0-9a-f]{64}", root)
        eve, eve_frames = open_page(browser, url, code, None)
        joined = post(f"{url}/api/tables/{code}/join", {"name": "Bob"})
        bob, _ = open_page(browser, url, code, joined["token"])

        # Bob folds at his first chance (facing a bet: with a check open the page offers no fold,
        # so Ann completes or bets until he has folded); then Ann calls the hand down
        deadline = time.monotonic() + 120
        folded = False
        texts: list[str] = []
        while ann.locator("#result:not(.hidden)").count() == 0:
            assert time.monotonic() < deadline, "the hand did not end"
            moved = click(ann, ("cc", "pb", "sm") if folded else ("cbr", "cc", "pb", "sm"))
            if not folded and click(bob, ("f",)):
                folded, moved = True, True
            else:
                moved = click(bob, ("pb", "cc")) or moved
            texts += [ann.locator("body").inner_text(), eve.locator("body").inner_text()]
            if not moved:
                ann.wait_for_timeout(150)
        assert folded
        expect(ann.locator("#fair-body")).to_contain_text("Your value was mixed in")
        value = ann.locator("#fair-body .value").first.inner_text().rsplit(" ", 1)[1]
        texts += [ann.locator("body").inner_text(), eve.locator("body").inner_text()]

        # what only Bob saw, from the server's own store
        data = app.state.store.hand(code, 1)
        state = rebuild(variants.get("stud"), data)
        bob_seat = next(e for e, p in enumerate(data.players) if p["name"] == "Bob")
        assert state.folded[bob_seat]
        public = named(" ".join(map(str, public_view(state).log)))
        private = named(" ".join(map(str, view(state, bob_seat).log))) - public
        assert len(private) >= 2  # his two down cards at least

        records = {}
        for who, page, frames in (("ann", ann, ann_frames), ("eve", eve, eve_frames)):
            record, replay = record_and_replay(page, tmp_path, who)
            records[who] = record
            learnable = opened(record) | named(record) | named(replay)
            learnable |= {c for text in [*frames, *texts] for c in named(text)}
            assert not private & learnable, (who, private & learnable)
            assert str(data.seed) not in "".join([record, replay, *frames])
            assert data.secret not in "".join([record, replay, *frames])
            own = value if who == "ann" else None
            assert verify(read_phh(record), commitment=root, entropy=own).ok
        ann_seat = next(e for e, p in enumerate(data.players) if p["name"] == "Ann")
        assert named(" ".join(map(str, view(state, ann_seat).log))) == opened(records["ann"])
        assert opened(records["eve"]) == public


def test_a_value_that_came_after_the_deal_is_explained_not_alarming(
    browser: Browser, tmp_path: Path
) -> None:
    """Ann against bots: the hand is dealt as soon as she sits, usually before her page's value
    for its root arrives. Then the hand has no value of hers, and the panel says her value came
    after the deal (docs/fairness.md: the server's deck, cut by the values in time, is the deal),
    never that her value is missing from the hand as if something were wrong."""
    app = create_app(str(tmp_path / "late.db"), settings=Settings(bot_delay=600))
    with live_server(app) as url:
        made = post(
            f"{url}/api/tables",
            {"game": "stud", "seats": ["you", "bot:call", "bot:call"], "name": "Ann", "timer": 0},
        )
        ann, _ = open_page(browser, url, made["code"], made["token"])
        fair = ann.locator("#fair-body")
        expect(fair).to_contain_text("Cut by the values of")
        expect(fair.locator(".value")).to_have_count(1)
        data = app.state.store.hand(made["code"], 1)
        ann_seat = next(e for e, p in enumerate(data.players) if p["name"] == "Ann")
        text = fair.inner_text()
        assert "NOT" not in text
        if not data.players[ann_seat].get("entropy"):  # none, or "" (none in time)
            assert "arrived after this hand was dealt" in text, text
        else:
            assert "Your value was mixed in" in text, text
