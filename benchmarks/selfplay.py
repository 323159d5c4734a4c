"""Self-play speed through the command a researcher runs: ``splitpot simulate``, whole process.

In one run (issue 19): the load average first (the machine is shared); then
``splitpot simulate --game stud8 --players 4 --hands 20000 --seed 1 --bots call --json`` as a
child process (wall and CPU seconds, start-up included) beside PokerKit's own check/call self-play
of the same stud8 hands (the code of ``benchmarks/engine.py``), the ratio and its target (20x
pure, 40x compiled);
random bots through ``splitpot simulate`` at every game with 4 players (compiled: 3,500 hands/s);
and the peak memory (the child's ru_maxrss) of 10^5 hands of stud8 call bots. Every figure for
each build installed: this venv's (pure Python) and ``.venv-fast``'s (compiled, ``make fast``),
run one after the other, their results compared (issue 29).

    .venv/bin/python benchmarks/selfplay.py            # a few minutes
    .venv/bin/python benchmarks/selfplay.py --quick    # small counts: a smoke run
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine import check_call_hand, time_pokerkit  # benchmarks/engine.py
from splitpot import variants
from splitpot.sim import hand_seeds

TARGETS = {"pure": 20.0, "compiled": 40.0}
"""stud8 call bots, splitpot simulate against PokerKit: the ratio each build must reach."""
RANDOM_TARGETS = {"pure": 0.0, "compiled": 3500.0}
"""Random bots, every game, hands per second (issue 29 sets one for the compiled build only)."""
PLAYERS = 4
ROOT = Path(__file__).resolve().parent.parent
BUILDS = {
    "pure": Path(sys.executable).with_name("splitpot"),
    "compiled": ROOT / ".venv-fast" / "bin" / "splitpot",  # `make fast`
}


def simulate(
    splitpot: Path, game: str, bots: str, hands: int, seed: int = 1
) -> tuple[float, float, float, dict]:
    """Run ``splitpot simulate`` as a child: wall seconds, CPU seconds, peak MiB, its JSON."""
    command = [str(splitpot), "simulate", "--game", game, "--players", str(PLAYERS)]
    command += ["--hands", str(hands), "--seed", str(seed), "--bots", bots, "--json"]
    began = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        out = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)  # this child's own usage and peak
        child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - began
    if child.returncode:
        raise SystemExit(f"{splitpot} simulate --game {game} failed ({child.returncode})")
    cpu = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    return wall, cpu, peak, json.loads(out)


def build_of(splitpot: Path) -> str:
    """What ``splitpot --version`` says of the build (pure Python or compiled modules)."""
    done = subprocess.run([str(splitpot), "--version"], capture_output=True, text=True)
    return done.stdout.strip().splitlines()[-1] if done.returncode == 0 else "?"


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
    builds = {name: path for name, path in BUILDS.items() if path.exists()}
    for name, path in BUILDS.items():
        print(f"  {name:<8} {path}: {build_of(path) if name in builds else 'not installed'}")
    # Each measurement runs the builds one after the other (A/B alternated), never in blocks.

    theirs, same = pokerkit_rate(pk_hands, 1)
    print(f"\nstud8, {PLAYERS} players, call bots, splitpot simulate (whole process)")
    print(f"  PokerKit  {pk_hands:>7,} hands  {theirs:9,.0f} hands/s (check/call, in process)")
    print(f"            same final stacks in {same} of {pk_hands} hands")
    nets = set()
    for name, path in builds.items():
        wall, cpu, _, out = simulate(path, "stud8", "call", call_hands)
        ours = call_hands / wall
        ratio, target = ours / theirs, TARGETS[name]
        verdict = "PASS" if ratio >= target else "FAIL"
        print(f"  {name:<8}  {call_hands:>7,} hands  wall {wall:6.2f} s  cpu {cpu:6.2f} s")
        print(f"            {ours:9,.0f} hands/s (wall), {call_hands / cpu:,.0f} hands/s (cpu)")
        print(f"            ratio {ratio:.1f}x PokerKit (target >= {target:.0f}x): {verdict}")
        nets.add(tuple(out["net"]))
    print(f"  net {sorted(nets)}" + ("" if len(nets) == 1 else "  BUILDS DISAGREE"))

    print(f"\nrandom bots, {PLAYERS} players, {random_hands:,} hands, splitpot simulate")
    for game in variants.names():
        cells, nets = [], set()
        for name, path in builds.items():
            wall, cpu, _, out = simulate(path, game, "random", random_hands)
            rate, target = random_hands / wall, RANDOM_TARGETS[name]
            verdict = f" >= {target:,.0f}: {'PASS' if rate >= target else 'FAIL'}" if target else ""
            cells.append(f"{name} {rate:6,.0f}/s ({random_hands / cpu:6,.0f} cpu){verdict}")
            nets.add(tuple(out["net"]))
        same_nets = "" if len(nets) == 1 else "  BUILDS DISAGREE"
        print(f"  {game:<10} " + "   ".join(cells) + same_nets)

    print(f"\nstud8 call bots, {memory_hands:,} hands")
    for name, path in builds.items():
        wall, cpu, peak, _ = simulate(path, "stud8", "call", memory_hands)
        print(
            f"  {name:<8}  {memory_hands / wall:7,.0f} hands/s, "
            f"peak memory (the child's ru_maxrss) {peak:.1f} MiB"
        )


if __name__ == "__main__":
    main()
