"""Scale: hands in parallel processes and on Ray, the environment's step rate, and the soak.

Four measurements, each printed with its target and PASS or FAIL:

1. ``workers``: stud8, four random bots, the same hands with one worker process and with two
   (``splitpot simulate --workers``); target: two workers at least 1.7x one. The results must
   be identical. Also printed: the CPU time of the parent process and of the workers, and the
   CPU time every other process on the machine took meanwhile (``/proc/stat``), so that a
   machine busy with other work (a low ratio, the same CPU time, others' CPU time high) can be
   told from overhead (more CPU time of our own).
2. ``ray``: the same job on a local Ray (two CPUs) and on two worker processes, 100,000 hands
   by default, Ray's start included; target: Ray within 30 % of the processes. Identical
   results again.
3. ``env``: PettingZoo environment steps per second with random agents (``last()`` then
   ``step()`` of a random legal action drawn from ``info["legal_actions"]``, stud8, four
   players); target: 20,000 actions/s for ``SplitpotEnv`` itself (``raw_env``), over the
   whole run, played as ten tenths of the same hands (the same work each: the spread of their
   rates is the machine's, printed as ``tenths_per_s_min_median_max``). Printed beside it:
   the rate behind PettingZoo's order-enforcing wrapper (``env``), whose attribute forwarding
   costs a few microseconds a step; the rate of agents that draw from the action mask instead
   (``mask_agents_*``: numpy finds the legal indices at every turn); and the same random play
   straight on the engine with the views the environment asks for (``engine_views_*``: what
   the environment's own code cannot go below).
4. ``soak``: ``splitpot soak`` on two workers, 10,000 hands by default; the time and counts,
   and the time a million hands would take at that rate. ``--soak-hands 1000000`` runs the
   million (73 minutes extrapolated on the loaded two-core machine; README.md).

    .venv/bin/python benchmarks/scale.py                # everything, a few minutes
    .venv/bin/python benchmarks/scale.py --quick        # a smoke test
    .venv/bin/python benchmarks/scale.py --only env,workers --json
    .venv/bin/python benchmarks/scale.py --only soak --soak-hands 1000000

Run it on a quiet machine: the load average is printed first, and figures taken while other
work shares the cores are not the machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import time
from typing import Any

import numpy as np

from splitpot import variants
from splitpot.sim import hand_seeds
from splitpot.sim.parallel import Job, map_chunks, run
from splitpot.sim.soak import SoakCounts, SoakJob, soak_chunk

PARTS = ("workers", "ray", "env", "soak")
JOB = Job(variants.get("stud8"), ("random",) * 4, (1000,) * 4)


def cpu_seconds() -> tuple[float, float]:
    """CPU time of this process, and of its children that have ended."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def machine_busy() -> float:
    """CPU seconds every process on the machine has used since boot (``/proc/stat``: user,
    nice, system, irq, softirq and steal of all cores; 0 where there is no /proc)."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
    except OSError:
        return 0.0
    ticks = sum(int(fields[i]) for i in (1, 2, 3, 6, 7, 8))
    return ticks / os.sysconf("SC_CLK_TCK")


def timed_run(seeds: list[int], **kw: Any) -> tuple[dict[str, float], list[tuple[int, ...]]]:
    """Wall time, CPU time of this process and of the workers, and the CPU time the rest of
    the machine used meanwhile, of one ``run``."""
    (me, kids), busy, began = cpu_seconds(), machine_busy(), time.perf_counter()
    net = run(JOB, seeds, **kw)
    wall = time.perf_counter() - began
    me2, kids2 = cpu_seconds()
    ours = me2 - me + kids2 - kids
    others = max(0.0, machine_busy() - busy - ours) if busy else float("nan")
    times = {"s": wall, "parent_cpu_s": me2 - me, "workers_cpu_s": kids2 - kids}
    return {**times, "others_cpu_s": others}, net


def bench_workers(hands: int) -> dict[str, Any]:
    seeds = hand_seeds(1, hands)
    one, net1 = timed_run(seeds, workers=1)
    two, net2 = timed_run(seeds, workers=2)
    ratio = one["s"] / two["s"]
    out: dict[str, Any] = {"hands": hands}
    for name, times in (("one", one), ("two", two)):
        out |= {f"{name}_{key}": round(value, 2) for key, value in times.items()}
    return out | {
        "speedup": round(ratio, 2),
        "identical": net1 == net2,
        "target": ">= 1.7x",
        "pass": ratio >= 1.7 and net1 == net2,
    }


def bench_ray(hands: int) -> dict[str, Any]:
    try:
        import ray
    except ImportError:
        return {"skip": "Ray is not installed (pip install 'splitpot[ray]')"}
    seeds = hand_seeds(2, hands)
    times, net1 = timed_run(seeds, workers=2)
    local = times["s"]
    began = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    started = time.perf_counter() - began
    try:
        times, net2 = timed_run(seeds, backend="ray")
        on_ray = times["s"]
    finally:
        ray.shutdown()
    total = started + on_ray
    return {
        "hands": hands,
        "processes_s": round(local, 2),
        "ray_s": round(total, 2),
        "ray_start_s": round(started, 2),
        "ratio": round(total / local, 2),
        "identical": net1 == net2,
        "target": "<= 1.3x the processes",
        "pass": total <= 1.3 * local and net1 == net2,
    }


def _random_agents(table: Any, actions: int, mask: bool = False) -> tuple[int, int, float, float]:
    """Random agents play ``actions`` actions: (actions, episodes, wall s, CPU s). Each draws
    from the legal indices the environment gives (``info["legal_actions"]``), or with
    ``mask`` from its action mask (numpy's ``flatnonzero`` first, as an agent with only the
    mask would)."""
    table.reset(seed=0)
    rng = random.Random(0)
    done = episodes = 0
    cpu, began = time.process_time(), time.perf_counter()
    while done < actions:
        for _agent in table.agent_iter():
            _, _, finished, _, info = table.last()
            if finished:
                table.step(None)
                continue
            if mask:
                table.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
            else:
                table.step(rng.choice(info["legal_actions"]))
            done += 1
        episodes += 1
        table.reset()
    return done, episodes, time.perf_counter() - began, time.process_time() - cpu


def _engine_and_views(actions: int) -> tuple[int, float]:
    """The random agents' play straight on the engine: the table views the environment
    projects (the acting seat's at every action, every seat's at the end) and the same choice
    of a legal action, without the environment or its encoding. (actions, CPU s)"""
    from splitpot.engine import apply, deal_next, legal_actions, new_hand
    from splitpot.env.encoding import decode, masked
    from splitpot.views import table_view

    rules = JOB.rules
    stacks = [100 * rules.big_bet] * 4
    rng, deals = random.Random(0), random.Random(0)
    done = 0
    cpu = time.process_time()
    while done < actions:
        state = new_hand(rules, stacks, seed=deals.getrandbits(63))
        while not state.finished:
            legal = legal_actions(state)
            if legal.dealer:
                deal_next(state)
                continue
            seat = legal.to_act[0]
            table_view(state, seat)
            options = legal.options[seat]
            mask, indices = masked(options)
            apply(state, decode(rng.choice(indices), seat, options, mask))
            done += 1
        for seat in range(4):
            table_view(state, seat)
    return done, time.process_time() - cpu


def bench_env(actions: int) -> dict[str, Any]:
    try:
        from splitpot.env import env, raw_env
    except ImportError:
        return {"skip": "PettingZoo is not installed (pip install 'splitpot[env]')"}
    table = raw_env("stud8", 4)
    runs = [_random_agents(table, actions // 10) for _ in range(10)]  # the same hands each
    done, episodes, wall, cpu = (sum(run[i] for run in runs) for i in range(4))
    spread = sorted(round(run[0] / run[2]) for run in runs)
    wrapped, _, wrapped_wall, _ = _random_agents(env("stud8", 4), actions)
    by_mask, _, by_mask_wall, _ = _random_agents(raw_env("stud8", 4), actions, mask=True)
    bare, bare_cpu = _engine_and_views(actions)
    rate = done / wall
    return {
        "actions": done,
        "episodes": episodes,
        "actions_per_s": round(rate),
        "actions_per_cpu_s": round(done / cpu),
        "tenths_per_s_min_median_max": [spread[0], round(statistics.median(spread)), spread[-1]],
        "wrapped_actions_per_s": round(wrapped / wrapped_wall),
        "mask_agents_actions_per_s": round(by_mask / by_mask_wall),
        "engine_views_actions_per_cpu_s": round(bare / bare_cpu),
        "engine_views_share": round((bare_cpu / bare) / (cpu / done), 2),
        "target": ">= 20,000/s (SplitpotEnv; the order-enforcing wrapper adds PettingZoo's cost)",
        "pass": rate >= 20_000,
    }


def bench_soak(hands: int) -> dict[str, Any]:
    counts = SoakCounts()
    began = time.perf_counter()
    for chunk in map_chunks(soak_chunk, SoakJob(), hand_seeds(3, hands), workers=2):
        counts.add(chunk)
    seconds = time.perf_counter() - began
    return {
        "hands": counts.hands,
        "seconds": round(seconds, 1),
        "hands_per_s": round(counts.hands / seconds),
        "million_hands_s": round(seconds * 1_000_000 / counts.hands),
        "actions": counts.actions,
        "cards": counts.cards,
        "illegal_tried": counts.illegal,
        "refused": counts.refused,
        "replayed": counts.replayed,
        "showdowns": counts.showdowns,
        "house_rules_changed": counts.house,
        "games": dict(sorted(counts.games.items())),
        "failures": len(counts.failures),
        "first_failure": str(counts.failures[0]) if counts.failures else None,
        "target": "finishes, no failure",
        "pass": not counts.failures,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small runs, a smoke test")
    parser.add_argument("--only", default=",".join(PARTS), help="comma-separated parts")
    parser.add_argument("--hands", type=int, help="hands of the workers run [20,000]")
    parser.add_argument("--ray-hands", type=int, help="hands of the Ray run [100,000]")
    parser.add_argument("--env-actions", type=int, help="environment actions [100,000]")
    parser.add_argument("--soak-hands", type=int, help="hands of the soak [10,000]")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    args = parser.parse_args()
    parts = [p.strip() for p in args.only.split(",")]
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"--only: unknown part(s) {sorted(unknown)}; parts: {', '.join(PARTS)}")
    quick = args.quick
    sizes = {
        "workers": args.hands or (2_000 if quick else 20_000),
        "ray": args.ray_hands or (2_000 if quick else 100_000),
        "env": args.env_actions or (5_000 if quick else 100_000),
        "soak": args.soak_hands or (300 if quick else 10_000),
    }
    runners = {"workers": bench_workers, "ray": bench_ray, "env": bench_env, "soak": bench_soak}
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores",
          file=sys.stderr)  # fmt: skip
    results: dict[str, Any] = {"load_average": [round(x, 2) for x in load]}
    for part in parts:
        print(f"{part}: {sizes[part]:,} ...", file=sys.stderr)
        results[part] = runners[part](sizes[part])
        if not args.json:
            verdict = results[part].get("pass")
            mark = "SKIP" if verdict is None else ("PASS" if verdict else "FAIL")
            print(f"{part:8s} {mark}  " + ", ".join(f"{k}={v}" for k, v in results[part].items()
                                                     if k not in ("pass",)))  # fmt: skip
    if args.json:
        print(json.dumps(results))
    failed = [p for p in parts if results[p].get("pass") is False]
    return 1 if args.strict and failed else 0


if __name__ == "__main__":
    sys.exit(main())
