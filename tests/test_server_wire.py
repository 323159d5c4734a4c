"""The wire format of the web table: a view as JSON, field by field, tolerant of fields added to
View later; its log as hand-record lines."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import apply, deal_next, new_hand
from splitpot.house import with_house
from splitpot.notation import parse_action
from splitpot.server.players import Dealt
from splitpot.server.wire import hand_json, plain, view_json
from splitpot.views import View, public_view, view


def _auction_after_one_bid() -> Any:
    state = new_hand(variants.get("auction"), [100, 100, 100], seed=4)
    apply(state, Action("bid", 1, amount=7))
    return state


def test_every_field_of_a_view_is_written_and_the_log_reads_back() -> None:
    state = _auction_after_one_bid()
    seen = view(state, 0)
    data = json.loads(json.dumps(view_json(seen)))
    assert list(data) == list(View._fields)
    assert data["seat"] == 0
    assert all(isinstance(c, str) for c in data["seats"][0]["down"])  # own cards, as text
    assert data["seats"][1]["down"] == [None, None]
    assert data["seats"][1]["has_bid"] is True
    assert data["seats"][1]["bid"] is None  # sealed (OPR-657 3.2)
    assert data["log"][-1] == "p2 bid"  # that p2 bid, not how much
    for line, action in zip(data["log"][:-1], seen.log[:-1], strict=True):
        assert parse_action(line) == action
    assert data["offer"]["cards"] == [str(c) for c in seen.offer.cards]  # type: ignore[union-attr]
    assert data["options"] == [
        # the small bet up to the stack left after the ante of 1 (OPR-657 2.2)
        {"verb": "bid", "min": 5, "max": 99, "choices": [], "cards": [], "declarations": []}
    ]
    mine = json.loads(json.dumps(view_json(view(state, 1))))
    assert mine["log"][-1] == "p2 bid 7"
    assert mine["seats"][1]["bid"] == 7


def test_the_tables_rules_are_written_plainly() -> None:
    state = _auction_after_one_bid()
    data = json.loads(json.dumps(view_json(public_view(state))))
    assert data["rules"]["name"] == "auction"
    assert data["rules"]["min_bid"] is None
    assert [s["kind"] for s in data["rules"]["steps"]][:2] == ["deal", "auction"]
    assert data["seats"][0]["down"] == [None, None]


def test_the_pages_vocabulary_covers_every_verb_and_step_the_server_knows() -> None:
    from splitpot.actions import VERBS
    from splitpot.phases import PHASES
    from splitpot.server.wire import words_json

    words = json.loads(words_json())
    assert set(words["verbs"]) == set(VERBS)
    for name, verb in VERBS.items():
        said = words["verbs"][name]
        assert said["meaning"] == verb.meaning
        assert (said["betting"], said["amount"], said["card"]) == (
            verb.betting,
            verb.amount,
            verb.card,
        )
        assert said["sealed"] == verb.sealed_as
        assert said["log"], name
        assert all(said["log"].values()), name  # something to say
        assert bool(said["buttons"]) != verb.dealer, name  # a player's verb has a button
    assert set(words["steps"]) == set(PHASES)
    assert words["steps"]["expose"] == "Turn a card up"
    assert words["declarations"] == {"hi": "high", "lo": "low", "both": "both ways"}
    assert words["you"]["bids"] == "bid"


def test_a_verb_added_to_the_table_of_verbs_is_sent_to_the_page_by_its_meaning(
    monkeypatch: Any,
) -> None:
    from splitpot import actions
    from splitpot.server import words

    added = actions.Verb("tip", ("betting",), "tip the dealer", amount=True)
    monkeypatch.setitem(actions.VERBS, "tip", added)
    words.vocabulary.cache_clear()
    try:
        said = words.vocabulary()["verbs"]["tip"]
    finally:
        words.vocabulary.cache_clear()
    assert said["meaning"] == "tip the dealer"
    assert said["amount"] is True
    assert said["log"] == {"": "tip"}
    assert said["buttons"] == {"": "tip"}


def test_a_games_rules_are_encoded_once_and_each_game_its_own() -> None:
    """Every snapshot repeats the rules: they are worked out once per rules object (the
    hand's), and a table whose house rules differ gets its own."""
    state = _auction_after_one_bid()
    first = view_json(view(state, 0))["rules"]
    assert view_json(view(state, 1))["rules"] is first  # the same JSON, not made again
    house = with_house(variants.get("auction"), {"ante": 2})
    other = view_json(view(new_hand(house, [100, 100, 100], seed=4), 0))["rules"]
    assert other is not first
    assert other["ante"] == 2
    assert first["ante"] == 1
    assert first == plain(state.rules)


def test_a_forfeit_reaches_the_page_with_the_players_names() -> None:
    # stud5buy heads-up: p2 (jacks and eights, no low) declares both, p1 (7-6-5-4-3) low: p2
    # loses the low to p1 and forfeits the pot (tests/test_declare.py works it by hand)
    rules = dataclasses.replace(variants.get("stud5buy"), declare_both=True)
    state = new_hand(rules, [100, 100], auto_deal=False)
    lines = (
        "d dh p1 3c4d", "d dh p2 JcJs", "p1 pb", "p2 cc",
        "d dh p1 5h", "d dh p2 8d", "p2 cc", "p1 cc",
        "d dh p1 7s", "d dh p2 8h", "p2 cc", "p1 cc",
        "d dh p1 6c", "d dh p2 2c", "p1 sd", "p2 sd", "p2 cc", "p1 cc",
        "p1 dec lo", "p2 dec both",
    )  # fmt: skip
    for line in lines:
        apply(state, parse_action(line))
    while not state.finished:
        deal_next(state)
    players = [Dealt(0, 1, "Ann", None), Dealt(1, 1, "Bob", None)]

    def shown(you: int | None) -> Any:
        seen = public_view(state) if you is None else view(state, you)
        made = hand_json(
            number=1, players=players, starting=[100, 100], you=you, seen=seen, timers={}, fair={}
        )
        return json.loads(json.dumps(made))["view"]

    def forfeits(you: int | None) -> Any:
        return shown(you)["forfeits"]

    # the cards that made the winning hand, for the page to mark: p1's seven-low, the half it
    # declared (not its straight: it did not declare high)
    (award,) = shown(None)["awards"]
    assert (award["seat"], award["half"]) == (0, "all")
    assert award["cards"] == {"low": ["7s", "6c", "5h", "4d", "3c"]}

    rule = "as a declarer of both must win or tie both ways (house rule both_must)"
    assert forfeits(None) == [
        {
            "seat": 1,
            "reason": f"declared both ways and lost the low to Ann: forfeits the main pot, {rule}",
            "beaten_by": [0],
        }
    ]
    assert forfeits(0)[0]["reason"].startswith("declared both ways and lost the low to you:")
    assert forfeits(1)[0]["reason"].startswith("declared both ways and lost the low to Ann:")


def test_a_whole_number_past_2_53_goes_as_text() -> None:
    """Issue 28: a JavaScript number holds whole numbers exactly only up to 2**53; past it (a
    63-bit seed) the page would show a rounded number, so it travels as text."""
    assert plain(2**53) == 2**53
    assert plain(-(2**53)) == -(2**53)
    assert plain(2**53 + 1) == str(2**53 + 1)
    assert plain({"seed": 4_081_275_584_312_956_567}) == {"seed": "4081275584312956567"}
