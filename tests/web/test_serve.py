"""``splitpot serve`` as a person runs it (``make run`` is ``serve --practice``): the link it
prints, the practice table kept from one run to the next, a clean stop on Ctrl-C, and one-line
errors for a busy port or a database it cannot open."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import httpx2
import pytest
from click.testing import CliRunner
from webtools import ServerProcess

from splitpot.cli import main

PRACTICE = re.compile(
    r"Practice table \(Auction, you against three bots\): open (http://\S+/t/(\w+))"
)


def test_make_run_prints_a_practice_table_that_is_kept_and_stops_cleanly(
    db: str, tmp_path: Path
) -> None:
    codes = []
    for _ in range(2):
        server = ServerProcess(db, "--practice", errors=tmp_path / "run.stderr")
        url = server.start()
        assert server.process is not None
        assert server.process.stdout is not None
        found = PRACTICE.search(server.process.stdout.readline())
        assert found, "no practice link"
        link, code = found.groups()
        assert link.startswith(url)
        page = httpx2.get(link)
        assert page.status_code == 200
        info = httpx2.get(f"{url}/api/tables/{code}").json()
        assert info["game"] == "auction"
        assert [s["kind"] for s in info["seats"]] == ["open", "bot", "bot", "bot"]
        said = server.stop()  # Ctrl-C
        assert server.process.returncode == 0
        assert "splitpot stopped." in said
        assert "Traceback" not in server.stderr()
        codes.append(code)
    assert codes[0] == codes[1]  # the same practice table, its seat kept in your browser


def test_a_busy_port_or_a_bad_database_is_one_line() -> None:
    runner = CliRunner()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = runner.invoke(main, ["serve", "--port", str(port), "--db", "sqlite://"])
    assert result.exit_code != 0
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "choose another with --port" in result.output  # what to do about it
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    result = runner.invoke(main, ["serve", "--db", "nosuchdriver://x"])
    assert result.exit_code != 0
    assert "cannot be used" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_serve_is_listed_with_its_options() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "from splitpot.cli import run; run()", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for option in ("--host", "--port", "--db", "--practice", "--bot-delay", "--next-delay"):
        assert option in out
    assert "--allow-seeds" not in out  # for tests only


ROOT = Path(__file__).resolve().parents[2]


def _make(*args: str) -> str:
    """The commands ``make -n -B`` would run (all of them, as on a fresh clone), run nowhere."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make on this machine")
    return subprocess.run(
        [make, "-n", "-B", "-C", str(ROOT), *args], capture_output=True, text=True, check=True
    ).stdout


def test_make_run_installs_only_what_serving_needs_and_takes_a_port() -> None:
    run = _make("run", "PORT=8080")
    assert "pip install --quiet -e '.[web]'" in run
    assert ".[dev]" not in run  # no Ray, pyarrow or Playwright before a newcomer can play
    assert "splitpot serve --practice --port 8080" in run
    assert "--port 8000" in _make("run")
    assert "pip install --quiet -e '.[dev]'" in _make("test")
