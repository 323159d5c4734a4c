"""The home game in a real browser (Debian's Chromium, Playwright, a real server on 127.0.0.1):
the host (a desktop window, 1280x800) approves a friend's seat request from a phone (390x844),
both chat while a spectator's chat stays apart, the odds panel shows and hides, the hand is
played to the end, its record is downloaded from the page and passes ``splitpot verify``, the
replay steps street by street, the ledger's CSV squares with its settle-up, and the host pauses,
changes the stakes, removes a player and seats a bot. The practice table offers the odds panel
and a real table does not. Screenshots of each panel are kept in build/screenshots/.
"""

from __future__ import annotations

import csv
import io
import re
import time
from pathlib import Path

from click.testing import CliRunner
from playwright.sync_api import Browser, Page, expect
from webtools import SCREENSHOTS, get, live_server, post, sit, switch, watch_errors

from splitpot.cli import main
from splitpot.notation import read_phh
from splitpot.server import Settings, create_app

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MOVES = ("cc", "pb", "sm", "dec")
"""What a player clicks, in this order of preference: check or call, bring in, show, declare."""


def tab(page: Page, name: str) -> None:
    page.locator(f'.tabs [data-tab="{name}"]').click()
    expect(page.locator(f'[data-pane="{name}"]')).to_be_visible()


def shot(page: Page, name: str, full: bool = False) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"home-{name}.png"), full_page=full)


def move(page: Page) -> bool:
    """Click the first move the page offers of MOVES; False when there is none."""
    for verb in MOVES:
        found = page.locator(f'#buttons button[data-verb="{verb}"]:enabled')
        if found.count():
            found.first.click()
            return True
    return False


def test_a_home_game_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    app = create_app(str(tmp_path / "home.db"), settings=Settings(bot_delay=0.1, next_delay=600))
    with live_server(app) as url:
        desk = browser.new_context(viewport=DESKTOP, accept_downloads=True)
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        rail = browser.new_context(viewport=DESKTOP)
        ann, bob, eve = desk.new_page(), phone.new_page(), rail.new_page()
        errors = [watch_errors(p) for p in (ann, bob, eve)]

        # Ann makes the table in the lobby: seats approved by her, odds offered, a chip's value
        ann.goto(url + "/")
        ann.select_option("#game", "stud8")
        ann.fill("#name", "Ann")
        ann.select_option("#count", "3")
        ann.select_option("#seat-1", "open")
        ann.select_option("#seat-2", "bot:call")
        ann.fill("#timer", "0")
        ann.locator("#options-box summary").click()
        ann.select_option("#approve-seats", "true")
        ann.select_option("#offer-odds", "true")
        ann.fill("#chip-value", "0.10")
        shot(ann, "desktop-lobby-options")
        ann.click("#create-button")
        ann.wait_for_url("**/t/*")
        code = ann.url.rsplit("/", 1)[1]
        made = get(f"{url}/api/tables/{code}")
        assert made["options"] == {
            "approve_seats": True,
            "odds": True,
            "max_buy": None,
            "chip_value": "0.10",
            "time_bank": 0,  # no bank unless the host gives one (an API option; not on the form)
        }
        expect(ann.locator(".me-area .seat .name")).to_have_text("Ann")
        expect(ann.locator("#host-tab")).to_be_visible()

        # Bob asks for the open seat; the host approves him
        bob.goto(f"{url}/t/{code}")
        bob.fill("#join-name", "Bob")
        bob.click("#take-seat")
        expect(bob.locator("#hint")).to_contain_text("the host will let you in")
        expect(ann.locator("#host-badge")).to_have_text("1")
        tab(ann, "host")
        shot(ann, "desktop-host-request")
        ann.locator('[data-approve="Bob"]').click()
        expect(bob.locator(".me-area .seat .name")).to_have_text("Bob")
        expect(bob.locator("#host-tab")).to_be_hidden()  # only the host has the controls

        # the deal: the commitment is on the page before the cards are played
        expect(ann.locator("#fair-body .hash").first).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
        commitment = ann.locator("#fair-body .hash").first.inner_text()
        expect(ann.locator("#odds-body .odds-cell")).to_have_count(4, timeout=30_000)
        expect(ann.locator("#odds-toggle")).to_be_checked()
        shot(ann, "desktop-odds")
        bob.locator("#odds-panel").scroll_into_view_if_needed()
        expect(bob.locator("#odds-body .odds-cell")).to_have_count(4, timeout=30_000)
        shot(bob, "phone-odds")
        switch(bob, "#odds-toggle", on=False)
        expect(bob.locator("#odds-body")).to_contain_text("Hidden")
        expect(bob.locator("#odds-body .odds-cell")).to_have_count(0)

        # players' chat and spectators' chat
        eve.goto(f"{url}/t/{code}")
        eve.click("#watch")
        tab(eve, "chat")
        expect(eve.locator("#chat-room")).to_contain_text("Spectators' chat")
        eve.fill("#chat-name", "Eve")
        eve.fill("#chat-text", "hello from the rail")
        eve.press("#chat-text", "Enter")
        tab(ann, "chat")
        ann.fill("#chat-text", "good luck, Bob")
        ann.press("#chat-text", "Enter")
        expect(ann.locator("#chat-lines")).to_contain_text("Ann: good luck, Bob")
        expect(eve.locator("#chat-lines")).to_contain_text("Eve: hello from the rail")
        expect(bob.locator("#chat-badge")).not_to_be_hidden()
        tab(bob, "chat")
        expect(bob.locator("#chat-lines")).to_contain_text("Ann: good luck, Bob")
        shot(ann, "desktop-chat")
        shot(eve, "desktop-spectator-chat")
        bob.locator("#chat-lines").scroll_into_view_if_needed()
        shot(bob, "phone-chat")
        assert "hello from the rail" not in ann.locator("#chat-lines").inner_text()
        assert "hello from the rail" not in bob.locator("#chat-lines").inner_text()
        assert "good luck" not in eve.locator("#chat-lines").inner_text()
        for page in (ann, bob, eve):  # the deck's root is in the Fair deal panel, not the chat
            assert not re.search(r"[0-9a-f]{64}", page.locator("#chat-lines").inner_text())

        # play the hand to its end by clicking
        deadline = time.monotonic() + 120
        while ann.locator("#result:not(.hidden)").count() == 0:
            assert time.monotonic() < deadline, "the hand did not end"
            if not (move(ann) | move(bob)):
                ann.wait_for_timeout(150)
        expect(bob.locator("#result")).to_be_visible()
        expect(ann.locator("#fair-body")).to_contain_text("Download your record")
        mixed = ann.locator("#fair-body .value", has_text="Your value was mixed in")
        value = mixed.inner_text().rsplit(" ", 1)[1]  # sent while the table waited for Bob
        assert re.fullmatch(r"[0-9a-f]{64}", value)
        assert "seed" not in ann.locator("#fair-body").inner_text()
        tab(ann, "log")
        shot(ann, "desktop-fair-reveal")

        # the record, downloaded from the page, is Ann's own copy and verifies
        tab(ann, "history")
        expect(ann.locator('.past[data-hand="1"] .nets')).to_contain_text("Ann")
        shot(ann, "desktop-history")
        with ann.expect_download() as got:
            ann.locator('.past[data-hand="1"] button', has_text="Record").click()
        path = tmp_path / "hand1.phh"
        got.value.save_as(path)
        record = read_phh(path.read_text(encoding="utf-8"))
        assert record.commitment == commitment
        ann_down = [c for a in record.actions if a.seat == 0 and a.verb == "dh" for c in a.cards]
        assert ann_down
        assert all(c is not None for c in ann_down)  # her own cards, in her copy
        assert record.seed is None  # splitpot-deal-v2: nothing that opens every card
        check = ["verify", "--commitment", commitment, "--entropy", value, str(path)]
        result = CliRunner().invoke(main, check)
        assert result.exit_code == 0, result.output
        assert "1 of 1 hand verified" in result.stdout

        # the replay, street by street
        ann.locator('.past[data-hand="1"] button', has_text="Replay").click()
        expect(ann.locator("#replay-box")).to_be_visible()
        expect(ann.locator("#replay-title")).to_contain_text("after street 1")
        shot(ann, "desktop-replay-start")
        while ann.locator("#replay-next:enabled").count():
            ann.click("#replay-next")
        expect(ann.locator("#replay-title")).to_contain_text("the result")
        expect(ann.locator("#replay-seats .award").first).to_be_visible()
        shot(ann, "desktop-replay-end")
        ann.click("#replay-close")
        tab(bob, "history")
        bob.locator('.past[data-hand="1"] button', has_text="Replay").click()
        expect(bob.locator("#replay-title")).to_contain_text("after street 1")
        shot(bob, "phone-replay")
        bob.click("#replay-close")

        # the ledger in the page, and its CSV
        tab(ann, "ledger")
        expect(ann.locator("table.ledger tr")).to_have_count(4)  # a head and three players
        shot(ann, "desktop-ledger")
        tab(bob, "ledger")
        bob.locator("#ledger-body").scroll_into_view_if_needed()
        shot(bob, "phone-ledger")
        with ann.expect_download() as got:
            ann.click("#ledger-csv")
        rows = list(csv.DictReader(io.StringIO(Path(got.value.path()).read_text())))
        balances = {r["player"]: int(r["chips"]) for r in rows if r["kind"] == "balance"}
        assert sum(balances.values()) == 0
        settles = {r["player"]: int(r["chips"]) for r in rows if r["kind"] == "settles"}
        assert set(settles) == {"Ann", "Bob"}  # the bot's chips are the house's
        for r in rows:
            if r["kind"] == "transfer":
                settles[r["player"]] += int(r["chips"])
                settles[r["to"]] -= int(r["chips"])
        assert set(settles.values()) <= {0}  # the settle-up squares every person
        transfers = [r for r in rows if r["kind"] == "transfer"]
        expect(ann.locator("#ledger-body .transfer")).to_have_count(len(transfers))

        # the host's controls between hands
        tab(ann, "host")
        ann.locator('[data-host="pause"]').click()
        expect(ann.locator("#paused")).to_be_visible()
        expect(bob.locator("#paused")).to_be_visible()
        ann.fill("#host-ante", "2")
        ann.locator("#host-house button[type=submit]").click()
        expect(ann.locator(".chat .line.table").last).to_contain_text("ante 1 \u2192 2")
        shot(ann, "desktop-host")
        ann.on("dialog", lambda d: d.accept())  # "Remove Bob?"
        ann.locator('.host-row[data-seat="1"] [data-host="remove"]').click()
        expect(bob.locator("#error")).to_contain_text("the host removed you")
        ann.locator('.host-row[data-seat="1"] select').select_option("random")
        ann.locator('.host-row[data-seat="1"] [data-host="add_bot"]').click()
        expect(ann.locator('.host-row[data-seat="1"]')).to_contain_text("bot: random")
        ann.locator('[data-host="resume"]').click()
        expect(ann.locator("#paused")).to_be_hidden()
        shot(ann, "desktop-host-after", full=True)
        info = get(f"{url}/api/tables/{code}")
        assert info["stakes"]["ante"] == 2
        assert info["seats"][1]["kind"] == "bot"
        book = get(f"{url}/api/tables/{code}/ledger")
        bob_row = next(p for p in book["players"] if p["player"] == "Bob")
        assert bob_row["on_table"] == 0  # his chips went to the ledger as a cash-out
        assert bob_row["cashed"] == bob_row["bought"] + bob_row["won"]
        for found in errors:
            assert not found, found


def test_the_practice_table_offers_the_odds_panel_and_a_real_table_does_not(
    browser: Browser, tmp_path: Path
) -> None:
    app = create_app(str(tmp_path / "practice.db"), settings=Settings(bot_delay=0.1))
    practice = app.state.tables.practice()
    with live_server(app) as url:
        page = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
        page.goto(f"{url}/t/{practice}")
        page.fill("#join-name", "Pat")
        page.click("#take-seat")
        expect(page.locator("#odds-toggle")).to_be_checked()
        expect(page.locator("#odds-toggle")).to_be_enabled()
        expect(page.locator("#odds-body .odds-cell")).to_have_count(4, timeout=30_000)
        made = post(url + "/api/tables", {"game": "auction", "seats": ["you", "bot"], "name": "Al"})
        sit(page, url, made["code"], made["token"])
        expect(page.locator("#odds-toggle")).not_to_be_checked()
        expect(page.locator("#odds-toggle")).to_be_disabled()
        expect(page.locator("#odds-body")).to_contain_text("Off at this table")
