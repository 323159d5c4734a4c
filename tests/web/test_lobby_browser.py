"""The lobby's new-table form in a real browser (Debian's Chromium, a real server on
127.0.0.1): an error stays only until the player changes what it was about or tries again.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect
from webtools import live_server, look, watch_errors

from splitpot.server import Settings, create_app


def test_a_lobby_error_goes_once_the_player_acts_again(browser: Browser, tmp_path: Any) -> None:
    app = create_app(str(tmp_path / "t.db"), settings=Settings(bot_delay=0.02, next_delay=600))
    with live_server(app) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        errors = watch_errors(page)
        page.goto(url + "/")
        error = page.locator("#create-error")
        page.fill("#name", "")
        page.click("#create-button")
        expect(error).to_contain_text("type your name")
        page.fill("#name", "Ann")  # what it was about: gone
        expect(error).to_be_hidden()

        # the server's refusal, then a fix and a second try
        page.locator("#options-box summary").click()
        page.fill("#chip-value", "a lot")
        page.click("#create-button")
        expect(error).to_contain_text("chip_value")
        assert not look(page, "lobby-error", "#create-error")
        page.fill("#chip-value", "0.25")
        expect(error).to_be_hidden()
        page.click("#create-button")
        page.wait_for_url("**/t/*")
        page.go_back()
        expect(page.locator("#create-button")).to_be_visible()
        expect(error).to_be_hidden()
        # the browser logs the refused request (400) as a console error; nothing else may fail
        assert [e for e in errors if "status of 400" not in e] == []
