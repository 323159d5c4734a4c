"""The soak: many hands of every game and house-rule mix, each checked from every side.

Each hand is drawn from its own seed (:func:`splitpot.sim.hand_seeds` of the run's seed): a
game, house rules drawn from the values each rule may take (kept where the game accepts the
mix), two to the most players the game seats, stacks from one chip to 100 big bets (so all-ins
and side pots are common), and the seats' bots — mostly random, some call, heuristic and equity.
While it is played, chips in stacks and in the middle always add up to what the players
brought, and at some decisions (a share ``illegal``) one random illegal action is tried
first: it must be refused with :class:`~splitpot.errors.IllegalAction` and leave the state's
:meth:`~splitpot.state.State.snapshot` exactly as it was. After the hand: the chips add up,
payments included; no card was dealt twice (a card leaves play only as a discard); each live
seat holds exactly the cards its log says; and the hand's record, written as PHH text and read
back, replays to the same stacks.

``soak_chunk`` has the signature of :func:`splitpot.sim.parallel.map_chunks` tasks, so a soak
runs on one core, on many, or on Ray, with the same counts for the same seed.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.actions import AMOUNT_VERBS, DEALER_VERBS, PLAYER_VERBS, Action, Declaration
from splitpot.cards import CARDS, Card
from splitpot.engine import apply, deal_next, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction, RulesError, SplitpotError
from splitpot.notation import format_action, read_phh, write_phh
from splitpot.records import record_from_state, replay_to_end
from splitpot.rules import (
    BETTING,
    BOTH_MUST,
    BUY_FIRST,
    DECLARE_ORDERS,
    LOWS,
    SALE_BIDDING,
    Rules,
)
from splitpot.sim.parallel import bot_seed
from splitpot.state import Legal, Option, State
from splitpot.views import view

__all__ = ["HOUSE_RULES", "Failure", "SoakCounts", "SoakJob", "draw_rules", "soak_chunk"]

HOUSE_RULES: dict[str, tuple[Any, ...]] = {
    "low": LOWS,
    "qualifier": (0, 5, 8, 9, 13),
    "high": (True, False),
    "showdown": ("cards", "declare"),
    "declare_order": DECLARE_ORDERS,
    "declare_both": (True, False),
    "both_must": BOTH_MUST,
    "betting": BETTING,
    "max_raises": (None, 0, 1, 3, 5),
    "heads_up_uncapped": (True, False),
    "no_check_raise": (True, False),
    "all_in_raise": ("half", "full"),
    "buy_prices": (None, (0,), (5,), (5, 10), (10, 20)),
    "buy_first": BUY_FIRST,
    "bet_before_buy": (True, False),
    "min_bid": (None, 0, 1, 5),
    "max_bid": (None, 10, 50),
    "sale_bidding": SALE_BIDDING,
    "min_price": (None, 0, 1, 10),
    "max_price": (None, 10, 40),
    "excess_threshold": (None, 0, 10),
    "ante": (0, 1, 2),
}
"""Values each house rule is drawn from (docs/games.md); a rule the game has no field for
(one added later elsewhere) is left out, and a mix the game refuses is not played."""
_BOTS = ("random", "call", "heuristic")
_WAYS: tuple[Declaration, ...] = ("hi", "lo", "both")


@dataclass(frozen=True)
class SoakJob:
    """What the soak plays: ``games`` (default every registered game), the share of decisions
    at which an illegal action is tried first, and whether to draw house rules."""

    games: tuple[str, ...] = ()
    illegal: float = 0.25
    house: bool = True


@dataclass
class Failure:
    """A hand that failed a check: its number (from 1), its seed, its game and why."""

    hand: int
    seed: int
    game: str
    message: str


@dataclass
class SoakCounts:
    """What a soak has done; ``add`` merges the counts of another chunk."""

    hands: int = 0
    actions: int = 0
    cards: int = 0
    illegal: int = 0
    refused: int = 0
    replayed: int = 0
    showdowns: int = 0
    house: int = 0
    games: Counter[str] = field(default_factory=Counter)
    bots: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: SoakCounts) -> None:
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.games.update(other.games)
        self.bots.update(other.bots)
        self.failures.extend(other.failures)


_COUNTS = ("hands", "actions", "cards", "illegal", "refused", "replayed", "showdowns", "house")


class _Failed(Exception):
    """A check failed (caught per hand and recorded as a :class:`Failure`)."""


def draw_rules(base: Rules, rng: random.Random) -> tuple[Rules, list[str]]:
    """The game with a random mix of house rules: one hand in four keeps the game's own, the
    others change each rule with chance 1/3 to a value it may take; a change the game refuses
    with the others already made is dropped."""
    rules = base
    changed: list[str] = []
    if rng.random() < 1 / 4:
        return rules, changed
    names = {f.name for f in dataclasses.fields(Rules)}
    for key, values in HOUSE_RULES.items():
        if key not in names or rng.random() >= 1 / 3:
            continue
        value = rng.choice(values)
        if value == getattr(rules, key):
            continue
        try:
            rules = dataclasses.replace(rules, **{key: value})
        except RulesError:
            continue
        changed.append(f"{key}={value!r}")
    return rules, changed


def _lineup(rng: random.Random, n: int) -> list[str]:
    """Mostly random players; one hand in ten also seats call and heuristic bots, one in a
    hundred an equity bot (the slowest)."""
    names = ["random"] * n
    draw = rng.random()
    if draw < 0.10:
        names = [rng.choice(_BOTS) for _ in range(n)]
    elif draw < 0.11:
        names[rng.randrange(n)] = "equity"
    return names


def _stacks(rng: random.Random, rules: Rules, n: int) -> list[int]:
    big = rules.big_bet
    return [
        rng.choice((rng.randint(1, 3 * big), rng.randint(big, 30 * big), 100 * big))
        for _ in range(n)
    ]


def _admits(option: Option, action: Action) -> bool:
    """Whether ``option`` allows ``action`` (the oracle the soak holds the engine to)."""
    if option.verb != action.verb:
        return False
    if option.verb in ("f", "pb", "cc", "pass"):
        return (
            not action.cards
            and action.declaration is None
            and (option.verb == "f" or action.amount is None or action.amount == option.min_amount)
        )
    if option.verb == "sm":
        return True
    if option.declarations:
        return action.declaration in option.declarations and not action.cards
    if option.cards:
        if len(action.cards) != 1 or action.cards[0] not in option.cards:
            return False
    elif action.cards:
        return False
    if option.min_amount is None:
        return action.amount is None
    if action.amount is None:
        return option.verb not in AMOUNT_VERBS
    assert option.max_amount is not None
    if option.choices:
        return action.amount in option.choices
    return option.min_amount <= action.amount <= option.max_amount


def _is_legal(legal: Legal, action: Action) -> bool:
    if action.seat not in legal.to_act:
        return False
    return any(_admits(o, action) for o in legal.options[action.seat])


def _candidate(state: State, legal: Legal, rng: random.Random) -> Action:
    """A random action, most likely illegal now: a seat out of turn, a verb not offered, an
    amount out of range, a card not held or not offered, a declaration not allowed, a
    dealer's deal, or a seat not at the table."""
    seat = rng.choice(legal.to_act)
    options = legal.options[seat]
    option = rng.choice(options)
    card = CARDS[rng.randrange(52)]
    kind = rng.randrange(7)
    if kind == 0:  # another seat takes this seat's option
        idle = [s for s in range(state.n) if s not in legal.to_act]
        if idle:
            seat = rng.choice(idle)
        return Action(option.verb, seat, option.cards[:1], option.min_amount, _way(option))
    if kind == 1:  # a verb this seat is not offered, shaped as that verb is
        offered = {o.verb for o in options}
        verb = rng.choice(sorted(PLAYER_VERBS - offered))
        if verb in AMOUNT_VERBS:
            return Action(verb, seat, (card,) if verb == "sell" else (), rng.randint(0, 50))
        if verb in ("pick", "buy", "up"):
            return Action(verb, seat, (card,))
        if verb == "dec":
            return Action(verb, seat, declaration=rng.choice(_WAYS))
        return Action(verb, seat)
    if kind == 2 and option.min_amount is not None and option.verb in AMOUNT_VERBS:
        assert option.max_amount is not None
        amount = rng.choice((option.max_amount + rng.randint(1, 20), option.min_amount - 1, -5))
        return Action(option.verb, seat, option.cards[:1], amount)
    if kind == 3 and option.cards:  # a card not offered, or none, or two
        others = [c for c in CARDS if c not in option.cards]
        shapes: list[tuple[Card, ...]] = [
            (rng.choice(others),),
            (),
            (option.cards[0], rng.choice(others)),
        ]
        cards = rng.choice(shapes)
        return Action(option.verb, seat, cards, option.min_amount)
    if kind == 4 and option.declarations:
        ways: list[Declaration | None] = [w for w in _WAYS if w not in option.declarations]
        return Action("dec", seat, declaration=rng.choice([*ways, None]))
    if kind == 5:
        verb = rng.choice(sorted(DEALER_VERBS))
        return Action(verb, seat if verb == "dh" else None, (card,))
    return Action(option.verb, rng.choice((state.n, -1, None)), option.cards[:1], option.min_amount)


def _way(option: Option) -> Any:
    return option.declarations[0] if option.declarations else None


def _try_illegal(state: State, legal: Legal, rng: random.Random, counts: SoakCounts) -> None:
    attempt = _candidate(state, legal, rng)
    if _is_legal(legal, attempt):
        return  # the draw happened to be legal: not a test of refusal
    counts.illegal += 1
    before = state.snapshot()
    try:
        apply(state, attempt)
    except IllegalAction as refusal:
        if state.snapshot() != before:
            raise _Failed(f"refusing {_text(attempt)!r} changed the state") from None
        if not refusal.reason:
            raise _Failed(f"refusing {_text(attempt)!r} gave no reason") from None
        counts.refused += 1
        return
    raise _Failed(f"the illegal action {_text(attempt)!r} was accepted")


def _text(action: Action) -> str:
    try:
        return format_action(action)
    except (SplitpotError, ValueError, KeyError, TypeError):
        return repr(action)


def _check_cards(state: State) -> int:
    """No card dealt while in play, and each live seat holds what its log says; the number of
    cards dealt. A card leaves play when discarded, bought away or folded (the dealer may deal
    it again after a reshuffle)."""
    held: list[set[int]] = [set() for _ in range(state.n)]
    in_play: set[int] = set()
    layout: set[int] = set()
    selling: tuple[int, int] | None = None
    dealt = 0
    for action in state.log:
        verb, seat = action.verb, action.seat
        cards = [int(c) for c in action.cards if c is not None]
        if verb in DEALER_VERBS:
            for c in cards:
                if c in in_play:
                    raise _Failed(f"{CARDS[c]} dealt again while in play ({_text(action)!r})")
                in_play.add(c)
                dealt += 1
                if verb == "dh" and seat is not None:
                    held[seat].add(c)
                elif verb == "dl":
                    layout.add(c)
            continue
        if seat is None:
            continue
        if verb == "pick":
            layout.discard(cards[0])
            held[seat].add(cards[0])
        elif verb == "sell":
            selling = (seat, cards[0])
        elif verb in ("sd", "buy") and cards:
            if selling is not None and verb == "sd" and seat != selling[0]:
                held[selling[0]].discard(selling[1])  # the buyer takes the card sold
                held[seat].add(selling[1])
            selling = None
            for c in cards:
                if c not in held[seat]:
                    raise _Failed(f"p{seat + 1} threw away {CARDS[c]}, a card it did not hold")
                held[seat].discard(c)
                in_play.discard(c)
        elif verb == "f":
            in_play -= held[seat]
            held[seat] = set()
    for seat in range(state.n):
        mine = view(state, seat).seats[seat]
        if mine.folded:
            continue
        cards = [c for c in (*mine.down, *mine.up) if c is not None]
        if len(set(cards)) != len(cards) or set(map(int, cards)) != held[seat]:
            raise _Failed(f"p{seat + 1} holds {len(cards)} cards that its log does not give it")
    return dealt


def _check_end(state: State, total: int) -> None:
    result = outcome(state)
    stacks = state.stacks
    if sum(stacks) != total or min(stacks) < 0:
        raise _Failed(f"the stacks {list(stacks)} do not add up to the {total} chips brought")
    net = [now - start for now, start in zip(stacks, state.starting, strict=True)]
    if list(result.net) != net or sum(net) != 0:
        raise _Failed(f"the net results {list(result.net)} are not the stacks' changes {net}")
    for payment in result.payments:
        if payment.payer == payment.payee or payment.amount < 0:
            raise _Failed(f"a payment of {payment.amount} from p{payment.payer + 1} to itself")
    awarded = sum(a.amount for a in result.awards)
    if awarded < 0 or awarded > total:
        raise _Failed(f"{awarded} chips awarded at a table of {total}")


def _check_replay(state: State) -> None:
    text = write_phh(record_from_state(state))
    again = replay_to_end(read_phh(text))
    if not again.finished or again.stacks != state.stacks:
        raise _Failed(f"the record replays to {list(again.stacks)}, not {list(state.stacks)}")


def _draw_game(job: SoakJob, hand_seed: int) -> tuple[random.Random, str]:
    """The hand's random stream and its game, the stream's first draw."""
    rng = random.Random(hand_seed)
    return rng, rng.choice(job.games or tuple(variants.names()))


def soak_hand(job: SoakJob, hand_seed: int, counts: SoakCounts) -> None:
    """Play and check one hand drawn from ``hand_seed``; raises :class:`_Failed` (or whatever
    went wrong) on a failed check."""
    rng, game = _draw_game(job, hand_seed)
    base = variants.get(game)
    rules, changed = draw_rules(base, rng) if job.house else (base, [])
    n = rng.randint(rules.min_players, rules.max_players)
    stacks = _stacks(rng, rules, n)
    names = _lineup(rng, n)
    seated = [
        bot_registry.get(name, seed=bot_seed(hand_seed, s), think=0.0)
        for s, name in enumerate(names)
    ]
    total = sum(stacks)
    state = new_hand(rules, stacks, seed=rng.getrandbits(63))
    actions = 0
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        if rng.random() < job.illegal:
            _try_illegal(state, legal, rng, counts)
        seat = rng.choice(legal.to_act)  # sealed moves come in any order
        action = seated[seat].act(view(state, seat))
        try:
            apply(state, action)
        except IllegalAction as refusal:
            raise _Failed(f"{names[seat]} bot's {_text(action)!r} was refused: {refusal}") from None
        actions += 1
        if sum(state.stacks) + state.pot != total and not state.finished:
            raise _Failed(f"after {_text(action)!r} stacks and pot do not add up to {total}")
    _check_end(state, total)
    counts.cards += _check_cards(state)
    _check_replay(state)
    counts.replayed += 1
    counts.actions += actions
    counts.showdowns += any(a.verb == "sm" for a in state.log)
    counts.house += bool(changed)
    counts.bots.update(names)


def soak_chunk(job: SoakJob, start: int, seeds: Sequence[int]) -> SoakCounts:
    """Soak the hands numbered ``start + 1``... drawn from ``seeds``; a hand that fails a check
    (or raises anything) is recorded as a :class:`Failure` and the soak goes on."""
    counts = SoakCounts()
    for offset, hand_seed in enumerate(seeds):
        number = start + offset + 1
        game = _draw_game(job, hand_seed)[1]
        try:
            soak_hand(job, hand_seed, counts)
        except _Failed as failed:
            counts.failures.append(Failure(number, hand_seed, game, str(failed)))
        except Exception as exc:  # a crash is a finding too: keep going, report it
            first = str(exc).splitlines()[0] if str(exc) else ""
            message = f"{type(exc).__name__}: {first}"
            counts.failures.append(Failure(number, hand_seed, game, message))
        counts.hands += 1
        counts.games[game] += 1
    return counts
