"""The equity bot: Monte Carlo over the cards it cannot see, then the choice worth the most.

Every card visible to the seat is removed from the deck (its own, every up card, the cards the
masked log names: auction layouts, picks, cards shown for sale); the rest are dealt at random
to complete each live opponent's unknown cards and every hand — its own included — to the
game's final card count (the game's remaining deals, :func:`~splitpot.bots.table.read`).
All samples are evaluated at once with :func:`splitpot.hands.high_values` and
:func:`~splitpot.hands.low_values`, giving P(win high), P(win low) under the game's low ranking
and qualifier, P(scoop) and the expected share of the pot; in a declare game also the share for
each declaration, against opponents who declare low with a good low and no two pair, high
otherwise (a failed "both" takes nothing, OPR-657 4.3). Samples are weighted toward strong
hands for opponents that have bet or raised (``EquityBot.aggression``).
:class:`~splitpot.bots.strategy.StrategyBot` then turns the share into an action by expected
value.

How long it thinks: ``think`` seconds per decision (50 ms by default) is a time budget it
keeps. It draws its deals in batches and reads the clock between them, stopping at the deadline
or at ``SAMPLES_PER_SECOND`` × ``think`` deals, whichever comes first; on an idle core the count
is usually reached in a fraction of the budget. How many deals a deadline allows depends on the
machine and its load, so decisions by time are not reproducible, seed or no seed. ``samples``
instead fixes the deals per decision and never reads the clock: a seeded bot then decides the
same on any machine (the tests, ``splitpot simulate --samples`` and ``benchmarks/bots.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations
from math import comb
from time import perf_counter

import numpy as np
import numpy.typing as npt

from splitpot.actions import Action, Declaration
from splitpot.bots.strategy import Estimate, StrategyBot
from splitpot.bots.table import Opponent, Table, final_cards, held_cards
from splitpot.hands import Ranking, high_value, high_values, low_value, low_values
from splitpot.rules import Rules
from splitpot.views import View

__all__ = ["DEFAULT_THINK", "SAMPLES_PER_SECOND", "EquityBot"]

DEFAULT_THINK = 0.05
"""Seconds per decision when no ``think`` is given."""
SAMPLES_PER_SECOND = 100_000
"""The most deals a second of budget buys: a decision of 50 ms samples at most 5,000 deals in
all (shared by the candidates it compares), which takes a few milliseconds on one idle core."""
_MIN_SAMPLES = 48
_BATCH = 4096
"""Hand evaluations per batch of deals (about a millisecond): the clock is read between
batches."""
_PACE = 2.5e-7
"""Seconds per hand evaluation a timed bot assumes before its first batch (one idle core)."""
_TWO_PAIR = high_value("2c2d3c3d4h")
_Ints = npt.NDArray[np.int64]
_Floats = npt.NDArray[np.float64]


class EquityBot(StrategyBot):
    """Chooses by expected value from Monte Carlo estimates of its chances."""

    raise_factor = 1.0
    call_margin = 1.0
    hidden_raise_factor = 1.4
    hidden_call_margin = 1.3
    sale_bid_fraction = 0.1
    ask_margin = 4.0
    aggression = 1.0
    """How much an opponent's bets and raises this hand shift its sampled cards toward strong
    ones: each sample is weighted by the percentile of the opponent's hand so far, to the power
    ``aggression`` × (bets and raises, at most three, + ``calling`` × bets called, at most
    four)."""
    calling = 0.0
    """What a called bet says of an opponent's hand, against a bet or raise (see above)."""
    selection = 1
    """Extra cards drawn for an opponent per card it threw away by choice (at most one)."""

    def __init__(
        self, seed: int | None = None, think: float | None = None, samples: int | None = None
    ) -> None:
        """``think``: seconds per decision, a deadline (default 50 ms); ``samples``: deals per
        decision instead, never reading the clock (reproducible with a seed)."""
        super().__init__(seed)
        self.think = DEFAULT_THINK if think is None else max(0.0, think)
        self.samples = max(_MIN_SAMPLES, int(self.think * SAMPLES_PER_SECOND))
        self.timed = True
        """Whether the decision stops at its deadline (``think``) rather than at ``samples``."""
        self.deadline: float | None = None
        self.pace = _PACE
        """Seconds a hand evaluation has taken in its recent batches (wall clock, so it slows
        down with the machine)."""
        self.np_rng = np.random.default_rng(seed)
        self._ready: set[Rules] = set()
        if samples is not None:
            self.use_samples(samples)

    def use_samples(self, samples: int) -> None:
        """Draw ``samples`` deals per decision from now on and never read the clock."""
        self.samples = max(_MIN_SAMPLES, samples)
        self.timed = False

    def prepare(self, rules: Rules) -> None:
        """Build what deciding at this game needs once (the evaluator's tables for its hand
        sizes, :func:`_reference`): tens of milliseconds, once per game and process. The first
        decision at a game does it before its clock starts; call it beforehand to spare that
        decision the wait."""
        if rules in self._ready:
            return
        for size in range(1, final_cards(rules) + 1):
            _values(rules, np.arange(size, dtype=np.int64)[None, :])
        keep = _keep(rules)
        if keep is not None:
            _reference(rules, keep)
        self._ready.add(rules)

    def act(self, view: View) -> Action:
        """The action to take now, decided within ``think`` seconds when timed."""
        if view.rules is not None:
            self.prepare(view.rules)
        self.deadline = perf_counter() + self.think if self.timed else None
        try:
            return super().act(view)
        finally:
            self.deadline = None

    def _batches(self, n: int, work: float) -> Iterator[int]:
        """Rows of deals to draw, batch by batch, up to ``n``; ``work``: hand evaluations per
        row. A timed decision draws no more than fits in the time left to its deadline
        (``act``; outside a decision, ``think`` from now) at the pace its batches have gone
        so far, and stops when not even the fewest (48) fit; it always draws one batch, of
        the fewest when it is late. The caller deals each batch before asking for the next."""
        size = max(_MIN_SAMPLES, int(_BATCH / max(1.0, work)))
        if not self.timed:
            for start in range(0, n, size):
                yield min(size, n - start)
            return
        deadline = self.deadline if self.deadline is not None else perf_counter() + self.think
        drawn, now = 0, perf_counter()
        while drawn < n:
            fit = int((deadline - now) / (self.pace * work))
            rows = min(size, n - drawn, fit)
            if rows < _MIN_SAMPLES:
                if drawn:
                    return
                rows = _MIN_SAMPLES
            yield rows
            began, now = now, perf_counter()
            self.pace = 0.5 * self.pace + 0.5 * (now - began) / (rows * work)
            drawn += rows

    def thresholds(self, table: Table) -> tuple[float, float]:
        """Tighter when no opponent shows a card (NASDAQ's closed hands): who stays in then
        holds more than a random sample of its unseen cards, and nothing shows it."""
        if table.opponents and not any(o.known for o in table.opponents):
            return self.hidden_raise_factor, self.hidden_call_margin
        return self.raise_factor, self.call_margin

    def estimate(self, table: Table, mine: tuple[int, ...], to_come: int) -> Estimate:
        """Chances by Monte Carlo over the unseen cards (``self.samples`` deals)."""
        return self.compare(table, [(mine, to_come)])[0]

    def compare(
        self, table: Table, hands: Sequence[tuple[tuple[int, ...], int]], budget: float = 1.0
    ) -> list[Estimate]:
        """Estimates of candidate hands from one shared sample of the unseen cards (common
        random numbers: differences between candidates are not noise of separate draws).

        ``budget``: the part of the decision's samples this comparison may spend. The samples
        are shared by the candidates, and fewer are drawn where a hand must be cut down to the
        cards its holder keeps (:func:`_kept`: each of its subsets costs an evaluation), so a
        decision's work stays within its thinking budget."""
        rules = table.rules
        keep = _keep(rules)
        used = set(table.dead)
        for cards, _ in hands:
            used.update(cards)
        pool = np.array(sorted(set(range(52)) - used), dtype=np.int64)
        mine_come = max(come for _, come in hands)
        room = max(0, len(pool) - mine_come)
        wants = []
        for opponent in table.opponents:
            # a card it chose to throw away leaves it the best of one card more (NASDAQ): drawn
            # as an extra card, up to eight in all
            extra = max(
                0,
                min(
                    self.selection * opponent.discarded,
                    8 - len(opponent.known) - opponent.unknown - table.to_come,
                ),
            )
            want = min(room, opponent.unknown + table.to_come + extra)
            room -= want
            wants.append(want)
        mine_come = min(mine_come, len(pool))
        common = len(table.common)
        sizes = [len(o.known) + common + w for o, w in zip(table.opponents, wants, strict=True)]
        sizes += [len(cards) + common + min(come, mine_come) for cards, come in hands]
        work = sum(comb(k, keep) if keep and k > keep else 1 for k in sizes) / len(sizes)
        n = max(_MIN_SAMPLES, int(budget * self.samples / max(1, len(hands)) / work))
        batches, count = [], 0
        for rows in self._batches(n, work * len(sizes)):  # the clock is read between batches
            batches.append(self._deal(table, hands, pool, wants, mine_come, rows, keep))
            count += rows
        drawn = {key: np.concatenate([b[key] for b in batches]) for key in batches[0]}
        weights = np.ones(count)
        for i, opponent in enumerate(table.opponents):
            if ("now", i) in drawn:
                percentile = _percentile(rules, drawn["now", i], drawn["now low", i])
                weights = weights * percentile ** (self.aggression * self._strength(opponent))
        seen = [i for i in range(len(table.opponents)) if ("high", i) in drawn]
        opp_high = [drawn["high", i] for i in seen]
        opp_low = [drawn["low", i] for i in seen]
        results = []
        for j in range(len(hands)):
            if ("mine", j) not in drawn:  # no cards at all: an even share
                share = 1.0 / (1 + len(table.opponents))
                results.append(Estimate(share, share, 0.0, share))
                continue
            high, low = drawn["mine", j], drawn["mine low", j]
            results.append(_judge(rules, high, low, opp_high, opp_low, weights))
        return results

    def _strength(self, opponent: Opponent) -> float:
        """What the opponent's bets, raises and calls this hand say of its cards."""
        return min(3, opponent.raises) + self.calling * min(4, opponent.calls)

    def _deal(
        self,
        table: Table,
        hands: Sequence[tuple[tuple[int, ...], int]],
        pool: _Ints,
        wants: list[int],
        mine_come: int,
        n: int,
        keep: int | None,
    ) -> dict[tuple[str, int], _Ints]:
        """One batch of ``n`` deals of the unseen cards, evaluated: each opponent's final
        ``high``/``low`` values and, where it has bet and has hidden cards, those of its cards
        so far (``now``, for :func:`_percentile`); each candidate's (``mine``)."""
        rules, rivals = table.rules, len(table.opponents)
        total = mine_come + sum(wants)
        if total:
            draws = self.np_rng.permuted(np.tile(pool, (n, 1)), axis=1)[:, :total]
        else:
            draws = np.zeros((n, 0), dtype=np.int64)
        out: dict[tuple[str, int], _Ints] = {}
        at = mine_come
        for i, (opponent, want) in enumerate(zip(table.opponents, wants, strict=True)):
            known = np.array((*opponent.known, *table.common), dtype=np.int64)
            hand = np.hstack([np.tile(known, (n, 1)), draws[:, at : at + want]])
            at += want
            if hand.shape[1] == 0:
                continue
            out["high", i], out["low", i] = _values(rules, hand, keep, rivals)
            hidden = min(opponent.unknown, want)
            if hidden and self.aggression and self._strength(opponent):
                now = hand[:, : len(known) + hidden]
                out["now", i], out["now low", i] = _values(rules, now, keep)
        for j, (cards, come) in enumerate(hands):
            known = np.array((*cards, *table.common), dtype=np.int64)
            hand = np.hstack([np.tile(known, (n, 1)), draws[:, : min(come, mine_come)]])
            if hand.shape[1]:
                out["mine", j], out["mine low", j] = _values(rules, hand, keep, rivals)
        return out

    def sale_value(self, table: Table, card: int) -> float:
        """Chips the card is worth to the opponent it helps most, by Monte Carlo from that
        opponent's seat: its share of the pot holding the card less its share without it,
        against the reader's hand without the card (NASDAQ: the best bid is paid to the
        seller, ¶9), times the pot and a round of bets to come. A decision weighs up to
        three cards this way with half its budget, so each look from an opponent's seat
        spends a sixth of the budget shared among the opponents. Past the decision's deadline,
        the rule of thumb (:meth:`StrategyBot.sale_value`) instead."""
        if self.timed and self.deadline is not None and perf_counter() >= self.deadline:
            return super().sale_value(table, card)
        rules = table.rules
        pot = table.pot + (1 + len(table.opponents)) * rules.big_bet
        keep = tuple(c for c in table.mine if c != card)
        best = 0.0
        for opponent in table.opponents:
            others = tuple(o for o in table.opponents if o.seat != opponent.seat)
            theirs = table._replace(
                seat=opponent.seat,
                mine=opponent.known,
                opponents=(Opponent(table.seat, keep, 0), *others),
                to_come=0,
            )
            without, holding = self.compare(
                theirs,
                [(opponent.known, opponent.unknown), ((*opponent.known, card), opponent.unknown)],
                budget=1 / (6 * len(table.opponents)),
            )
            best = max(best, holding.share - without.share)
        return best * pot


def _values(
    rules: Rules, hand: _Ints, keep: int | None = None, rivals: int = 1
) -> tuple[_Ints, _Ints]:
    """High and low values of each row. A row of more than ``keep`` cards (NASDAQ: five kept of
    six or seven, :func:`~splitpot.bots.table.held_cards`) is cut to the ``keep`` cards its
    holder would keep (:func:`_kept`); otherwise the best five of at most seven count for each
    half. A game without a high or a low gets zeros for it."""
    k = hand.shape[1]
    if keep is not None and k > keep:
        return _kept(rules, hand, keep, rivals)
    if k > 7:
        pairs = [_values(rules, hand[:, list(cols)]) for cols in combinations(range(k), 7)]
        return (
            np.max([p[0] for p in pairs], axis=0),
            np.max([p[1] for p in pairs], axis=0),
        )
    zeros = np.zeros(hand.shape[0], dtype=np.int64)
    high = high_values(hand).astype(np.int64) if rules.high else zeros
    if rules.low == "none":
        return high, zeros
    low = low_values(hand, ranking=_ranking(rules), qualifier=rules.qualifier).astype(np.int64)
    return high, low


@cache
def _keep(rules: Rules) -> int | None:
    """The cards a hand is cut down to where a game keeps fewer than it deals (NASDAQ: five of
    six or seven), else None (stud: the best five of all of them for each half)."""
    held = held_cards(rules)
    return held if held < final_cards(rules) else None


def _ranking(rules: Rules) -> Ranking:
    return "27" if rules.low == "27" else "a5"


def _kept(rules: Rules, hand: _Ints, keep: int, rivals: int) -> tuple[_Ints, _Ints]:
    """The values of the ``keep`` cards of each row its holder keeps: high and low then come
    from the same cards, so a hand cannot count its best high and its best low when they need
    different cards. The holder keeps the cards with the most chances against ``rivals``
    random hands: P(high) ** rivals + P(low) ** rivals, each P by the hand's percentile among
    random hands of ``keep`` cards (:func:`_reference`)."""
    subsets = np.array(list(combinations(range(hand.shape[1]), keep)))
    n, m = hand.shape[0], len(subsets)
    high, low = _values(rules, hand[:, subsets].reshape(n * m, keep))  # one batch of rows
    highs, lows = high.reshape(n, m), low.reshape(n, m)
    score = np.zeros(highs.shape, dtype=np.float64)
    for values, ref in zip((highs, lows), _reference(rules, keep), strict=True):
        if ref.size > 1:
            score += ref[np.minimum(values, ref.size - 1)] ** max(1, rivals)
    best = np.argmax(score, axis=1)[:, None]
    return (
        np.take_along_axis(highs, best, axis=1)[:, 0],
        np.take_along_axis(lows, best, axis=1)[:, 0],
    )


@cache
def _reference(rules: Rules, keep: int) -> tuple[_Floats, _Floats]:
    """For each high value and each low value, the part of 20,000 random hands of ``keep``
    cards (fixed seed) that it ties or beats; one entry only for a half the game does not
    play (its values are all 0)."""
    rng = np.random.default_rng(0)
    hands = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (20_000, 1)), axis=1)[:, :keep]
    tables = []
    for values in _values(rules, hands):
        ordered = np.sort(values)
        top = np.arange(int(ordered[-1]) + 1)
        tables.append(np.searchsorted(ordered, top, side="right") / ordered.size)
    return tables[0], tables[1]


def _percentile(rules: Rules, high: _Ints, low: _Ints) -> _Floats:
    """Per sample, how strong a hand of these values is among all samples (0..1], by its
    better half."""
    n = high.shape[0]
    best = np.zeros(n)
    for values, used in ((high, rules.high), (low, rules.low != "none")):
        if used:
            ranks = np.empty(n)
            ranks[np.argsort(values, kind="stable")] = np.arange(1, n + 1)
            best = np.maximum(best, ranks / n)
    return best


def _shares(mine: _Ints, theirs: _Ints, *, strict: bool = False) -> _Floats:
    """Per sample, the part of a half the reader takes: 1 alone best, 1/(k+1) tied with k,
    0 beaten (``strict``: a tie takes nothing). ``theirs`` holds -1 for a seat not in it."""
    if theirs.shape[1] == 0:
        return np.ones(mine.shape[0])
    best = theirs.max(axis=1)
    ties = (theirs == mine[:, None]).sum(axis=1)
    tied = 0.0 if strict else 1.0
    return np.where(mine > best, 1.0, np.where(mine == best, tied / (1 + ties), 0.0))


def _judge(
    rules: Rules,
    high: _Ints,
    low: _Ints,
    opp_high: list[_Ints],
    opp_low: list[_Ints],
    weights: _Floats,
) -> Estimate:
    """The reader's chances from its values and the opponents' values, sample by sample
    (weighted: how likely each sample is given what the opponents did)."""
    n = high.shape[0]
    total = float(weights.sum())

    def mean(x: npt.NDArray[np.float64] | npt.NDArray[np.bool_]) -> float:
        return float((weights * x).sum() / total)

    their_high = np.stack(opp_high, axis=1) if opp_high else np.zeros((n, 0), dtype=np.int64)
    their_low = np.stack(opp_low, axis=1) if opp_low else np.zeros((n, 0), dtype=np.int64)
    hs = _shares(high, their_high)
    has_low = low > 0
    ls = np.where(has_low, _shares(low, their_low), 0.0)
    if not rules.high:
        p = mean(ls)
        return Estimate(0.0, p, p, p, "lo")
    if rules.low == "none":
        p = mean(hs)
        return Estimate(p, 0.0, mean(hs == 1.0), p, "hi")
    any_low = has_low | (their_low > 0).any(axis=1) if their_low.shape[1] else has_low
    scoop = mean((hs == 1.0) & ((ls == 1.0) | ~any_low))
    p_high, p_low = mean(hs), mean(ls)
    if rules.showdown != "declare":
        share = mean(np.where(any_low, 0.5 * hs + 0.5 * ls, hs))
        return Estimate(p_high, p_low, scoop, share, "hi" if p_high >= p_low else "lo")
    # a declaration (OPR-207 4.2, OPR-657 4.2-4.3): who goes which way, modelled per sample
    threshold = low_value("8c7d6h5s3c", ranking=_ranking(rules), qualifier=0)
    goes_low = (their_low >= (threshold or 1)) & (their_high < _TWO_PAIR)
    goes_high = ~goes_low
    anyone_low = goes_low.any(axis=1)
    anyone_high = goes_high.any(axis=1)
    hi = _shares(high, np.where(goes_high, their_high, -1)) * np.where(anyone_low, 0.5, 1.0)
    lo_part = _shares(low, np.where(goes_low, their_low, -1))
    lo = np.where(has_low, lo_part, 0.0) * np.where(anyone_high, 0.5, 1.0)
    shares: dict[Declaration, float] = {"hi": mean(hi), "lo": mean(lo)}
    if rules.declare_both:
        strict = rules.both_must == "win-outright"
        both_high = _shares(high, their_high, strict=strict)
        both_low = np.where(has_low, _shares(low, their_low, strict=strict), 0.0)
        won = (both_high > 0) & (both_low > 0)
        shares["both"] = mean(np.where(won, 0.5 * both_high + 0.5 * both_low, 0.0))
    declaration = max(shares, key=lambda d: shares[d])
    return Estimate(p_high, p_low, scoop, shares[declaration], declaration)
