"""A refusal at the web table speaks to the player who made the move ("you") and of the others
by their names: the engine's seats (``p1``) never reach the page, and a player's own name (as
typed, ``<b>`` and all) is never read back to them in the third person."""

from __future__ import annotations

import pytest

from server_helpers import client, error, move, my_turn, receive, seat, table
from splitpot.server.refusals import addressed

NAMES = ["Ann", "Bob", "<b>Cy</b>"]


@pytest.mark.parametrize(
    ("said", "mover", "read"),
    [
        (
            "bid 5000 is more than the 999 p1 has behind",
            0,
            "bid 5000 is more than the 999 you have behind",
        ),
        ("p2 cannot bid on its own card", 1, "you cannot bid on your own card"),
        ("it is p2's turn, not p1's", 0, "it is Bob's turn, not yours"),
        (
            "p1 may not complete, bet or raise: it has no chips beyond the call",
            0,
            "you may not complete, bet or raise: you have no chips beyond the call",
        ),
        (
            "p1 has acted and faces 5 more, short of a full raise of 10: the all-in raises "
            "since do not reopen the betting for it",
            0,
            "you have acted and face 5 more, short of a full raise of 10: the all-in raises "
            "since do not reopen the betting for you",
        ),
        ("p1 can only bring in for what it has", 0, "you can only bring in for what you have"),
        ("p1 does not hold Ah (holds Kd)", 0, "you do not hold Ah (you hold Kd)"),
        ("p3 picks first — it is the highest bid", 0,
         "<b>Cy</b> picks first — it is the highest bid"),
        ("p3 has already bid in this auction", 2, "you have already bid in this auction"),
        ("p1's cards are known: name the card", 0, "your cards are known: name the card"),
        # record notation in quotes stays as the record writes it
        ("the dealer deals p1's replacement first ('d dh p1 CARD')", 0,
         "the dealer deals your replacement first ('d dh p1 CARD')"),
    ],
)  # fmt: skip
def test_a_refusal_is_addressed_to_its_reader(said: str, mover: int, read: str) -> None:
    assert addressed(said, mover, NAMES) == read


def test_a_huge_bid_is_refused_to_you_not_to_your_name() -> None:
    with client() as http:
        made = table(http, "auction", name="<b>Ann</b>", stack=1000)
        with seat(http, made["code"], made["token"]) as ws:
            turn = receive(ws, lambda m: my_turn(m) and m["hand"]["view"]["step"] == "auction")
            behind = turn["hand"]["view"]["seats"][turn["hand"]["you"]]["stack"]
            ws.send_json(move(turn, "bid", amount=10**9))
            refused = receive(ws, error)
    assert refused["message"] == f"bid 1000000000 is more than the {behind} you have behind"
    assert refused["rule"] == "OPR-657 3.2"
