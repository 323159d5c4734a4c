"""Bot strength: equity and heuristic against random and call, and against each other.

For each game, three four-handed tables play N hands each (default 3,000), every stack reset
to 100 big bets each hand, the seats rotated one place every hand and the deals dealt in
duplicate blocks of four (each bot once in every seat with the same deck, so neither position
nor the luck of the deal favours anyone; :func:`splitpot.sim.play_rotating`):

* ``equity``: two equity bots, random and call;
* ``heuristic``: two heuristic bots, random and call;
* ``duel``: two equity bots and two heuristic bots, alternating.

It prints, per game, the mean chips per hand and seat with the half-width of its 95 %
confidence interval (from the blocks' means) and the equity bots' time per decision. The
required comparisons (docs/bots.md) are:

* equity wins chips from random and call: its interval at the ``equity`` table lies above 0;
* heuristic likewise at the ``heuristic`` table;
* equity beats heuristic: at the ``duel`` table the interval of equity's mean minus
  heuristic's mean (per hand, per seat) lies above zero.

``--mixed`` adds a fourth table, one of each bot (equity, heuristic, random, call), and
prints equity's mean less call's there. The exit status is 1 when any required comparison
fails for any game. The same ``--seed`` gives the same
numbers: the bots are seeded from it and the equity bot draws a fixed number of deals per
decision (``--samples``, default 2,000), never reading the clock.

``--timing`` measures instead how long the equity bot takes per decision when it thinks by
time (``--think`` budgets in ms, e.g. ``20,50``: a deadline, not reproducible): for each game
and budget, two equity bots, heuristic and random play ``--hands`` hands (seats rotated), and
it prints the 50th and 99th percentiles and the maximum of the decision times (wall clock),
how many decisions overran the budget by more than 5 ms, the percentiles of the CPU time the
process spent on them (the bot's own work, whatever else the machine runs), and the one-time
preparation per game
(:meth:`EquityBot.prepare`, done before the first decision and not counted in it).

    .venv/bin/python benchmarks/bots.py                          # every game, 3,000 hands
    .venv/bin/python benchmarks/bots.py --games stud8,razz --hands 500
    .venv/bin/python benchmarks/bots.py --games nasdaq,nasdaq7 --mixed   # and one of each bot
    .venv/bin/python benchmarks/bots.py --timing --think 20,50 --hands 100
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from splitpot import bots, variants
from splitpot.bots.equity import EquityBot
from splitpot.sim import mean_ci, play_rotating
from splitpot.views import View

TABLES = {
    "equity": ("equity", "equity", "random", "call"),
    "heuristic": ("heuristic", "heuristic", "random", "call"),
    "duel": ("equity", "heuristic", "equity", "heuristic"),
}
"""Three four-handed tables per game: each strong bot (two copies) against random and call,
and the two strong bots against each other (two copies each)."""
MIXED = ("equity", "heuristic", "random", "call")
"""With ``--mixed``, a fourth table per game: one of each bot (issue 12: does equity out-win
the calling station there?)."""
TIMING = ("equity", "heuristic", "equity", "random")
"""The table at which decision times are measured (``--timing``)."""
OVERRUN = 0.005
"""A timed decision more than this many seconds over its budget counts as an overrun."""
PLAYERS = 4
REQUIRED = ("equity vs random+call", "heuristic vs random+call", "equity − heuristic")


class Timed:
    """Wraps a bot and keeps the time each decision took: on the wall clock (what a deadline
    counts) and in this process's CPU (what the bot worked, whatever else the machine ran)."""

    def __init__(self, bot: bots.Bot) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []

    def act(self, view: View) -> Any:
        began, cpu = time.perf_counter(), time.process_time()
        action = self.bot.act(view)
        self.times.append(time.perf_counter() - began)
        self.cpu.append(time.process_time() - cpu)
        return action


def _percentile(times: list[float], q: float) -> float:
    return times[int(q * (len(times) - 1))] if times else 0.0


def run_table(game: str, table: str, hands: int, seed: int, samples: int) -> dict[str, Any]:
    """Play one table of one game; the mean per hand and CI of each kind of bot at it (the
    mean over its seats), and the equity bots' decision times."""
    rules = variants.get(game)
    lineup = MIXED if table == "mixed" else TABLES[table]
    seated: list[bots.Bot] = []
    timers: list[Timed] = []
    for j, name in enumerate(lineup):
        bot = bots.get(name, seed=seed * 100 + j, samples=samples)
        if isinstance(bot, EquityBot):
            bot.prepare(rules)  # once per game: not a decision
            timer = Timed(bot)
            timers.append(timer)
            bot = timer
        seated.append(bot)
    began = time.perf_counter()
    results = play_rotating(rules, seated, hands=hands, seed=seed, stacks=100 * rules.big_bet)
    seconds = time.perf_counter() - began
    kinds: dict[str, Any] = {}
    for name in dict.fromkeys(lineup):
        seats = [j for j, n in enumerate(lineup) if n == name]
        per_hand = [sum(r[j] for j in seats) / len(seats) for r in results]
        mean, ci = mean_ci(per_hand, block=PLAYERS)
        kinds[name] = {"mean": mean, "ci": ci}
    if table == "mixed":
        mean, ci = mean_ci([r[0] - r[3] for r in results], block=PLAYERS)
        kinds["equity − call"] = {"mean": mean, "ci": ci}
    if table == "duel":  # zero-sum: equity - heuristic per seat is twice equity's mean
        diff = [sum(r[0::2]) / 2 - sum(r[1::2]) / 2 for r in results]
        mean, ci = mean_ci(diff, block=PLAYERS)
        kinds["equity − heuristic"] = {"mean": mean, "ci": ci}
    times = sorted(t for timer in timers for t in timer.times)
    return {
        "game": game,
        "table": table,
        "hands": hands,
        "seconds": seconds,
        "big_bet": rules.big_bet,
        "bots": kinds,
        "decisions": len(times),
        "ms_mean": 1000 * sum(times) / len(times) if times else 0.0,
        "ms_p99": 1000 * _percentile(times, 0.99),
        "ms_max": 1000 * times[-1] if times else 0.0,
    }


def run_timing(game: str, think: float, hands: int, seed: int) -> dict[str, Any]:
    """Decision times of the equity bot thinking ``think`` seconds a decision (a deadline)."""
    rules = variants.get(game)
    seated: list[bots.Bot] = []
    timers: list[Timed] = []
    prepared = 0.0
    for j, name in enumerate(TIMING):
        bot = bots.get(name, seed=seed * 100 + j, think=think)
        if isinstance(bot, EquityBot):
            began = time.perf_counter()
            bot.prepare(rules)
            prepared = max(prepared, time.perf_counter() - began)
            timers.append(Timed(bot))
            bot = timers[-1]
        seated.append(bot)
    play_rotating(rules, seated, hands=hands, seed=seed, stacks=100 * rules.big_bet)
    times = sorted(t for timer in timers for t in timer.times)
    cpu = sorted(t for timer in timers for t in timer.cpu)
    return {
        "game": game,
        "think_ms": 1000 * think,
        "hands": hands,
        "decisions": len(times),
        "ms_p50": 1000 * _percentile(times, 0.5),
        "ms_p99": 1000 * _percentile(times, 0.99),
        "ms_max": 1000 * times[-1] if times else 0.0,
        "overruns": sum(t > think + OVERRUN for t in times),
        "cpu_p50": 1000 * _percentile(cpu, 0.5),
        "cpu_p99": 1000 * _percentile(cpu, 0.99),
        "prepare_ms": 1000 * prepared,
    }


def timing_table(results: list[dict[str, Any]]) -> str:
    """A Markdown table of decision times by game and budget."""
    lines = [
        "| game | think ms | decisions | p50 ms | p99 ms | max ms | over budget + 5 ms | "
        "CPU p50 / p99 ms | prepare ms |",
        "|---" * 9 + "|",
    ]
    lines += [
        f"| {r['game']} | {r['think_ms']:g} | {r['decisions']} | {r['ms_p50']:.1f} | "
        f"{r['ms_p99']:.1f} | {r['ms_max']:.1f} | {r['overruns']} | "
        f"{r['cpu_p50']:.1f} / {r['cpu_p99']:.1f} | {r['prepare_ms']:.0f} |"
        for r in results
    ]
    return "\n".join(lines)


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One game's three tables as one row."""
    by = {p["table"]: p for p in parts}
    times = [p for p in parts if p["decisions"]]
    decisions = sum(p["decisions"] for p in times)
    return {
        "game": parts[0]["game"],
        "hands": parts[0]["hands"],
        "seconds": sum(p["seconds"] for p in parts),
        "big_bet": parts[0]["big_bet"],
        "equity vs random+call": by["equity"]["bots"]["equity"],
        "heuristic vs random+call": by["heuristic"]["bots"]["heuristic"],
        "random (equity table)": by["equity"]["bots"]["random"],
        "call (equity table)": by["equity"]["bots"]["call"],
        "random (heuristic table)": by["heuristic"]["bots"]["random"],
        "call (heuristic table)": by["heuristic"]["bots"]["call"],
        "equity − heuristic": by["duel"]["bots"]["equity − heuristic"],
        "decisions": decisions,
        "ms_mean": sum(p["ms_mean"] * p["decisions"] for p in times) / max(1, decisions),
        "ms_p99": max((p["ms_p99"] for p in times), default=0.0),
        "ms_max": max((p["ms_max"] for p in times), default=0.0),
    }


def checks(result: dict[str, Any]) -> dict[str, bool]:
    """The required comparisons for one game: True where the interval lies above zero."""
    return {k: result[k]["mean"] - result[k]["ci"] > 0 for k in REQUIRED}


COLUMNS = (
    "equity vs random+call",
    "heuristic vs random+call",
    "equity − heuristic",
    "random (equity table)",
    "call (equity table)",
)


def table(results: list[dict[str, Any]], samples: int) -> str:
    """A Markdown table of the results."""
    head = "| game | " + " | ".join(COLUMNS) + " | equity ms/decision |"
    rule = "|---" * (len(COLUMNS) + 2) + "|"
    lines = [head, rule]
    for r in results:
        cells = [f"{r[c]['mean']:+.2f} ± {r[c]['ci']:.2f}" for c in COLUMNS]
        flag = "" if all(checks(r).values()) else " **FAIL**"
        timing = f"{r['ms_mean']:.1f} (p99 {r['ms_p99']:.1f}, max {r['ms_max']:.0f})"
        lines.append(f"| {r['game']}{flag} | " + " | ".join(cells) + f" | {timing} |")
    lines.append("")
    hands = results[0]["hands"] if results else 0
    lines.append(
        f"{hands} hands per table, chips per hand and seat (big bet "
        f"{results[0]['big_bet'] if results else '?'}), mean ± 95 % CI half-width; equity "
        f"draws {samples:,} deals per decision."
    )
    return "\n".join(lines)


def mixed_table(parts: list[dict[str, Any]]) -> str:
    """A Markdown table of the mixed tables: each bot's mean, and equity's less call's."""
    names = (*MIXED, "equity − call")
    lines = ["| game | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for p in parts:
        cells = [f"{p['bots'][n]['mean']:+.2f} ± {p['bots'][n]['ci']:.2f}" for n in names]
        lines.append(f"| {p['game']} | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append(f"{parts[0]['hands'] if parts else 0} hands per table, chips per hand and seat.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--hands", type=int, default=3000, help="hands per game")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument(
        "--samples", type=int, default=2000, help="equity's deals per decision (no clock)"
    )
    parser.add_argument("--timing", action="store_true", help="measure decision times instead")
    parser.add_argument(
        "--think", default="20,50", help="with --timing: equity's budgets, ms, comma-separated"
    )
    parser.add_argument(
        "--mixed", action="store_true", help="also play equity, heuristic, random and call"
    )
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()] or variants.names()
    games = [variants.get(g).name for g in games]
    began = time.perf_counter()
    if args.timing:
        budgets = [float(ms) / 1000 for ms in args.think.split(",")]
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            jobs = [
                pool.submit(run_timing, g, think, args.hands, args.seed)
                for g in games
                for think in budgets
            ]
            timed = [job.result() for job in jobs]
        print(json.dumps(timed, indent=1) if args.json else timing_table(timed))
        print(f"{time.perf_counter() - began:.0f} s in all", file=sys.stderr)
        return 0
    tables = [*TABLES, "mixed"] if args.mixed else list(TABLES)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {
            (g, t): pool.submit(run_table, g, t, args.hands, args.seed, args.samples)
            for g in games
            for t in tables
        }
        results = []
        for g in games:
            parts = []
            for t in TABLES:
                part = futures[g, t].result()
                print(f"{g} {t}: {part['hands']} hands in {part['seconds']:.0f} s", file=sys.stderr)
                parts.append(part)
            results.append(merge(parts))
        mixed = [futures[g, "mixed"].result() for g in games] if args.mixed else []
    if args.json:
        print(json.dumps({"tables": results, "mixed": mixed} if mixed else results, indent=1))
    else:
        print(table(results, args.samples))
        if mixed:
            print("\n" + mixed_table(mixed))
    failed = [(r["game"], k) for r in results for k, ok in checks(r).items() if not ok]
    for game, what in failed:
        print(f"FAIL {game}: {what}", file=sys.stderr)
    print(f"{time.perf_counter() - began:.0f} s in all", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
