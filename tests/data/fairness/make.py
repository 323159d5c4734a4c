"""Remake the hand records of this folder (README.md): ``python tests/data/fairness/make.py``.

Each hand is dealt from ``fairness.new_shuffle()`` (fresh seeds and secrets from the operating
system) and written with ``fairness.record_for``, as a server publishes it after the hand. The
players are seeded bots; the ten-handed session is dealt again until its first two hands run
out of cards (the discards reshuffled into the stub) and its third does not.
"""

from __future__ import annotations

from pathlib import Path

from splitpot import variants
from splitpot.actions import DEALER_VERBS, Action
from splitpot.bots import RandomBot
from splitpot.fairness import new_shuffle, record_for
from splitpot.notation import HandRecord, write_phh, write_phhs
from splitpot.sim import play_hand
from splitpot.views import View

HERE = Path(__file__).parent
TEN = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ida", "joe")
EVENT = "fairness test data"


class Buyer(RandomBot):
    """Buys a card whenever it may and checks or calls (so ten players run out of cards and
    nobody goes broke); anything else at random."""

    def act(self, seen: View) -> Action:
        buy = next((o for o in seen.options if o.verb == "buy"), None)
        if buy is not None:
            return Action("buy", seen.seat, buy.cards[:1])
        if any(o.verb == "cc" for o in seen.options):
            return Action("cc", seen.seat)
        return super().act(seen)


def dealt(record: HandRecord) -> int:
    """Cards the dealer dealt in a hand."""
    return sum(len(a.cards) for a in record.actions if a.verb in DEALER_VERBS)


def ten_handed() -> list[HandRecord]:
    """Three hands of stud5buy, stacks carried over; bob tops up to 100 before hand 3. In
    hands 1 and 2 everyone buys whenever they may (so the stub runs out); hand 3 is played at
    random and kept only when it deals at most 52 cards and holds a buy."""
    rules = variants.get("stud5buy")
    while True:
        stacks = [100] * len(TEN)
        records: list[HandRecord] = []
        for number in (1, 2, 3):
            if 0 in stacks:
                break  # a player went broke: deal the session again
            if number == 3:
                stacks[1] = max(stacks[1], 100)
            shuffle = new_shuffle()
            kind = Buyer if number < 3 else RandomBot
            bots = [kind(10 * number + i) for i in range(len(TEN))]
            state = play_hand(rules, bots, stacks, shuffle.seed)
            records.append(record_for(state, shuffle, players=list(TEN), hand=number, event=EVENT))
            stacks = list(state.stacks)
        if (
            len(records) == 3
            and dealt(records[0]) > 52
            and dealt(records[1]) > 52
            and dealt(records[2]) <= 52
            and any(a.verb == "buy" for a in records[2].actions)
        ):
            return records


def auction() -> HandRecord:
    """One hand of Auction, four players, with its five layouts."""
    shuffle = new_shuffle()
    bots = [RandomBot(i) for i in range(4)]
    state = play_hand(variants.get("auction"), bots, [200] * 4, shuffle.seed)
    return record_for(state, shuffle, players=["ann", "bob", "cy", "dee"], event=EVENT)


def main() -> None:
    session = ten_handed()
    (HERE / "stud5buy-ten-handed.phhs").write_text(write_phhs(session), encoding="utf-8")
    (HERE / "auction.phh").write_text(write_phh(auction()), encoding="utf-8")
    print("cards dealt:", [dealt(r) for r in session])


if __name__ == "__main__":
    main()
