"""A table's history (docs/web.md): its hands with their results, each hand's record as one
reader may have it, the replay drawn from that record, and the ledger as the page shows it.

A reader is entitled to what the table showed them: their own cards, every card dealt face up,
the hands shown at the showdown, every sealed move once its round was in; and the fair deal's
openings of those cards and no others (docs/fairness.md). Their copy of the record is the
hand's record with its actions as their own final view has them (``views.view``; a
spectator's is ``views.public_view``): another seat's down card is ``??`` unless it was
shown. The replay is drawn from what the reader saw live: a frame at each street shows the
table as the reader's view showed it at that point, so a hand shown at the showdown shows its
down cards from the showdown on, never in the frames before it.
"""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

from splitpot.engine import apply, new_hand
from splitpot.ledger import Ledger, chip_value, money
from splitpot.notation import HandRecord
from splitpot.rules import Rules
from splitpot.server.fairdeal import dealt_again, published
from splitpot.server.players import dealt_from_json
from splitpot.server.store import HandData, HandSummary
from splitpot.server.wire import award_json, forfeits_json, log_line
from splitpot.state import State
from splitpot.views import public_view, view

__all__ = ["entitled", "frames", "hand_list", "ledger_csv", "ledger_json", "rebuild"]


def rebuild(rules: Rules, data: HandData) -> State:
    """The hand as it was played, from its deck (its seed; v2: its secret and the players'
    values too) and stored actions."""
    players = dealt_from_json(data.players)
    return dealt_again(rules, data.starting, data.seed, data.secret, players, data.actions)


def entitled(state: State, data: HandData, reader: int | None, code: str) -> HandRecord:
    """The record of a finished hand as engine seat ``reader`` (None: a spectator) may have
    it: every action as their final view shows it, and what its fair deal publishes to them
    (v2: the openings of the cards they saw; v1: the commitment, seed and secret)."""
    fields: dict[str, Any] = {
        "players": [p["name"] for p in data.players],
        "hand": data.number,
        "event": f"splitpot table {code}",
    }
    seen = public_view(state) if reader is None else view(state, reader)
    players = dealt_from_json(data.players)
    return published(state, players, data.seed, data.secret, seen.log, **fields)


def frames(state: State, data: HandData, reader: int | None) -> dict[str, Any]:
    """The hand street by street for ``reader``: after each street's last action a frame of
    the table (each seat's cards as the reader's record shows them, stacks, bets, the pot),
    and the reader's record's lines, for the page's replay; the last frame's awards name the
    cards that made each winning hand where the reader saw them (as the live result does)."""
    seen = public_view(state) if reader is None else view(state, reader)
    record_lines = [log_line(a) for a in seen.log]
    replayed = new_hand(state.rules, list(state.starting), seed=state.seed, auto_deal=False)
    out: list[dict[str, Any]] = []
    street = replayed.street
    for index, action in enumerate(state.log):
        apply(replayed, action)
        last = index + 1 == len(state.log)
        if replayed.street != street or last:
            out.append(_frame(replayed, reader, index + 1, street))
            street = replayed.street
    if out:
        out[-1]["awards"] = [award_json(a, seen) for a in seen.awards]
        names = [p["name"] for p in data.players]
        out[-1]["forfeits"] = forfeits_json(state.forfeits, reader, names)
    return {
        "number": data.number,
        "players": [{"seat": p["seat"], "name": p["name"], "bot": p["bot"]} for p in data.players],
        "starting": list(data.starting),
        "you": reader,
        "log": record_lines,
        "frames": out,
    }


def _frame(state: State, reader: int | None, upto: int, street: int) -> dict[str, Any]:
    """The table at ``upto`` as ``reader`` saw it then: its own cards, cards face up, and a
    hand's down cards only once it is shown (a replay never reaches back from the showdown)."""
    seen = public_view(state) if reader is None else view(state, reader)
    seats = []
    for s, seat in enumerate(seen.seats):
        known = set(seat.down)
        gone = (seat.folded or state.shown[s] is False) and s != reader
        cards = (
            []
            if gone
            else [
                {"card": str(c) if c is not None and (up or c in known) else None, "up": up}
                for c, up in zip(state.hands[s], state.faceup[s], strict=True)
            ]
        )
        seats.append(
            {"seat": s, "stack": seat.stack, "bet": seat.bet, "folded": seat.folded, "cards": cards}
        )
    return {
        "street": street,
        "upto": upto,
        "pot": seen.pot,
        "common": [None if c is None else str(c) for c in seen.common],
        "seats": seats,
    }


def hand_list(hands: list[HandSummary]) -> list[dict[str, Any]]:
    """The table's hands with their results: each player's net, or why the hand was void."""
    out = []
    for h in hands:
        nets = (
            None
            if h.finishing is None
            else [f - s for f, s in zip(h.finishing, h.starting, strict=True)]
        )
        out.append(
            {
                "number": h.number,
                "players": [p["name"] for p in h.players],
                "bots": [p["bot"] is not None for p in h.players],
                "net": nets,
                "over": h.over,
                "void": h.void,
                "commitment": h.commitment,
            }
        )
    return out


def _value(text: str | None) -> Decimal | None:
    return None if text is None else chip_value(text)


def ledger_json(book: Ledger, value_text: str | None) -> dict[str, Any]:
    """The ledger as the page shows it: each player's totals and balance, and the settle-up
    among people in the fewest transfers, in chips and (with a chip value) money; ``settles``
    (None for a bot) is what of a balance the settle-up squares, ``house`` what the bots won."""
    value = _value(value_text)

    def worth(chips: int) -> str | None:
        return None if value is None else f"{money(chips, value)}"

    settlement = book.settle()
    return {
        "chip_value": value_text,
        "hands": book.hands,
        "players": [
            {
                "player": s.player,
                "bought": s.bought,
                "cashed": s.cashed,
                "on_table": s.on_table,
                "won": s.won,
                "hands": s.hands,
                "balance": s.balance,
                "money": worth(s.balance),
                "bot": s.settles is None,
                "settles": s.settles,
            }
            for s in book.standings()
        ],
        "house": book.house(),
        "transfers": [
            {"payer": t.payer, "payee": t.payee, "chips": t.chips, "money": worth(t.chips)}
            for t in settlement.transfers
        ],
        "exact": settlement.exact,
    }


def ledger_csv(book: Ledger, value_text: str | None) -> str:
    """The ledger as CSV (docs/ledger.md)."""
    out = io.StringIO()
    book.write_csv(out, _value(value_text))
    return out.getvalue()
