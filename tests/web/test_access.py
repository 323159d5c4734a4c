"""Everyone can play: the web table checked by machines in a real browser (Debian's Chromium,
Playwright, a real server on 127.0.0.1).

axe-core (from the npm registry) runs on every screen, at a desktop's 1280x800 and a phone's
390x844: the lobby, each game's table at each step kind it reaches (bet, bid, sale, buy, turn-up,
declaration, showdown, the result), the join dialog, the chat, ledger, history and host panels
and the replay; no serious or critical violation may remain (what it finds is printed). The tabs
and dialogs follow the WAI-ARIA patterns, the log, the turn and refusals are live regions, cards
are named for screen readers, and a whole hand of Auction is played by keyboard alone.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from webtools import SCREENSHOTS, axe_check, live_server, post, sit, watch_errors

from splitpot import variants
from splitpot.server import Settings, create_app

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@contextlib.contextmanager
def server(db: str) -> Iterator[str]:
    settings = Settings(bot_delay=0.05, next_delay=600)
    app = create_app(db, settings=settings)
    with contextlib.closing(app.state.store), live_server(app) as url:
        yield url


def table(url: str, game: str, seats: list[str]) -> dict[str, Any]:
    """A new table of ``game``, Ann in seat 1 (its host), no turn timer: its code and token."""
    return post(url + "/api/tables", {"game": game, "seats": seats, "name": "Ann", "timer": 0})


def audit(page: Page, screen: str, problems: list[str]) -> None:
    """axe at both sizes on what the page shows now; the serious and critical go to problems."""
    was = page.viewport_size or DESKTOP
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        problems += axe_check(page, f"{screen} ({size})")
    page.set_viewport_size(was)


MOVE = """() => {
    const on = (sel) => [...document.querySelectorAll(sel)].filter((el) => !el.disabled);
    return {
        step: document.getElementById("step").dataset.step || "",
        verbs: [...document.querySelectorAll("#buttons [data-verb]")].map((b) => b.dataset.verb),
        enabled: on("#buttons [data-verb]").map((b) => b.dataset.verb),
        lot: document.querySelectorAll("#offer .card.choosable").length,
        mine: document.querySelectorAll("#me .card.choosable").length,
    };
}"""


def press(page: Page, selector: str) -> None:
    """Click a move and wait until the page has drawn its controls again."""
    button = page.locator(selector).first.element_handle()
    button.click()
    button.wait_for_element_state("hidden")  # detached


def move(page: Page, controls: dict[str, Any]) -> bool:
    """Make the plainest move the page offers (by clicking); False when there is none."""
    verbs, enabled = controls["verbs"], controls["enabled"]
    for verb in ("dec", "sm", "sd", "cc", "pb", "bid", "pass"):
        if verb in enabled:
            press(page, f'#buttons [data-verb="{verb}"]:enabled')
            return True
    for verb in ("pick", "sell", "buy", "up", "sd"):
        if verb in verbs:
            where = "#offer" if verb == "pick" else "#me"
            page.locator(f"{where} .card.choosable").first.click()
            press(page, f'#buttons [data-verb="{verb}"]:enabled')
            return True
    return False


@pytest.mark.parametrize("game", variants.names())
def test_every_step_of_each_game_passes_axe_at_both_sizes(
    browser: Browser, db: str, game: str
) -> None:
    seats = ["you", "bot:call", "bot:call"]  # bots that never fold: the hand reaches each step
    with server(db) as url:
        made = table(url, game, seats)
        page = browser.new_context(viewport=DESKTOP).new_page()
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        problems: list[str] = []
        checked: set[str] = set()
        deadline = time.monotonic() + 120
        while "over" not in checked:
            assert time.monotonic() < deadline, f"the hand did not end in time: {checked}"
            controls: dict[str, Any] = page.evaluate(MOVE)
            step = controls["step"]
            if step and step not in checked and (controls["verbs"] or step == "over"):
                checked.add(step)
                audit(page, f"{game} {step}", problems)
                if step == "over":
                    break
                continue  # look again: the page may have redrawn meanwhile
            if not move(page, controls):
                time.sleep(0.05)
        assert {"betting", "over"} <= checked, checked
        expected = {
            "auction": {"auction", "declare"},
            "nasdaq": {"sale"},
            "nasdaq7": {"sale", "expose"},
        }
        assert expected.get(game, set()) <= checked, checked
        if game == "stud5buy":
            assert {"buy", "declare"} <= checked, checked
        print(f"{game}: axe ran at {sorted(checked)}")
        assert not problems, "\n".join(problems)
        assert not errors, errors


def focused(page: Page) -> dict[str, Any]:
    """What has the keyboard's focus: its id, verb, card, role, text and the dialog it is in."""
    found: dict[str, Any] = page.evaluate(
        """() => {
            const el = document.activeElement;
            const dialog = el && el.closest("[role=dialog]");
            return {
                id: el ? el.id : "", verb: el && el.dataset ? el.dataset.verb || "" : "",
                card: el && el.dataset ? el.dataset.card || "" : "",
                role: el ? el.getAttribute("role") || el.tagName.toLowerCase() : "",
                text: el ? (el.textContent || "").trim() : "",
                dialog: dialog ? dialog.id : "",
            };
        }"""
    )
    return found


def tab_to(page: Page, selector: str, back: bool = False, most: int = 60) -> None:
    """Press Tab (Shift-Tab when ``back``) until the focus is on ``selector``."""
    for _ in range(most):
        if page.evaluate("(s) => Boolean(document.activeElement?.matches(s))", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{most} presses of Tab did not reach {selector}: at {focused(page)}")


def test_the_lobby_dialogs_and_panels_pass_axe_and_follow_the_aria_patterns(
    browser: Browser, db: str
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with server(db) as url:
        problems: list[str] = []
        page = browser.new_context(viewport=DESKTOP).new_page()
        errors = watch_errors(page)
        page.goto(url + "/")
        expect(page.locator("#game")).to_have_value("auction")
        audit(page, "lobby", problems)
        page.locator("#house-box summary").click()
        page.locator("#options-box summary").click()
        audit(page, "lobby with house rules open", problems)

        made = table(url, "auction", ["you", "open", "bot:heuristic"])
        sit(page, url, made["code"], made["token"])
        expect(page.locator('#buttons [data-verb="start"]')).to_be_visible()
        audit(page, "table waiting for friends", problems)

        # a newcomer's join dialog: takes the focus, keeps it, Escape watches, focus comes back
        guest = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        guest_errors = watch_errors(guest)
        guest.goto(f"{url}/t/{made['code']}")
        dialog = guest.locator("#join-box")
        expect(dialog).to_be_visible()
        assert dialog.get_attribute("role") == "dialog"
        assert dialog.get_attribute("aria-modal") == "true"
        assert guest.locator("#" + str(dialog.get_attribute("aria-labelledby"))).inner_text()
        expect(guest.locator("#join-name")).to_be_focused()
        audit(guest, "join dialog", problems)
        for key in ["Tab"] * 6 + ["Shift+Tab"] * 6:
            guest.keyboard.press(key)
            assert focused(guest)["dialog"] == "join-box", (key, focused(guest))
        guest.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        opener = guest.locator("#buttons button", has_text="Take a seat")
        expect(opener).to_be_focused()  # the focus is back where it was before the dialog
        guest.screenshot(path=str(SCREENSHOTS / "access-phone-focus.png"))
        guest.keyboard.press("Enter")
        expect(guest.locator("#join-name")).to_be_focused()
        guest.keyboard.type("Bob")
        guest.keyboard.press("Enter")
        expect(guest.locator(".me-area .seat .name")).to_have_text("Bob")
        expect(dialog).to_be_hidden()

        # the hand: the log and the turn are live regions, cards have names
        expect(page.locator("#log")).to_have_attribute("role", "log")
        expect(page.locator("#waiting")).to_have_attribute("role", "status")
        expect(page.locator("#error")).to_have_attribute("role", "alert")
        expect(page.locator("#log div").first).to_be_visible()
        holes = page.locator(".me-area .card.hole")
        expect(holes).to_have_count(2)
        for label in [str(h.get_attribute("aria-label")) for h in holes.all()]:
            assert label.endswith(", face down, only you see it"), label
            assert " of " in label, label
        backs = page.locator("#others .card.back")
        expect(backs.first).to_have_attribute("aria-label", "face-down card")
        expect(backs.first).to_have_attribute("role", "img")

        # the tabs: one tab stop, arrows (round), Home and End, each tab controls its panel
        tab_to(page, "#tab-log")
        tabs = page.locator('[role="tablist"] [role="tab"]:visible')
        names = [str(t.get_attribute("data-tab")) for t in tabs.all()]
        assert names == ["log", "chat", "ledger", "history", "host"], names
        for name in names:
            panel = page.locator(
                "#" + str(page.locator(f'[data-tab="{name}"]').get_attribute("aria-controls"))
            )
            assert panel.get_attribute("role") == "tabpanel"
        for key, name in [("ArrowRight", "chat"), ("End", "host"), ("ArrowRight", "log"),
                          ("ArrowLeft", "host"), ("Home", "log"), ("ArrowLeft", "host"),
                          ("ArrowLeft", "history"), ("ArrowLeft", "ledger")]:  # fmt: skip
            page.keyboard.press(key)
            tab = page.locator(f'[data-tab="{name}"]')
            expect(tab).to_be_focused()
            expect(tab).to_have_attribute("aria-selected", "true")
            expect(page.locator(f"#pane-{name}")).to_be_visible()
            assert page.locator('[role="tab"][aria-selected="true"]').count() == 1
            assert page.locator('[role="tab"][tabindex="0"]').count() == 1
        page.screenshot(path=str(SCREENSHOTS / "access-desktop-tabs-focus.png"))
        audit(page, "ledger", problems)
        for name in ("history", "host", "chat"):
            page.locator(f'[data-tab="{name}"]').click()
            expect(page.locator(f"#pane-{name}")).to_be_visible()
            audit(page, name, problems)

        # chat is a log: a line said is added, the lines before it stay (read once)
        page.fill("#chat-text", "hello Bob")
        page.keyboard.press("Enter")
        expect(guest.locator("#chat-badge")).to_have_text("1")
        lines = page.locator("#chat-lines .line")
        expect(lines.last).to_contain_text("hello Bob")
        first = lines.first.element_handle()
        page.fill("#chat-text", "and again")
        page.keyboard.press("Enter")
        expect(lines.last).to_contain_text("and again")
        assert first.evaluate("(el) => el.isConnected"), "the chat was drawn anew"

        assert page.locator("#chat-lines").get_attribute("role") == "log"

        # play the hand out; the replay is a modal dialog too
        for player in (page, guest):
            player.locator('[data-tab="log"]').click()
        deadline = time.monotonic() + 120
        while not (
            page.locator("#result:not(.hidden)").count()
            and guest.locator("#result:not(.hidden)").count()
        ):
            assert time.monotonic() < deadline, "the hand did not end in time"
            moved = False
            for player in (page, guest):
                controls: dict[str, Any] = player.evaluate(MOVE)
                moved = move(player, controls) or moved
            if not moved:
                time.sleep(0.05)
        audit(page, "result", problems)
        page.locator('[data-tab="history"]').click()
        page.locator("#history-body button", has_text="Replay").first.click()
        expect(page.locator("#replay-box")).to_be_visible()
        expect(page.locator("#replay-next")).to_be_focused()
        audit(page, "replay", problems)
        page.keyboard.press("Escape")
        expect(page.locator("#replay-box")).to_be_hidden()
        expect(page.locator("#history-body button", has_text="Replay").first).to_be_focused()
        assert not problems, "\n".join(problems)
        assert not errors, errors
        assert not guest_errors, guest_errors


def my_turn(page: Page) -> dict[str, Any]:
    """The page's moves once it is this seat's turn (or the hand is over)."""
    deadline = time.monotonic() + 60
    while True:
        controls: dict[str, Any] = page.evaluate(MOVE)
        if controls["enabled"] or controls["lot"] or controls["step"] == "over":
            return controls
        assert time.monotonic() < deadline, f"no turn came: {controls}"
        time.sleep(0.05)


def activate(page: Page, key: str = "Enter") -> None:
    """Press ``key`` on the focused move and wait until the page has drawn its moves again."""
    handle = page.evaluate_handle("() => document.activeElement").as_element()
    assert handle is not None
    page.keyboard.press(key)
    handle.wait_for_element_state("hidden")  # detached: the next moves are drawn


def test_a_whole_hand_of_auction_by_keyboard_alone(browser: Browser, db: str) -> None:
    """Tab, Shift-Tab, Enter, Space and the arrows only: no click, no focus() from the test."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with server(db) as url:
        page = browser.new_context(viewport=DESKTOP).new_page()
        errors = watch_errors(page)
        page.goto(url + "/")
        expect(page.locator("#game")).to_have_value("auction")
        tab_to(page, "#name")
        page.keyboard.type("Kim")
        tab_to(page, "#seat-1")  # "Open for a friend": the arrow picks the next choice, a bot
        page.keyboard.press("ArrowDown")
        expect(page.locator("#seat-1")).to_have_value("bot:call")
        tab_to(page, "#timer")
        page.keyboard.press("Control+A")
        page.keyboard.type("0")
        tab_to(page, "#create-button")
        page.screenshot(path=str(SCREENSHOTS / "access-desktop-lobby-focus.png"))
        page.keyboard.press("Enter")
        page.wait_for_url("**/t/*")
        expect(page.locator(".me-area .seat .name")).to_have_text("Kim")

        made: list[str] = []
        refused = False
        deadline = time.monotonic() + 180
        while True:
            assert time.monotonic() < deadline, f"the hand did not end in time: {made}"
            controls = my_turn(page)
            if controls["step"] == "over":
                break
            at = focused(page)
            if "bid" in controls["enabled"] and not refused:
                # too much, typed in the amount: refused, the reason is an alert
                tab_to(page, '#buttons input[type="number"]', back=True)
                page.keyboard.press("Control+A")
                page.keyboard.type("999999")
                tab_to(page, '#buttons [data-verb="bid"]')
                activate(page)
                alert = page.locator('#error[role="alert"]')
                expect(alert).to_be_visible()
                assert alert.inner_text().strip(), "the refusal says why"
                refused = True
                made.append("refused bid")
            elif "bid" in controls["enabled"]:
                # the focus is on the bid; Shift-Tab back to the slider, an arrow raises it by one
                assert at["verb"] == "bid", at
                bid = page.locator('#buttons [data-verb="bid"]')
                before = bid.inner_text()
                tab_to(page, '#buttons input[type="range"]', back=True)
                page.keyboard.press("ArrowRight")
                assert bid.inner_text() != before, (before, bid.inner_text())
                tab_to(page, '#buttons [data-verb="bid"]')
                made.append(bid.inner_text())
                activate(page)
            elif controls["lot"]:
                # the focus is on the first card of the lot: Space chooses it, Tab to "Pick"
                assert at["card"], at
                assert at["role"] == "button", at
                page.keyboard.press("Space")
                expect(page.locator("#offer .card.chosen")).to_have_count(1)
                page.screenshot(path=str(SCREENSHOTS / "access-desktop-card-focus.png"))
                page.set_viewport_size(PHONE)
                page.screenshot(path=str(SCREENSHOTS / "access-phone-card-focus.png"))
                page.set_viewport_size(DESKTOP)
                tab_to(page, '#buttons [data-verb="pick"]:enabled')
                made.append(page.locator('#buttons [data-verb="pick"]').inner_text())
                activate(page)
            elif "dec" in controls["enabled"]:
                tab_to(page, '#buttons [data-declaration="lo"]')
                made.append("declare low")
                activate(page, "Space")
            elif "cbr" in controls["enabled"] and "bet" not in made:
                tab_to(page, '#buttons [data-verb="cbr"]')
                made.append("bet")
                activate(page)
            elif at["verb"] in ("cc", "pb", "sm"):  # the focus is on the safe move: Enter
                made.append(at["text"])
                page.screenshot(path=str(SCREENSHOTS / "access-desktop-move-focus.png"))
                activate(page)
            else:
                raise AssertionError(f"no keyboard move for {controls} at {at}")
        expect(page.locator("#result .award").first).to_be_visible()
        log = page.locator("#log").inner_text()
        for words in ("You bid", "You pick", "You declare"):
            assert words in log, (words, log)
        assert refused, made
        assert any(m.startswith("Pick") for m in made), made
        print("by keyboard:", made)
        assert not errors, errors
