"""Hands in parallel: a run cut into chunks of hands, played in worker processes or on Ray.

Every hand is a pure function of the run's job and the hand's seed (:func:`splitpot.sim.
hand_seeds`): its deck is shuffled from that seed and each seat's bot is built afresh for the
hand from :func:`bot_seed` of it. So how the hands are split among workers, and which backend
plays them, never changes a result; chunks come back in hand order whatever order they finish.

:func:`map_chunks` is the dispatcher shared by ``simulate`` and ``soak``: a task (a function at
module level, so it pickles by name and a ``spawn`` worker can import it) is called as
``task(job, start, seeds)`` for each chunk of consecutive hands.

Worker processes are forked where that is safe (:func:`start_method`): a forked worker starts
with splitpot imported and its tables built, where a spawned one spends about half a second of
CPU importing them again — a thousand hands of random bots, before its first hand.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.engine import outcome
from splitpot.errors import BackendError
from splitpot.notation import phhs_entry
from splitpot.records import record_from_state
from splitpot.rules import Rules
from splitpot.sim import play_hand
from splitpot.sim.results import RowWriter, hand_row
from splitpot.state import State

__all__ = [
    "BACKENDS",
    "Chunk",
    "Job",
    "bot_seed",
    "chunk_size",
    "map_chunks",
    "play_chunk",
    "play_seeded",
    "run",
    "start_method",
]

BACKENDS = ("local", "ray")
"""Where chunks run: worker processes on this machine, or a Ray cluster (local or remote)."""

J = TypeVar("J")
R = TypeVar("R")
Task = Callable[[J, int, Sequence[int]], R]


def bot_seed(hand_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the hand dealt from ``hand_seed``: a pure function of
    the two, unrelated to the deck's shuffle (a hash, not the same random stream)."""
    digest = hashlib.blake2b(f"{hand_seed}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Job:
    """What a simulation plays: the game, a bot name per seat, the stacks every hand starts
    from, the bots' thinking budget, which per-hand outputs to keep (rows for ``--out``,
    PHH entries for ``--record``), and the deals per decision of bots that sample
    (``samples``: no clock, so the run is reproducible; None: by ``think``)."""

    rules: Rules
    bots: tuple[str, ...]
    stacks: tuple[int, ...]
    think: float | None = None
    rows: bool = False
    records: bool = False
    samples: int | None = None
    rotate: bool = False
    """Seat the bots one place further round every hand (bot ``j`` in seat ``(j + i) % n`` at
    hand ``i``, counted from 0): each hand's net is then per bot, in the order of ``bots``."""
    games: tuple[Rules, ...] = ()
    """Games defined from files (:func:`splitpot.variants.define`) that a worker must know to
    record hands of them."""

    def seated(self, number: int) -> tuple[str, ...]:
        """The bot in each seat at hand ``number`` (0-based)."""
        if not self.rotate:
            return self.bots
        n = len(self.bots)
        return tuple(self.bots[(seat - number) % n] for seat in range(n))

    def per_bot(self, number: int, net: tuple[int, ...]) -> tuple[int, ...]:
        """A hand's net per seat as the run counts it: per bot when the seats rotate."""
        if not self.rotate:
            return net
        n = len(net)
        return tuple(net[(j + number) % n] for j in range(n))


@dataclass
class Chunk:
    """The results of consecutive hands from number ``start`` (0-based): each hand's chips won
    or lost per seat, and its row and PHH entry when the job keeps them."""

    start: int
    net: list[tuple[int, ...]] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)
    records: list[str] = field(default_factory=list)


def play_seeded(job: Job, hand_seed: int, number: int = 0) -> State:
    """Hand ``number`` (0-based) of the job: the deck from ``hand_seed``, every bot seeded for
    this hand."""
    seated = [
        bot_registry.get(name, seed=bot_seed(hand_seed, seat), think=job.think, samples=job.samples)
        for seat, name in enumerate(job.seated(number))
    ]
    return play_hand(job.rules, seated, job.stacks, hand_seed)


def play_chunk(job: Job, start: int, seeds: Sequence[int]) -> Chunk:
    """Play the hands numbered ``start``, ``start + 1``... dealt from ``seeds``."""
    chunk = Chunk(start)
    if job.records:
        for game in job.games:
            variants.define(game)
    for offset, hand_seed in enumerate(seeds):
        number = start + offset + 1
        state = play_seeded(job, hand_seed, number - 1)
        chunk.net.append(job.per_bot(number - 1, outcome(state).net))
        if job.rows:
            chunk.rows.append(hand_row(state, number, job.seated(number - 1)))
        if job.records:
            chunk.records.append(phhs_entry(number, record_from_state(state, hand=number)))
    return chunk


def chunk_size(hands: int, workers: int) -> int:
    """Hands per chunk: small enough that every worker gets many (the load evens out and the
    progress bar moves), large enough that sending chunks costs little."""
    return max(1, min(500, -(-hands // (max(1, workers) * 16))))


def _pieces(seeds: Sequence[int], size: int, first: int) -> list[tuple[int, Sequence[int]]]:
    return [(first + i, seeds[i : i + size]) for i in range(0, len(seeds), size)]


def map_chunks(
    task: Task[J, R],
    job: J,
    seeds: Sequence[int],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    size: int | None = None,
    start: int = 0,
    on_hands: Callable[[int], None] | None = None,
) -> Iterator[R]:
    """``task(job, start + i, seeds[i:i + size])`` for every chunk, results in hand order
    (``start``: the 0-based number of the hand dealt from ``seeds[0]``).

    ``backend`` ``"local"``: in this process when ``workers`` is 1, otherwise in that many
    ``spawn``-ed processes; ``"ray"``: on Ray (:mod:`splitpot.sim.ray_backend`), at
    ``address`` or a local Ray started for the run. ``on_hands(n)`` is told the number of hands
    done so far whenever a chunk finishes.
    """
    if backend not in BACKENDS:
        raise BackendError(f"backend {backend!r}: use one of {', '.join(BACKENDS)}")
    size = size or chunk_size(len(seeds), workers)
    pieces = _pieces(seeds, size, start)
    if backend == "ray":
        from splitpot.sim.ray_backend import map_on_ray

        return map_on_ray(task, job, pieces, address=address, on_hands=on_hands)
    if workers <= 1:
        return _in_process(task, job, pieces, on_hands)
    return _in_processes(task, job, pieces, workers, on_hands)


def _in_process(
    task: Task[J, R],
    job: J,
    pieces: list[tuple[int, Sequence[int]]],
    on_hands: Callable[[int], None] | None,
) -> Iterator[R]:
    done = 0
    for start, seeds in pieces:
        result = task(job, start, seeds)
        done += len(seeds)
        if on_hands is not None:
            on_hands(done)
        yield result


def in_order(
    pieces: list[tuple[int, Sequence[int]]],
    submit: Callable[[int], Any],
    collect: Callable[[list[Any]], list[tuple[Any, R]]],
    window: int,
    on_hands: Callable[[int], None] | None,
) -> Iterator[R]:
    """Keep ``window`` chunks in flight and yield their results in hand order (both backends):
    ``submit(i)`` starts chunk ``i`` and returns a handle, ``collect(handles)`` waits until
    some have finished and returns ``(handle, result)`` for each of them."""
    pending: dict[Any, int] = {}
    ready: dict[int, R] = {}
    following = head = done = 0
    while head < len(pieces):
        while following < len(pieces) and len(pending) < window:
            pending[submit(following)] = following
            following += 1
        for handle, result in collect(list(pending)):
            i = pending.pop(handle)
            ready[i] = result
            done += len(pieces[i][1])
            if on_hands is not None:
                on_hands(done)
        while head in ready:
            yield ready.pop(head)
            head += 1


def start_method() -> str:
    """How worker processes start: ``"fork"`` on Linux while this process runs a single thread
    (the child is a copy of a process nobody else is changing), ``"spawn"`` otherwise (forking
    beside other threads can copy a lock one of them holds; macOS forks unsafely)."""
    if sys.platform == "linux" and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _in_processes(
    task: Task[J, R],
    job: J,
    pieces: list[tuple[int, Sequence[int]]],
    workers: int,
    on_hands: Callable[[int], None] | None,
) -> Iterator[R]:
    context = multiprocessing.get_context(start_method())
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        # the chunks in flight, to cancel on an error; a finished one is let go with its
        # result (kept, the results of a million-hand run stayed in memory until its end)
        pending: set[Future[R]] = set()

        def submit(i: int) -> Future[R]:
            start, seeds = pieces[i]
            future = pool.submit(task, job, start, list(seeds))
            pending.add(future)
            return future

        def collect(handles: list[Future[R]]) -> list[tuple[Any, R]]:
            finished, _ = wait(handles, return_when=FIRST_COMPLETED)
            pending.difference_update(finished)
            return [(f, f.result()) for f in finished]

        try:
            yield from in_order(pieces, submit, collect, workers * 4, on_hands)
        finally:
            for future in pending:
                future.cancel()  # an error or an interrupted run: drop what has not begun


def run(
    job: Job,
    seeds: Sequence[int],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    record: str | Path | None = None,
    out: str | Path | None = None,
    on_hands: Callable[[int], None] | None = None,
) -> list[tuple[int, ...]]:
    """Play the job's hands (see :func:`map_chunks`) and return each hand's chips won or lost
    per seat, in hand order; with ``record`` every hand goes to that ``.phhs`` file, with
    ``out`` its row to that results file (``.parquet`` or ``.csv``), as the chunks come in.

    The job's ``rows`` and ``records`` flags are set from ``out`` and ``record``.
    """
    job = replace(job, rows=out is not None, records=record is not None)
    net: list[tuple[int, ...]] = []
    with ExitStack() as files:
        rows = None if out is None else files.enter_context(RowWriter(out, len(job.bots)))
        phhs = None
        if record is not None:
            phhs = files.enter_context(Path(record).open("w", encoding="utf-8"))
        chunks = map_chunks(
            play_chunk,
            job,
            seeds,
            workers=workers,
            backend=backend,
            address=address,
            on_hands=on_hands,
        )
        for chunk in chunks:
            net.extend(chunk.net)
            if rows is not None:
                rows.write(chunk.rows)
            if phhs is not None:
                for offset, entry in enumerate(chunk.records):
                    phhs.write(entry if chunk.start + offset == 0 else "\n" + entry)
    return net
