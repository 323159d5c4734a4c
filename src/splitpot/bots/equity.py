"""The equity bot: Monte Carlo over the cards it cannot see, then the choice worth the most.

Every card visible to the seat is removed from the deck (its own, every up card, the cards the
masked log names: auction layouts, picks, cards shown for sale); the rest are dealt at random
to complete each live opponent's unknown cards and every hand — its own included — to the
game's final card count (the game's remaining deals, :func:`~splitpot.bots.heuristic.read`).
All samples are evaluated at once with :func:`splitpot.hands.high_values` and
:func:`~splitpot.hands.low_values`, giving P(win high), P(win low) under the game's low ranking
and qualifier, P(scoop) and the expected share of the pot; in a declare game also the share for
each declaration, against opponents who declare low with a good low and no two pair, high
otherwise (a failed "both" takes nothing, OPR-657 4.3). Samples are weighted toward strong
hands for opponents that have bet or raised (``EquityBot.aggression``).
:class:`~splitpot.bots.heuristic.StrategyBot` then turns the share into an action by expected
value.

The number of samples is fixed by the thinking budget alone (``think`` seconds per decision,
50 ms by default), not by the clock, so a seeded bot is reproducible on any machine; it is sized
so that a decision takes well under the budget (``benchmarks/bots.py`` measures it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from splitpot.actions import Declaration
from splitpot.bots.heuristic import (
    Estimate,
    Opponent,
    StrategyBot,
    Table,
    final_cards,
    held_cards,
)
from splitpot.hands import Ranking, high_value, high_values, low_value, low_values
from splitpot.rules import Rules

__all__ = ["DEFAULT_THINK", "SAMPLES_PER_SECOND", "EquityBot"]

DEFAULT_THINK = 0.05
"""Seconds per decision when no ``think`` is given."""
SAMPLES_PER_SECOND = 100_000
"""Deals sampled per second of budget: a decision of 50 ms samples 5,000 deals in all (shared
by the candidates it compares), which takes a few milliseconds on one core."""
_MIN_SAMPLES = 48
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

    def __init__(self, seed: int | None = None, think: float | None = None) -> None:
        super().__init__(seed)
        self.think = DEFAULT_THINK if think is None else max(0.0, think)
        self.samples = max(_MIN_SAMPLES, int(self.think * SAMPLES_PER_SECOND))
        self.np_rng = np.random.default_rng(seed)

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
        keep, rivals = _keep(rules), len(table.opponents)
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
        common = np.array(table.common, dtype=np.int64)
        sizes = [
            len(o.known) + len(common) + w for o, w in zip(table.opponents, wants, strict=True)
        ]
        sizes += [len(cards) + len(common) + min(come, mine_come) for cards, come in hands]
        work = sum(comb(k, keep) if keep and k > keep else 1 for k in sizes) / len(sizes)
        n = max(_MIN_SAMPLES, int(budget * self.samples / max(1, len(hands)) / work))
        total = mine_come + sum(wants)
        if total:
            draws = self.np_rng.permuted(np.tile(pool, (n, 1)), axis=1)[:, :total]
        else:
            draws = np.zeros((n, 0), dtype=np.int64)
        opp_high: list[_Ints] = []
        opp_low: list[_Ints] = []
        weights = np.ones(n)
        at = mine_come
        for opponent, want in zip(table.opponents, wants, strict=True):
            known = np.array((*opponent.known, *table.common), dtype=np.int64)
            hand = np.hstack([np.tile(known, (n, 1)), draws[:, at : at + want]])
            at += want
            if hand.shape[1] == 0:
                continue
            high, low = _values(rules, hand, keep, rivals)
            opp_high.append(high)
            opp_low.append(low)
            hidden = min(opponent.unknown, want)
            strength = min(3, opponent.raises) + self.calling * min(4, opponent.calls)
            if strength and self.aggression and hidden:
                now = hand[:, : len(known) + hidden]
                weights *= _percentile(rules, now, keep) ** (self.aggression * strength)
        results = []
        for cards, come in hands:
            come = min(come, mine_come)
            known = np.array((*cards, *common.tolist()), dtype=np.int64)
            hand = np.hstack([np.tile(known, (n, 1)), draws[:, :come]])
            if hand.shape[1] == 0:
                share = 1.0 / (1 + len(table.opponents))
                results.append(Estimate(share, share, 0.0, share))
                continue
            high, low = _values(rules, hand, keep, rivals)
            results.append(_judge(rules, high, low, opp_high, opp_low, weights))
        return results

    def sale_value(self, table: Table, card: int) -> float:
        """Chips the card is worth to the opponent it helps most, by Monte Carlo from that
        opponent's seat: its share of the pot holding the card less its share without it,
        against the reader's hand without the card (NASDAQ: the best bid is paid to the
        seller, ¶9), times the pot and a round of bets to come. A decision weighs up to
        three cards this way, so each look from an opponent's seat spends a third of the
        budget shared among the opponents."""
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
                budget=1 / (3 * len(table.opponents)),
            )
            best = max(best, holding.share - without.share)
        return best * pot


def _values(
    rules: Rules, hand: _Ints, keep: int | None = None, rivals: int = 1
) -> tuple[_Ints, _Ints]:
    """High and low values of each row. A row of more than ``keep`` cards (NASDAQ: five kept of
    six or seven, :func:`~splitpot.bots.heuristic.held_cards`) is cut to the ``keep`` cards its
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


def _percentile(rules: Rules, hand: _Ints, keep: int | None) -> _Floats:
    """Per sample, how strong the hand is among all samples (0..1], by its better half."""
    high, low = _values(rules, hand, keep)
    n = hand.shape[0]
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
