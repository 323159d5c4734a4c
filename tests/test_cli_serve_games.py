"""Games defined in files at the web table: ``splitpot serve --games DIR`` offers them in the
lobby, a table is made for one and dealt by its rules; a bad file, or a database holding
tables of a game the server was not given, is one line."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from defined_games import FOUR_CARD, keep_registry
from server_helpers import client, my_turn, receive, seat, table
from splitpot import variants
from splitpot.cli import main


@pytest.fixture(autouse=True)
def _registry(monkeypatch: pytest.MonkeyPatch) -> None:
    keep_registry(monkeypatch)


SPLITPOT = [sys.executable, "-c", "from splitpot.cli import run; run()"]
"""The command, run by this interpreter."""


def _folder(tmp_path: Path, **files: str) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for name, text in files.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


BIG_RAZZ = 'name = "razz-big"\nbase = "razz"\nsmall_bet = 20\nbig_bet = 40\nbring_in = 10\n'


def test_the_lobby_offers_a_defined_game_and_deals_it_by_its_rules(tmp_path: Path) -> None:
    folder = _folder(tmp_path, four=FOUR_CARD, big=BIG_RAZZ)
    variants.load_game(folder / "four.toml")
    variants.load_game(folder / "big.toml")
    assert variants.get("FR").name == "razz"  # the base game keeps its code
    with client() as http:
        offered = {g["name"]: g for g in http.get("/api/games").json()["games"]}
        assert offered["razz-big"]["stack"] == 100 * 40  # its own stakes
        assert offered["four-card-hilo"]["title"] == "Four-card stud high-low, one down"
        assert [s["name"] for s in offered["four-card-hilo"]["stakes"]] == [
            "ante",
            "bring_in",
            "small_bet",
            "big_bet",
        ]
        made = table(http, "four-card-hilo")
        assert http.get(f"/api/tables/{made['code']}").json()["game"] == "four-card-hilo"
        with seat(http, made["code"], made["token"]) as ws:
            view = receive(ws, my_turn)["hand"]["view"]
        mine = view["seats"][0]
        assert (len(mine["down"]), len(mine["up"])) == (1, 1)  # one down, one up: its deal


@pytest.mark.parametrize(
    ("files", "words"),
    [
        ({"bad": 'name = "x"\nbase = "stud8"\nqualifier = 3\n'}, "bad.toml:3: qualifier = 3"),
        ({"a": FOUR_CARD, "b": FOUR_CARD}, "more than one file defines four-card-hilo"),
        ({}, "holds no game files (*.toml)"),
    ],
)
def test_a_bad_games_folder_is_one_line(tmp_path: Path, files: dict[str, str], words: str) -> None:
    folder = _folder(tmp_path, **files)
    result = CliRunner().invoke(main, ["serve", "--games", str(folder), "--port", "0"])
    assert result.exit_code == 2
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Error: Invalid value for '--games': ")
    assert words in last
    assert "four-card-hilo" not in variants.names()  # all or nothing


def _serve(*args: str) -> tuple[subprocess.Popen[str], str]:
    """``splitpot serve`` on a free port of 127.0.0.1; the process and its first line."""
    command = [*SPLITPOT, "serve", "--port", "0", *args]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert server.stdout is not None
    return server, server.stdout.readline()


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
        return answer


def test_serve_games_offers_the_folders_games_and_needs_them_again(tmp_path: Path) -> None:
    folder = _folder(tmp_path, four=FOUR_CARD)
    db = str(tmp_path / "tables.db")
    server, first = _serve("--db", db, "--games", str(folder))
    try:
        assert first.startswith("splitpot is serving at http://127.0.0.1:"), first
        base = first.split(" at ", 1)[1].split("/ ", 1)[0]
        with urllib.request.urlopen(f"{base}/api/games", timeout=30) as reply:
            names = [g["name"] for g in json.loads(reply.read())["games"]]
        assert "four-card-hilo" in names
        body = {"game": "four-card-hilo", "seats": ["you", "bot:call"], "name": "Ann"}
        assert _post(f"{base}/api/tables", body)["code"]
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)
    # The same database without the folder: its table's game is unknown, said in one line.
    again = subprocess.run(
        [*SPLITPOT, "serve", "--port", "0", "--db", db],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert again.returncode == 2
    assert "the database holds tables of four-card-hilo" in again.stderr.strip().splitlines()[-1]
