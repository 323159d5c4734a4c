"""A betting round: bring-in, complete/bet/raise to an amount, check/call, fold.

Fixed limit (with bring-in and completion, Robert's 4 and 6), spread, pot and no limit, by
Robert's general rules on betting and raising (docs/games.md: betting in limit games): a bet
and ``max_raises`` raises while three or more players with chips contest the pot, uncapped
between two (``heads_up_uncapped``; a later fold does not uncap); ``no_check_raise`` (NASDAQ).
An all-in bet or raise of at least half a full one counts as full (``all_in_raise = "half"``)
and reopens the betting; a shorter one does not reopen it for players who already acted, unless
such all-ins add up to a full raise over what they acted on; the next player may complete it.
A bet or raise no other live player can match is accepted from the amount that puts the last
of them all in, and the uncalled part is returned. All-in seats are skipped. A player facing no
bet checks and may not fold (a ruling; see :data:`splitpot.books.RULING_FOLD`).
"""

from __future__ import annotations

from typing import Final

from splitpot.actions import Action
from splitpot.errors import IllegalAction
from splitpot.hands import high_value, low_value
from splitpot.phases.base import Phase, finish_uncontested, option, player, refuse, register
from splitpot.phases.sale import last_sale, sellers_left
from splitpot.rules import Betting
from splitpot.state import Legal, Option, State

__all__ = ["BettingPhase", "opener"]

_FOLD: Final = Option("f")


_ROUND_SLOTS: Final = (
    "acted_at",
    "bet_level",
    "big_only",
    "bring_in",
    "candidates",
    "capped",
    "completing",
    "count",
    "full_inc",
    "full_level",
    "max_bet",
    "open_pair",
    "passive",
    "queue",
    "size",
)
"""The slots of BettingRound, read by its copy (a compiled class has no ``__slots__`` to read)."""


class BettingRound:
    """The bookkeeping of one betting round."""

    __slots__ = _ROUND_SLOTS
    acted_at: list[int | None]  # the bet a seat last acted on (bet_level); None: not acted
    bet_level: int  # the amount of the last complete/bet/raise (the bring-in is not a bet)
    big_only: bool  # the big bet was chosen over an open pair: raises are big too
    bring_in: bool  # the opener must still bring in or complete
    candidates: tuple[int, ...]  # possible openers while their up cards are unknown
    capped: bool
    completing: bool  # no full bet yet beyond the bring-in: the next bet completes it
    count: int  # full completions, bets and raises so far (the cap counts these)
    full_inc: int  # the largest full bet or raise increment (spread: the smallest raise)
    full_level: int  # the bet after the last full bet or raise: the next one is a size above
    max_bet: int
    open_pair: bool
    passive: list[bool]  # checked or called this round (no_check_raise)
    queue: list[int]  # seats still to act, in order
    size: int  # this round's bet

    def copy(self) -> BettingRound:
        new = BettingRound()  # not __new__: a compiled class is made by calling it
        for name in _ROUND_SLOTS:
            setattr(new, name, getattr(self, name))
        new.acted_at = self.acted_at.copy()
        new.passive = self.passive.copy()
        new.queue = self.queue.copy()
        return new

    def snapshot(self) -> tuple[object, ...]:
        return tuple(
            tuple(v) if isinstance(v, list) else v
            for v in (getattr(self, name) for name in _ROUND_SLOTS)
        )


def _low_card(cards: list[int]) -> int:
    return -min(cards)  # lowest up card by suit, ace high (Robert's 4): bigger key acts first


def _high_card_ace_low(cards: list[int]) -> int:
    return max(c - 52 if c >= 48 else c for c in cards)  # razz: highest card, ace low, by suit


def _low_board(cards: list[int]) -> int:
    return low_value(cards, qualifier=0) or 0


_KEYS: Final = {
    "low-card": _low_card,
    "high-card": _high_card_ace_low,
    "high-board": high_value,  # the best hand showing (Robert's 4)
    "low-board": _low_board,
}


def opener(state: State, how: str) -> tuple[int, ...]:
    """The seat that acts first, or every seat that might when up cards are unknown (replays).

    Ties go to the first seat clockwise from the dealer, i.e. the lowest seat (Robert's 4).
    """
    live = state.live()
    key = _KEYS.get(how)
    if key is None or not live:
        return (live[0],) if live else ()
    best_seat, best = -1, 0
    unknown: list[int] = []
    ups = state.ups
    for seat in live:
        up = ups[seat]
        if not up:
            continue
        if None in up:
            unknown.append(seat)
            continue
        value = key(up)  # type: ignore[arg-type]
        if best_seat < 0 or value > best:
            best_seat, best = seat, value
    if best_seat < 0 and not unknown:
        return (live[0],)
    if not unknown:
        return (best_seat,)
    return tuple(sorted([*unknown, best_seat] if best_seat >= 0 else unknown))


def _clockwise(state: State, start: int, include_start: bool) -> list[int]:
    """Seats that can still bet (live, chips behind), clockwise from ``start``."""
    n = state.n
    stacks, folded, shown = state.stacks, state.folded, state.shown
    order = range(start, start + n) if include_start else range(start + 1, start + n)
    return [s % n for s in order if stacks[s % n] and not folded[s % n] and shown[s % n] is None]


Span = tuple[int, int]
"""Amounts from..to (both included) a seat may complete, bet or raise to."""


class BettingPhase(Phase[BettingRound, Betting]):
    """Runs :class:`~splitpot.rules.Betting` steps."""

    kind = "betting"
    round_type = BettingRound
    step_type = Betting

    def rule(self, state: State) -> str:
        return state.rules.cite("turn", _step(state).opener)

    def enter(self, state: State) -> None:
        step = _step(state)
        rules = state.rules
        state.street += 1
        r = BettingRound()
        size = step.bet
        if step.opener == "buyer":  # after a sale (NASDAQ ¶11); none when no sale took place
            sale = last_sale(state)
            first: tuple[int, ...] = (
                () if sale is None else (sale[1] if sale[1] is not None else sale[0],)
            )
            if not sellers_left(state):
                size = "big"  # the last round (NASDAQ; sizes: docs/games.md ruling)
        else:
            first = opener(state, step.opener)
        r.candidates = first if len(first) > 1 else ()
        r.queue = _clockwise(state, first[0], True) if first else []
        r.size = rules.big_bet if size == "big" else rules.small_bet
        r.open_pair = step.open_pair and rules.betting == "fixed" and _open_pair(state)
        r.big_only = False
        r.bring_in = step.bring_in and rules.bring_in > 0
        r.completing = r.bring_in
        r.max_bet = 0
        r.bet_level = 0
        r.full_inc = 0
        r.full_level = 0
        r.count = 0
        r.capped = False
        r.acted_at = [None] * state.n
        r.passive = [False] * state.n
        state.phase_state = r
        if len(r.queue) <= 1:  # nobody to bet against (PokerKit: a lone actor facing no bet)
            r.queue = []
            r.candidates = ()

    def done(self, state: State) -> bool:
        ps = state.phase_state  # its own round read without a call; self.round checks any other
        r = ps if type(ps) is BettingRound else self.round(state)
        return not r.queue

    def legal(self, state: State) -> Legal:
        ps = state.phase_state  # as in done
        r = ps if type(ps) is BettingRound else self.round(state)
        if r.candidates:
            seats = r.candidates
            return Legal(seats, False, {s: self._options(state, r, s) for s in seats})
        seat = r.queue[0]
        return Legal((seat,), False, {seat: self._options(state, r, seat)})

    def options(self, state: State, seat: int) -> tuple[Option, ...]:
        """What ``seat`` may do now, if it is its turn."""
        return self._options(state, self.round(state), seat)

    def _options(self, state: State, r: BettingRound, seat: int) -> tuple[Option, ...]:
        stack = state.stack(seat)
        raises = _cbr_options(self._spans(state, r, seat))
        if r.bring_in:
            amount = min(stack, state.rules.bring_in)
            return (option("pb", amount, amount), *raises)
        call = min(r.max_bet - state.bets[seat], stack)
        cc = option("cc", call, call)
        return (_FOLD, cc, *raises) if call > 0 else (cc, *raises)

    # --- raising ------------------------------------------------------------------------------

    def _blocked(self, state: State, r: BettingRound, seat: int, reach: int) -> str:
        """Why ``seat`` may not complete, bet or raise now (a reason code), or ``""``;
        ``reach`` is what the other live players can have in (:func:`_reach`)."""
        rules = state.rules
        if rules.no_check_raise and r.passive[seat]:
            return "no_check_raise"
        if r.capped:
            return "raises_capped"
        # reopened for it: it has not acted (or an all-in of half a bet reopened the betting),
        # or it faces at least a full bet or raise more than the bet it acted on — one full
        # raise, or short all-ins that add up to one (Robert's betting 5-6)
        at = r.acted_at[seat]
        if at is not None and r.max_bet - at < self._full_size(state, r):
            return "not_reopened"
        stack = state.stack(seat)
        if stack <= r.max_bet - state.bets[seat]:
            return "no_chips"
        if reach <= (min(stack, rules.bring_in) if r.bring_in else r.max_bet):
            return "no_caller"
        return ""

    def _refusal(self, state: State, r: BettingRound, seat: int, why: str) -> IllegalAction:
        """The refusal of a complete, bet or raise for the reason :meth:`_blocked` gave."""
        rules = state.rules
        who = player(seat)
        if why == "no_check_raise":
            return refuse(
                f"{who} checked or called in this round and may not raise now (no check-raise)",
                why,
                rules.cite("check_raise"),
            )
        if why == "raises_capped":
            return refuse(
                f"the betting is capped at a bet and {rules.max_raises} raises this round",
                why,
                rules.cite("cap"),
            )
        if why == "not_reopened":
            more, full = r.max_bet - (r.acted_at[seat] or 0), self._full_size(state, r)
            return refuse(
                f"{who} has acted and faces {more} more, short of a full raise of {full}: the "
                "all-in raises since do not reopen the betting for it",
                why,
                rules.cite("all_in"),
            )
        if why == "no_chips":
            why = "has no chips beyond the call"
        else:
            why = "has nobody left to call more (every other player is all in)"
        return refuse(
            f"{who} may not complete, bet or raise: it {why}",
            "raise_not_allowed",
            rules.cite("all_in"),
        )

    def _spans(
        self, state: State, r: BettingRound, seat: int, reach: int | None = None
    ) -> list[Span]:
        """The amounts ``seat`` may complete, bet or raise to now; empty when it may not.

        The full range of :meth:`_amounts`, from which a bet or raise no other live player can
        match is accepted from the amount that puts the last of them all in (the rest is
        returned as uncalled, docs/games.md: betting in limit games), cut to the seat's own
        stack (all in); while the bring-in is owed, only amounts above the bring-in.
        ``reach``: :func:`_reach` for ``seat``, when the caller has worked it out."""
        if reach is None:
            reach = _reach(state, seat)
        if self._blocked(state, r, seat, reach):
            return []
        lo, hi, choices = self._amounts(state, r, seat)
        allin = state.stack(seat) + state.bets[seat]
        floor = min(allin, state.rules.bring_in) + 1 if r.bring_in else 0
        if not choices:  # one range (the usual case)
            start, stop = max(min(lo, reach, allin), floor), min(hi, allin)
            return [(start, stop)] if start <= stop else []
        wanted = [(min(c, reach), c) for c in choices]
        spans: list[Span] = []
        for start, stop in sorted((min(a, allin), min(b, allin)) for a, b in wanted):
            start = max(start, floor)
            if start > stop:
                continue
            if spans and start <= spans[-1][1] + 1:
                spans[-1] = (spans[-1][0], max(stop, spans[-1][1]))
            else:
                spans.append((start, stop))
        return spans

    def _full_size(self, state: State, r: BettingRound) -> int:
        """The increment of a full bet or raise now: the round's bet in fixed limit (the big
        bet once chosen over an open pair); in spread limit the smallest legal raise; in pot
        and no limit the larger of the bet and the last full raise."""
        rules = state.rules
        if rules.betting == "fixed":
            return rules.big_bet if r.big_only else r.size
        if r.completing:
            return rules.small_bet
        if rules.betting == "spread":
            return max(rules.small_bet, r.full_inc)
        return max(r.size, r.full_inc)

    def _amounts(
        self, state: State, r: BettingRound, seat: int
    ) -> tuple[int, int, tuple[int, ...]]:
        """The full range to complete, bet or raise to (uncut by stacks), and its choices.

        In limit games a full bet or raise goes a full size above the last full level, so after
        a short all-in the next player completes it; in pot and no limit a raise is at least a
        full raise above the bet to call."""
        rules = state.rules
        top, betting = r.max_bet, rules.betting
        full = self._full_size(state, r)
        limit = betting in ("fixed", "spread") or r.completing
        lo = (r.full_level if limit else top) + full
        if betting == "fixed":
            if r.open_pair and not r.big_only:
                big = r.full_level + rules.big_bet
                return lo, big, (lo, big)
            return lo, lo, ()
        if betting == "spread":  # a bet (the completion too) is at most the big bet over it
            return lo, max(lo, (0 if r.completing else top) + rules.big_bet), ()
        if betting == "pot":
            call = top - state.bets[seat]
            return lo, max(lo, top + sum(state.paid) + state.dead + call), ()
        return lo, state.stack(seat) + state.bets[seat], ()

    # --- checking -----------------------------------------------------------------------------

    def check(self, state: State, action: Action) -> None:
        ps = state.phase_state  # as in done
        r = ps if type(ps) is BettingRound else self.round(state)
        rules = state.rules
        verb, seat = action.verb, action.seat
        if seat is None or (seat not in r.candidates if r.candidates else seat != r.queue[0]):
            waiting = r.candidates or (r.queue[0],)
            who = ", ".join(f"{player(w)}" for w in waiting)
            raise refuse(
                f"it is {who}'s turn, not {player(seat)}'s", "not_your_turn", self.rule(state)
            )
        amount = action.amount
        stack, bet = state.stack(seat), state.bets[seat]
        if verb == "cc" and not r.bring_in:
            expected: int | None = min(r.max_bet - bet, stack)
        elif verb == "pb" and r.bring_in:
            expected = min(stack, rules.bring_in)
        elif verb == "f" and not r.bring_in and r.max_bet > bet:
            expected = amount
        elif verb == "cbr":
            if r.bring_in and stack <= rules.bring_in:
                raise refuse(
                    f"{player(seat)} can only bring in for what it has",
                    "wrong_amount",
                    self._bring_in_rule(state),
                )
            reach = _reach(state, seat)
            why = self._blocked(state, r, seat, reach)
            if why:
                raise self._refusal(state, r, seat, why)
            self._check_amount(state, r, seat, amount, reach)
            return
        else:
            raise refuse(
                self._why_not(state, r, seat, verb),
                _reason(r, verb),
                self._verb_rule(state, r, verb),
            )
        if amount is not None and amount != expected:
            raise refuse(
                f"{verb} is for {expected} chips, not {amount}",
                "wrong_amount",
                self._bring_in_rule(state) if verb == "pb" else rules.cite("limits"),
            )

    def _check_amount(
        self, state: State, r: BettingRound, seat: int, amount: object, reach: int
    ) -> None:
        rules = state.rules
        if amount is None or isinstance(amount, bool) or not isinstance(amount, int):
            raise refuse(
                "say the amount to bet or raise to", "missing_amount", rules.cite("limits")
            )
        spans = self._spans(state, r, seat, reach)
        if any(start <= amount <= stop for start, stop in spans):
            return
        lo = self._amounts(state, r, seat)[0]
        allowed = " or ".join(str(a) if a == b else f"{a} to {b}" for a, b in spans)
        note, rule = "", rules.cite("limits")
        if spans and spans[0][0] < lo and state.stack(seat) + state.bets[seat] > spans[0][0]:
            note = (
                f" ({spans[0][0]} puts the last player who can call all in; the rest is returned)"
            )
        if any(not state.stack(s) and state.bets[s] for s in state.live()):
            rule = f"{rule}, {rules.cite('all_in')}"  # an all-in this round moved the levels
        raise refuse(
            f"{player(seat)} may complete, bet or raise to {allowed}, not {amount}{note}",
            "wrong_amount",
            rule,
        )

    def _bring_in_rule(self, state: State) -> str:
        return state.rules.cite("bring_in", _step(state).opener)

    def _verb_rule(self, state: State, r: BettingRound, verb: str) -> str:
        if r.bring_in or verb == "pb":
            return self._bring_in_rule(state)
        if verb == "f":
            return state.rules.cite("fold")
        return self.rule(state)

    def _why_not(self, state: State, r: BettingRound, seat: int, verb: str) -> str:
        """Why a fold, bring-in or other verb is refused (a raise: :meth:`_blocked`)."""
        if r.bring_in:
            return f"{player(seat)} must bring in or complete, not {verb!r}"
        if verb == "f":
            return f"{player(seat)} faces no bet and checks instead of folding"
        if verb == "pb":
            return "the bring-in has already been made"
        return f"{verb!r} is not a betting action"

    # --- performing ---------------------------------------------------------------------------

    def perform(self, state: State, action: Action) -> None:
        ps = state.phase_state  # as in done
        r = ps if type(ps) is BettingRound else self.round(state)
        seat = action.seat
        assert seat is not None
        if r.candidates:
            r.queue = _clockwise(state, seat, True)
            r.candidates = ()
        verb = action.verb
        r.queue.pop(0)
        if verb == "cc":
            state.put_in(seat, min(r.max_bet - state.bets[seat], state.stack(seat)))
            r.acted_at[seat] = r.bet_level
            r.passive[seat] = True
        elif verb == "cbr":
            assert action.amount is not None
            self._raise(state, r, seat, action.amount)
        elif verb == "pb":
            amount = min(state.stack(seat), state.rules.bring_in)
            state.put_in(seat, amount)
            # all in for less, it has still brought in: the others call the full bring-in or
            # complete (docs/games.md, smaller rulings)
            r.max_bet = state.rules.bring_in
            r.bring_in = False
            r.acted_at[seat] = 0  # the bring-in is no bet: the completion reopens for it
        else:  # fold
            state.folded[seat] = True
            state.discards.extend(c for c in state.hands[seat] if c is not None)
            if len(state.live()) == 1:
                finish_uncontested(state, "folded")
                return
        if not r.queue:
            self._close(state)

    def _raise(self, state: State, r: BettingRound, seat: int, amount: int) -> None:
        """Complete, bet or raise to ``amount`` (checked): is it a full one (Robert's betting
        5-6, house rule all_in_raise), does it reopen the betting, does it cap the round?"""
        rules = state.rules
        top = r.max_bet
        full = self._full_size(state, r)
        lo = self._amounts(state, r, seat)[0]
        reach = _reach(state, seat)
        if r.open_pair and not r.big_only and amount > lo:
            r.big_only = True  # the big bet chosen over an open pair: raises are big too
        state.put_in(seat, amount - state.bets[seat])
        own = amount - r.bet_level  # what this bet or raise adds (the bring-in is no bet)
        half = (  # an all-in of half a bet or raise counts as a full one (Robert's betting 6)
            amount < min(lo, reach)
            and rules.all_in_raise == "half"
            and rules.betting in ("fixed", "spread")
            and 2 * own >= full
        )
        # A full one (all a live opponent can call is the same), or short all-ins adding up to
        # one: the next full one goes a size above it.
        if half or amount >= min(lo, reach) or amount - r.full_level >= full:
            r.full_inc = max(r.full_inc, amount - (r.full_level if r.completing else top))
            r.full_level = amount
            r.completing = False
            r.count += 1
            cap = rules.max_raises
            if cap is not None and r.count == cap + 1:
                with_chips = sum(1 for s in state.live() if state.stack(s))
                r.capped = not (rules.heads_up_uncapped and with_chips <= 2)  # betting 3-4
        if half:  # it reopens the betting for everyone who acted
            r.acted_at = [None] * state.n
        r.acted_at[seat] = amount
        r.max_bet = r.bet_level = amount
        r.bring_in = False
        r.queue = _clockwise(state, seat, False)

    def _close(self, state: State) -> None:
        """End the round: return an uncalled bet and clear the bets (the chips stay paid)."""
        state.return_uncalled()
        state.bets = [0] * state.n


def _step(state: State) -> Betting:
    return state.step_as(Betting)


def _reach(state: State, seat: int) -> int:
    """The most any other live player with chips can have in this round: what it has bet
    plus its stack (0 when every other live player is all in)."""
    stacks, bets, folded, shown = state.stacks, state.bets, state.folded, state.shown
    most = 0
    for s in range(state.n):
        if s != seat and stacks[s] and not folded[s] and shown[s] is None:
            chips = stacks[s] + bets[s]
            if chips > most:
                most = chips
    return most


def _cbr_options(spans: list[Span]) -> tuple[Option, ...]:
    """Options for the spans: one range, one set of choices, or one option per span."""
    if not spans:
        return ()
    if len(spans) == 1:  # the usual case: one range
        low, high = spans[0]
        return (option("cbr", low, high),)
    if all(a == b for a, b in spans):
        return (option("cbr", spans[0][0], spans[-1][0], tuple(a for a, _ in spans)),)
    return tuple(option("cbr", a, b) for a, b in spans)


def _open_pair(state: State) -> bool:
    """Does any live hand show a pair (Robert's seven-card stud: fourth street)?"""
    for seat in state.live():
        ranks = [c >> 2 for c in state.up_cards(seat) if c is not None]
        if len(set(ranks)) < len(ranks):
            return True
    return False


def _reason(r: BettingRound, verb: str) -> str:
    if r.bring_in:
        return "bring_in_required"
    return {"f": "fold_without_bet", "pb": "no_bring_in"}.get(verb, "not_a_betting_action")


register(BettingPhase())
