"""Fair dealing (docs/fairness.md): the commitment, the deck as a function of the seed, and
verifying hand records — a good record verifies, and each kind of tampering is caught."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from play import play_bots
from splitpot import variants
from splitpot.actions import DEALER_VERBS, Action
from splitpot.bots import CallBot, RandomBot
from splitpot.cards import CARDS, Deck, parse_card
from splitpot.engine import new_hand
from splitpot.errors import RecordError
from splitpot.fairness import (
    FairnessError,
    Shuffle,
    commit,
    deck,
    new_shuffle,
    opens,
    preimage,
    record_for,
    verify,
)
from splitpot.notation import HandRecord, format_action, load, read_phh, write_phh
from splitpot.sim import play_hand
from splitpot.state import State
from splitpot.views import View

DATA = Path(__file__).parent / "data"
SESSION = DATA / "fairness" / "stud5buy-ten-handed.phhs"  # real commitments; README there
AUCTION = DATA / "fairness" / "auction.phh"
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


# --------------------------------------------------------------------------- an MT19937 oracle


class MT19937:
    """The Mersenne Twister written from Matsumoto and Nishimura's published algorithm
    (init_by_array, the tempering), to pin the deck without trusting Python's random."""

    def __init__(self, key: list[int]) -> None:
        mt = [19650218]
        for i in range(1, 624):
            mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & (
                0xFFFFFFFF
            )
            i, j = i + 1, (j + 1) % len(key)
            if i >= 624:
                mt[0], i = mt[623], 1
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= 624:
                mt[0], i = mt[623], 1
        mt[0] = 0x80000000
        self.mt, self.index = mt, 624

    def next32(self) -> int:
        if self.index >= 624:
            mt = self.mt
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)


def mt_deck(seed: int) -> list[int]:
    """The deck from the oracle: CPython seeds with the seed's 32-bit words, low word first
    (one word 0 for seed 0), and draws k < 32 bits as the top k bits of an output."""
    key = [(seed >> (32 * w)) & 0xFFFFFFFF for w in range(max(1, (seed.bit_length() + 31) // 32))]
    mt = MT19937(key)
    order = list(range(52))
    for i in range(51, 0, -1):
        bits = (i + 1).bit_length()
        j = mt.next32() >> (32 - bits)
        while j > i:
            j = mt.next32() >> (32 - bits)
        order[i], order[j] = order[j], order[i]
    return order


def test_the_oracle_is_mt19937() -> None:
    # The first outputs of mt19937ar.out, the authors' test vector for init_by_array
    # {0x123, 0x234, 0x345, 0x456}.
    mt = MT19937([0x123, 0x234, 0x345, 0x456])
    assert [mt.next32() for _ in range(5)] == [
        1067595299,
        955945823,
        477289528,
        4107218783,
        4228976476,
    ]


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_the_deck_is_the_documented_shuffle_of_the_seed(seed: int) -> None:
    order = list(range(52))
    random.Random(seed).shuffle(order)
    dealt = deck(seed)
    assert list(dealt) == order == mt_deck(seed)
    # The engine deals exactly that deck, first card first; so does cards.Deck.
    state = new_hand(variants.get("stud8"), [100] * 2, seed=seed)
    assert state.deck_order == dealt
    assert Deck(seed=seed).deal(52) == dealt
    first = state.log[0]
    assert (first.verb, first.cards) == ("dh", dealt[:3])


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**32, 2**63 - 1])
def test_the_deck_at_the_edges_of_the_seed_words(seed: int) -> None:
    assert list(deck(seed)) == mt_deck(seed)


# --------------------------------------------------------------------------- the commitment


def test_the_commitment_is_sha256_of_the_documented_text() -> None:
    secret = "0" * 64
    assert preimage(7, secret) == b"splitpot-deal-v1:" + b"0" * 64 + b":7"
    assert commit(7, secret) == hashlib.sha256(b"splitpot-deal-v1:" + b"0" * 64 + b":7").hexdigest()
    assert opens(commit(7, secret), 7, secret)
    assert not opens(commit(7, secret), 8, secret)
    assert not opens(commit(7, secret), 7, "0" * 63 + "1")
    assert not opens("nonsense", 7, secret)


def test_a_new_shuffle_is_fresh_and_in_range() -> None:
    drawn = [new_shuffle() for _ in range(20)]
    assert len({s.seed for s in drawn}) == len({s.secret for s in drawn}) == 20
    for s in drawn:
        assert 0 <= s.seed < 2**63
        assert len(bytes.fromhex(s.secret)) == 32
        assert s.commitment == commit(s.seed, s.secret)


@pytest.mark.parametrize(
    ("seed", "secret", "words"),
    [
        (-1, "0" * 64, "a seed is a whole number"),
        (2**63, "0" * 64, "a seed is a whole number"),
        (True, "0" * 64, "a seed is a whole number"),
        (1, "0" * 63, "64 lower-case hex digits"),
        (1, "A" * 64, "64 lower-case hex digits"),
        (1, 5, "64 lower-case hex digits"),
    ],
)
def test_seeds_and_secrets_outside_the_scheme_are_refused(
    seed: object, secret: object, words: str
) -> None:
    with pytest.raises(FairnessError, match=words):
        Shuffle(seed, secret)  # type: ignore[arg-type]
    with pytest.raises(FairnessError, match=words):
        commit(seed, secret)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- records


def played(game: str, players: int, shuffle: Shuffle, bot_seed: int = 0) -> State:
    bots = [RandomBot(bot_seed + i) for i in range(players)]
    return play_hand(variants.get(game), bots, [200] * players, shuffle.seed)


def published(game: str, players: int, bot_seed: int = 0) -> HandRecord:
    """A finished hand as the server publishes it, written out and read back."""
    shuffle = new_shuffle()
    return read_phh(write_phh(record_for(played(game, players, shuffle, bot_seed), shuffle)))


def test_a_hand_in_progress_is_published_without_its_seed_or_secret() -> None:
    shuffle = new_shuffle()
    state = new_hand(variants.get("stud8"), [100] * 3, seed=shuffle.seed)
    text = write_phh(record_for(state, shuffle))
    assert shuffle.commitment in text
    assert str(shuffle.seed) not in text
    assert shuffle.secret not in text
    record = read_phh(text)
    assert (record.seed, record.secret, record.commitment) == (None, None, shuffle.commitment)
    verdict = verify(record)
    assert verdict.status == "unverifiable"
    assert [p.message for p in verdict.problems] == [
        f"seed and _secret are not revealed: only the commitment {shuffle.commitment} can be shown"
    ]
    with pytest.raises(FairnessError, match="not shuffled from this"):
        record_for(state, new_shuffle())


def test_fairness_fields_round_trip_and_old_records_have_none() -> None:
    record = published("stud8", 3)
    again = read_phh(write_phh(record))
    assert again == record
    assert again.secret is not None
    assert again.commitment is not None
    assert write_phh(record).index("seed =") < write_phh(record).index("_secret =")
    old = load(DATA / "phh" / "wsop-2023-43-10.phh")[0]
    assert (old.commitment, old.secret) == (None, None)
    assert "_commitment" not in write_phh(old)


@pytest.mark.parametrize("field", ["_commitment", "_secret"])
@pytest.mark.parametrize("value", ["abc", "F" * 64, 12])
def test_malformed_fairness_fields_name_the_field(field: str, value: object) -> None:
    text = write_phh(published("stud8", 2))
    lines = [ln for ln in text.splitlines() if not ln.startswith(field)]
    lines.append(f"{field} = {value!r}".replace("'", '"'))
    with pytest.raises(RecordError, match=f"field '{field}' must be 64 lower-case hex digits"):
        read_phh("\n".join(lines))


@pytest.mark.parametrize("game", variants.names())
def test_a_published_hand_of_every_game_verifies(game: str) -> None:
    players = min(variants.get(game).max_players, 5)
    for bot_seed in range(3):
        record = published(game, players, bot_seed)
        verdict = verify(record)
        assert verdict.ok, verdict.problems
        dealt = sum(len(a.cards) for a in record.actions if a.verb in DEALER_VERBS)
        assert (verdict.cards, verdict.hidden, verdict.commitment) == (dealt, 0, record.commitment)


def test_the_checked_in_records_verify() -> None:
    # Real commitments made when the files were written: records must verify forever.
    hands = [*load(SESSION), *load(AUCTION)]
    assert [verify(r).status for r in hands] == ["verified"] * 4
    # Hands 1 and 2 deal more than 52 cards: the discards were reshuffled into the stub.
    dealt = [sum(len(a.cards) for a in r.actions if a.verb in DEALER_VERBS) for r in hands]
    assert [verify(r).cards for r in hands] == dealt
    assert dealt[0] > 52
    assert dealt[1] > 52
    assert dealt[2] <= 52
    assert any(a.verb == "dl" for a in hands[3].actions)


# --------------------------------------------------------------------------- tampering


def lines(record: HandRecord) -> list[str]:
    return [p.message for p in verify(record).problems]


def kinds(record: HandRecord) -> list[str]:
    return [p.kind for p in verify(record).problems]


def test_a_changed_secret_fails_the_commitment_only() -> None:
    record = published("auction", 4)
    other = new_shuffle().secret
    tampered = dataclasses.replace(record, secret=other)
    assert kinds(tampered) == ["commitment"]
    assert lines(tampered) == [
        f"_commitment {record.commitment} is not the commitment of the revealed seed and "
        f"secret, {commit(record.seed or 0, other)}"
    ]


def test_a_changed_commitment_fails_the_commitment() -> None:
    record = published("stud8", 4)
    tampered = dataclasses.replace(record, commitment=new_shuffle().commitment)
    assert kinds(tampered) == ["commitment"]
    assert lines(tampered)[0].startswith(f"_commitment {tampered.commitment} is not the")


def test_a_changed_seed_fails_the_commitment_and_the_first_card() -> None:
    record = published("stud8", 4)
    assert record.seed is not None
    seed = record.seed ^ 1
    tampered = dataclasses.replace(record, seed=seed)
    found = lines(tampered)
    assert kinds(tampered)[:2] == ["commitment", "card"]
    first = record.actions[0]
    wrong = next(i for i, (a, b) in enumerate(zip(deck(seed), first.cards, strict=False)) if a != b)
    assert found[1] == (
        f'action 1 "{format_action(first)}": the {ordinal(wrong + 1)} card dealt from the deck '
        f"is {deck(seed)[wrong]}, not {first.cards[wrong]}"
    )


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def swap_card(record: HandRecord, index: int, place: int) -> tuple[HandRecord, str]:
    """The record with card ``place`` of action ``index`` (0-based) replaced by a card the
    hand never deals, and the line verify must print for it."""
    used = {c for a in record.actions for c in a.cards if c is not None}
    stranger = next(c for c in CARDS if c not in used)
    action = record.actions[index]
    cards = list(action.cards)
    original = cards[place]
    cards[place] = stranger
    changed = dataclasses.replace(action, cards=tuple(cards))
    actions = list(record.actions)
    actions[index] = changed
    before = sum(len(a.cards) for a in record.actions[:index] if a.verb in DEALER_VERBS)
    line = (
        f'action {index + 1} "{format_action(changed)}": the {ordinal(before + place + 1)} card '
        f"dealt from the deck is {original}, not {stranger}"
    )
    return dataclasses.replace(record, actions=tuple(actions)), line


def test_one_changed_card_of_a_deal_is_named_with_its_action_and_place() -> None:
    record = published("stud8", 4)
    index = [i for i, a in enumerate(record.actions) if a.verb == "dh"][2]
    tampered, line = swap_card(record, index, 1)
    assert kinds(tampered)[0] == "card"
    assert lines(tampered)[0] == line


def test_a_changed_card_of_an_auction_layout_is_caught() -> None:
    record = load(AUCTION)[0]
    index = next(i for i, a in enumerate(record.actions) if a.verb == "dl")
    tampered, line = swap_card(record, index, 2)
    assert lines(tampered)[0] == line


def test_a_changed_replacement_of_a_bought_card_is_caught() -> None:
    record = load(SESSION)[2]  # no reshuffle: at most 52 cards
    index = next(i for i, a in enumerate(record.actions) if a.verb == "buy") + 1
    assert record.actions[index].verb == "dh"
    tampered, line = swap_card(record, index, 0)
    assert lines(tampered)[0] == line


def test_a_changed_card_after_the_reshuffle_is_caught() -> None:
    record = load(SESSION)[1]  # over 52 cards: the last come from the reshuffled discards
    index = max(i for i, a in enumerate(record.actions) if a.verb == "dh")
    held = {c for a in record.actions[:index] for c in a.cards if c is not None}
    # Swap in a card dealt earlier and since discarded: legal for a reshuffle, not the deck's.
    card = record.actions[index].cards[0]
    other = next(
        c
        for a in record.actions[:index]
        if a.verb == "buy"
        for c in a.cards
        if c is not None and c != card
    )
    assert other in held
    actions = list(record.actions)
    actions[index] = Action("dh", actions[index].seat, (other,))
    tampered = dataclasses.replace(record, actions=tuple(actions))
    found = lines(tampered)
    dealt = sum(len(a.cards) for a in record.actions[:index] if a.verb in DEALER_VERBS)
    assert dealt >= 52
    assert found[0] == (
        f'action {index + 1} "{format_action(actions[index])}": the {ordinal(dealt + 1)} card '
        f"dealt from the deck is {card}, not {other}"
    )


def test_a_changed_finishing_stack_is_caught() -> None:
    record = published("stud8", 3)
    stacks = list(record.finishing_stacks or ())
    real = list(stacks)
    stacks[0] += 5
    stacks[2] -= 5
    tampered = dataclasses.replace(record, finishing_stacks=tuple(stacks))
    assert kinds(tampered) == ["stacks"]
    assert lines(tampered) == [
        f"finishing_stacks {stacks} are not the replay's {real} "
        f"(p1 ends with {real[0]}, not {stacks[0]}, p3 ends with {real[2]}, not {stacks[2]})"
    ]


def test_a_record_without_fairness_fields_cannot_be_verified() -> None:
    verdict = verify(load(DATA / "phh" / "wsop-2023-43-10.phh")[0])
    assert verdict.status == "unverifiable"
    assert [p.message for p in verdict.problems] == ["the record has no _commitment"]


def test_the_commitment_seen_before_the_hand_is_compared() -> None:
    record = published("razz", 3)
    assert verify(record, commitment=record.commitment).ok
    seen = new_shuffle().commitment
    verdict = verify(record, commitment=seen)
    assert verdict.status == "mismatch"
    assert [p.message for p in verdict.problems] == [
        f"the record's _commitment {record.commitment} is not the one published before the "
        f"hand, {seen}"
    ]


def test_hidden_cards_are_taken_from_the_deck() -> None:
    record = published("stud8", 4)
    first = record.actions[0]
    actions = [Action("dh", first.seat, (None, *first.cards[1:])), *record.actions[1:]]
    hidden = dataclasses.replace(record, actions=tuple(actions))
    verdict = verify(hidden)
    assert verdict.ok
    assert verdict.hidden == 1


def test_a_dealer_step_out_of_turn_is_a_replay_problem() -> None:
    record = published("stud8", 3)
    index = next(i for i, a in enumerate(record.actions) if a.verb not in DEALER_VERBS)
    extra = Action("dh", 0, (parse_card("2c"),))
    actions = [*record.actions[:index], extra, *record.actions[index:]]
    tampered = dataclasses.replace(record, actions=tuple(actions))
    assert kinds(tampered) == ["replay"]
    assert lines(tampered)[0].startswith(f'action {index + 1} "d dh p1 2c": ')


class CallAndBuy:
    """Calls and checks like CallBot, and buys a card whenever it may."""

    def act(self, seen: View) -> Action:
        buy = next((o for o in seen.options if o.verb == "buy"), None)
        if buy is not None:
            return Action("buy", seen.seat, buy.cards[:1])
        return CallBot().act(seen)


def test_the_engine_dealing_each_step_is_what_verify_expects() -> None:
    # Dealt by hand through deal_next (not auto_deal), with every player calling and buying:
    # the record the dealer's own steps make verifies, reshuffle included.
    shuffle = new_shuffle()
    state = new_hand(variants.get("stud5buy"), [100] * 10, seed=shuffle.seed, auto_deal=False)
    for _ in play_bots(state, [CallAndBuy()] * 10):
        pass
    record = record_for(state, shuffle)
    assert sum(len(a.cards) for a in record.actions if a.verb == "dh") == 60  # 50 + 10 buys
    assert verify(record).ok


def test_the_reshuffle_has_a_generator_of_its_own() -> None:
    # docs/fairness.md: the discards are shuffled by Random("splitpot-reshuffle-v1:SEED"),
    # made at the first reshuffle and kept, and go under what is left of the stub.
    from splitpot.phases.deal import _reshuffle

    state = new_hand(variants.get("stud5buy"), [100] * 3, seed=7, auto_deal=False)
    stub = list(state.stub)
    discards = stub[:10]
    state.stub, state.discards = stub[10:], list(discards)
    _reshuffle(state)
    rng = random.Random("splitpot-reshuffle-v1:7")
    first = list(discards)
    rng.shuffle(first)
    assert state.stub == first + stub[10:]
    state.discards = list(discards)
    _reshuffle(state)  # a second reshuffle goes on with the same generator
    second = list(discards)
    rng.shuffle(second)
    assert state.stub[:10] == second
    # not the deck's generator: its first draws differ from Random(seed)'s
    assert random.Random("splitpot-reshuffle-v1:7").getrandbits(32) != random.Random(7).getrandbits(
        32
    )
