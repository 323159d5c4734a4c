"""The showdown: live hands are shown (or mucked), then every pot is judged and paid.

Cards speak (Robert's 7), or by declaration (``showdown = "declare"``: each half among the seats
that declared it, see :func:`contenders`). Each pot is judged among the live seats eligible for
it (docs/games.md: side pots): high, low with the qualifier, or split high/low with Robert's odd
chips. A half nobody can take goes to the other half; when nobody can take either, the pot is
shared among its live players. Each hand is evaluated once. Award reasons cite this game's rule
(docs/games.md: Citations): its book's article for odd chips and empty halves, else the house
rule ``odd_chip`` or the ruling.

Once no more betting is possible, a hand may be shown before the remaining cards are dealt
(:func:`check_early_show`, run by the deal step, as records of real tables do); it stays face
up and is shown again, whole, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from splitpot.actions import Action, Declaration
from splitpot.books import RULING_SHARED
from splitpot.cards import CARDS, Card, format_cards
from splitpot.hands import describe_high, describe_low, high_value, low_value
from splitpot.phases.base import NoRound, Phase, finish_uncontested, player, refuse, register
from splitpot.phases.declare import declarations
from splitpot.pots import Pot, divide, high_card_key, low_card_key, side_pots, split_halves
from splitpot.rules import Rules, Showdown
from splitpot.state import Award, Forfeit, Half, Legal, Option, State

__all__ = [
    "ShowdownPhase",
    "betting_over",
    "check_early_show",
    "contenders",
    "judge",
    "show_early",
]

_SHOW: Final = (Option("sm"),)
_ONLY_CARDS_LEFT: Final = frozenset({"deal", "betting", "showdown"})
"""The steps that may still follow a hand shown early: deals, betting rounds nobody can play
once betting is over, and the showdown."""


class ShowdownRound:
    """The live seats still to show or muck at the showdown, in seat order. A seat that showed
    its hand early (:func:`show_early`) is among them: it shows again with all its cards."""

    __slots__ = ("pending",)

    def __init__(self, pending: list[int]) -> None:
        self.pending = pending

    def copy(self) -> ShowdownRound:
        return ShowdownRound(self.pending.copy())

    def snapshot(self) -> tuple[object, ...]:
        return (tuple(self.pending),)


class ShowdownPhase(Phase[ShowdownRound, Showdown]):
    """Runs the :class:`~splitpot.rules.Showdown` step."""

    kind = "showdown"
    round_type = ShowdownRound
    step_type = Showdown
    dealer = True

    def enter(self, state: State) -> None:
        state.phase_state = ShowdownRound(state.live())

    def done(self, state: State) -> bool:
        return state.finished

    def legal(self, state: State) -> Legal:
        seats = tuple(self.round(state).pending)
        return Legal(seats, True, dict.fromkeys(seats, _SHOW))

    def rule(self, state: State) -> str:
        return state.rules.cite("showdown")

    def check(self, state: State, action: Action) -> None:
        seat = action.seat
        rule = self.rule(state)
        if action.verb != "sm":
            raise refuse(
                f"at the showdown players show or muck ('sm'), not {action.verb!r}",
                "showdown_now",
                rule,
            )
        if seat is None or seat not in self.round(state).pending:
            raise refuse(f"{player(seat)} has no hand to show", "nothing_to_show", rule)
        if action.cards:
            check_cards(state, seat, action.cards, rule)

    def perform(self, state: State, action: Action) -> None:
        seat = action.seat
        assert seat is not None
        self.round(state).pending.remove(seat)
        if not action.cards:
            state.shown[seat] = False
            state.discards.extend(c for c in state.hands[seat] if c is not None)
            if len(state.live()) == 1:
                finish_uncontested(state, "folded or mucked")
            elif not self.round(state).pending:
                judge(state)
            return
        _table(state, seat, action.cards)
        if not self.round(state).pending:
            judge(state)

    def dealer_step(self, state: State) -> Action:
        """The referee shows every live hand still unseen, which ends the hand."""
        waiting = list(self.round(state).pending)
        for seat in waiting:
            if None in state.hands[seat]:
                raise refuse(
                    f"{player(seat)}'s cards are unknown: the record must show them ('sm')",
                    "unknown_cards",
                    self.rule(state),
                )
        shows = [Action("sm", seat, tuple(state.hands[seat])) for seat in waiting]
        for action in shows:
            self.perform(state, action)
            state.log_action(action)
        return shows[-1]

    def auto(self, state: State) -> None:
        """The referee shows every live hand still unseen (auto_deal): one dealer step."""
        self.dealer_step(state)

    def dealer_action(self, state: State) -> Action:
        for seat in self.round(state).pending:
            hand = state.hands[seat]
            if None in hand:
                raise refuse(
                    f"{player(seat)}'s cards are unknown: the record must show them ('sm')",
                    "unknown_cards",
                    self.rule(state),
                )
            return Action("sm", seat, tuple(hand))
        raise refuse("every live hand is shown", "nothing_to_show", self.rule(state))


def check_cards(state: State, seat: int, shown: Sequence[Card | None], rule: str) -> None:
    """Refuse a show of ``seat``'s hand unless it names every card of it once: the cards
    known to be there, and for the unknown ones (a record of a real table) cards nobody else
    holds."""
    hand = state.hands[seat]
    cards = list(shown)
    if None in cards or len(cards) != len(hand) or len(set(cards)) != len(cards):
        raise refuse(
            f"show all {len(hand)} cards of the hand, each once", "wrong_cards_shown", rule
        )
    known = {int(c) for c in hand if c is not None}
    if not known <= set(cards):
        raise refuse(
            f"{player(seat)} holds {format_cards(sorted(known))}, which the show must include",
            "wrong_cards_shown",
            rule,
        )
    elsewhere = {c for s, h in enumerate(state.hands) if s != seat for c in h}
    elsewhere.update(state.common)
    clash = [c for c in cards if c is not None and c not in known and c in elsewhere]
    if clash:
        raise refuse(f"{format_cards(clash)} is in another hand", "card_dealt_twice", rule)


def _table(state: State, seat: int, shown: Sequence[Card | None]) -> None:
    """Lay ``seat``'s hand face up: its unknown cards become the ones the show names."""
    hand = state.hands[seat]
    if None in hand:
        known = set(hand)
        fill = iter([CARDS[c] for c in shown if c is not None and c not in known])
        state.hands[seat] = hand = [c if c is not None else next(fill) for c in hand]
        state.ups[seat] = [c for c, up in zip(hand, state.faceup[seat], strict=True) if up]
    state.shown[seat] = True


def betting_over(state: State) -> bool:
    """Whether the hands may be shown before the remaining cards are dealt (docs/games.md,
    smaller rulings): no more betting is possible, because at most one live player has chips
    behind, and nothing is left but deals, betting rounds nobody can play and the showdown."""
    live = state.live()
    if len(live) < 2 or sum(1 for s in live if state.stack(s)) > 1:
        return False
    return all(s.kind in _ONLY_CARDS_LEFT for s in state.rules.steps[state.step_index :])


def check_early_show(state: State, action: Action, rule: str) -> None:
    """Refuse a show made while cards are still to be dealt unless no more betting is possible
    and it names every card of the hand (a muck waits for the showdown)."""
    seat = action.seat
    if not betting_over(state):
        raise refuse(
            f"the dealer deals now ('dh'), not {action.verb!r}: hands are shown before the "
            "last card only when no more betting is possible (all but one player all in)",
            "deal_expected",
            rule,
        )
    rule = state.rules.cite("showdown")
    if seat is None or not 0 <= seat < state.n or seat not in state.live():
        raise refuse(f"{player(seat)} has no hand to show", "nothing_to_show", rule)
    if not action.cards:
        raise refuse(
            "a hand shown before the last card names its cards; mucking waits for the showdown",
            "wrong_cards_shown",
            rule,
        )
    check_cards(state, seat, action.cards, rule)


def show_early(state: State, action: Action) -> None:
    """Lay a hand face up before the remaining cards are dealt (checked by
    :func:`check_early_show`); it is shown again, whole, at the showdown."""
    assert action.seat is not None
    _table(state, action.seat, action.cards)


def judge(state: State) -> None:
    """Award every pot among its eligible live hands, with reasons, and end the hand."""
    rules = state.rules
    live = state.live()
    common = [c for c in state.common if c is not None]
    highs: dict[int, int] = {}
    lows: dict[int, int | None] = {}
    cards: dict[int, list[Card]] = {}
    for seat in live:
        own = [c for c in state.hands[seat] if c is not None]
        cards[seat] = own + common
        if rules.high:
            highs[seat] = high_value(cards[seat])
        if rules.low != "none":
            lows[seat] = low_value(cards[seat], ranking=rules.low, qualifier=rules.qualifier)  # type: ignore[arg-type,unused-ignore]
    alive = [not state.folded[s] and state.shown[s] is not False for s in range(state.n)]
    pots = _pots(state, alive)
    declared = declarations(state) if rules.showdown == "declare" else None
    for number, pot in enumerate(pots):
        where = "the main pot" if number == 0 else f"side pot {number}"
        eligible = pot.eligible
        if declared is None:
            hi = _best(eligible, highs) if rules.high else []
            lo = _best(eligible, lows) if rules.low != "none" else []
        else:
            hi, lo, failed = _judged(eligible, declared, highs, lows, rules.both_must)
            for seat, halves in failed.items():
                state.forfeits.append(_forfeit(state, seat, halves, where))
        mine = {s: [c for c in state.hands[s] if c is not None] for s in eligible}
        # odd chips rules 2 and 3 (a lone winner needs no order)
        by_high = sorted(hi, key=lambda s: -high_card_key(mine[s])) if len(hi) > 1 else hi
        by_low = sorted(lo, key=lambda s: low_card_key(mine[s])) if len(lo) > 1 else lo
        pay = _Payer(state, where, cards, declared)
        if hi and lo and set(hi) != set(lo):
            high_half, low_half = split_halves(pot.amount)  # odd chips rule 1
            pay(high_half, by_high, "high", odd_half=high_half > low_half)
            pay(low_half, by_low, "low")
        elif hi and lo:  # the same hands win both ways: split evenly, rule 2 (Robert's 8)
            pay(pot.amount, by_high, "all", both=True)
        elif hi:
            note = _no_half(rules, declared, "low") if rules.low != "none" else ""
            pay(pot.amount, by_high, "all", note=note)
        elif lo:
            note = _no_half(rules, declared, "high") if rules.high else ""
            pay(pot.amount, by_low, "all", note=note, low=True)
        else:  # nobody can take either half: share among the eligible (docs/games.md)
            order = sorted(eligible, key=lambda s: -high_card_key(mine[s]))
            if declared is None:
                nobody = "no hand qualifies for either half"
            else:
                nobody = "nobody can take either half"
            shared = f"shares {where}: {nobody} ({RULING_SHARED})"
            pay(pot.amount, order, "all", text=shared)
    state.finished = True
    state.phase_state = NoRound()


def _no_half(rules: Rules, declared: dict[int, Declaration] | None, half: str) -> str:
    """Why nobody takes the ``half`` of a pot won whole the other way (a note to its award)."""
    other = rules.cite("other_half")
    if declared is not None:
        return f" (nobody can take the other half, {other})"
    if half == "low":
        return f" (no qualifying low, {other})"
    return f" (no high half, {other})"


def _pots(state: State, alive: list[bool]) -> list[Pot]:
    """The main and side pots of what is in the middle (docs/games.md: side pots)."""
    state.close_round()  # a seat may have gone all in during the last step
    return side_pots(sum(state.paid) + state.dead, state.caps, alive)


def contenders(
    eligible: tuple[int, ...],
    declared: dict[int, Declaration],
    highs: dict[int, int],
    lows: dict[int, int | None],
    both_must: str,
) -> tuple[list[int], list[int]]:
    """The winners of the high half and of the low half of one pot by declaration.

    Each half is contested only by the eligible seats that declared it (or both). A "both"
    declarer must win each half (``both_must = "win-or-tie"``: win or tie; ``"win-outright"``:
    win alone) against every eligible declarer of that half; one who fails takes nothing and
    is removed from both halves, which are then judged again among the rest (docs/games.md,
    OPR-657 4.3). Failures are decided together, against the full field: removing a failed
    declarer only helps the others, so no one fails afterwards. A low must qualify.
    """
    high, low, _ = _judged(eligible, declared, highs, lows, both_must)
    return high, low


def _judged(
    eligible: tuple[int, ...],
    declared: dict[int, Declaration],
    highs: dict[int, int],
    lows: dict[int, int | None],
    both_must: str,
) -> tuple[list[int], list[int], dict[int, dict[Half, _Lost]]]:
    """:func:`contenders`, and the "both" declarers who failed, with the halves they lost."""
    high_side = [s for s in eligible if declared.get(s) in ("hi", "both")]
    low_side = [s for s in eligible if declared.get(s) in ("lo", "both")]
    top_high, top_low = _best(high_side, highs), _best(low_side, lows)
    failed = _failed_both(eligible, declared, top_high, top_low, both_must)
    if not failed:
        return top_high, top_low, failed
    high = _best([s for s in high_side if s not in failed], highs)
    low = _best([s for s in low_side if s not in failed], lows)
    return high, low, failed


def _failed_both(
    eligible: tuple[int, ...],
    declared: dict[int, Declaration],
    top_high: list[int],
    top_low: list[int],
    both_must: str,
) -> dict[int, dict[Half, _Lost]]:
    """The "both" declarers of a pot who failed, each with the halves they failed: the seats
    that beat them there, or tied them where a half must be won outright (none: they had no
    qualifying low), given the best of each half among all its declarers."""
    failed: dict[int, dict[Half, _Lost]] = {}
    sides: tuple[tuple[Half, list[int]], ...] = (("high", top_high), ("low", top_low))
    for seat in eligible:
        if declared.get(seat) != "both":
            continue
        halves: dict[Half, _Lost] = {}
        for half, top in sides:
            if top == [seat] or (seat in top and both_must != "win-outright"):
                continue
            halves[half] = _Lost(seat in top, tuple(s for s in top if s != seat))
        if halves:
            failed[seat] = halves
    return failed


class _Lost(NamedTuple):
    """A half a "both" declarer failed: ``tied`` (with ``others``, where it must be won
    outright), else beaten by ``others`` (none: it had no qualifying low)."""

    tied: bool
    others: tuple[int, ...]


def _forfeit(state: State, seat: int, halves: dict[Half, _Lost], where: str) -> Forfeit:
    """Why a "both" declarer takes nothing of a pot: the halves it lost and to whom."""
    rules = state.rules
    outright = rules.both_must == "win-outright"
    parts = []
    for half, (tied, others) in halves.items():
        names = " and ".join(map(player, others))
        if not others:
            parts.append("had no qualifying low" if half == "low" else "had no high hand")
        elif tied:
            parts.append(f"only tied the {half} with {names}")
        else:
            parts.append(f"lost the {half} to {names}")
    if len(parts) == 2 and parts[1].startswith("lost the "):
        parts[1] = parts[1].removeprefix("lost ")  # lost the high to p1 and the low to p4
    must = "win both ways outright" if outright else "win or tie both ways"
    reason = (
        f"declared both ways and {' and '.join(parts)}: forfeits {where}, as a declarer of both "
        f"must {must} ({rules.cite('both_must')})"
    )
    by = tuple(sorted({s for lost in halves.values() for s in lost.others}))
    return Forfeit(seat, reason, by)


def _best(eligible: Sequence[int], values: dict[int, int] | dict[int, int | None]) -> list[int]:
    """The seats of ``eligible`` (in its order) whose value is the largest, none without one."""
    best: int | None = None
    winners: list[int] = []
    for seat in eligible:
        value = values.get(seat)
        if value is None:
            continue
        if best is None or value > best:
            best, winners = value, [seat]
        elif value == best:
            winners.append(seat)
    return winners


_DECLARED: Final = {"hi": "declared high", "lo": "declared low", "both": "declared both ways"}


class _Payer:
    """Pays the halves of one pot, each award with its reason in words (:meth:`__call__`)."""

    __slots__ = ("cards", "declared", "state", "where")

    def __init__(
        self,
        state: State,
        where: str,
        cards: dict[int, list[Card]],
        declared: dict[int, Declaration] | None,
    ) -> None:
        self.state, self.where = state, where
        self.cards, self.declared = cards, declared

    def __call__(
        self,
        amount: int,
        winners: list[int],
        half: Half,
        *,
        both: bool = False,
        note: str = "",
        low: bool = False,
        odd_half: bool = False,
        text: str = "",
    ) -> None:
        """Pay one half (or a whole pot) to its winners, listed in odd-chip order. ``both``:
        they won both ways; ``low``: a whole pot won by low; ``odd_half``: this high half took
        the split pot's odd chip; ``text``: the reason, when it is not a win (a shared pot)."""
        state, rules = self.state, self.state.rules
        tied = len(winners) > 1
        share = f" (split {len(winners)} ways)" if tied else ""
        base = amount // len(winners)
        for seat, chips in divide(amount, winners):
            words = text or self._words(seat, half, tied, both, note, low) + share
            if self.declared is not None and seat in self.declared and not text:
                words = f"{_DECLARED[self.declared[seat]]}; {words}"
            if odd_half:
                split_rule = rules.cite("odd_chip", "split")
                words += f"; the odd chip of the split to the high half ({split_rule})"
            if chips > base:
                words += _odd_chip(state, seat, half, both=both, low=low)
            state.pay(seat, chips)
            state.awards.append(Award(seat, chips, half, words))

    def _words(self, seat: int, half: Half, tied: bool, both: bool, note: str, low: bool) -> str:
        """What ``seat`` won and with which hand."""
        hand, rules, where = self.cards[seat], self.state.rules, self.where
        verb = "ties for" if tied else ("scoops" if both else "wins")
        if both:
            high, low_hand = describe_high(hand), _low_words(hand, rules)
            return f"{verb} {where}, high with {high} and low with {low_hand}"
        words = _low_words(hand, rules) if half == "low" or low else describe_high(hand)
        if half == "all":
            return f"{verb} {where} with {words}{note}"
        return f"{verb} the {half} half of {where} with {words}"


def _odd_chip(state: State, seat: int, half: Half, *, both: bool, low: bool) -> str:
    """Why ``seat`` got the odd chip of a tie (docs/games.md: odd chips, rules 2-3), citing
    this game's rule: Robert's 8 (a tie both ways) or 9, else the house rule ``odd_chip``."""
    mine = [c for c in state.hands[seat] if c is not None]
    if half == "low" or low:
        card = min(mine, key=lambda c: low_card_key([c]))
        rule = state.rules.cite("odd_chip", "low")
        return f"; odd chip: lowest card by suit, {CARDS[card]} ({rule})"
    rule = state.rules.cite("odd_chip", "both" if both else "high")
    return f"; odd chip: highest card by suit, {CARDS[max(mine)]} ({rule})"


def _low_words(hand: list[Card], rules: Rules) -> str:
    """A winning low in words, under the table's ranking and qualifier."""
    return describe_low(hand, ranking=rules.low, qualifier=rules.qualifier)


register(ShowdownPhase())
