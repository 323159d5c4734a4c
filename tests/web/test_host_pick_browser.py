"""Two small shortcuts in a real browser (Debian's Chromium, a real server on 127.0.0.1): the
host's tab, opened while a seat request waits, brings the request into view with the focus on
Approve (on a phone, where the panel is below the felt); the last card of an Auction lot is
chosen already, so one press of Pick takes it.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page, expect
from webtools import SCREENSHOTS, live_server, look, post, sit, watch_errors

from splitpot.server import Settings, create_app

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

IN_VIEW = """(node) => {
    const r = node.getBoundingClientRect();
    const bar = document.getElementById("controls").getBoundingClientRect().top;
    return r.top >= 0 && r.bottom <= bar && document.activeElement === node;
}"""


def test_the_host_tab_brings_a_seat_request_into_view(browser: Browser, tmp_path: Any) -> None:
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        spec = {"seats": ["you", "open", "bot:call"], "options": {"approve_seats": True}}
        made = post(url + "/api/tables", {"game": "stud8", "name": "Ann", "timer": 0, **spec})
        page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        expect(page.locator(".me-area .seat .name")).to_have_text("Ann")
        post(f"{url}/api/tables/{made['code']}/join", {"name": "Bob"})
        expect(page.locator("#host-badge")).to_have_text("1")
        page.locator("#host-tab").click()
        approve = page.locator('[data-approve="Bob"]')
        expect(approve).to_be_focused()
        assert approve.evaluate(IN_VIEW)
        page.screenshot(path=str(SCREENSHOTS / "host-phone-request.png"))
        assert not look(page, "host-request", "#host-body [data-approve]")
        approve.focus()
        page.keyboard.press("Enter")  # the focus is on Approve: the keyboard lets Bob in
        expect(page.locator("#host-badge")).to_be_hidden()
        assert not errors


def press(page: Page, selector: str) -> None:
    """Click the first button matching ``selector`` and wait until the page has drawn its moves
    anew (on the table's answer), so the next look never sees the moves it answered."""
    button = page.locator(selector).first.element_handle()
    button.click()
    button.wait_for_element_state("hidden")  # detached


def play_auction(page: Page) -> list[str]:
    """Bid the least, pick (the first card of the lot, or the only one as offered), check or
    call, declare high, until the hand is over; the only cards found chosen when picked."""
    only: list[str] = []
    waits = 0  # looks in a row at a lot of one card with Pick disabled
    deadline = time.monotonic() + 90
    pick = '#buttons button[data-verb="pick"]'
    while page.locator("#result.hidden").count():
        assert time.monotonic() < deadline, "the hand never ended"
        lot = page.locator("#offer .card.choosable")
        moves = page.locator('#buttons button[data-verb]:enabled:not([data-verb="f"])')
        if page.locator(pick + ":enabled").count() and lot.count() == 1:
            card = lot.first.get_attribute("data-card") or ""
            expect(lot.first).to_have_attribute("aria-pressed", "true")
            if not only:
                assert not look(page, "pick-last-card")
            only.append(card)
            press(page, pick)
            expect(page.locator(f'#offer .card[data-card="{card}"]')).to_have_count(0)
        elif page.locator(pick).count() and lot.count() > 1:
            lot.first.click()
            press(page, pick + ":enabled")
        elif moves.count():
            press(page, '#buttons button[data-verb]:enabled:not([data-verb="f"])')
        else:
            stuck = page.locator(pick + ":disabled").count()
            waits = waits + 1 if stuck and lot.count() == 1 else 0
            assert waits < 40, "the only card of the lot is not chosen: Pick waits for a choice"
            page.wait_for_timeout(50)
    return only


def test_the_last_card_of_a_lot_takes_one_press(browser: Browser, tmp_path: Any) -> None:
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        seats = ["you", "bot:heuristic", "bot:heuristic"]
        made = post(
            url + "/api/tables", {"game": "auction", "seats": seats, "name": "Ann", "timer": 0}
        )
        page = browser.new_page(viewport=DESKTOP)
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        only = play_auction(page)
        assert only, "Ann never picked last from a lot"
        assert not errors
