"""Engine speed: splitpot against PokerKit on the same check/call hands of stud hi-lo.

Four players, ``stud8`` (PokerKit: ``FixedLimitSevenCardStudHighLowSplitEightOrBetter``), every
player brings in when it must and otherwise checks or calls. splitpot plays the hands first; then
PokerKit plays the same hands, dealt the same cards, and its final stacks are compared with
splitpot's. Prints hands per second side by side, the ratio and the target (>= 25x), then the
resident memory before and after many splitpot hands (it should stay flat).

    .venv/bin/python benchmarks/engine.py            # about a minute
    .venv/bin/python benchmarks/engine.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import time
import warnings
from collections.abc import Sequence

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.cards import format_cards
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.rules import Rules
from splitpot.sim import hand_seeds, play_hand
from splitpot.state import State

TARGET = 25.0
PLAYERS = 4


def rss_mib() -> float:
    """Resident memory now (Linux /proc), else the peak (getrusage)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def check_call_hand(rules: Rules, stacks: Sequence[int], seed: int) -> State:
    """One hand through the engine's own door: bring in when due, else check or call."""
    state = new_hand(rules, stacks, seed=seed)
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        seat = legal.to_act[0]
        verbs = {o.verb for o in legal.options[seat]}
        apply(state, Action("pb" if "pb" in verbs else "cc", seat))
    return state


def time_splitpot(
    rules: Rules, seeds: list[int], stacks: list[int], keep: int
) -> tuple[float, list[State]]:
    """Seconds to play every seed's hand, and the first ``keep`` finished states (for PokerKit).

    Only those are kept: holding every finished hand would time the garbage collector walking
    an ever larger heap, not the engine.
    """
    gc.collect()
    states: list[State] = []
    began = time.perf_counter()
    for seed in seeds:
        state = check_call_hand(rules, stacks, seed)
        if len(states) < keep:
            states.append(state)
    return time.perf_counter() - began, states


def time_bots(rules: Rules, seeds: list[int], stacks: list[int]) -> float:
    """Seconds for the same hands played by ``call`` bots through seat views (the sim's path)."""
    seated = [bots.get("call") for _ in stacks]
    began = time.perf_counter()
    for seed in seeds:
        play_hand(rules, seated, stacks, seed)
    return time.perf_counter() - began


def time_pokerkit(
    rules: Rules, states: list[State], stacks: list[int]
) -> tuple[float, int, list[tuple[int, ...]]]:
    """Seconds for PokerKit to play the same hands; how many end with splitpot's stacks."""
    from pokerkit import Automation, Card, FixedLimitSevenCardStudHighLowSplitEightOrBetter

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    unknown = tuple(Card.parse("??"))
    deals = [
        [
            (a.seat, tuple(Card.parse(format_cards(c for c in a.cards if c is not None))))
            for a in state.log
            if a.verb == "dh"
        ]
        for state in states
    ]
    finals: list[tuple[int, ...]] = []
    gc.collect()
    began = time.perf_counter()
    for hand in deals:
        table = FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
            automations,
            True,
            rules.ante,
            rules.bring_in,
            rules.small_bet,
            rules.big_bet,
            stacks,
            len(stacks),
        )
        cards = iter(hand)
        while table.status:
            if table.card_burning_status:
                table.burn_card(unknown)
            elif table.can_deal_hole():
                seat, dealt = next(cards)
                table.deal_hole(dealt, seat)
            elif table.can_post_bring_in():
                table.post_bring_in()
            else:
                table.check_or_call()
        finals.append(tuple(table.stacks))
    seconds = time.perf_counter() - began
    same = sum(final == state.stacks for final, state in zip(finals, states, strict=True))
    return seconds, same, finals


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands: a smoke run")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    splitpot_hands, pokerkit_hands, memory_hands = (
        (2_000, 300, 10_000) if args.quick else (20_000, 2_000, 100_000)
    )
    rules = variants.get("stud8")
    stacks = [100 * rules.big_bet] * PLAYERS
    seeds = hand_seeds(args.seed, splitpot_hands)

    ours, states = time_splitpot(rules, seeds, stacks, keep=pokerkit_hands)
    with_bots = time_bots(rules, seeds[: pokerkit_hands * 2], stacks)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a card PokerKit thinks was already dealt would warn
        theirs, same, _ = time_pokerkit(rules, states[:pokerkit_hands], stacks)

    ours_rate = splitpot_hands / ours
    bots_rate = pokerkit_hands * 2 / with_bots
    theirs_rate = pokerkit_hands / theirs
    ratio = ours_rate / theirs_rate
    print(f"stud8, {PLAYERS} players, check/call, seed {args.seed}")
    rows = [
        ("", "hands", "seconds", "hands/s"),
        ("splitpot (engine)", splitpot_hands, f"{ours:.2f}", f"{ours_rate:,.0f}"),
        (
            "splitpot (call bots, views)",
            pokerkit_hands * 2,
            f"{with_bots:.2f}",
            f"{bots_rate:,.0f}",
        ),
        ("PokerKit", pokerkit_hands, f"{theirs:.2f}", f"{theirs_rate:,.0f}"),
    ]
    for name, hands, seconds, rate in rows:
        print(f"{name:28}{hands:>8}{seconds:>10}{rate:>12}")
    verdict = "met" if ratio >= TARGET else "NOT met"
    print(
        f"ratio {ratio:.1f}x (target >= {TARGET:.0f}x: {verdict}); with bots and views "
        f"{bots_rate / theirs_rate:.1f}x"
    )
    print(f"same final stacks in {same} of {pokerkit_hands} hands")

    del states
    gc.collect()
    before = rss_mib()
    began = time.perf_counter()
    for seed in hand_seeds(args.seed + 1, memory_hands):
        check_call_hand(rules, stacks, seed)
    seconds = time.perf_counter() - began
    gc.collect()
    after = rss_mib()
    print(
        f"memory: {before:.1f} MiB before, {after:.1f} MiB after {memory_hands:,} hands "
        f"({after - before:+.1f} MiB, {seconds:.1f} s)"
    )


if __name__ == "__main__":
    main()
