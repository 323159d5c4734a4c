"""Shared by the web table's end-to-end tests: a real uvicorn server on 127.0.0.1 (an ephemeral
port, in a thread of the test process) and Debian's Chromium for Playwright."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from nginxtools import run_nginx
from playwright.sync_api import Page, expect
from starlette.applications import Starlette
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, InvalidStatus

CHROMIUM = Path("/usr/bin/chromium")
NGINX = Path("/usr/sbin/nginx")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core from the npm registry (package.json at the root; `make test` runs npm ci)."""
SEVERE = ("serious", "critical")


@contextmanager
def live_server(app: Starlette) -> Iterator[str]:
    """Serve ``app`` with uvicorn on 127.0.0.1 (a free port) in a thread; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, ws="websockets-sansio", log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started:
                break
            threading.Event().wait(0.01)
        assert server.started, "uvicorn did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def chromium_or_skip() -> Path:
    """Debian's Chromium; CI (which installs it) fails without it, a developer's run skips."""
    if CHROMIUM.exists() or shutil.which(str(CHROMIUM)):
        return CHROMIUM
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium package")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")


class ServerProcess:
    """``splitpot serve`` in a process of its own (so ``kill -9`` is real), on 127.0.0.1 and a
    port it picks, on database ``db`` (a file or a URL); ``url`` is read from the line it prints
    first, and what it writes to stderr goes to the file ``errors``."""

    def __init__(self, db: str, *options: str, errors: Path) -> None:
        self.db = db
        self.options = options
        self.process: subprocess.Popen[str] | None = None
        self.errors = errors
        self.url = ""

    def start(self) -> str:
        command = [sys.executable, "-c", "from splitpot.cli import run; run()", "serve"]
        command += ["--host", "127.0.0.1", "--port", "0", "--db", self.db, *self.options]
        with self.errors.open("a") as err:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", line)
        if found is None:
            self.process.kill()
            self.process.communicate()
            raise AssertionError(f"splitpot serve said {line!r}; stderr: {self.stderr()}")
        self.url = found.group(0)
        return self.url

    def stderr(self) -> str:
        """What the server wrote to stderr so far."""
        return self.errors.read_text() if self.errors.exists() else ""

    def kill(self) -> None:
        """SIGKILL, as a crash would: no shutdown runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate(timeout=10)

    def stop(self) -> str:
        """SIGINT (Ctrl-C) and wait: what the server wrote to stdout after its first line."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            out, _ = self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _ = self.process.communicate()
        return out or ""

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.returncode is None:
            self.stop()


def axe_or_skip() -> Path:
    """axe-core's script; CI (whose `make test` installs it) fails without it, a developer's run
    skips."""
    if AXE.exists():
        return AXE
    if os.environ.get("CI"):
        pytest.fail(f"{AXE} is missing: `make test` runs npm ci")
    pytest.skip(f"{AXE} is missing (npm ci)")


def axe_check(page: Page, screen: str) -> list[str]:
    """Run axe-core on what ``page`` shows now; print every violation it found (any impact) under
    the name ``screen`` and return the serious and critical ones, one line each."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # evaluated by the browser's debugger, as the page's Content-Security-Policy (script-src
        # 'self') refuses an inline script tag
        page.evaluate(axe_or_skip().read_text() + "\n;undefined")
    found: list[dict[str, object]] = page.evaluate(
        """async () => {
            const result = await window.axe.run(document, { resultTypes: ["violations"] });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
                count: v.nodes.length,
            }));
        }"""
    )
    lines = [
        f"{screen}: {v['impact']} {v['id']} ({v['help']}) x{v['count']}: {v['nodes']}"
        for v in found
    ]
    for line in lines:
        print(line)
    return [line for line, v in zip(lines, found, strict=True) if v["impact"] in SEVERE]


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` as JSON to ``url``; the JSON it answers."""
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        made: dict[str, Any] = json.load(reply)
    return made


def get(url: str) -> Any:
    """GET ``url``; the JSON it answers."""
    with urllib.request.urlopen(url, timeout=10) as reply:
        return json.load(reply)


def sit(page: Page, url: str, code: str, token: str) -> None:
    """Open table ``code`` as the holder of ``token`` (the browser keeps it as the lobby would)."""
    page.goto(url + "/")
    keep = "([c, t]) => localStorage.setItem('splitpot.seats', JSON.stringify({[c]: t}))"
    page.evaluate(keep, [code, token])
    page.goto(f"{url}/t/{code}")


def switch(page: Page, selector: str, on: bool = True) -> None:
    """Turn the checkbox ``selector`` on (or off) by the keyboard, as its player would with
    the space bar, once the page has drawn it from the server's state (it is disabled until
    then: a box read before that may be turned just as the first snapshot turns it)."""
    box = page.locator(selector)
    expect(box).to_be_visible()
    expect(box).to_be_enabled()
    if box.is_checked() != on:
        box.focus()
        page.keyboard.press("Space")
    if on:
        expect(box).to_be_checked()
    else:
        expect(box).not_to_be_checked()


def watch_errors(page: Page) -> list[str]:
    """The page's errors and console errors, collected as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


SIZES = {
    "desktop": {"width": 1280, "height": 800},
    "wide": {"width": 1920, "height": 1080},
    "phone": {"width": 390, "height": 844},
}
"""The sizes the page is looked at: a laptop, a large screen, a phone in portrait."""


def look(page: Page, name: str, show: str = "") -> list[str]:
    """Screenshots of what ``page`` shows now at each of SIZES (build/screenshots/NAME-SIZE.png),
    ``show`` (a selector) scrolled into view, with axe run at each; the serious and critical
    violations, one line each. The page's own size comes back after."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    was = page.viewport_size
    found: list[str] = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate("() => new Promise(requestAnimationFrame)")
        if show:
            page.locator(show).first.evaluate("(node) => node.scrollIntoView({block: 'center'})")
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"))
        found += axe_check(page, f"{name} ({size})")
    if was:
        page.set_viewport_size(was)
    return found


async def table_socket(urls: str | list[str], code: str, within: float = 30.0) -> ClientConnection:
    """A WebSocket to table ``code`` at the first of ``urls`` that serves it, tried again (as
    the page does) while each answers 404 or 503 or is down: on PostgreSQL a server started
    again after a kill waits for the dead one's lease to run out before it runs the table, and
    a server that does not run it answers 503 (docs/deploy.md). ``urls`` may change meanwhile."""
    until = time.monotonic() + within
    while True:
        for url in [urls] if isinstance(urls, str) else list(urls):
            try:
                return await connect(url.replace("http", "ws", 1) + f"/ws/{code}", open_timeout=5)
            except (InvalidHandshake, OSError) as exc:  # refused, or closed by a killed server
                status = exc.response.status_code if isinstance(exc, InvalidStatus) else None
                if status not in (None, 404, 502, 503, 504) or time.monotonic() > until:
                    raise
        await asyncio.sleep(0.2)


def nginx_or_skip() -> Path:
    """Debian's nginx; CI (which installs it) fails without it, a developer's run skips."""
    if NGINX.exists():
        return NGINX
    if os.environ.get("CI"):
        pytest.fail(f"{NGINX} is missing: .ci/run installs Debian's nginx package")
    pytest.skip(f"{NGINX} is missing (apt-get install nginx)")


@contextmanager
def nginx(folder: Path, ports: list[int]) -> Iterator[str]:
    """nginx (skipped where missing, as :func:`nginx_or_skip`) on 127.0.0.1 in front of the
    servers on ``ports`` (:func:`nginxtools.run_nginx`); yields its base URL."""
    with run_nginx(nginx_or_skip(), folder, ports) as url:
        yield url
