"""The turn alert and the sat-out state in a real browser (Debian's Chromium, a real server on
127.0.0.1): the tab's title says "Your turn"; the sound (off until turned on, kept in the
browser) beeps and a notification comes while the tab is hidden; a missed timer with its time
bank shown sits the player out, and the page says so with "I'm back", not "Your turn".
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect
from webtools import get, live_server, look, post, sit, watch_errors

from splitpot.server import Settings, create_app

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
YOUR_TURN = "\u25cf Your turn \u2014 splitpot"

SPIES = """
window.__beeps = 0;
window.__notes = [];
window.__hidden = false;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
    createOscillator() {
        const tone = super.createOscillator();
        const start = tone.start.bind(tone);
        tone.start = (...at) => { window.__beeps += 1; return start(...at); };
        return tone;
    }
};
window.Notification = class {
    static permission = "default";
    static requestPermission() {
        window.Notification.permission = "granted";
        return Promise.resolve("granted");
    }
    constructor(title, options) { window.__notes.push(title + " | " + options.body); }
    close() {}
};
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
"""
"""Counts the beeps made, records notifications, and hides the tab when the test says so."""


def move(page: Page) -> None:
    """Check, call or bring in, whichever the page offers now."""
    buttons = page.locator('#buttons button[data-verb="cc"]:enabled, #buttons [data-verb="pb"]')
    buttons.first.click()


def test_the_turn_alert(browser: Browser, tmp_path: Any) -> None:
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        seats = ["you", "bot:call"]
        made = post(
            url + "/api/tables", {"game": "stud8", "seats": seats, "name": "Ann", "timer": 0}
        )
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(SPIES)
        page = context.new_page()
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        expect(page.locator("#waiting")).to_have_class("waiting mine")
        expect(page).to_have_title(YOUR_TURN)
        # off until the player turns it on
        sound = page.locator("#sound-button")
        expect(sound).to_have_attribute("aria-pressed", "false")
        assert page.evaluate("() => window.__beeps") == 0
        sound.click()
        expect(sound).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("() => localStorage.getItem('splitpot.sound')") == "on"
        assert page.evaluate("() => window.__beeps") == 1  # heard at once, so one knows it
        page.locator("#notify-button").click()
        expect(page.locator("#notify-button")).to_have_attribute("aria-pressed", "true")
        assert not look(page, "alert-toggles")

        # the tab is hidden; the next turn beeps and notifies
        page.evaluate("() => { window.__hidden = true; }")
        move(page)
        page.wait_for_function("() => window.__beeps >= 2 && window.__notes.length >= 1")
        assert page.evaluate("() => window.__notes[0]").startswith("Your turn")
        expect(page).to_have_title(YOUR_TURN)

        # kept in this browser: a new page has the sound on, and beeps on its turn
        page.reload()
        expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "true")
        page.wait_for_function("() => window.__beeps >= 1")
        assert not errors


def test_a_missed_timer_sits_the_player_out_and_the_page_says_so(
    browser: Browser, tmp_path: Any
) -> None:
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        body = {"game": "stud8", "seats": ["you", "bot:call"], "name": "Ann", "timer": 2}
        made = post(url + "/api/tables", {**body, "options": {"time_bank": 1}})
        page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        expect(page).to_have_title(YOUR_TURN)
        # the time bank shows where the timer does, and in the table's rules
        expect(page.locator(".me-area .seat .bank")).to_contain_text("time bank")
        expect(page.locator("#rules")).to_contain_text("a time bank of 1 s each")
        # Ann lets the timer and the bank run out: the table moves for her and sits her out
        expect(page.locator("#waiting")).to_have_text(
            "You are sitting out: press I'm back to play", timeout=15_000
        )
        expect(page).not_to_have_title(YOUR_TURN)
        expect(page.locator("#hint")).to_contain_text("You are sitting out")
        assert not look(page, "alert-sat-out")
        page.locator("#buttons button", has_text="I'm back").click()
        expect(page.locator("#waiting")).not_to_contain_text("sitting out")
        assert not errors


def test_the_time_bank_is_offered_in_the_lobby_and_to_the_host(
    browser: Browser, tmp_path: Any
) -> None:
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        page = browser.new_page(viewport=DESKTOP)
        errors = watch_errors(page)
        page.goto(url + "/")
        page.select_option("#game", "stud8")
        page.fill("#name", "Ann")
        page.locator("#options-box summary").click()
        page.fill("#time-bank", "30")
        page.click("#create-button")
        page.wait_for_url("**/t/*")
        code = page.url.rsplit("/", 1)[1]
        assert get(f"{url}/api/tables/{code}")["options"]["time_bank"] == 30
        expect(page.locator("#rules")).to_contain_text("a time bank of 30 s each")
        page.locator('.tabs [data-tab="host"]').click()
        field = page.locator("#host-time_bank")
        expect(field).to_have_value("30")
        field.fill("45")
        page.locator("#host-body button", has_text="Save the options").click()
        expect(page.locator("#rules")).to_contain_text("a time bank of 45 s each")
        assert get(f"{url}/api/tables/{code}")["options"]["time_bank"] == 45
        assert not errors
