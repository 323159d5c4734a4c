"""A playing session for ``splitpot play``: one person and bots, hand after hand.

:class:`Session` owns the table and nothing about the screen: it deals each hand, lets the
bots move one step at a time (so a front end can pace them), takes the person's actions through
the engine's own door (a refused action raises :class:`~splitpot.errors.IllegalAction` and
changes nothing), words what happened from the person's view only, and at the end of each hand
keeps the ledger and appends the hand to the session's ``.phhs`` record. Both front ends, the
Textual table (:mod:`splitpot.cli.table`) and the line mode (:mod:`splitpot.cli.plain`), drive
it the same way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from splitpot.actions import Action
from splitpot.bots import Bot
from splitpot.cli import render
from splitpot.engine import apply, deal_next, legal_actions, new_hand, outcome
from splitpot.errors import SplitpotError
from splitpot.notation import phhs_entry
from splitpot.records import record_from_state
from splitpot.rules import Rules
from splitpot.state import Option, State
from splitpot.views import View, view

__all__ = ["Session"]


class Session:
    """One person (``human``, a seat from 0) and a bot in every other seat, for many hands.

    Every hand starts from the same ``stacks`` (like ``splitpot simulate``) and is shuffled
    from a seed drawn from the session's ``seed`` (the first hands of a session with seed S are
    the first hands of ``splitpot simulate --seed S``). Finished hands are written to
    ``record`` as they end, so the file is whole after every hand.
    """

    def __init__(
        self,
        rules: Rules,
        bots: Sequence[Bot | None],
        *,
        human: int,
        stacks: int,
        seed: int,
        record: Path,
        names: Sequence[str],
    ) -> None:
        self.rules = rules
        self.bots = list(bots)
        self.human = human
        self.n = len(bots)
        self.stacks = stacks
        self.seed = seed
        self.record = record
        self.names = list(names)
        self.ledger = [0] * self.n
        self.hands_played = 0
        self.hand_number = 0
        self._seeds = random.Random(seed)
        self._out: TextIO | None = None
        self._seen: tuple[Action, ...] = ()
        self._notes: dict[int, str] = {}  # log index of a betting move -> its words
        self._settled = True
        self.state: State | None = None

    # --- the hand ------------------------------------------------------------------------

    def new_hand(self) -> list[str]:
        """Deal the next hand; the lines that say what happened so far (antes, the deal)."""
        self.hand_number += 1
        hand_seed = self._seeds.getrandbits(63)
        self.state = new_hand(self.rules, [self.stacks] * self.n, seed=hand_seed)
        self._seen = ()
        self._notes = {}
        self._settled = False
        lines = [f"Hand {self.hand_number} of {self.rules.name}."]
        return lines + self._news()

    @property
    def table(self) -> State:
        """The hand under way (or just finished)."""
        assert self.state is not None, "no hand dealt yet"
        return self.state

    def view(self) -> View:
        """What the person may know now."""
        return view(self.table, self.human)

    @property
    def finished(self) -> bool:
        """True when the hand is over."""
        return self.table.finished

    def human_to_act(self) -> bool:
        """True when the table waits on the person (alone, or among sealed movers)."""
        state = self.table
        if state.finished:
            return False
        legal = legal_actions(state)
        return not legal.dealer and self.human in legal.to_act

    def step(self) -> list[str]:
        """One move that is not the person's: the dealer's next step or one bot's action.

        Nothing to do (the hand is over, or the table waits on the person) returns no lines.
        """
        state = self.table
        if state.finished or self.human_to_act():
            return []
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
        else:
            seat = legal.to_act[0]
            bot = self.bots[seat]
            assert bot is not None, "the person's seat has no bot"
            seen = view(state, seat)
            self._act(seen, bot.act(seen))
        return self._news()

    def act(self, action: Action) -> list[str]:
        """Carry out the person's action; IllegalAction (nothing changed) if the rules refuse."""
        self._act(self.view(), action)
        return self._news()

    def _act(self, seen: View, action: Action) -> None:
        words = render.action_words(seen, action) if action.verb in render.BETTING_VERBS else None
        position = len(self.table.log)
        apply(self.table, action)
        if words is not None:
            self._notes[position] = words

    def is_sealed(self, option: Option) -> bool:
        """Whether taking ``option`` now is a sealed move: the other seats would see only that
        the person acted (a sealed bid, a secret declaration), not what."""
        state = self.table
        mine = self.view()
        for other in mine.seats:
            if other.seat != self.human and (other.has_bid and other.bid is None):
                return True
            if other.seat != self.human and other.declared and other.declaration is None:
                return True
        position = len(state.log)
        try:
            trial = state.copy()
            apply(trial, render.sample_action(mine, option))
        except SplitpotError:  # only a probe: a refusal means "cannot tell"
            return False
        if trial.finished:
            return False
        neighbour = (self.human + 1) % self.n
        return view(trial, neighbour).log[position] != view(trial, self.human).log[position]

    # --- the end of a hand ----------------------------------------------------------------

    def settle(self) -> list[str]:
        """Once the hand is over: record it, add it to the ledger, and word the result.

        Called more than once, it settles only once (later calls return no lines).
        """
        state = self.table
        if not state.finished or self._settled:
            return []
        self._settled = True
        result = outcome(state)
        self.hands_played += 1
        for seat, chips in enumerate(result.net):
            self.ledger[seat] += chips
        self._write(state)
        lines = [render.award_line(a, self.human) for a in result.awards]
        nets = ", ".join(
            f"{render.who(s, self.human)} {chips:+d}" for s, chips in enumerate(result.net)
        )
        lines.append(f"Hand {self.hand_number} net: {nets}.")
        return lines

    def _write(self, state: State) -> None:
        record = record_from_state(
            state, players=self.names, hand=self.hand_number, event="splitpot play"
        )
        if self._out is None:
            self._out = self.record.open("w", encoding="utf-8")
            text = phhs_entry(self.hands_played, record)
        else:
            text = "\n" + phhs_entry(self.hands_played, record)
        self._out.write(text)
        self._out.flush()

    def close(self) -> None:
        """Close the record file (the session may not be used after this)."""
        if self._out is not None:
            self._out.close()
            self._out = None

    def ledger_lines(self) -> list[str]:
        """The session so far: hands played and each player's net over them."""
        hands = self.hands_played
        lines = [f"Session: {hands} hand{'s' if hands != 1 else ''} of {self.rules.name}."]
        for seat, chips in enumerate(self.ledger):
            lines.append(f"  {render.label(seat, self.human, self.names)}: {chips:+d}")
        return lines

    def ledger_line(self) -> str:
        """The session so far on one line."""
        hands = self.hands_played
        nets = ", ".join(f"{render.who(s, self.human)} {c:+d}" for s, c in enumerate(self.ledger))
        return f"Session, {hands} hand{'s' if hands != 1 else ''}: {nets}."

    # --- what happened, in words ------------------------------------------------------------

    def _news(self) -> list[str]:
        """Lines for what the person could newly see since the last call: new actions, and
        sealed moves revealed."""
        seen_now = self.view()
        log = seen_now.log
        mine = seen_now.seats[self.human]
        seen = self._seen
        lines: list[str] = []
        revealed = [
            render.describe(new, self.human, None)
            for old, new in zip(seen, log, strict=False)
            if old != new and new.seat is not None and new.verb in render.SEALED_VERBS
        ]
        deals: list[str] = []
        for index in range(len(seen), len(log)):
            action = log[index]
            if action.verb == "dh":
                deals.append(render.dealt(action, self.human, mine))
                continue
            if deals:
                lines.append("Dealt: " + "; ".join(deals) + ".")
                deals = []
            if revealed and action.verb not in render.SEALED_VERBS:
                # the last sealed move is in: the reveal comes before what follows it
                lines.append("Revealed: " + "; ".join(revealed) + ".")
                revealed = []
            lines.append(render.describe(action, self.human, self._notes.get(index)) + ".")
        if deals:
            lines.append("Dealt: " + "; ".join(deals) + ".")
        if revealed:
            lines.append("Revealed: " + "; ".join(revealed) + ".")
        self._seen = log
        return lines
