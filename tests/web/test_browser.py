"""End to end in a real browser: Debian's Chromium, driven by Playwright, on a real server.

Ann (a desktop window, 1280x800) makes an Auction table in the lobby with an open seat and a
bot; Bob (a phone, 390x844) opens the invite link and takes the seat; they play a whole hand
by clicking: sealed bids, picks from the lot, a bet, the calls, declarations, to the result.
A screenshot of each phase is kept in build/screenshots/ for review.
"""

from __future__ import annotations

import contextlib
import re
import time

from playwright.sync_api import Browser, Page, expect
from webtools import SCREENSHOTS, live_server

from splitpot.server import Settings, create_app

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def held(page: Page) -> list[str | None]:
    """The cards in the seat's own area by their codes (None for a back), not by how they render."""
    return [card.get_attribute("data-card") for card in page.locator(".me-area .card").all()]


class Player:
    """One browser page at the table, with the phases it has photographed."""

    def __init__(self, page: Page, label: str) -> None:
        self.page = page
        self.label = label
        self.shots: set[str] = set()
        self.bet = False
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on(
            "console",
            lambda message: self.errors.append(message.text) if message.type == "error" else None,
        )

    def shot(self, phase: str) -> None:
        if phase not in self.shots:
            self.shots.add(phase)
            self.page.screenshot(path=str(SCREENSHOTS / f"{self.label}-{phase}.png"))

    def controls(self) -> dict[str, list[str]]:
        """The move buttons as the page draws them now, read in one go: ``verbs`` those
        present, ``enabled`` those that may be clicked (a declaration by its way), ``lot`` the
        cards on offer that may be chosen. One look, because the page redraws when the
        table's next message comes: two looks (is there a bet? then: is there a check?) may
        see two drawings, and take a check for the only move when a bet was offered too."""
        controls: dict[str, list[str]] = self.page.evaluate(
            """() => {
                const buttons = [...document.querySelectorAll("#buttons button[data-verb]")];
                return {
                    verbs: buttons.map((b) => b.dataset.verb),
                    enabled: buttons.filter((b) => !b.disabled)
                        .map((b) => b.dataset.declaration || b.dataset.verb),
                    lot: [...document.querySelectorAll("#offer .card.choosable")].map(
                        (c) => c.dataset.card),
                };
            }"""
        )
        return controls

    def press(self, selector: str) -> None:
        """Click a move's button and wait until the page has redrawn its controls (it does on
        the next message from the table), so the next look is never at the snapshot the move
        answered: a slower database makes that window wider."""
        button = self.page.locator(selector).first.element_handle()
        button.click()
        button.wait_for_element_state("hidden")  # detached

    def move(self, declaration: str) -> bool:
        """Make the move the page offers now, by clicking; False when there is none. A bet (or
        raise) the first time one is offered, else a call or check."""
        controls = self.controls()
        enabled = controls["enabled"]
        if "bid" in enabled:
            self.shot("auction-bid")
            self.press('#buttons button[data-verb="bid"]')
            return True
        if "pick" in controls["verbs"] and controls["lot"]:
            self.page.locator("#offer .card.choosable").first.click()
            self.shot("auction-pick")
            self.press('#buttons button[data-verb="pick"]')
            return True
        if "cbr" in enabled and not self.bet:
            self.shot("betting")
            self.bet = True
            self.press('#buttons button[data-verb="cbr"]')
            return True
        if "cc" in enabled:
            self.shot("betting-call")
            self.press('#buttons button[data-verb="cc"]')
            return True
        if declaration in enabled:
            self.shot("declare")
            self.press(f'#buttons button[data-declaration="{declaration}"]')
            return True
        return False

    def over(self) -> bool:
        return self.page.locator("#result:not(.hidden)").count() > 0


def test_two_friends_and_a_bot_play_a_hand_of_auction_by_clicking(
    browser: Browser, db: str
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    settings = Settings(bot_delay=0.2, next_delay=60)
    app = create_app(db, settings=settings)
    with contextlib.closing(app.state.store), live_server(app) as url:
        desk = browser.new_context(viewport=DESKTOP)
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        ann = Player(desk.new_page(), "desktop")
        bob = Player(phone.new_page(), "phone")

        # Ann makes the table in the lobby
        ann.page.goto(url + "/")
        expect(ann.page.locator("#game")).to_have_value("auction")
        ann.page.fill("#name", "Ann")
        ann.page.select_option("#count", "3")
        ann.page.select_option("#seat-1", "open")
        ann.page.select_option("#seat-2", "bot:heuristic")
        ann.page.fill("#timer", "0")
        ann.shot("lobby")
        ann.page.locator("#house-box summary").click()
        expect(ann.page.locator("#house-min_bid")).to_be_visible()
        ann.page.locator("#house-box").scroll_into_view_if_needed()
        ann.shot("lobby-house-rules")
        ann.page.click("#create-button")
        ann.page.wait_for_url("**/t/*")
        code = ann.page.url.rsplit("/", 1)[1]
        expect(ann.page.locator("#code")).to_have_text(code)
        expect(ann.page.locator(".me-area .seat .name")).to_have_text("Ann")
        ann.shot("waiting")

        # Bob opens the invite link on his phone and takes the open seat
        bob.page.goto(f"{url}/t/{code}")
        expect(bob.page.locator("#join-box")).to_be_visible()
        bob.shot("join")
        bob.page.fill("#join-name", "Bob")
        bob.page.click("#take-seat")
        expect(bob.page.locator(".me-area .seat .name")).to_have_text("Bob")

        # both see their own two down cards, and the other's as backs
        for player in (ann, bob):
            expect(player.page.locator(".me-area .card.hole")).to_have_count(2)
            expect(player.page.locator("#others .card.back")).to_have_count(4)

        refreshed = False
        deadline = time.monotonic() + 120
        while not (ann.over() and bob.over()):
            assert time.monotonic() < deadline, "the hand did not end in time"
            moved = ann.move("hi") | bob.move("lo")
            if not moved:
                for player in (ann, bob):
                    if player.page.locator(".seat .sealed").count():
                        player.shot("sealed-waiting")
                time.sleep(0.1)
            if not refreshed and bob.page.locator("#log div", has_text="picks").count() >= 3:
                cards = held(bob.page)
                bob.page.reload()  # a refresh resumes exactly where the seat was
                expect(bob.page.locator(".me-area .card")).to_have_count(len(cards))
                assert held(bob.page) == cards
                refreshed = True

        for player in (ann, bob):
            result = player.page.locator("#result")
            expect(result.locator(".award").first).to_be_visible()
            awards = result.locator(".award").all_inner_texts()
            assert all("(+" in line for line in awards)
            log = player.page.locator("#log").inner_text()
            for words in ("bids", "picks", "declares"):
                assert words in log, (player.label, words)
            # the other's first two cards were dealt down: the log says so once they are shown
            other = "Bob" if player is ann else "Ann"
            dealt = [line for line in log.splitlines() if line.startswith(f"{other} is dealt")]
            assert dealt, (player.label, log)
            assert not dealt[0].endswith(" up"), (player.label, dealt)
            # the first to act in the betting round bets, the other raises: in words, the
            # reader's own as "You bet", "You raise to"
            assert re.search(r"\b(bets|bet|raises to|raise to) \d+", log), (player.label, log)
            player.shot("result")
            player.page.locator("#log").scroll_into_view_if_needed()
            assert not player.errors, player.errors
        assert refreshed
        assert ann.bet, "Ann was offered a bet or raise and made it"
        assert bob.bet, "Bob was offered a bet or raise and made it"
        assert {"auction-bid", "auction-pick", "declare", "result"} <= ann.shots & bob.shots
        desk.close()
        phone.close()
