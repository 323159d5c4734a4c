"""The ledger tab in a real browser (Debian's Chromium, a real server on 127.0.0.1): after a
hand between Ann and a bot, the bot's row is its own, the house's line says what the
bots won or lost, and the settle-up never has a person pay a bot.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page, expect
from webtools import get, live_server, look, post, sit, watch_errors

from splitpot.server import Settings, create_app

DESKTOP = {"width": 1280, "height": 800}


def play_out(page: Page) -> None:
    """Fold when the page offers it, else check, call or bring in, until the hand is over."""
    deadline = time.monotonic() + 60
    while page.locator("#result.hidden").count():
        assert time.monotonic() < deadline, "the hand never ended"
        for verb in ("f", "cc", "pb"):
            found = page.locator(f'#buttons button[data-verb="{verb}"]:enabled')
            if found.count():
                found.first.click()
                break
        else:
            page.wait_for_timeout(50)


def test_the_ledger_keeps_the_bots_chips_with_the_house(browser: Browser, tmp_path: Any) -> None:
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        seats = ["you", "bot:call"]
        made = post(
            url + "/api/tables", {"game": "stud", "seats": seats, "name": "Ann", "timer": 0}
        )
        page = browser.new_page(viewport=DESKTOP)
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        play_out(page)
        book = get(f"{url}/api/tables/{made['code']}/ledger")
        assert book["house"] != 0  # a hand of stud high, one player folding or losing
        page.locator('.tabs [data-tab="ledger"]').click()
        body = page.locator("#ledger-body")
        won = "won" if book["house"] > 0 else "lost"
        chips = abs(book["house"])
        words = f"The house (the bots) {won} {chips} chip{'' if chips == 1 else 's'}."
        expect(body.locator(".house-line")).to_have_text(words)
        expect(body.locator("tr", has_text="Bram")).to_contain_text("Bram (bot)")
        # Ann's chips went to the bot or came from it: outside the settle-up among people
        expect(body.locator("tr", has_text="Ann")).to_contain_text("settles 0")
        expect(body).to_contain_text("Nobody owes anything.")
        expect(body).not_to_contain_text("pays")
        assert not look(page, "ledger-house", "#ledger-body")
        assert not errors
