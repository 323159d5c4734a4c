"""Hand-evaluator benchmark: splitpot side by side with eval7, phevaluator, treys and PokerKit.

Run with ``make bench`` or ``.venv/bin/python benchmarks/evaluators.py [--quick] [--json]
[--strict] [--seed N]``.

Every library evaluates the same seeded random hands. Each hand is converted to the library's
own card representation once, before any timing; a timed loop only calls the library's
documented evaluation function, one call per hand:

===========  ==========================  ==========================  ===========================
library      5-card high                 7-card high                 7-card 8-or-better low
===========  ==========================  ==========================  ===========================
splitpot     ``high_value(ids)``         ``high_value(ids)``         ``low_value(ids)``
eval7        ``evaluate(cards)``         ``evaluate(cards)``         (none)
phevaluator  ``evaluate_5cards(*ids)``   ``evaluate_7cards(*ids)``   (none)
treys        ``evaluate(two, three)``    ``evaluate(two, five)``     (none)
PokerKit     ``StandardHighHand(c)``     ``StandardHighHand``        ``EightOrBetterLowHand``
                                         ``.from_game(c)``           ``.from_game_or_none(c)``
===========  ==========================  ==========================  ===========================

Of the peers only PokerKit has an ace-to-five eight-or-better low. Before timing, every library
must agree with splitpot (and with the expected result written next to each pair) on the winner
of a set of fixed hand pairs, and on the winner of consecutive pairs of the benchmark hands, so
a misused API is never timed.

Timings are best-of-several (noise on a shared machine only ever slows a run down), each at
least ``--min-time`` seconds long, with the garbage collector off as :mod:`timeit` does.
Slow libraries evaluate a prefix of the hands; fast ones go round their list of hands as many
times as needed. The script reports targets as PASS or FAIL and exits 0 unless ``--strict`` is
given and a target fails; it exits 2 if the sanity check fails.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from importlib import metadata
from itertools import starmap
from typing import Any

import numpy as np
import numpy.typing as npt

from splitpot.cards import parse_cards
from splitpot.hands import high_value, high_values, low_value, low_values

KINDS = {
    "high5": "5-card high",
    "high7": "7-card high",
    "low7": "7-card low (8-or-better)",
}
LIBRARIES = ("splitpot", "eval7", "phevaluator", "treys", "PokerKit")
RANKS, SUITS = "23456789TJQKA", "cdhs"
FACES = tuple(r + s for r in RANKS for s in SUITS)  # index = splitpot card id

Compare = Callable[[Any, Any], int]
"""+1 if the first value is the better hand, -1 if the second is, 0 for a tie."""


def larger_wins(a: Any, b: Any) -> int:
    return (a > b) - (a < b)


def smaller_wins(a: Any, b: Any) -> int:
    return (a < b) - (a > b)


def none_loses(a: Any, b: Any) -> int:
    """For values that are None when there is no hand (no qualifying low); else larger wins."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (b < a) - (a < b)  # only ``<``: PokerKit hands define that and ``==``


@dataclass(frozen=True)
class Task:
    """One library's way of evaluating one kind of hand."""

    convert: Callable[[list[int]], Any]
    """splitpot card ids -> the library's hand; applied once, outside the timed loop."""
    evaluate: Callable[..., Any]
    compare: Compare
    star: bool = False
    """Call ``evaluate(*hand)`` rather than ``evaluate(hand)``."""
    pool: int = 200_000
    """At most this many distinct hands are converted (a slow library needs fewer)."""

    def __call__(self, hand: Any) -> Any:
        return self.evaluate(*hand) if self.star else self.evaluate(hand)


def build_tasks() -> tuple[dict[str, dict[str, Task]], dict[str, str]]:
    """Tasks per library and kind, and the libraries that could not be imported (with why)."""
    tasks: dict[str, dict[str, Task]] = {
        "splitpot": {
            "high5": Task(list, high_value, larger_wins),
            "high7": Task(list, high_value, larger_wins),
            "low7": Task(list, low_value, none_loses),
        }
    }
    missing: dict[str, str] = {}
    try:
        import eval7

        e7 = [eval7.Card(face) for face in FACES]
        tasks["eval7"] = {
            kind: Task(lambda ids: [e7[c] for c in ids], eval7.evaluate, larger_wins)
            for kind in ("high5", "high7")
        }
    except ImportError as error:
        missing["eval7"] = str(error)
    try:
        from phevaluator.evaluator import evaluate_5cards, evaluate_7cards

        tasks["phevaluator"] = {  # the same card ids as splitpot; smaller is stronger
            "high5": Task(tuple, evaluate_5cards, smaller_wins, star=True),
            "high7": Task(tuple, evaluate_7cards, smaller_wins, star=True),
        }
    except ImportError as error:
        missing["phevaluator"] = str(error)
    try:
        import treys

        tr = [treys.Card.new(face) for face in FACES]
        evaluator = treys.Evaluator()

        def to_treys(ids: list[int]) -> tuple[list[int], list[int]]:
            cards = [tr[c] for c in ids]
            return cards[:2], cards[2:]  # evaluate(hand, board) joins the two lists

        tasks["treys"] = {
            kind: Task(to_treys, evaluator.evaluate, smaller_wins, star=True, pool=50_000)
            for kind in ("high5", "high7")
        }
    except ImportError as error:
        missing["treys"] = str(error)
    try:
        from pokerkit import Card as PokerKitCard
        from pokerkit import EightOrBetterLowHand, StandardHighHand

        pk = [next(PokerKitCard.parse(face)) for face in FACES]

        def to_pokerkit(ids: list[int]) -> tuple[Any, ...]:
            return tuple(pk[c] for c in ids)

        tasks["PokerKit"] = {
            "high5": Task(to_pokerkit, StandardHighHand, none_loses, pool=20_000),
            "high7": Task(to_pokerkit, StandardHighHand.from_game, none_loses, pool=5_000),
            "low7": Task(
                to_pokerkit, EightOrBetterLowHand.from_game_or_none, none_loses, pool=5_000
            ),
        }
    except ImportError as error:
        missing["PokerKit"] = str(error)
    return tasks, missing


# --- hands ---------------------------------------------------------------------------------


def deal(n: int, k: int, seed: int) -> npt.NDArray[np.uint8]:
    """``n`` uniformly random hands of ``k`` different cards, as an (n, k) array of card ids.

    Rows holding a card twice are drawn again until none does (rejection sampling keeps every
    ordered hand equally likely).
    """
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        rows = np.sort(hands[todo], axis=1)
        todo = todo[(rows[:, 1:] == rows[:, :-1]).any(axis=1)]
        hands[todo] = rng.integers(0, 52, size=(todo.size, k), dtype=np.uint8)
    return hands


# Fixed pairs: kind, hand a, hand b, expected winner ("a", "b" or "tie").
PAIRS: tuple[tuple[str, str, str, str], ...] = (
    ("high5", "AsKsQsJsTs", "9h9d9c9s2d", "a"),  # straight flush beats quads
    ("high5", "5d4c3h2sAs", "6d5c4h3s2d", "b"),  # the wheel is the lowest straight
    ("high5", "AhKhQh9h2h", "AdKdQd9d2d", "tie"),
    ("high5", "KcKdKh2c2d", "AcJcTc9c7c", "a"),  # full house beats flush
    ("high5", "AcAd9h9s4c", "AhAs9c9d3c", "a"),  # two pair, kicker
    ("high5", "7c6d5h4s2c", "7d6h5s3c2d", "a"),
    ("high5", "QhQd5c4s3h", "JcJs" + "AdKhQc", "a"),
    ("high7", "AhKd9s8c7h6d2s", "AsKs4s5s9d9c2c", "b"),  # flush beats a pair
    ("high7", "8h8s8dJcJd2c3c", "AhAsKdKcQh2c3c", "a"),  # full house beats two pair
    ("high7", "2c3d4h5s6c9dTh", "AcAdAhKsKd2s3s", "b"),
    ("high7", "AhKhQhJhTh2c3d", "AsKsQsJsTs4c5d", "tie"),  # two royal flushes
    ("high7", "9c9d9h9s2c3d4h", "TcTdTh5s5c2d3h", "a"),
    ("high7", "AcKcQcJc9c8c7c", "AdKdQdJdTd2c3c", "b"),
    ("high7", "Ac2c3c4c5cKdKh", "6d5h4s3c2dAdAh", "a"),  # steel wheel beats a straight
    ("high7", "7s7h7d2c2d2h5s", "7c6c6d6h2s3c4d", "a"),  # sevens full beats sixes full
    ("low7", "Ah2c3d4s5h9cKd", "Ad2d3c4c6dKhKs", "a"),  # the wheel beats 6-4-3-2-A
    ("low7", "9d4s5c6hKh3dTc", "8c7d6h4s2cKdKh", "b"),  # no low loses to an eight
    ("low7", "8c7d6h5s4cKdKh", "8d7h6s4c3dQcQd", "b"),  # 8-7-6-5-4 loses to 8-7-6-4-3
    ("low7", "AcAd2h3s4c5d9h", "Ah2c3c4d6sKsKd", "a"),
    ("low7", "Ac2d3h4s6cKdQd", "7c5d4h3s2cKhQh", "a"),  # the ace is low: 6-4-3-2-A wins
    ("low7", "7c6d5h4s2c8c9c", "7d6h5s4c2dTcJc", "tie"),
    ("low7", "9c9d9hTsTcJdJh", "KcKdKhQsQcJdJh", "tie"),  # neither qualifies
    ("low7", "Ac2c3c4c5cKdQd", "Ad2d3d4d6cKhQh", "a"),  # a flush does not spoil a low
)
OUTCOME = {"a": 1, "b": -1, "tie": 0}


def sanity_check(
    tasks: dict[str, dict[str, Task]], pools: dict[str, dict[str, list[Any]]], ids: list[list[int]]
) -> list[str]:
    """Problems found: fixed pairs, then consecutive pairs of the first converted hands."""
    problems = []
    for kind, text_a, text_b, expected in PAIRS:
        a, b = ([int(c) for c in parse_cards(text)] for text in (text_a, text_b))
        for name, per_kind in tasks.items():
            task = per_kind.get(kind)
            if task is None:
                continue
            got = task.compare(task(task.convert(a)), task(task.convert(b)))
            if got != OUTCOME[expected]:
                problems.append(
                    f"{name} {KINDS[kind]}: {text_a} vs {text_b} gives {got:+d}, "
                    f"expected {expected}"
                )
    for name, per_kind in tasks.items():
        for kind, task in per_kind.items():
            reference = tasks["splitpot"][kind]
            hands = pools[name][kind][:400]
            values = [task(hand) for hand in hands]
            ref = [reference(_cut(ids[i], kind)) for i in range(len(hands))]
            for i in range(len(hands) - 1):
                ours = reference.compare(ref[i], ref[i + 1])
                theirs = task.compare(values[i], values[i + 1])
                if ours != theirs:
                    problems.append(
                        f"{name} {KINDS[kind]}: benchmark hands {i} and {i + 1} give "
                        f"{theirs:+d}, splitpot {ours:+d}"
                    )
                    break
    return problems


def _cut(hand: list[int], kind: str) -> list[int]:
    return hand[:5] if kind == "high5" else hand


# --- timing --------------------------------------------------------------------------------


@dataclass
class Timing:
    rate: float
    """Evaluations per second: ``evaluations / seconds``."""
    seconds: float
    """The best of the timed runs."""
    evaluations: int
    """Evaluations per timed run."""
    hands: int
    """Distinct hands among them (the first ``hands`` of the seeded hands)."""
    runs: list[float] = field(default_factory=list)


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``--clock``: wall time, or this process's CPU time, which leaves out the time other work on
a shared machine holds the core (caches shared with that work still slow a run down)."""


def _clock(run: Callable[[], object], clock: Callable[[], float]) -> float:
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = clock()
        run()
        return clock() - start
    finally:
        if enabled:
            gc.enable()


def time_calls(
    task: Task, hands: Sequence[Any], min_time: float, repeats: int, clock: Callable[[], float]
) -> Timing:
    """Best rate of one call per hand, over enough hands that each run takes ``min_time``."""
    mapper: Any = starmap if task.star else map
    evaluate = task.evaluate

    def runner(items: Sequence[Any]) -> Callable[[], None]:
        return lambda: deque(mapper(evaluate, items), maxlen=0)

    # Calibrate on growing prefixes (which also warms caches up), then size the runs.
    count = min(len(hands), 64)
    while True:
        elapsed = _clock(runner(hands[:count]), clock)
        if elapsed >= min_time / 4 or count == len(hands):
            break
        count = min(len(hands), count * 4)
    wanted = math.ceil(1.3 * min_time * count / max(elapsed, 1e-9))
    distinct = min(wanted, len(hands))
    items = list(hands[:distinct]) * math.ceil(wanted / distinct)
    runs = [_clock(runner(items), clock) for _ in range(repeats)]
    best = min(runs)
    return Timing(len(items) / best, best, len(items), distinct, runs)


def time_batch(
    function: Callable[[npt.NDArray[np.uint8]], object],
    array: npt.NDArray[np.uint8],
    repeats: int,
    clock: Callable[[], float],
) -> Timing:
    runs = [_clock(lambda: function(array), clock) for _ in range(repeats)]
    best = min(runs)
    return Timing(len(array) / best, best, len(array), len(array), runs)


# --- import time and memory, each in a fresh interpreter -----------------------------------

IMPORT_PROBE = """
import json, os, sys, time
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
r0 = rss()
t0 = time.perf_counter()
import splitpot.hands  # the scalar evaluator: numpy is not imported
t1 = time.perf_counter()
r1 = rss()
assert "numpy" not in sys.modules
import numpy  # what a batch call adds: numpy, and the tables as its arrays
splitpot.hands.high_values(numpy.zeros((1, 1), dtype=numpy.uint8))
t2 = time.perf_counter()
print(json.dumps({"total": t2 - t0, "own": t1 - t0, "rss": r1 - r0}))
"""

TRACEMALLOC_PROBE = """
import json, os, tracemalloc
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
import numpy, numpy.typing
r0 = rss()
tracemalloc.start()
import splitpot.hands
from splitpot import _tables
current, peak = tracemalloc.get_traced_memory()
for k in range(1, 8):  # a batch call of every hand size: nothing more should be built
    splitpot.hands.high_values(numpy.arange(k, dtype=numpy.uint8).reshape(1, k))
    splitpot.hands.low_values(numpy.arange(k, dtype=numpy.uint8).reshape(1, k))
every, _ = tracemalloc.get_traced_memory()
arrays = {name: a.nbytes for name, a in vars(_tables.tables()).items()
          if isinstance(a, numpy.ndarray)}
print(json.dumps({"retained": current, "peak": peak, "every": every, "rss_every": rss() - r0,
                  "arrays": arrays}))
"""


def _probe(code: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def measure_import(repeats: int) -> dict[str, Any]:
    runs = [_probe(IMPORT_PROBE) for _ in range(repeats)]
    traced = _probe(TRACEMALLOC_PROBE)
    return {
        "import_s": min(r["total"] for r in runs),
        "import_own_s": min(r["own"] for r in runs),
        "import_runs_s": [r["total"] for r in runs],
        "rss_increase_mb": statistics.median(r["rss"] for r in runs) / 1e6,
        "traced_retained_mb": traced["retained"] / 1e6,
        "traced_peak_mb": traced["peak"] / 1e6,
        "traced_every_table_mb": traced["every"] / 1e6,
        "rss_every_table_mb": traced["rss_every"] / 1e6,
        "table_arrays_mb": {name: v / 1e6 for name, v in traced["arrays"].items()},
    }


# --- the run -------------------------------------------------------------------------------


@dataclass
class Target:
    label: str
    measured: str
    required: str
    passed: bool | None  # None: a peer is missing
    value: float | None = None
    """The measured number: a ratio, hands per second, seconds or MB."""


def _ratio_target(label: str, ours: float | None, theirs: float | None, factor: float) -> Target:
    if ours is None or theirs is None:
        return Target(label, "n/a", f"≥ {factor:g}×", None)
    ratio = ours / theirs
    return Target(label, f"{ratio:,.1f}×", f"≥ {factor:g}×", ratio >= factor, ratio)


def targets(result: dict[str, Any]) -> list[Target]:
    calls = result["per_call"]
    batch = result["batch"]

    def rate(kind: str, name: str) -> float | None:
        timing = calls[kind].get(name)
        return None if timing is None else float(timing["rate"])

    low_batch = batch["low_values (N,7)"]["rate"]
    imports = result["import"]
    return [
        _ratio_target(
            "1. 7-card high, per call: splitpot ÷ treys",
            rate("high7", "splitpot"),
            rate("high7", "treys"),
            5,
        ),
        _ratio_target(
            "2. 7-card high: splitpot batch ÷ eval7 per call",
            batch["high_values (N,7)"]["rate"],
            rate("high7", "eval7"),
            4,
        ),
        _ratio_target(
            "3a. 7-card 8-or-better low, per call: splitpot ÷ PokerKit",
            rate("low7", "splitpot"),
            rate("low7", "PokerKit"),
            100,
        ),
        Target(
            "3b. 7-card 8-or-better low, batch",
            f"{low_batch / 1e6:.1f} M/s",
            "≥ 20 M/s",
            low_batch >= 20e6,
            low_batch,
        ),
        Target(
            "4a. import splitpot.hands and a batch call (numpy, best of 5)",
            f"{imports['import_s']:.3f} s",
            "< 0.5 s",
            imports["import_s"] < 0.5,
            imports["import_s"],
        ),
        Target(
            "4b. tables (tracemalloc, retained by the import)",
            f"{imports['traced_retained_mb']:.1f} MB",
            "< 50 MB",
            imports["traced_retained_mb"] < 50,
            imports["traced_retained_mb"],
        ),
    ]


def _versions() -> dict[str, str]:
    versions = {"python": platform.python_version(), "numpy": np.__version__}
    for dist in ("splitpot", "eval7", "phevaluator", "treys", "pokerkit"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "missing"
    return versions


def run(args: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    quick = args.quick
    min_time = 0.05 if quick else args.min_time
    repeats = 2 if quick else 5
    batch_rows = 200_000 if quick else 2_000_000
    pool_cap = 20_000 if quick else 200_000
    clock = CLOCKS[args.clock]

    tasks, missing = build_tasks()
    log(f"dealing {batch_rows:,} seeded 7-card hands (seed {args.seed})")
    hands7 = deal(batch_rows, 7, args.seed)
    ids: list[list[int]] = hands7[:pool_cap].tolist()

    log("converting hands to each library's cards")
    pools: dict[str, dict[str, list[Any]]] = {}
    for name, per_kind in tasks.items():
        pools[name] = {}
        for kind, task in per_kind.items():
            pools[name][kind] = [task.convert(_cut(hand, kind)) for hand in ids[: task.pool]]

    log("sanity check: every library against splitpot")
    problems = sanity_check(tasks, pools, ids)
    if problems:
        raise SanityError(problems)

    per_call: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS}
    for kind in KINDS:
        for name, per_kind in tasks.items():
            if kind in per_kind:
                log(f"timing {name}, {KINDS[kind]}, one call per hand")
                timing = time_calls(per_kind[kind], pools[name][kind], min_time, repeats, clock)
                per_call[kind][name] = asdict(timing)
    del pools

    hands5 = np.ascontiguousarray(hands7[:, :5])
    batch: dict[str, Any] = {}
    for label, function, array in (
        ("high_values (N,5)", high_values, hands5),
        ("high_values (N,7)", high_values, hands7),
        ("low_values (N,7)", low_values, hands7),
    ):
        log(f"timing splitpot {label}, N = {len(array):,}")
        batch[label] = asdict(time_batch(function, array, max(3, repeats), clock))

    log("timing import of splitpot.hands in fresh interpreters")
    result: dict[str, Any] = {
        "config": {
            "seed": args.seed,
            "quick": quick,
            "min_time_s": min_time,
            "clock": args.clock,
            "repeats": repeats,
            "batch_rows": batch_rows,
            "cpus": os.cpu_count(),
            "load_average": os.getloadavg(),
            "versions": _versions(),
            "missing": missing,
        },
        "sanity": {"fixed_pairs": len(PAIRS), "problems": []},
        "per_call": per_call,
        "batch": batch,
        "import": measure_import(5),
    }
    result["targets"] = [asdict(t) for t in targets(result)]
    return result


class SanityError(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


# --- output --------------------------------------------------------------------------------


def _rate(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M/s"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f} k/s"
    return f"{rate:.0f} /s"


def report(result: dict[str, Any]) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, width=max(100, Console().width))
    config = result["config"]
    versions = " · ".join(f"{k} {v}" for k, v in config["versions"].items())
    load = ", ".join(f"{x:.2f}" for x in config["load_average"])
    console.print("[bold]splitpot evaluator benchmark[/]")
    console.print(versions, soft_wrap=True)
    console.print(
        f"{config['cpus']} CPUs, load average {load}; seed {config['seed']}; "
        f"best of {config['repeats']} runs of ≥ {config['min_time_s']:g} s each "
        f"({config['clock']} clock)"
        + ("  [yellow](--quick: numbers are rough)[/]" if config["quick"] else ""),
        soft_wrap=True,
    )
    console.print(
        f"sanity check passed: every library agrees with splitpot on "
        f"{result['sanity']['fixed_pairs']} fixed hand pairs and on the benchmark hands",
        soft_wrap=True,
    )
    for name, why in config["missing"].items():
        console.print(f"[yellow]{name} skipped: {why}[/]")

    calls = Table(
        title="Per call: hands evaluated per second (same seeded hands)",
        box=box.SIMPLE_HEAVY,
        title_justify="left",
    )
    calls.add_column("library")
    for kind in KINDS:
        calls.add_column(KINDS[kind], justify="right")
    for name in LIBRARIES:
        cells = []
        for kind in KINDS:
            timing = result["per_call"][kind].get(name)
            if timing is None:
                cells.append("—")
            else:
                cells.append(f"{_rate(timing['rate'])}  [dim]({timing['hands']:,})[/]")
        if any(cell != "—" for cell in cells):
            calls.add_row(name, *cells)
    calls.caption = "in brackets: distinct hands timed (fast libraries go round them again)"
    console.print(calls)

    batch = Table(
        title="Batch: splitpot on numpy arrays of card ids (uint8)",
        box=box.SIMPLE_HEAVY,
        title_justify="left",
    )
    for column in ("call", "rows", "best time", "hands/s"):
        batch.add_column(column, justify="left" if column == "call" else "right")
    for label, timing in result["batch"].items():
        batch.add_row(
            label,
            f"{timing['hands']:,}",
            f"{timing['seconds']:.3f} s",
            _rate(timing["rate"]),
        )
    arrays = result["import"]["table_arrays_mb"]
    batch.caption = (
        f"every hand size uses the same numpy tables, {sum(arrays.values()):.1f} MB in all"
    )
    console.print(batch)

    imports = result["import"]
    cost = Table(
        title="import splitpot.hands, in fresh interpreters",
        box=box.SIMPLE_HEAVY,
        title_justify="left",
    )
    cost.add_column("measure")
    cost.add_column("value", justify="right")
    cost.add_row(
        "import time, then numpy and a batch call (best of 5)", f"{imports['import_s']:.3f} s"
    )
    cost.add_row("import time alone (numpy not imported)", f"{imports['import_own_s']:.3f} s")
    cost.add_row("tracemalloc: retained by the import", f"{imports['traced_retained_mb']:.1f} MB")
    cost.add_row("tracemalloc: peak during the import", f"{imports['traced_peak_mb']:.1f} MB")
    cost.add_row(
        "process RSS increase of the import (median of 5)", f"{imports['rss_increase_mb']:.1f} MB"
    )
    cost.add_row(
        "tracemalloc: after a batch call of every size",
        f"{imports['traced_every_table_mb']:.1f} MB",
    )
    cost.add_row(
        "process RSS increase, after those calls", f"{imports['rss_every_table_mb']:.1f} MB"
    )
    cost.caption = "tracemalloc: numpy loaded first, splitpot's share only"
    console.print(cost)

    goals = Table(title="Targets (this run)", box=box.SIMPLE_HEAVY, title_justify="left")
    for column in ("target", "measured", "required", "result"):
        goals.add_column(column, justify="left" if column == "target" else "right")
    verdict = {True: "[green]PASS[/]", False: "[red]FAIL[/]", None: "[yellow]SKIP[/]"}
    for target in result["targets"]:
        goals.add_row(
            target["label"], target["measured"], target["required"], verdict[target["passed"]]
        )
    console.print(goals)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few hands, short runs: a smoke test")
    parser.add_argument("--json", action="store_true", help="print the results as JSON only")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target fails")
    parser.add_argument("--seed", type=int, default=20261130, help="seed of the random hands")
    parser.add_argument(
        "--min-time",
        type=float,
        default=0.3,
        help="shortest timed run in seconds (default 0.3; --quick uses 0.05)",
    )
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="time runs by the wall clock (default) or by this process's CPU time, "
        "steadier on a shared machine",
    )
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        print(f"… {message}", file=sys.stderr, flush=True)

    started = time.perf_counter()
    try:
        result = run(args, log)
    except SanityError as error:
        print("sanity check failed; nothing was timed:", file=sys.stderr)
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
        return 2
    result["config"]["wall_s"] = time.perf_counter() - started
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
        print(f"whole run: {result['config']['wall_s']:.0f} s")
    failed = any(target["passed"] is False for target in result["targets"])
    return 1 if args.strict and failed else 0


if __name__ == "__main__":
    sys.exit(main())
