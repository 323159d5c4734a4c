"""Hands in parallel: a hand's result is a pure function of the run's seed and its number, so
neither the number of workers nor how the hands are cut into chunks changes anything."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from splitpot import bots, variants
from splitpot.cli import main
from splitpot.notation import load
from splitpot.records import replay_to_end
from splitpot.sim import hand_seeds, play_hand
from splitpot.sim.parallel import (
    Job,
    bot_seed,
    in_order,
    map_chunks,
    play_chunk,
    run,
    start_method,
)

JOB = Job(variants.get("stud8"), ("random", "call", "random", "heuristic"), (200,) * 4)


def test_bot_seeds_are_a_function_of_hand_and_seat_only() -> None:
    assert bot_seed(12345, 2) == bot_seed(12345, 2)
    seeds = {bot_seed(h, s) for h in hand_seeds(3, 50) for s in range(8)}
    assert len(seeds) == 400  # no two hands or seats share a bot seed
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_hand_is_the_same_alone_or_in_a_run() -> None:
    seeds = hand_seeds(11, 30)
    whole = [net for chunk in map_chunks(play_chunk, JOB, seeds, size=7) for net in chunk.net]
    assert len(whole) == 30
    # hand 17 played by itself, from its own seed: random bots built for that hand alone
    alone = play_chunk(JOB, 16, seeds[16:17]).net
    assert alone == [whole[16]]
    # and by hand, as a worker would: the deck from the hand's seed, each bot from bot_seed
    seated = [bots.get(name, seed=bot_seed(seeds[16], s)) for s, name in enumerate(JOB.bots)]
    state = play_hand(JOB.rules, seated, JOB.stacks, seeds[16])
    assert tuple(c - 200 for c in state.stacks) == whole[16]


@pytest.mark.parametrize("size", [1, 4, 30])
def test_chunk_size_changes_nothing(size: int) -> None:
    seeds = hand_seeds(5, 30)
    nets = [net for chunk in map_chunks(play_chunk, JOB, seeds, size=size) for net in chunk.net]
    reference = [net for chunk in map_chunks(play_chunk, JOB, seeds, size=30) for net in chunk.net]
    assert nets == reference
    assert all(sum(net) == 0 for net in nets)


def test_results_come_back_in_order_whatever_finishes_first() -> None:
    pieces: list[tuple[int, Sequence[int]]] = [(i, [i]) for i in range(9)]
    started: list[int] = []
    seen: list[int] = []

    def submit(i: int) -> int:
        started.append(i)
        return i

    def collect(handles: list[int]) -> list[tuple[int, int]]:
        last = max(handles)  # the most recent finishes first
        return [(last, last * 10)]

    out = list(in_order(pieces, submit, collect, 3, seen.append))
    assert out == [i * 10 for i in range(9)]
    assert started == list(range(9))
    assert seen == list(range(1, 10))  # one hand per chunk done, counted as they finish


def test_two_worker_processes_give_the_one_process_result(tmp_path: Path) -> None:
    seeds = hand_seeds(21, 80)
    one = run(JOB, seeds, workers=1)
    two = run(JOB, seeds, workers=2, record=tmp_path / "two.phhs")
    assert two == one
    records = load(tmp_path / "two.phhs")
    assert [r.fields["hand"] for r in records] == list(range(1, 81))
    assert [r.seed for r in records] == seeds
    for record, net in zip(records, one, strict=True):
        assert replay_to_end(record).stacks == tuple(200 + x for x in net)


def _net(*args: str) -> list[int]:
    result = CliRunner().invoke(main, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return list(json.loads(result.stdout)["net"])


def test_simulate_workers_change_nothing() -> None:
    args = ("--game", "razz", "--players", "3", "--hands", "60", "--seed", "4", "--bots", "random")
    assert _net(*args, "--workers", "2") == _net(*args)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--address", "ray://x:1"), "--address names a Ray cluster"),
        (("--backend", "ray", "--workers", "2"), "--workers is for the local backend"),
        (("--out", "x.txt"), "name a .parquet or .csv file"),
        (("--workers", "0"), "Invalid value for '--workers'"),
        (("--backend", "dask"), "Invalid value for '--backend'"),
    ],
)
def test_usage_errors(args: tuple[str, ...], message: str) -> None:
    base = ["simulate", "--game", "stud8", "--players", "2", "--hands", "1", "--bots", "call"]
    result = CliRunner().invoke(main, [*base, *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    result = CliRunner().invoke(
        main,
        ["simulate", "--game", "stud8", "--players", "2", "--hands", "3", "--bots", "call",
         "--backend", "ray"],
    )  # fmt: skip
    assert result.exit_code == 1
    assert "pip install 'splitpot[ray]'" in result.stderr


def test_workers_are_spawned_beside_other_threads_with_the_same_results() -> None:
    seeds = hand_seeds(22, 40)
    alone = threading.active_count() == 1  # not so after a test that leaves a thread behind
    assert start_method() == ("fork" if alone and sys.platform == "linux" else "spawn")
    forked = run(JOB, seeds, workers=2)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert start_method() == "spawn"  # a fork could copy a lock the other thread holds
        assert run(JOB, seeds, workers=2) == forked == run(JOB, seeds, workers=1)
    finally:
        stop.set()
        other.join()


def test_a_chunk_handed_back_is_not_kept_by_the_pool() -> None:
    # A million-hand run with --out kept every chunk's rows in the parent until the end
    # (the pool's futures held their results): each result must live only as long as its
    # reader keeps it, while the run goes on.
    import gc
    import weakref

    chunks = map_chunks(play_chunk, JOB, hand_seeds(5, 24), workers=2, size=2)
    gone = []
    for n, chunk in enumerate(chunks):
        gone.append(weakref.ref(chunk))
        del chunk
        if n == 9:
            break
    gc.collect()
    # the loop that hands results over still names the last one it collected (which may be
    # any of those read): at most one of them is alive, where the pool kept all ten
    assert sum(ref() is not None for ref in gone) <= 1
    chunks.close()
