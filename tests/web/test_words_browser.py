"""The page's words are the server's: the verbs on its buttons and in its log, the steps, and how
a verb reads after "You" come in the connection's first snapshot (server/words.py), so words
changed on the server reach the page without an edit to its code."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from webtools import live_server, post, sit, watch_errors

from splitpot.server import Settings, create_app, wire, words


@pytest.fixture
def new_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server says "knock" for a check and "Wagering" for a betting round."""
    monkeypatch.setitem(words.VERB_BUTTONS["cc"], "check", "Knock")
    monkeypatch.setitem(words.LOG["cc"], "check", "knocks")
    monkeypatch.setitem(words.YOU, "knocks", "knock")
    monkeypatch.setitem(words.STEPS, "betting", "Wagering")
    words.vocabulary.cache_clear()
    wire.words_json.cache_clear()
    yield
    words.vocabulary.cache_clear()
    wire.words_json.cache_clear()


@pytest.mark.usefixtures("new_words")
def test_the_pages_verbs_and_steps_are_the_words_the_server_sends(
    browser: Browser, tmp_path: Path
) -> None:
    # the bots wait: the hand stays at Ann's first decision, a betting round (seeded)
    settings = Settings(bot_delay=600, next_delay=600, allow_seeds=True)
    app = create_app(str(tmp_path / "words.db"), settings=settings)
    with contextlib.closing(app.state.store), live_server(app) as url:
        seats = ["you", "bot:heuristic", "bot:heuristic"]
        made = post(
            url + "/api/tables",
            {"game": "nasdaq7", "seats": seats, "name": "Ann", "seed": 7, "timer": 0},
        )
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = watch_errors(page)
        sit(page, url, made["code"], made["token"])
        expect(page.locator("#step")).to_have_text("Wagering")
        check = page.locator('#buttons button[data-verb="cc"]')
        expect(check).to_have_text("Knock")
        check.click()
        expect(page.locator("#log")).to_contain_text("You knock")
        assert "check" not in page.locator("#log").inner_text().lower()
        assert not errors, errors
        page.close()
