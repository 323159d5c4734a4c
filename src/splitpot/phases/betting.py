"""A betting round: bring-in, complete/bet/raise to an amount, check/call, fold.

Fixed limit (with bring-in and completion, Robert's 4 and 6), spread, pot and no limit; a bet
and ``max_raises`` raises, uncapped heads-up (Robert's); ``no_check_raise`` (NASDAQ). All-in
seats are skipped; a short all-in raise does not reopen the betting for seats that already
acted (Robert's Rules: all-in). Folding is allowed only when facing a bet (as PokerKit).
"""

from __future__ import annotations

from splitpot.actions import Action
from splitpot.errors import IllegalAction
from splitpot.hands import high_value, low_value
from splitpot.phases.base import Phase, finish_uncontested, player, refuse, register
from splitpot.phases.sale import last_sale, sellers_left
from splitpot.rules import Betting
from splitpot.state import Legal, Option, State

__all__ = ["BettingPhase", "opener"]

_FOLD = Option("f")
_OPTIONS: dict[tuple[object, ...], Option] = {}


def _option(verb: str, low: int, high: int, choices: tuple[int, ...] = ()) -> Option:
    """Options are immutable values; reuse them rather than build one per question."""
    key = (verb, low, high, choices)
    opt = _OPTIONS.get(key)
    if opt is None:
        if len(_OPTIONS) > 4096:
            _OPTIONS.clear()
        opt = _OPTIONS[key] = Option(verb, low, high, choices)
    return opt


class BettingRound:
    """The bookkeeping of one betting round."""

    __slots__ = (
        "acted",
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
        "short_sum",
        "size",
    )
    acted: list[bool]  # acted since the last full bet or raise
    big_only: bool  # the big bet was chosen over an open pair: raises are big too
    bring_in: bool  # the opener must still bring in or complete
    candidates: tuple[int, ...]  # possible openers while their up cards are unknown
    capped: bool
    completing: bool  # no bet yet beyond the bring-in: the next bet completes it
    count: int  # completions, bets and raises so far
    full_inc: int  # the last full bet or raise increment (pot and no limit: the minimum raise)
    full_level: int  # the bet level after the last full bet or raise (fixed limit)
    max_bet: int
    open_pair: bool
    passive: list[bool]  # checked or called this round (no_check_raise)
    queue: list[int]  # seats still to act, in order
    short_sum: int  # short all-in increments since the last full raise
    size: int  # this round's bet

    def copy(self) -> BettingRound:
        new = BettingRound.__new__(BettingRound)
        for name in BettingRound.__slots__:
            setattr(new, name, getattr(self, name))
        new.acted = self.acted.copy()
        new.passive = self.passive.copy()
        new.queue = self.queue.copy()
        return new

    def snapshot(self) -> tuple[object, ...]:
        return tuple(
            tuple(v) if isinstance(v, list) else v
            for v in (getattr(self, name) for name in BettingRound.__slots__)
        )


def _low_card(cards: list[int]) -> int:
    return -min(cards)  # lowest up card by suit, ace high (Robert's 4): bigger key acts first


def _high_card_ace_low(cards: list[int]) -> int:
    return max(c - 52 if c >= 48 else c for c in cards)  # razz: highest card, ace low, by suit


def _high_board(cards: list[int]) -> int:
    return high_value(cards)


def _low_board(cards: list[int]) -> int:
    return low_value(cards, qualifier=0) or 0


_KEYS = {
    "low-card": _low_card,
    "high-card": _high_card_ace_low,
    "high-board": _high_board,
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
    stacks, folded, shown = state._stacks, state.folded, state.shown
    order = range(start, start + n) if include_start else range(start + 1, start + n)
    return [s % n for s in order if stacks[s % n] and not folded[s % n] and shown[s % n] is None]


class BettingPhase(Phase):
    """Runs :class:`~splitpot.rules.Betting` steps."""

    kind = "betting"

    def enter(self, state: State) -> None:
        step = state.rules.steps[state.step_index]
        assert isinstance(step, Betting)
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
                size = "big"  # the last round (NASDAQ; sizes: house-rules.md ruling)
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
        r.full_inc = 0
        r.full_level = 0
        r.count = 0
        r.capped = False
        r.short_sum = 0
        r.acted = [False] * state.n
        r.passive = [False] * state.n
        state.phase_state = r
        if len(r.queue) <= 1:  # nobody to bet against (PokerKit: a lone actor facing no bet)
            r.queue = []
            r.candidates = ()

    def done(self, state: State) -> bool:
        r: BettingRound = state.phase_state
        return not r.queue

    def legal(self, state: State) -> Legal:
        r: BettingRound = state.phase_state
        if r.candidates:
            seats = r.candidates
            return Legal(seats, False, {s: self.options(state, s) for s in seats})
        seat = r.queue[0]
        return Legal((seat,), False, {seat: self.options(state, seat)})

    def options(self, state: State, seat: int) -> tuple[Option, ...]:
        """What ``seat`` may do now, if it is its turn."""
        r: BettingRound = state.phase_state
        stack = state._stacks[seat]
        if r.bring_in:
            amount = min(stack, state.rules.bring_in)
            bring = _option("pb", amount, amount)
            rng = self._raise_range(state, r, seat)
            return (bring, _option("cbr", *rng)) if rng and rng[0] > amount else (bring,)
        call = min(r.max_bet - state.bets[seat], stack)
        cc = _option("cc", call, call)
        rng = self._raise_range(state, r, seat)
        if rng is None:
            return (_FOLD, cc) if call > 0 else (cc,)
        cbr = _option("cbr", *rng)
        return (_FOLD, cc, cbr) if call > 0 else (cc, cbr)

    def _raise_range(
        self, state: State, r: BettingRound, seat: int
    ) -> tuple[int, int, tuple[int, ...]] | None:
        """(min, max, choices) for complete/bet/raise to, or None when not allowed."""
        stack, bet, top = state._stacks[seat], state.bets[seat], r.max_bet
        if stack <= top - bet or r.capped:
            return None
        if r.acted[seat] and r.short_sum:
            return None  # a short all-in does not reopen the betting (Robert's Rules)
        if state.rules.no_check_raise and r.passive[seat]:
            return None
        stacks, bets, folded, shown = state._stacks, state.bets, state.folded, state.shown
        for s in range(state.n):
            live = not folded[s] and shown[s] is None
            if s != seat and live and stacks[s] and stacks[s] + bets[s] > top:
                break
        else:
            return None  # nobody left to call a raise
        lo, hi, choices = self._amounts(state, r, seat)
        allin = stack + bet
        if choices:
            choices = tuple(sorted({min(c, allin) for c in choices}))
        return min(lo, allin), min(hi, allin), choices if len(choices) > 1 else ()

    def _amounts(
        self, state: State, r: BettingRound, seat: int
    ) -> tuple[int, int, tuple[int, ...]]:
        """The full (uncapped by the stack) range to complete, bet or raise to, and choices."""
        rules = state.rules
        top, betting = r.max_bet, rules.betting
        if betting == "fixed":  # a full bet above the last full level (completes a short bet)
            size = rules.big_bet if r.big_only else r.size
            lo = r.full_level + size
            if r.open_pair and not r.big_only:
                big = r.full_level + rules.big_bet
                return lo, big, (lo, big)
            return lo, lo, ()
        if r.completing:  # complete the bring-in to the small bet (Robert's 4)
            lo = rules.small_bet
        elif betting == "spread":  # at least the last bet or raise (house rule betting)
            lo = top + max(rules.small_bet, r.full_inc)
        else:
            lo = top + max(r.size, r.full_inc)
        if betting == "spread":  # a bet (the completion too) is at most the big bet over it
            return lo, max(lo, (0 if r.completing else top) + rules.big_bet), ()
        if betting == "pot":
            call = top - state.bets[seat]
            return lo, max(lo, top + sum(state.paid) + state.dead + call), ()
        return lo, state._stacks[seat] + state.bets[seat], ()

    def check(self, state: State, action: Action) -> None:
        r: BettingRound = state.phase_state
        verb, seat = action.verb, action.seat
        if seat is None or (seat not in r.candidates if r.candidates else seat != r.queue[0]):
            waiting = r.candidates or (r.queue[0],)
            who = ", ".join(f"{player(w)}" for w in waiting)
            raise refuse(f"it is {who}'s turn, not {player(seat)}'s", "not_your_turn", "Robert's 4")
        amount = action.amount
        stack, bet = state._stacks[seat], state.bets[seat]
        if verb == "cc" and not r.bring_in:
            expected: int | None = min(r.max_bet - bet, stack)
        elif verb == "pb" and r.bring_in:
            expected = min(stack, state.rules.bring_in)
        elif verb == "f" and not r.bring_in and r.max_bet > bet:
            expected = amount
        elif verb == "cbr" and (rng := self._raise_range(state, r, seat)) is not None:
            if r.bring_in and rng[0] <= min(stack, state.rules.bring_in):
                raise refuse(
                    f"{player(seat)} can only bring in for what it has",
                    "wrong_amount",
                    "Robert's 4",
                )
            self._check_amount(state, seat, amount, rng)
            return
        elif verb == "cbr" and not r.bring_in:
            raise self._no_raise(state, r, seat)
        else:
            raise refuse(self._why_not(state, r, seat, verb), _reason(r, verb), _rule(r, verb))
        if amount is not None and amount != expected:
            raise refuse(
                f"{verb} is for {expected} chips, not {amount}",
                "wrong_amount",
                "house rule betting",
            )

    def _check_amount(
        self, state: State, seat: int, amount: object, rng: tuple[int, int, tuple[int, ...]]
    ) -> None:
        low, high, choices = rng
        if amount is None or isinstance(amount, bool) or not isinstance(amount, int):
            raise refuse("say the amount to bet or raise to", "missing_amount", "PHH cbr")
        if low <= amount <= high and (not choices or amount in choices):
            return
        if choices:
            allowed = " or ".join(map(str, choices))
        else:
            allowed = str(low) if low == high else f"{low} to {high}"
        raise refuse(
            f"{player(seat)} may complete, bet or raise to {allowed}, not {amount}",
            "wrong_amount",
            f"house rule betting = {state.rules.betting!r}",
        )

    def _no_raise(self, state: State, r: BettingRound, seat: int) -> IllegalAction:
        """Why ``seat`` may not complete, bet or raise now, with the rule that says so."""
        rules = state.rules
        who = player(seat)
        if rules.no_check_raise and r.passive[seat]:
            return refuse(
                f"{who} checked or called in this round and may not raise now (no check-raise)",
                "no_check_raise",
                "house rule no_check_raise, NASDAQ ¶12",
            )
        if r.capped:
            return refuse(
                f"the betting is capped at a bet and {rules.max_raises} raises this round",
                "raises_capped",
                "house rule max_raises" + (", NASDAQ ¶12" if rules.no_check_raise else ""),
            )
        if r.acted[seat] and r.short_sum:
            return refuse(
                f"{who} has acted and a short all-in raise does not reopen the betting",
                "not_reopened",
                "Robert's Rules: all-in",
            )
        return refuse(
            f"{who} may not complete, bet or raise now (no chips beyond the call, or nobody "
            "left to call a raise)",
            "raise_not_allowed",
            "Robert's Rules: all-in",
        )

    def _why_not(self, state: State, r: BettingRound, seat: int, verb: str) -> str:
        """Why a fold, bring-in or other verb is refused (a raise: :meth:`_no_raise`)."""
        if r.bring_in:
            return f"{player(seat)} must bring in or complete, not {verb!r}"
        if verb == "f":
            return f"{player(seat)} faces no bet and may check instead of folding"
        if verb == "pb":
            return "the bring-in has already been made"
        return f"{verb!r} is not a betting action"

    def perform(self, state: State, action: Action) -> None:
        r: BettingRound = state.phase_state
        seat = action.seat
        assert seat is not None
        if r.candidates:
            r.queue = _clockwise(state, seat, True)
            r.candidates = ()
        verb = action.verb
        r.queue.pop(0)
        if verb == "cc":
            state.put_in(seat, min(r.max_bet - state.bets[seat], state._stacks[seat]))
            r.acted[seat] = True
            r.passive[seat] = True
        elif verb == "cbr":
            assert action.amount is not None
            self._raise(state, r, seat, action.amount)
        elif verb == "pb":
            amount = min(state._stacks[seat], state.rules.bring_in)
            state.put_in(seat, amount)
            r.max_bet = amount
            r.bring_in = False
            r.acted[seat] = True
        else:  # fold
            state.folded[seat] = True
            state.discards.extend(c for c in state.hands[seat] if c is not None)
            if len(state.live()) == 1:
                finish_uncontested(state, "folded")
                return
        if not r.queue:
            self._close(state)

    def _raise(self, state: State, r: BettingRound, seat: int, amount: int) -> None:
        rules = state.rules
        lo, _, _ = self._amounts(state, r, seat)
        inc = amount - r.max_bet
        if r.open_pair and amount - r.full_level == rules.big_bet:
            r.big_only = True  # once the big bet is made, raises are big too
        state.put_in(seat, amount - state.bets[seat])
        if amount >= lo:  # a full completion, bet or raise reopens the betting
            r.full_inc = max(r.full_inc, amount - r.full_level if r.completing else inc)
            full = True
        else:  # short all-in: reopens only once such raises add up to a full one
            r.short_sum += inc
            full = r.short_sum >= max(r.full_inc, r.size)
        if full:
            r.short_sum = 0
            r.full_level = amount
            r.acted = [False] * state.n
        r.acted[seat] = True
        r.max_bet = amount
        r.bring_in = r.completing = False
        r.count += 1
        cap = rules.max_raises
        if cap is not None and r.count == cap + 1:
            heads_up = len(state.live()) == 2
            r.capped = not (rules.heads_up_uncapped and heads_up)  # Robert's: heads-up uncapped
        r.queue = _clockwise(state, seat, False)

    def _close(self, state: State) -> None:
        """End the round: return an uncalled bet and clear the bets (the chips stay paid)."""
        state.return_uncalled()
        state.bets = [0] * state.n


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


def _rule(r: BettingRound, verb: str) -> str:
    if r.bring_in or verb == "pb":
        return "Robert's 4"
    if verb == "f":
        return "PokerKit convention: fold only facing a bet"
    return "hand-history.md: actions"


register(BettingPhase())
