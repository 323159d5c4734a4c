"""Self-play speed through the command a researcher runs: ``splitpot simulate``, whole process.

In one run (issue 19): the load average first (the machine is shared); then
``splitpot simulate --game stud8 --players 4 --hands 20000 --seed 1 --bots call --json`` as a
child process (wall and CPU seconds, start-up included) beside PokerKit's own check/call self-play
of the same stud8 hands (the code of ``benchmarks/engine.py``), the ratio and the 50x target;
random bots through ``splitpot simulate`` at every game with 4 players against 4,000 hands/s;
and the peak memory (the child's ru_maxrss) of 10^5 hands of stud8 call bots.

    .venv/bin/python benchmarks/selfplay.py            # a few minutes
    .venv/bin/python benchmarks/selfplay.py --quick    # small counts: a smoke run
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine import check_call_hand, time_pokerkit  # benchmarks/engine.py
from splitpot import variants
from splitpot.sim import hand_seeds

RATIO_TARGET = 50.0
RANDOM_TARGET = 4000.0
PLAYERS = 4
SPLITPOT = Path(sys.executable).with_name("splitpot")


def simulate(game: str, bots: str, hands: int, seed: int = 1) -> tuple[float, float, float, dict]:
    """Run ``splitpot simulate`` as a child: wall seconds, CPU seconds, peak MiB, its JSON."""
    command = [str(SPLITPOT), "simulate", "--game", game, "--players", str(PLAYERS)]
    command += ["--hands", str(hands), "--seed", str(seed), "--bots", bots, "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest child so far: run the memory case last
    peak = after.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    return wall, cpu, peak, json.loads(done.stdout)


def pokerkit_rate(hands: int, seed: int) -> tuple[float, int]:
    """PokerKit's check/call hands per second on the stud8 hands of ``seed``, and how many of
    them end with splitpot's stacks (the deals come from splitpot's own hands, not timed)."""
    rules = variants.get("stud8")
    stacks = [rules.big_bet * 100] * PLAYERS
    states = [check_call_hand(rules, stacks, s) for s in hand_seeds(seed, hands)]
    seconds, same, _ = time_pokerkit(rules, states, stacks)
    return hands / seconds, same


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run")
    args = parser.parse_args(argv)
    call_hands, pk_hands, random_hands, memory_hands = (
        (2000, 100, 500, 5000) if args.quick else (20000, 1000, 4000, 100_000)
    )
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")

    wall, cpu, _, out = simulate("stud8", "call", call_hands)
    ours = call_hands / wall
    theirs, same = pokerkit_rate(pk_hands, 1)
    ratio = ours / theirs
    print(f"\nstud8, {PLAYERS} players, call bots, splitpot simulate (whole process)")
    print(f"  splitpot  {call_hands:>7,} hands  wall {wall:6.2f} s  cpu {cpu:6.2f} s")
    print(f"            {ours:9,.0f} hands/s (wall), {call_hands / cpu:,.0f} hands/s (cpu)")
    print(f"  PokerKit  {pk_hands:>7,} hands  {theirs:9,.0f} hands/s (check/call, in process)")
    print(f"            same final stacks in {same} of {pk_hands} hands")
    verdict = "PASS" if ratio >= RATIO_TARGET else "FAIL"
    print(f"  ratio {ratio:.1f}x (target >= {RATIO_TARGET:.0f}x): {verdict}")
    print(f"  net {out['net']}")

    print(f"\nrandom bots, {PLAYERS} players, {random_hands:,} hands, splitpot simulate")
    for game in variants.names():
        wall, cpu, _, out = simulate(game, "random", random_hands)
        rate = random_hands / wall
        verdict = "PASS" if rate >= RANDOM_TARGET else "FAIL"
        print(
            f"  {game:<10} {rate:7,.0f} hands/s wall ({random_hands / cpu:7,.0f} cpu)"
            f"  target >= {RANDOM_TARGET:,.0f}: {verdict}"
        )

    wall, cpu, peak, _ = simulate("stud8", "call", memory_hands)
    print(f"\nstud8 call bots, {memory_hands:,} hands: {memory_hands / wall:,.0f} hands/s,")
    print(f"  peak memory (child ru_maxrss) {peak:.1f} MiB")


if __name__ == "__main__":
    main()
