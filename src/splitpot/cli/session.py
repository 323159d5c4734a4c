"""A playing session for ``splitpot play``: one person and bots, hand after hand.

:class:`Session` owns the table and nothing about the screen: it deals each hand, lets the
bots move one step at a time (so a front end can pace them), takes the person's actions through
the engine's own door (a refused action raises :class:`~splitpot.errors.IllegalAction` and
changes nothing), words what happened from the person's view only, and at the end of each hand
keeps the ledger and appends the hand to the session's ``.phhs`` record. Both front ends, the
Textual table (:mod:`splitpot.cli.table`) and the line mode (:mod:`splitpot.cli.plain`), drive
it the same way.

Nothing played is lost: the record's path is checked before the first hand
(:func:`check_record`); a hand that cannot be written there goes to a spare file in the
temporary directory, and the session says so; a hand left unfinished is saved as abandoned.
"""

from __future__ import annotations

import contextlib
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import click

from splitpot.actions import BETTING_VERBS, SEALED_VERBS, Action
from splitpot.bots import Bot
from splitpot.bots.table import action_for
from splitpot.cards import Card
from splitpot.cli import render
from splitpot.engine import apply, deal_next, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction, SplitpotError
from splitpot.notation import HandRecord, phhs_entry
from splitpot.records import record_from_state
from splitpot.rules import Rules
from splitpot.state import Option, State
from splitpot.views import View, view

__all__ = ["ABANDONED", "NOT_SAVED", "Session", "check_record"]

ABANDONED = "_abandoned"
"""The record field that marks a hand left unfinished (a PHH user field: underscore first)."""
NOT_SAVED = "Could not save"
"""How a line saying that a hand could not be written begins (front ends may stress it)."""


def check_record(path: Path) -> Path:
    """``path`` when a hand record can be written there, else a usage error naming
    ``--record``: checked before the first hand, so no hand is played for a file that cannot
    hold it. An existing file is not changed; a new one is created and removed again."""
    try:
        if path.exists():
            with path.open("a", encoding="utf-8"):
                pass
        else:
            with path.open("x", encoding="utf-8"):
                pass
            path.unlink()
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise click.BadParameter(f"cannot write {path}: {why}", param_hint="'--record'") from None
    return path


def _numbers(hands: Sequence[int]) -> str:
    """Hand numbers in words: ``hand 3``, ``hands 1-4``, ``hands 1, 3``."""
    if len(hands) == 1:
        return f"hand {hands[0]}"
    if list(hands) == list(range(hands[0], hands[-1] + 1)):
        return f"hands {hands[0]}-{hands[-1]}"
    return "hands " + ", ".join(map(str, hands))


class Session:
    """One person (``human``, a seat from 0) and a bot in every other seat, for many hands.

    Every seat starts with ``stacks`` chips and keeps what it has from one hand to the next; a
    seat left with no chips buys in again for ``stacks`` (said in the log; the ledger counts
    only what was won and lost). Each hand is shuffled from a seed drawn from the session's
    ``seed`` (a session with seed S deals the decks of ``splitpot simulate --seed S``).
    Finished hands are written to ``record`` as they end, so the file is whole after every hand.
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
        self.chips = [stacks] * self.n  # each seat's stack now, carried from hand to hand
        self.seed = seed
        self.record = record
        self.names = list(names)
        self.ledger = [0] * self.n
        self.hands_played = 0
        self.hand_number = 0
        self._seeds = random.Random(seed)
        self._out: TextIO | None = None
        self._target = record  # where the next hand is written (a spare file once it fails)
        self._entries = 0  # hands written to the target so far
        self.saved: dict[Path, list[int]] = {}  # file -> numbers of the hands written to it
        self.lost: list[int] = []  # hands that could be written nowhere
        self._seen: tuple[Action, ...] = ()
        self._notes: dict[int, str] = {}  # log index of a move -> its words
        self._sale: tuple[int, Card, int | None, int] | None = None  # seller, card, ask, where
        self._first: int | None = None  # where the bidding to sell first began in the log
        self._settled = True
        self.state: State | None = None

    # --- the hand ------------------------------------------------------------------------

    def new_hand(self) -> list[str]:
        """Deal the next hand; the lines that say what happened so far (antes, the deal)."""
        self.hand_number += 1
        hand_seed = self._seeds.getrandbits(63)
        lines = [f"Hand {self.hand_number} of {self.rules.name}."]
        for seat, chips in enumerate(self.chips):
            if chips <= 0:
                self.chips[seat] = self.stacks
                lines.append(
                    f"{render.who(seat, self.human)} has no chips left and buys in "
                    f"again for {self.stacks}."
                )
        self.state = new_hand(self.rules, self.chips, seed=hand_seed)
        self._seen = ()
        self._notes = {}
        self._sale = None
        self._first = None
        self._settled = False
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
        """True when the table waits on the person (alone, or among sealed movers) for a
        choice: a forced move (the last card of an auction) is not one, :meth:`step` makes it."""
        return self._waits_on_human() and self._forced() is None

    def _waits_on_human(self) -> bool:
        state = self.table
        if state.finished:
            return False
        legal = legal_actions(state)
        return not legal.dealer and self.human in legal.to_act

    def _forced(self) -> Action | None:
        """The person's move when there is nothing to choose: the lowest bidder of an auction
        takes the last card (OPR-657 3.4)."""
        if not self._waits_on_human():
            return None
        options = self.view().options
        if len(options) == 1 and options[0].verb == "pick" and len(options[0].cards) == 1:
            return Action("pick", self.human, options[0].cards)
        return None

    def step(self) -> list[str]:
        """One move that is not the person's choice: the dealer's next step, one bot's action,
        or the person's forced move (said so in the log).

        Nothing to do (the hand is over, or the table waits on the person) returns no lines.
        """
        state = self.table
        if state.finished or self.human_to_act():
            return []
        forced = self._forced()
        legal = legal_actions(state)
        if forced is not None:
            card = forced.cards[0]
            words = f"takes the last card, {card}, without a choice (OPR-657 3.4)"
            self._act(self.view(), forced, words)
        elif legal.dealer:
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

    def _act(self, seen: View, action: Action, words: str | None = None) -> None:
        if words is None and action.verb in BETTING_VERBS:
            words = render.action_words(seen, action)
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
            apply(trial, action_for(mine, option))
        except SplitpotError:  # only a probe: a refusal means "cannot tell"
            return False
        if trial.finished:
            return False
        neighbour = (self.human + 1) % self.n
        return view(trial, neighbour).log[position] != view(trial, self.human).log[position]

    def no_raise(self) -> str | None:
        """Why the person may call but not raise now, when a rule of the table says so (no
        check-raise, the cap): the engine's own refusal of a raise, with its rule."""
        mine = self.view()
        verbs = {o.verb for o in mine.options}
        if "cc" not in verbs or "cbr" in verbs or "pb" in verbs:
            return None
        try:
            apply(
                self.table.copy(), Action("cbr", self.human, amount=self.table.starting[self.human])
            )
        except IllegalAction as exc:
            if exc.reason in ("no_check_raise", "raises_capped"):
                return f"no raise: {render.in_person(exc.message, self.human)} ({exc.rule})"
        return None

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
        self.chips = list(state.stacks)
        for seat, chips in enumerate(result.net):
            self.ledger[seat] += chips
        lines = [render.award_line(a, self.human) for a in result.awards]
        lines += [render.forfeit_line(f, self.human) for f in result.forfeits]
        nets = ", ".join(
            f"{render.who(s, self.human)} {chips:+d}" for s, chips in enumerate(result.net)
        )
        lines.append(f"Hand {self.hand_number} net: {nets}.")
        return lines + self._write(state)

    def abandon(self) -> list[str]:
        """When the person leaves: save the hand under way, unfinished and marked abandoned,
        counted in no ledger (a hand that has just ended is settled as usual). No lines when
        there is no such hand."""
        state = self.state
        if state is None or self._settled:
            return []
        if state.finished:  # over, its result not yet told (the table was pausing)
            return self.settle()
        self._settled = True
        reason = f"p{self.human + 1} ({self.names[self.human]}) left before the hand ended"
        lines = [f"Hand {self.hand_number} is abandoned: saved unfinished, in no ledger."]
        return lines + self._write(state, **{ABANDONED: reason})

    def _write(self, state: State, **extra: str) -> list[str]:
        """Append the hand to the record, or to a spare file when the record cannot take it;
        the lines saying so (none when all is well)."""
        record = record_from_state(
            state, players=self.names, hand=self.hand_number, event="splitpot play", **extra
        )
        number = self.hand_number
        try:
            self._append(record)
        except OSError as exc:
            failed, why = self._target, exc.strerror or str(exc)
            self._drop()
            if failed != self.record:
                self.lost.append(number)
                return [f"{NOT_SAVED} hand {number} to {failed} either ({why}): it is lost."]
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self._target = Path(tempfile.gettempdir()) / f"{self.record.stem}-unsaved-{stamp}.phhs"
            try:
                self._append(record)
            except OSError as again:
                self._drop()
                self.lost.append(number)
                return [
                    f"{NOT_SAVED} hand {number} to {failed} ({why}) nor to {self._target} "
                    f"({again.strerror or again}): it is lost."
                ]
            self.saved.setdefault(self._target, []).append(number)
            return [
                f"{NOT_SAVED} hand {number} to {failed} ({why}): saved it to {self._target} "
                "instead, with the hands that follow."
            ]
        self.saved.setdefault(self._target, []).append(number)
        return []

    def _append(self, record: HandRecord) -> None:
        """Write one entry to the target file, whole or not at all (a failed write is cut off)."""
        if self._out is None:
            self._out = self._target.open("w", encoding="utf-8")
            self._entries = 0
        start = self._out.tell()
        text = phhs_entry(self._entries + 1, record)
        try:
            self._out.write(text if self._entries == 0 else "\n" + text)
            self._out.flush()
        except OSError:
            with contextlib.suppress(OSError):
                self._out.truncate(start)
            raise
        self._entries += 1

    def _drop(self) -> None:
        """Forget a target file that failed (its good entries stay as they are)."""
        if self._out is not None:
            with contextlib.suppress(OSError):
                self._out.close()
            self._out = None

    def close(self) -> None:
        """Close the record file (the session may not be used after this)."""
        if self._out is not None:
            self._drop()

    @property
    def saving_to(self) -> Path:
        """Where the next hand will be written: the record, or the spare file once it failed."""
        return self._target

    def saved_lines(self) -> list[str]:
        """Where the session's hands are: one line per file, and what was lost."""
        if not self.saved and not self.lost:
            return ["No hand finished; nothing saved."]
        lines = []
        for path, hands in self.saved.items():
            if path == self.record and not self.lost and len(self.saved) == 1:
                lines.append(f"Hands saved to {path}.")
            else:
                lines.append(f"{_numbers(hands).capitalize()} saved to {path}.")
        if self.lost:
            lines.append(f"{_numbers(self.lost).capitalize()} could not be saved: lost.")
        return lines

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
        """Lines for what the person could newly see since the last call: new actions, sealed
        moves revealed, the end of a sale, and each hand shown in words."""
        seen_now = self.view()
        log = seen_now.log
        mine = seen_now.seats[self.human]
        seen = self._seen
        lines: list[str] = []
        revealed = [
            render.describe(new, self.human, None)
            for old, new in zip(seen, log, strict=False)
            if old != new and new.seat is not None and new.verb in SEALED_VERBS
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
            if revealed and action.verb not in SEALED_VERBS:
                # the last sealed move is in: the reveal comes before what follows it
                lines.append("Revealed: " + "; ".join(revealed) + ".")
                revealed = []
            line = render.describe(action, self.human, self._notes.get(index))
            if action.verb == "sm" and action.cards and None not in action.cards:
                shown = [c for c in (*action.cards, *seen_now.common) if c is not None]
                line += ": " + render.hand_words(shown, self.rules)
            lines.append(line + ".")
            if action.verb == "sell" and action.seat is not None and action.cards[0] is not None:
                self._sale = (action.seat, action.cards[0], action.amount, index)
            elif action.verb in ("bid", "pass") and seen_now.step == "sale" and not self._sale:
                # bids with no card on the table: for the right to sell first (¶6)
                self._first = index if self._first is None else self._first
        if deals:
            lines.append("Dealt: " + "; ".join(deals) + ".")
        if revealed:
            lines.append("Revealed: " + "; ".join(revealed) + ".")
        self._seen = log
        return lines + self._sold(seen_now) + self._first_seller(seen_now)

    def _first_seller(self, seen: View) -> list[str]:
        """Once the bidding to sell first is over (the table waits on a seller): who won the
        right and paid the bid into the pot (NASDAQ ¶6), or that nobody bid (¶7)."""
        if self._first is None or seen.finished or not seen.to_act:
            return []
        seller = seen.to_act[0]
        options = legal_actions(self.table).options.get(seller, ())
        if not any(o.verb in ("sell", "sd") for o in options):
            return []
        since, self._first = self._first, None
        bids = [a.amount for a in seen.log[since:] if a.verb == "bid" and a.seat == seller]
        paid = max((b for b in bids if b is not None), default=None)
        if paid is None:
            return [
                f"Nobody bid to sell first: {render.who(seller, self.human)} sells first "
                "(NASDAQ ¶7)."
            ]
        return [
            f"{render.who(seller, self.human)} wins the right to sell first and pays {paid} "
            "into the pot (NASDAQ ¶6)."
        ]

    def _sold(self, seen: View) -> list[str]:
        """Once the card of a sale leaves the table: who bought it for how much, or that it
        went unsold and what that cost the seller (NASDAQ ¶9-10, 5.2(a)-(b))."""
        if self._sale is None or seen.offer is not None:
            return []
        seller, card, ask, since = self._sale
        self._sale = None
        buyer = seen.to_act[0] if seen.to_act and seen.to_act[0] != seller else None  # discards
        return [render.sale_line(seen, self.rules, seller, card, ask, since, buyer)]
