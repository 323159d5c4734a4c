"""A name is not a person (docs/ledger.md): at a web table, a newcomer who takes the name of
someone who has left gets a line of the ledger of their own under a marked name (``Zed (2)``),
their own buy-in, and a settle-up that tells the two apart, in the page's JSON, the CSV, the
table's log and ``splitpot ledger TABLE``, from one run of the server to the next."""

from __future__ import annotations

import csv
import io
import threading
from pathlib import Path

from click.testing import CliRunner

from server_helpers import client, join, receive, seat, seated, state, table
from splitpot.cli import main
from test_server_home import SLOW_NEXT, play_out, table_log


def test_a_newcomer_under_a_name_someone_left_gets_a_line_of_their_own(tmp_path: Path) -> None:
    db = tmp_path / "names.db"
    with client(str(db), settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "open", "bot:call"], stack=500)
        code = made["code"]
        zed = join(http, code, "Zed")
        assert zed["name"] == "Zed"
        with seat(http, code, made["token"]) as ann, seat(http, code, zed["token"]) as z:
            receive(ann, seated)
            receive(z, seated)
            done = threading.Thread(target=play_out, args=(z,), kwargs={"fold": True})
            done.start()
            play_out(ann, bet=True)  # Zed faces a bet and folds to it: he loses his ante
            done.join(30)
            z.send_json({"type": "leave"})
            receive(z, lambda m: m["type"] == "error" and m["reason"] == "left")
            book = http.get(f"/api/tables/{code}/ledger").json()
            lost = -next(p["balance"] for p in book["players"] if p["player"] == "Zed")
            assert lost > 0

            again = join(http, code, "Zed")  # another person, the same name
            assert (again["seat"], again["name"]) == (1, "Zed (2)")
            snap = receive(ann, lambda m: state(m) and m["table"]["seats"][1]["kind"] == "human")
            assert snap["table"]["seats"][1]["name"] == "Zed (2)"
        book = http.get(f"/api/tables/{code}/ledger").json()
        players = {p["player"]: p for p in book["players"]}
        assert list(players) == ["Ann", "Cleo (bot)", "Zed", "Zed (2)"]
        first, second = players["Zed"], players["Zed (2)"]
        assert (first["bought"], first["cashed"], first["on_table"]) == (500, 500 - lost, 0)
        assert (second["bought"], second["on_table"], second["hands"]) == (500, 500, 0)
        assert second["balance"] == 0  # the newcomer owes nothing of Zed's loss
        assert first["balance"] == -lost
        paid = {(t["payer"], t["chips"]) for t in book["transfers"]}
        # Zed himself squares what he lost to people (to the bot: the house's, docs/ledger.md)
        assert sum(c for p, c in paid if p == "Zed") == -first["settles"]
        assert second["settles"] == 0
        assert all("Zed (2)" not in (t["payer"], t["payee"]) for t in book["transfers"])
        rows = list(csv.DictReader(io.StringIO(http.get(f"/api/tables/{code}/ledger.csv").text)))
        lines = [(r["kind"], r["player"], r["chips"]) for r in rows]
        assert ("buy-in", "Zed (2)", "500") in lines  # a buy-in, not a rebuy of Zed's
        assert not any(kind == "rebuy" for kind, _, _ in lines)
        assert ("cash-out", "Zed", str(500 - lost)) in lines
        assert "Zed (2) sits down with 500 chips" in table_log(http)

    # The names are the table's: a server started again on the same database remembers them.
    with client(str(db), settings=SLOW_NEXT) as http:
        with seat(http, code, again["token"]) as z2:
            receive(z2, lambda m: state(m) and m["you"] is not None)
            z2.send_json({"type": "leave"})
            receive(z2, lambda m: m["type"] == "error" and m["reason"] == "left")
        third = join(http, code, "zed")  # letter case aside, the name was had
        assert third["name"] == "zed (3)"
        refused = http.post(f"/api/tables/{code}/join", json={"name": "ZED (3)"})
        assert refused.status_code == 409  # seated now: a name at the table is refused
        assert "already at table" in refused.json()["error"]
        book = http.get(f"/api/tables/{code}/ledger").json()
    assert [p["player"] for p in book["players"]][2:] == ["Zed", "Zed (2)", "zed (3)"]
    result = CliRunner().invoke(main, ["ledger", code, "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "5 players" in result.stdout
    zed = next(p for p in book["players"] if p["player"] == "Zed")
    # Zed pays what he lost to Ann; what he lost to the bot is the house's (docs/ledger.md)
    assert bool(book["transfers"]) == (zed["settles"] != 0)
    for t in book["transfers"]:  # the command line settles up between the same people
        assert f"{t['payer']} pays {t['payee']} {t['chips']} chip" in result.stdout
