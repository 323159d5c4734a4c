"""Odds benchmark: splitpot's exact and Monte Carlo odds beside a plain C brute-force
enumerator (``benchmarks/peers/stud_hilo_brute.c``, compiled with gcc here) and PokerKit.

Run with ``make bench`` or ``.venv/bin/python benchmarks/odds.py [--quick] [--long]
[--repeat N] [--json]``.

Cases, seven-card stud high-low eight or better, cards speak:

1. heads-up from fourth street, exact (4 cards each, 3 to come: 141,181,040 outcomes);
2. heads-up from third street: 10^6 Monte Carlo deals, and exact (18,265,297,050 outcomes);
3. four players from fifth street, exact (26,506,116,000 outcomes).

The C program visits every outcome (each hand's completions valued once); its counts must
equal splitpot's exactly, or the script exits 2. PokerKit has no exact odds: its
``calculate_equities`` is timed on a few hundred samples and its rate shown. Each figure is
the best of ``--repeat`` runs (other work on the machine only slows a run down); the slow C
runs of cases 2 and 3 take minutes and run only with ``--long``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from splitpot import variants
from splitpot.cards import parse_cards
from splitpot.odds import compute, situation
from splitpot.odds import exact as exact_odds

PEER = Path(__file__).parent / "peers" / "stud_hilo_brute.c"
FOURTH = ("As 2d 4c 7h", "Kh Kc 9d 9s")
THIRD = ("Ah 2c 3d", "Kd Ks 9h")
FIFTH = ("Ah 2c 3d 4s 5h", "Kd Ks 9h 9c 8s", "Qh Jh Th 7c 6c", "3c 3h 4h 6d 7d")
TARGET = 1.0
"""Seconds: exact heads-up from fourth street, and 10^6 Monte Carlo deals from third."""


def best_of(repeat: int, run: Callable[[], Any]) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        began = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - began)
    return best, result


def compile_peer(folder: str) -> Path | None:
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    binary = Path(folder) / "stud_hilo_brute"
    subprocess.run([gcc, "-O2", "-o", str(binary), str(PEER)], check=True)
    return binary


def run_peer(binary: Path, hands: tuple[str, ...]) -> dict[str, Any]:
    args = [str(binary), "-"]
    for hand in hands:
        cards = parse_cards(hand)
        args += [",".join(str(int(c)) for c in cards), str(7 - len(cards))]
    lines = subprocess.run(args, check=True, capture_output=True, text=True).stdout.split("\n")
    head = lines[0].split()
    rows = [list(map(int, line.split())) for line in lines[1:] if line.strip()]
    return {"outcomes": int(head[1]), "unit": int(head[3]), "rows": rows}


def splitpot_counts(hands: tuple[str, ...]) -> exact_odds.Counts:
    question = situation("stud8", hands)
    known = [[int(c) for c in h.cards] for h in question.hands]
    deck = [int(c) for c in question.unseen()]
    return exact_odds.count(known, question.draws, deck, question.rules)


def agree(ours: exact_odds.Counts, theirs: dict[str, Any]) -> bool:
    if ours.total != theirs["outcomes"]:
        return False
    for i, (high, low, scoop, share) in enumerate(theirs["rows"]):
        if (ours.high[i], ours.low[i], ours.scoop[i]) != (high, low, scoop):
            return False
        whole = theirs["unit"] * theirs["outcomes"]
        if Fraction(ours.share[i], ours.share_unit) != Fraction(share, whole):
            return False
    return True


def pokerkit_rate(hands: tuple[str, ...], samples: int) -> float | None:
    """PokerKit's calculate_equities: Monte Carlo samples per second (best of two)."""
    try:
        import pokerkit
    except ImportError:
        return None
    holes = tuple([list(pokerkit.Card.parse(h.replace(" ", "")))] for h in hands)
    types = (pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand)
    random.seed(1)

    def run() -> object:
        return pokerkit.calculate_equities(
            holes, (), 7, 0, pokerkit.Deck.STANDARD, types, sample_count=samples
        )

    seconds, _ = best_of(2, run)
    return samples / seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="case 1 and Monte Carlo only")
    parser.add_argument("--long", action="store_true", help="also the C peer on cases 2, 3")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    parser.add_argument("--json", action="store_true", help="results as one JSON object")
    args = parser.parse_args()
    rules = variants.get("stud8")
    results: dict[str, Any] = {"load": os.getloadavg(), "cases": {}}
    say = (lambda *_: None) if args.json else print

    def exact_time(hands: tuple[str, ...], repeat: int) -> float:
        question = situation(rules, hands)
        seconds, _ = best_of(repeat, lambda: compute(question, exact=True))
        return seconds

    with tempfile.TemporaryDirectory() as folder:
        binary = compile_peer(folder)
        cases: list[tuple[str, tuple[str, ...], bool]] = [("4th street heads-up", FOURTH, True)]
        if not args.quick:
            cases += [
                ("3rd street heads-up", THIRD, args.long),
                ("5th street 4 players", FIFTH, args.long),
            ]
        for name, hands, with_peer in cases:
            print(f"{name}: timing…", file=sys.stderr)
            repeat = args.repeat if hands == FOURTH else 1
            row: dict[str, Any] = {
                "outcomes": exact_odds.outcomes(
                    situation(rules, hands).draws, len(situation(rules, hands).unseen())
                ),
                "splitpot_exact_s": exact_time(hands, repeat),
            }
            if binary is not None and with_peer:
                seconds, theirs = best_of(repeat, lambda h=hands: run_peer(binary, h))
                row["c_brute_s"] = seconds
                if not agree(splitpot_counts(hands), theirs):
                    print(
                        f"{name}: the C enumerator's counts differ from splitpot's", file=sys.stderr
                    )
                    return 2
                row["c_agrees"] = True
            results["cases"][name] = row
        question = situation(rules, THIRD)
        print("3rd street heads-up: Monte Carlo…", file=sys.stderr)
        seconds, _ = best_of(
            args.repeat, lambda: compute(question, exact=False, samples=1_000_000, seed=1)
        )
        results["cases"].setdefault("3rd street heads-up", {})["splitpot_mc_1e6_s"] = seconds
        print("PokerKit…", file=sys.stderr)
        rate = pokerkit_rate(FOURTH, 200 if args.quick else 400)
        results["pokerkit_samples_per_s"] = rate
    results["gcc"] = binary is not None
    fourth = results["cases"]["4th street heads-up"]
    mc = results["cases"]["3rd street heads-up"]["splitpot_mc_1e6_s"]
    results["targets"] = {
        "exact 4th street heads-up <= 1 s": fourth["splitpot_exact_s"] <= TARGET,
        "10^6 Monte Carlo 3rd street <= 1 s": mc <= TARGET,
    }
    if args.json:
        print(json.dumps(results))
        return 0
    load = ", ".join(f"{x:.1f}" for x in results["load"])
    say(f"seven-card stud hi-lo 8 or better, cards speak (load average {load}; best of runs)")
    say(f"{'case':<22}{'outcomes':>18}{'splitpot':>12}{'C brute':>12}")
    for name, row in results["cases"].items():
        if "splitpot_exact_s" not in row:
            continue
        peer = f"{row['c_brute_s']:.3f} s" if "c_brute_s" in row else "—"
        say(f"{name:<22}{row['outcomes']:>18,}{row['splitpot_exact_s']:>10.3f} s{peer:>12}")
    say(f"{'3rd street, 10^6 MC':<22}{'':>18}{mc:>10.3f} s")
    if binary is None:
        say("C peer skipped: gcc not found")
    elif not args.long:
        say("C peer on the 3rd and 5th street cases: --long (minutes)")
    if rate is not None:
        say(
            f"PokerKit calculate_equities (Monte Carlo only): {rate:,.0f} samples/s; "
            f"10^6 samples would take {1e6 / rate:,.0f} s"
        )
    else:
        say("PokerKit not installed: skipped")
    for target, ok in results["targets"].items():
        say(f"{'PASS' if ok else 'FAIL'}  {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
