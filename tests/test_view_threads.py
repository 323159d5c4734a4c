"""Views and legal actions read on other threads while one thread plays the hand (issue 26).

The server plays a table on its event loop and hands views to worker threads (bots, the odds
panel) while the hand goes on. Here one thread plays random hands of every game, and at every
point hands each seat's view, the spectator's and the legal actions to reader threads — some
views whole (:meth:`View.whole`), most with their parts left to be worked out on the reader's
thread — while the readers also play small hands of their own through the same engine and
views. Thread switching is made as fast as Python allows, to widen every window. Each view
read must equal, part for part, the view of the same point taken alone: a replay of the hand
on one thread, read at once.
"""

from __future__ import annotations

import pickle
import queue
import random
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from play import states_alive
from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import Legal, State, apply, deal_next, legal_actions, new_hand
from splitpot.phases.base import phase_of
from splitpot.views import View, public_view, view
from test_view_leaks import random_action

READERS = 3
HANDS = 6
"""Hands of each game: on the code before issue 26 every run of six found wrong views."""
SEATS = 4
OWN = 3
"""Hands each reader plays of its own, in turn."""
PARTS = ("seats", "log", "offer")

Key = tuple[str, int, int, int | None]
"""A view's place: game, hand, point (actions applied so far), reader (None: a spectator)."""
Read = tuple[object, ...]
"""Everything a reader read of a view and the legal actions handed with it."""


def look(state: State, reader: int | None) -> View:
    return public_view(state) if reader is None else view(state, reader)


def legal_read(state: State) -> Read:
    legal = legal_actions(state)
    return (legal.to_act, legal.dealer, dict(legal.options))


def hand_of(game: str, hand: int) -> State:
    rules = variants.get(game)
    stacks = [rules.big_bet * 12] * SEATS
    return new_hand(rules, stacks, seed=1000 * hand + len(game), auto_deal=hand % 2 == 0)


def step(state: State, rng: random.Random) -> Action | None:
    """One random move (None: the dealer's step) on the thread that plays ``state``."""
    if legal_actions(state).dealer:
        deal_next(state)
        return None
    action = random_action(rng, state)
    apply(state, action)
    return action


@contextmanager
def fast_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


class Run:
    """The threads of one run and what they found."""

    def __init__(self, games: list[str], hands: int) -> None:
        self.games, self.hands = games, hands
        self.handed: queue.Queue[tuple[Key, View, Legal] | None] = queue.Queue(maxsize=4)
        self.read: dict[Key, Read] = {}
        self.moves: dict[tuple[str, int], list[Action | None]] = {}
        self.faults: list[str] = []

    def play(self) -> None:
        """The table's thread: every hand of every game, handing out what each point shows."""
        rng = random.Random("table")
        try:
            for game in self.games:
                for hand in range(self.hands):
                    state, moves = hand_of(game, hand), self.moves.setdefault((game, hand), [])
                    while True:
                        legal = legal_actions(state)
                        for reader in (*range(SEATS), None):
                            seen = look(state, reader)
                            if rng.random() < 0.25:
                                seen = seen.whole()
                            self.handed.put(((game, hand, len(moves), reader), seen, legal))
                        if state.finished:
                            break
                        moves.append(step(state, rng))
        except Exception as exc:
            self.faults.append(f"the table: {exc!r}")
        finally:
            for _ in range(READERS):
                self.handed.put(None)

    def reader(self, number: int) -> None:
        """A worker: reads what it is handed, parts in a random order, and between two
        plays a hand of its own (the engine's and the views' caches serve both threads).
        A fault is noted and the next item read: the table's thread never waits in vain."""
        rng = random.Random(f"reader {number}")
        names = variants.names()
        own = [hand_of(names[(number + k) % len(names)], k) for k in range(OWN)]
        while (item := self.handed.get()) is not None:
            key, seen, legal = item
            try:
                parts = {name: getattr(seen, name) for name in rng.sample(PARTS, len(PARTS))}
                self.read[key] = (
                    seen.seats is parts["seats"],  # a part read twice is the same value
                    parts["seats"],
                    parts["log"],
                    parts["offer"],
                    seen.options,
                    seen.to_act,
                    (legal.to_act, legal.dealer, dict(legal.options)),
                )
                for k, mine in enumerate(own):  # asked in turn: each a table not asked last
                    if mine.finished:
                        own[k] = mine = hand_of(rng.choice(names), rng.randrange(4))
                    if legal_read(mine) != fresh(mine):
                        self.faults.append(f"reader {number}: another point's legal actions")
                    look(mine, rng.choice([*range(SEATS), None])).whole()
                step(rng.choice(own), rng)
            except Exception as exc:
                self.faults.append(f"reader {number}: {exc!r}")


def fresh(state: State) -> Read:
    """The legal actions worked out now by the phase (no cache)."""
    legal = phase_of(state).legal(state)
    return (legal.to_act, legal.dealer, dict(legal.options))


def alone(game: str, hand: int, moves: list[Action | None]) -> Iterator[tuple[Key, Read]]:
    """The hand replayed on this thread, every view read in full at once."""
    state = hand_of(game, hand)
    for point in range(len(moves) + 1):
        for reader in (*range(SEATS), None):
            seen = look(state, reader)
            yield (
                (game, hand, point, reader),
                (
                    True,
                    seen.seats,
                    seen.log,
                    seen.offer,
                    seen.options,
                    seen.to_act,
                    legal_read(state),
                ),
            )
        if point < len(moves):
            move = moves[point]
            if move is None:
                deal_next(state)
            else:
                apply(state, move)


def mismatches(games: list[str], hands: int) -> tuple[int, int, list[str]]:
    """Play ``hands`` hands of each game with readers on other threads: how many views were
    read, how many differ from the same view taken alone, and the faults met on the way."""
    run = Run(games, hands)
    threads = [threading.Thread(target=run.play)]
    threads += [threading.Thread(target=run.reader, args=(n,)) for n in range(READERS)]
    with fast_switching():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    wrong = 0
    for (game, hand), moves in run.moves.items():
        for key, expected in alone(game, hand, moves):
            wrong += run.read.get(key) != expected
    return len(run.read), wrong, run.faults


def test_views_read_on_other_threads_equal_the_views_taken_alone() -> None:
    games = variants.names()
    read, wrong, faults = mismatches(games, hands=HANDS)
    assert not faults
    assert read > len(games) * HANDS * 20 * (SEATS + 1)  # every hand played many points
    assert wrong == 0, f"{wrong} of {read} views read on other threads differ"


def test_a_whole_view_holds_nothing_of_the_live_state() -> None:
    # Handed to another thread, a whole view keeps no table alive and never reads it again.
    state = hand_of("auction", 0)
    for _ in range(9):
        step(state, random.Random(1))
    twin = state.copy()
    lazy = view(state, 1)
    whole = view(twin, 1).whole()
    assert whole.whole() is whole
    assert whole == lazy
    held = states_alive()
    del state, twin
    assert states_alive() == held - 1  # the whole view's state is gone
    del lazy
    assert states_alive() == held - 2  # a view left for later still needed its state
    assert pickle.loads(pickle.dumps(whole)) == whole


def test_the_legal_actions_are_read_only() -> None:
    # The engine hands the same answer to every reader of a point: nobody can change it.
    state = hand_of("stud8", 0)
    legal = legal_actions(state)
    seat = legal.to_act[0]
    before = dict(legal.options)
    with pytest.raises(TypeError):
        legal.options[seat] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        del legal.options[seat]  # type: ignore[attr-defined]
    for name, value in (("to_act", ()), ("dealer", True), ("options", {})):
        with pytest.raises(AttributeError):
            setattr(legal, name, value)
    assert legal_actions(state) is legal
    assert dict(legal_actions(state).options) == before
    assert legal_read(state) == fresh(state)
    assert view(state, seat).options == before[seat]
    again = pickle.loads(pickle.dumps(legal))
    assert again == legal
    with pytest.raises(TypeError):
        again.options[seat] = ()
