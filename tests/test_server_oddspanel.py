"""The web table's odds panel at a buy (issue 28, item 9): its figures are marked as before the
buys while a buy may still change the hands, and at the seat's own buy it carries the advice the
terminal's panel gives (the same figures, best first)."""

from __future__ import annotations

from splitpot import variants
from splitpot.actions import Action
from splitpot.cli.panel import figures, question
from splitpot.engine import apply, new_hand
from splitpot.server.oddspanel import panel
from splitpot.state import State
from splitpot.views import view


def play_to(state: State, step: str) -> None:
    """Check, call or bring in (and stand pat at a buy) until the hand reaches ``step``."""
    while view(state, 0).step != step:
        seat = view(state, 0).to_act[0]
        verbs = {o.verb: o for o in view(state, seat).options}
        if "cc" in verbs:
            apply(state, Action("cc", seat))
        elif "pb" in verbs:
            apply(state, Action("pb", seat, amount=verbs["pb"].min_amount))
        else:
            apply(state, Action("sd", seat))  # stand pat


def test_at_the_buy_the_panel_is_before_the_buys_with_the_terminals_advice() -> None:
    rules = variants.get("stud5buy")
    state = new_hand(rules, [1000, 1000, 1000], seed=2)
    play_to(state, "buy")
    buyer = view(state, 0).to_act[0]
    seen = view(state, buyer)
    shown = panel(seen, rules)
    assert shown["before_buys"] is True
    terminal = figures(seen, rules, question(seen, rules))
    assert terminal is not None
    assert terminal.buys is not None
    assert [o["card"] for o in shown["buy"]] == [
        None if o.card is None else str(o.card) for o in terminal.buys
    ]
    assert [o["share"]["value"] for o in shown["buy"]] == [o.share.mean for o in terminal.buys]
    own = {str(c) for c in (*seen.seats[buyer].down, *seen.seats[buyer].up)}
    assert {o["card"] for o in shown["buy"]} == own | {None}  # each card, and standing pat
    # another seat, not to buy now: still before the buys, no buy advice
    other = next(e for e in range(3) if e != buyer)
    waiting = panel(view(state, other), rules)
    assert (waiting["before_buys"], waiting["buy"]) == (True, None)
    # once the buys are in, the figures are the hands' own
    play_to(state, "betting")
    after = panel(view(state, buyer), rules)
    assert (after["before_buys"], after["buy"]) == (False, None)


def test_a_game_without_a_buy_says_nothing_of_buys() -> None:
    rules = variants.get("stud8")
    state = new_hand(rules, [1000, 1000], seed=1)
    shown = panel(view(state, 0), rules)
    assert (shown["before_buys"], shown["buy"]) == (False, None)
