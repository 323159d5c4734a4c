"""The odds panel of the web table (docs/web.md, docs/odds.md): a player's chances high, low,
scoop and share of the pot, and at the declaration what each declaration is worth.

Computed from that seat's own view only (``views.view``), sent only to that connection, and
off the event loop: in a small pool of threads of its own, so a heavy view (up to a couple of
seconds) never holds up a table. A connection has at most one computation running; when the
hand moves on meanwhile, the stale result is dropped and the newest point is computed.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final

from splitpot.odds import OddsError, advise, buy_options, view_odds
from splitpot.odds.question import question
from splitpot.odds.situation import buy_game
from splitpot.rules import Rules
from splitpot.server.wire import odds_message
from splitpot.views import View, view

if TYPE_CHECKING:
    from splitpot.server.clients import Client
    from splitpot.server.tables import LiveTable

__all__ = ["LIMIT", "SAMPLES", "panel", "request"]

log = logging.getLogger("splitpot.server")

SAMPLES: Final = 20_000
"""Random deals sampled when the outcomes are too many to count (about ±0.3% of the pot)."""
LIMIT: Final = 10**6
"""Outcomes counted exactly, at most (seventh and sixth street, and smaller spots)."""
_POOL: Final = ThreadPoolExecutor(max_workers=2, thread_name_prefix="splitpot-odds")
_TASKS: set[asyncio.Task[None]] = set()


def panel(seen: View, rules: Rules) -> dict[str, Any]:
    """What the panel shows for ``seen``'s seat: its odds, and advice at the declaration; or
    ``none``, the one line saying why there is nothing to show (a folded hand...)."""
    assert seen.seat is not None, "the panel is a seat's"
    try:
        odds = view_odds(seen, samples=SAMPLES, limit=LIMIT)
        mine = odds.seat(seen.seat)
        out: dict[str, Any] = {
            "exact": odds.exact,
            "outcomes": odds.outcomes,
            **{k: getattr(mine, k).as_json() for k in ("high", "low", "scoop", "share")},
            "advice": None,
        }
        if any(o.verb == "dec" for o in seen.options):
            advice = advise(seen, rules)
            out["advice"] = advice.as_json()
        out["before_buys"] = _before_buys(seen, rules)
        out["buy"] = _buy(seen, rules)
        return out
    except OddsError as exc:
        return {"none": str(exc)}


def _before_buys(seen: View, rules: Rules) -> bool:
    """Whether the hands may still change at a buy (OPR-207 Article 3): the odds take them as
    they stand, so they are figures before the buys, not a promise."""
    if not buy_game(rules):
        return False
    return seen.step == "buy" or not any(a.verb in ("buy", "sd") for a in seen.log)


def _buy(seen: View, rules: Rules) -> list[dict[str, Any]] | None:
    """At the seat's buy, standing pat and buying away each of its cards, best first, as the
    terminal's panel advises (the same question, ``splitpot.odds.question``, the same figures)."""
    asked = question(seen, rules)
    if asked.buy is None or asked.spot is None or asked.spot.reader is None:
        return None
    pot, price = asked.buy
    found = buy_options(
        asked.spot, asked.spot.reader, price=price, pot=pot, samples=SAMPLES, limit=LIMIT
    )
    return [
        {
            "card": None if o.card is None else str(o.card),
            "share": o.share.as_json(),
            "worth": o.worth,
            "pays_from": o.pays_from,
        }
        for o in found
    ]


def request(table: LiveTable, client: Client) -> None:
    """Ask for the odds of the client's seat at the hand's point now (called under the
    table's lock, from a broadcast); nothing if they are known or being computed."""
    hand = table.hand
    if hand is None or hand.state.finished:
        return
    key = (hand.number, len(hand.state.log))
    if client.odds_key == key:
        return
    client.odds_key = key
    if client.odds_busy:
        return  # the computation under way sees the newer key and goes again
    client.odds_busy = True
    task = asyncio.get_running_loop().create_task(_compute(table, client))
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


async def _compute(table: LiveTable, client: Client) -> None:
    loop = asyncio.get_running_loop()
    try:
        while not client.closed:
            async with table.lock:
                hand, e, key = table.hand, table.engine_seat(client), client.odds_key
                if hand is None or e is None or hand.state.finished or key is None:
                    return
                if key != (hand.number, len(hand.state.log)) or not client.odds:
                    return
                seen, rules = view(hand.state, e).whole(), hand.state.rules
            try:
                result = await loop.run_in_executor(_POOL, panel, seen, rules)
            except Exception:  # a bug must not stop the table: no panel this time
                log.exception("table %s: the odds panel failed", table.code)
                return
            if client.odds_key == key:
                client.push("odds", odds_message(key[0], key[1], result))
                return
    finally:
        client.odds_busy = False
