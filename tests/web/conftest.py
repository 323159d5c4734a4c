"""Fixtures of the browser tests: Debian's Chromium, launched by path through Playwright."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright
from webtools import CHROMIUM_ARGS, chromium_or_skip


@pytest.fixture
def browser() -> Iterator[Browser]:
    """A headless Chromium for the test (skipped, or failed on CI, where it is missing)."""
    path = chromium_or_skip()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(path), args=CHROMIUM_ARGS)
        yield launched
        launched.close()
