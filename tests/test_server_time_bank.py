"""The table's time bank (option ``time_bank``, docs/web.md): seconds each player may take
beyond the turn timer over the evening. A player who runs past the timer is not sat out while
their bank lasts; what they take comes out of it; once it is spent the timer sits them out as
before. The table's clock is the test's (``Settings.clock``): no waiting, no sleeps."""

from __future__ import annotations

from typing import Any

from server_helpers import Clock, answer, client, my_turn, receive, seat, seated, table
from splitpot.server import Settings


def _wake(http: Any, code: str) -> None:
    """A spectator says hello: the table's runner plans again by the test's clock. Her hello
    is done when its chat history has come (a snapshot may come before it: every connection
    is sent the table), and leaving sooner would cancel it."""
    with seat(http, code, None) as eve:
        receive(eve, lambda m: m["type"] == "chat")


def test_a_time_bank_lasts_past_the_timer_and_is_spent_once() -> None:
    clock = Clock()
    settings = Settings(bot_delay=0, next_delay=30, rate=1000, burst=1000, clock=clock)
    with client(settings=settings) as http:
        made = table(http, timer=10, options={"time_bank": 30})
        code = made["code"]
        with seat(http, code, made["token"]) as ann:
            turn = receive(ann, my_turn)
            me = str(turn["hand"]["you"])
            assert turn["hand"]["timers"][me] == 40_000  # the timer, then the whole bank
            assert turn["hand"]["banks"][me] == 30_000
            clock.advance(25)  # the timer ran out 15 seconds ago
            _wake(http, code)
            ann.send_json(answer(turn))  # still her turn: the bank runs
            after = receive(ann, lambda m: seated(m) and m["hand"]["banks"][me] < 30_000)
            assert after["hand"]["banks"][me] == 15_000  # 15 seconds of it spent
            assert not after["you"]["sitting_out"]
            # her next turn: that snapshot, when the bots moved before the table told her
            again = after if my_turn(after) else receive(ann, my_turn)
            assert again["hand"]["timers"][me] == 25_000  # the timer and what is left
            clock.advance(26)  # past both
            _wake(http, code)
            late = receive(ann, lambda m: seated(m) and m["you"]["sitting_out"])
            assert late["hand"]["banks"][me] == 0
        sources = [s for _, _, s in http.app.state.store.hand_actions(code, 1)]  # type: ignore[attr-defined]
        assert "timer" in sources  # then the table moved for her


def test_without_a_bank_the_timer_sits_a_player_out_and_a_bad_bank_is_refused() -> None:
    clock = Clock()
    settings = Settings(bot_delay=0, next_delay=30, rate=1000, burst=1000, clock=clock)
    with client(settings=settings) as http:
        made = table(http, timer=10)
        assert http.get(f"/api/tables/{made['code']}").json()["options"]["time_bank"] == 0
        with seat(http, made["code"], made["token"]) as ann:
            turn = receive(ann, my_turn)
            me = str(turn["hand"]["you"])
            assert turn["hand"]["timers"][me] == 10_000
            assert turn["hand"]["banks"] == {}
            clock.advance(11)
            _wake(http, made["code"])
            receive(ann, lambda m: seated(m) and m["you"]["sitting_out"])
        for bad in (-1, 3601, 2.5, True, "30"):
            reply = http.post(
                "/api/tables",
                json={"game": "auction", "seats": ["you", "bot:call"], "name": "Ann",
                      "options": {"time_bank": bad}},
            )  # fmt: skip
            assert reply.status_code == 400, reply.text
            assert (
                "option 'time_bank' is a whole number of seconds from 0 to 3600"
                in (reply.json()["error"])
            )
