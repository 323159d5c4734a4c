"""The web table's HTTP routes, in process: the pages, the lobby's API, and bad requests."""

from __future__ import annotations

import hashlib

import pytest
from sqlalchemy import select, text

from server_helpers import client, join, table
from splitpot import variants
from splitpot.house import offered, stakes
from splitpot.server import Settings
from splitpot.server.lobby import CODE_LETTERS
from splitpot.server.store import Base


def test_the_pages_and_their_files_are_served_with_a_strict_policy() -> None:
    with client() as http:
        made = table(http)
        lobby = http.get("/")
        assert lobby.status_code == 200
        assert "New table" in lobby.text
        policy = lobby.headers["content-security-policy"]
        assert "default-src 'self'" in policy
        assert "script-src 'self'" in policy
        assert lobby.headers["x-frame-options"] == "DENY"
        page = http.get(f"/t/{made['code']}")
        assert page.status_code == 200
        assert 'src="/static/js/table.js"' in page.text
        assert http.get(f"/t/{made['code'].lower()}").status_code == 200  # codes read in capitals
        for name in ("css/splitpot.css", "js/table.js", "js/lobby.js", "js/cards.js"):
            assert http.get(f"/static/{name}").status_code == 200, name
        missing = http.get("/t/NOSUCH")
        assert missing.status_code == 404
        assert "NOSUCH" in missing.text


def test_nothing_on_the_pages_comes_from_another_site() -> None:
    """No CDN: every script, style and font the page names is its own (a relative path)."""
    with client() as http:
        for page in ("/", "/static/table.html"):
            body = http.get(page).text
            assert "http://" not in body
            assert "https://" not in body
        for name in ("js/table.js", "js/lobby.js", "js/words.js", "js/api.js", "css/splitpot.css"):
            body = http.get(f"/static/{name}").text
            assert "https://" not in body, name
            assert "@import" not in body, name


def test_games_offer_their_stakes_and_house_rules_from_house_py() -> None:
    with client() as http:
        data = http.get("/api/games").json()
    assert [g["name"] for g in data["games"]] == variants.names()
    assert "heuristic" in data["bots"]
    for game in data["games"]:
        rules = variants.get(game["name"])
        assert [r["name"] for r in game["house"]] == [r.name for r in offered(rules)]
        assert [r["name"] for r in game["stakes"]] == [r.name for r in stakes(rules)]
        assert all(r["explanation"] for r in game["house"])
        assert game["stack"] == 100 * rules.big_bet
        assert (game["min_players"], game["max_players"]) == (rules.min_players, rules.max_players)


def test_creating_a_table_gives_a_code_a_seat_and_a_token_kept_only_as_its_hash() -> None:
    with client() as http:
        house = {"qualifier": 8, "ante": 2, "small_bet": 10, "big_bet": 20}
        made = table(http, "stud8", house=house, seats=["you", "open", "bot:heuristic"])
        code, token = made["code"], made["token"]
        assert len(code) == 6
        assert set(code) <= set(CODE_LETTERS)
        assert made["seat"] == 0
        assert len(token) >= 40  # 32 random bytes
        info = http.get(f"/api/tables/{code}").json()
        assert info["game"] == "stud8"
        assert info["stakes"] == {"ante": 2, "bring_in": 2, "small_bet": 10, "big_bet": 20}
        assert info["house"] == {"ante": 2, "small_bet": 10, "big_bet": 20}  # 8 is the default
        assert [s["kind"] for s in info["seats"]] == ["human", "open", "bot"]
        assert info["seats"][0]["name"] == "Ann"
        assert info["host"] == 0  # the seat of whoever made the table
        assert token not in http.get(f"/api/tables/{code}").text
        store = http.app.state.store  # type: ignore[attr-defined]
        with store.engine.connect() as db:
            hashes = [row[0] for row in db.execute(text("select token_hash from seats"))]
            every_row = (row for t in Base.metadata.sorted_tables for row in db.execute(select(t)))
            dump = "\n".join(map(repr, every_row))  # on SQLite and PostgreSQL alike
        assert hashlib.sha256(token.encode()).hexdigest() in hashes
        assert token not in dump


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "poker"}, 400, "unknown game 'poker'"),
        ({"house": {"colour": "red"}}, 400, "offers no house rule 'colour'"),
        ({"house": {"qualifier": 3}}, 400, "qualifier"),
        ({"house": {"buy_prices": [10]}}, 400, "offers no house rule 'buy_prices'"),
        ({"house": {"small_bet": 20}}, 400, "small_bet"),
        ({"house": []}, 400, "'house' must be an object"),
        ({"seats": ["you"]}, 400, "seats 2 to 7 players, not 1"),
        ({"seats": ["you"] * 8}, 400, "seats 2 to 7 players, not 8"),
        ({"seats": ["you", "you"]}, 400, "only one seat can be yours"),
        ({"seats": ["you", "bot:shark"]}, 400, "unknown bot 'shark'"),
        ({"seats": ["you", "chair"]}, 400, "is not you, open or bot:NAME"),
        ({"name": ""}, 400, "1 to 24 characters"),
        ({"name": "x" * 25}, 400, "1 to 24 characters"),
        ({"name": "a\u0007b"}, 400, "control characters"),
        ({"stack": 0}, 400, "'stack' must be a whole number"),
        ({"stack": True}, 400, "'stack' must be a whole number"),
        ({"timer": 601}, 400, "'timer' must be a whole number from 0 to 600"),
        ({"seed": 7}, 400, "does not let a table fix its deals"),
        ({"colour": "red"}, 400, "a new table has no field 'colour'"),
    ],
)
def test_a_bad_table_is_refused_with_one_line_naming_the_problem(
    body: dict[str, object], status: int, words: str
) -> None:
    spec = {"game": "auction", "seats": ["you", "open", "bot"], "name": "Ann", **body}
    with client() as http:
        reply = http.post("/api/tables", json=spec)
        assert reply.status_code == status
        message = reply.json()["error"]
        assert words in message
        assert "\n" not in message
        assert http.app.state.tables.live == {}  # type: ignore[attr-defined]


def test_bad_request_bodies_are_refused() -> None:
    with client() as http:
        as_form = http.post("/api/tables", content=b"game=auction")
        assert as_form.status_code == 415
        headers = {"content-type": "application/json"}
        assert http.post("/api/tables", content=b"{nope", headers=headers).status_code == 400
        assert http.post("/api/tables", content=b"[1, 2]", headers=headers).status_code == 400
        big = b'{"game": "' + b"a" * 20_000 + b'"}'
        assert http.post("/api/tables", content=big, headers=headers).status_code == 413
        assert http.get("/api/tables").status_code == 405
        assert http.get("/api/tables/NOSUCH").status_code == 404
        assert http.get("/api/tables/NOSUCH").json()["error"] == "no table has the code 'NOSUCH'"


def test_requests_from_another_site_are_refused() -> None:
    with client() as http:
        spec = {"game": "auction", "seats": ["you", "open"], "name": "Eve"}
        foreign = http.post("/api/tables", json=spec, headers={"origin": "http://evil.example"})
        assert foreign.status_code == 403
        same = http.post("/api/tables", json=spec, headers={"origin": "http://testserver"})
        assert same.status_code == 201


def test_joining_takes_the_first_open_seat_then_a_bots_and_refuses_a_full_table() -> None:
    with client() as http:
        made = table(http, seats=["you", "open", "bot:call"])
        code = made["code"]
        bob = join(http, code, "Bob")
        assert bob["seat"] == 1
        assert bob["token"] != made["token"]
        cleo = join(http, code, "Cleo")  # no open seat left: the bot's
        assert cleo["seat"] == 2
        seats = http.get(f"/api/tables/{code}").json()["seats"]
        assert [(s["kind"], s["name"]) for s in seats] == [
            ("human", "Ann"),
            ("human", "Bob"),
            ("human", "Cleo"),
        ]
        full = http.post(f"/api/tables/{code}/join", json={"name": "Dan"})
        assert full.status_code == 409
        assert "every seat" in full.json()["error"]
        taken = http.post(f"/api/tables/{code}/join", json={"name": "Dan", "seat": 0})
        assert taken.status_code == 409
        assert "taken by Ann" in taken.json()["error"]
        for body, words in (
            ({"name": "Dan", "seat": 9}, "seats 0 to 2"),
            ({"name": "Dan", "seat": "1"}, "'seat' must be a seat number"),
            ({"name": 5}, "'name' must be text"),
            ({"name": "Dan", "token": "x"}, "not 'token'"),
        ):
            reply = http.post(f"/api/tables/{code}/join", json=body)
            assert reply.status_code == 400
            assert words in reply.json()["error"]
        assert http.post("/api/tables/NOSUCH/join", json={"name": "Dan"}).status_code == 404


def test_lobby_requests_are_limited_per_address() -> None:
    settings = Settings(bot_delay=0, next_delay=0, post_rate=0.001, post_burst=3)
    spec = {"game": "auction", "seats": ["you", "open"], "name": "Ann"}
    with client(settings=settings) as http:
        codes = [http.post("/api/tables", json=spec).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/NOSUCH",
        "/api/tables/NOSUCH/hands",
        "/api/tables/NOSUCH/hands/1/record",
        "/api/tables/NOSUCH/hands/1/replay",
        "/api/tables/NOSUCH/ledger",
        "/api/tables/NOSUCH/ledger.csv",
    ],
)
def test_every_route_of_a_table_answers_an_unknown_code_with_one_line_of_json(path: str) -> None:
    with client() as http:
        reply = http.get(path)
        assert (reply.status_code, reply.json()) == (
            404,
            {"error": "no table has the code 'NOSUCH'"},
        )
        assert reply.headers["x-frame-options"] == "DENY"  # past the security headers too
        joined = http.post("/api/tables/NOSUCH/join", json={"name": "Dan"})
        assert (joined.status_code, joined.json()["error"]) == (404, reply.json()["error"])
