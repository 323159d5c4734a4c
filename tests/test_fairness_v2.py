"""The fair-deal scheme splitpot-deal-v2 (docs/fairness.md): the root over the 52 salted
places, the players' values cutting the deck, each reader's record opening only the cards that
reader saw (a folded hand stays folded), and each kind of forgery caught."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import random
from typing import Any

import pytest

from play import play_bots
from splitpot import variants
from splitpot.actions import DEALER_VERBS, Action
from splitpot.bots import CallBot, RandomBot
from splitpot.cards import CARDS
from splitpot.engine import new_hand
from splitpot.fairness import (
    SCHEME_V2,
    FairnessError,
    SealedDeck,
    Shuffle,
    check_entropy,
    cut,
    leaf,
    new_entropy,
    new_sealed_deck,
    order,
    record_for,
    root,
    sealed_record,
    verify,
)
from splitpot.notation import HandRecord, read_phh, write_phh
from splitpot.state import State
from splitpot.views import View, public_view, view

SECRET = "5a" * 32
GAMES = ["stud", "stud8", "razz", "stud5", "stud5hilo", "stud5buy", "auction", "nasdaq", "nasdaq7"]


def played(game: str, seed: int, players: int = 4, entropy: list[str] | None = None) -> Any:
    """A hand of ``game`` dealt from a sealed deck cut by ``entropy`` and played by random
    bots; (state, deck, entropy)."""
    deck = SealedDeck(seed, SECRET)
    if entropy is None:
        rng = random.Random(seed)
        entropy = [rng.choice(["", f"{rng.getrandbits(256):064x}"]) for _ in range(players)]
    state = new_hand(variants.get(game), [300] * players, seed=seed, deck=deck.dealt(entropy))
    bots = [RandomBot(seed=seed + s) if s % 2 else CallBot() for s in range(players)]
    for _ in play_bots(state, bots):
        pass
    return state, deck, entropy


def record_of(state: State, deck: SealedDeck, entropy: list[str], reader: int | None) -> Any:
    """The record ``reader`` (None: a spectator) downloads, read back from its text."""
    seen = public_view(state) if reader is None else view(state, reader)
    return read_phh(write_phh(sealed_record(state, deck, entropy, seen.log, hand=1)))


def named(actions: tuple[Action, ...]) -> set[int]:
    return {c for a in actions for c in a.cards if c is not None}


def opened_cards(record: HandRecord) -> set[int]:
    """Every card the record's openings open: the whole of what it tells about the deck."""
    leaves = record.fields["_leaves"]
    out = set()
    for text in record.fields["_openings"]:
        p, salt = text.split(":")
        out |= {c for c in CARDS if leaf(int(p), c, salt) == leaves[int(p)]}
    return out


# --------------------------------------------------------------------------- the commitments


def test_the_root_is_the_documented_hashes() -> None:
    deck = SealedDeck(7, SECRET)
    # written from docs/fairness.md with nothing of splitpot but the deck's shuffle
    key = bytes.fromhex(SECRET)
    number = hmac.new(key, b"splitpot-deal-v2:deck", hashlib.sha256).hexdigest()
    shuffled = list(range(52))
    random.Random(int(number, 16)).shuffle(shuffled)
    cards = [CARDS[c] for c in shuffled]
    salts = [
        hmac.new(key, f"splitpot-deal-v2:salt:{p}".encode(), hashlib.sha256).hexdigest()
        for p in range(52)
    ]
    leaves = [
        hashlib.sha256(f"splitpot-deal-v2:card:{p}:{cards[p]}:{salts[p]}".encode()).hexdigest()
        for p in range(52)
    ]
    assert list(deck.leaves) == leaves
    text = "splitpot-deal-v2:root:" + "".join(leaves)
    assert deck.commitment == root(leaves) == hashlib.sha256(text.encode()).hexdigest()
    assert [deck.salt(p) for p in range(52)] == salts
    assert len(set(salts)) == 52
    # the seed does not enter the deck (it seeds only the reshuffle of the discards)
    assert SealedDeck(8, SECRET).commitment == deck.commitment


def test_the_cut_is_the_documented_hash_of_the_root_and_the_values() -> None:
    values = ["", "ab" * 32, ""]
    text = f"splitpot-deal-v2:mix:{'0' * 64}::{'ab' * 32}:"
    number = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
    assert cut("0" * 64, values) == order(number)
    assert sorted(cut("0" * 64, values)) == list(range(52))


def test_each_players_value_changes_the_deal_and_the_deck_alone_fixes_nothing() -> None:
    deck = SealedDeck(11, SECRET)
    base = deck.dealt(["", ""])
    assert sorted(base) == list(range(52))
    for values in (["aa" * 32, ""], ["", "aa" * 32], ["", "ab" * 32], ["aa" * 32, "ab" * 32]):
        assert deck.dealt(values) != base
    # the server's deck is only the committed order: the values decide which place comes first
    firsts = {deck.dealt([new_entropy()])[0] for _ in range(60)}
    assert len(firsts) > 20


def test_a_new_deck_is_fresh_and_values_are_checked() -> None:
    decks = {new_sealed_deck() for _ in range(5)}
    assert len({d.commitment for d in decks}) == 5
    assert check_entropy("0f" * 32) == "0f" * 32
    for bad in ("0F" * 32, "0f" * 31, "", 5, None):
        with pytest.raises(FairnessError, match="64 lower-case hex digits"):
            check_entropy(bad)
    with pytest.raises(FairnessError, match="secret"):
        SealedDeck(1, "xyz")


# --------------------------------------------------------------------------- what each reader gets


@pytest.mark.parametrize("game", GAMES)
def test_every_readers_record_verifies_and_opens_only_what_it_saw(game: str) -> None:
    for seed in range(8):
        state, deck, entropy = played(game, seed)
        for reader in (None, *range(state.n)):
            record = record_of(state, deck, entropy, reader)
            verdict = verify(record, commitment=deck.commitment)
            assert verdict.ok, (game, seed, reader, verdict.problems)
            assert verdict.scheme == SCHEME_V2
            assert record.seed is None
            assert record.secret is None
            seen = public_view(state) if reader is None else view(state, reader)
            assert opened_cards(record) == named(seen.log)
        whole = sealed_record(state, deck, entropy)  # the server's own copy
        assert verify(whole).ok
        assert verify(whole).hidden == 0


def test_a_folded_hand_is_opened_to_its_player_and_to_nobody_else() -> None:
    for seed in range(40):
        state, deck, entropy = played("stud", seed, players=5)
        folded = [s for s in range(state.n) if state.folded[s]]
        if folded:
            break
    else:
        raise AssertionError("no hand with a fold")
    s = folded[0]
    down = {c for c, up in zip(state.hands[s], state.faceup[s], strict=True) if not up}
    assert down
    own = record_of(state, deck, entropy, s)
    assert down <= opened_cards(own)
    assert down <= named(own.actions)
    for reader in (None, *(r for r in range(state.n) if r != s)):
        record = record_of(state, deck, entropy, reader)
        assert not down & opened_cards(record), reader
        assert not down & named(record.actions), reader
        assert verify(record).ok


class Buyer(CallBot):
    """Buys whenever it may, else checks or calls: ten of them run the stub out."""

    def act(self, seen: View) -> Action:
        buy = next((o for o in seen.options if o.verb == "buy"), None)
        return Action("buy", seen.seat, buy.cards[:1]) if buy else super().act(seen)


def test_a_hand_dealt_past_the_52nd_card_verifies_and_a_forged_late_card_is_caught() -> None:
    deck = SealedDeck(5, SECRET)
    entropy = [""] * 10
    state = new_hand(variants.get("stud5buy"), [300] * 10, seed=5, deck=deck.dealt(entropy))
    for _ in play_bots(state, [Buyer() for _ in range(10)]):
        pass
    deals = [i for i, a in enumerate(state.log) if a.verb in DEALER_VERBS]
    assert sum(len(state.log[i].cards) for i in deals) > 52
    for reader in (None, 0, 9):
        assert verify(record_of(state, deck, entropy, reader)).ok
    record = record_of(state, deck, entropy, None)
    last = max(i for i, a in enumerate(record.actions) if a.verb in DEALER_VERBS)
    unseen = next(c for c in CARDS if c not in opened_cards(record))
    if record.actions[last].cards[0] is None:  # dealt face down: seat 9's own record shows it
        record = record_of(state, deck, entropy, record.actions[last].seat)
        unseen = next(c for c in CARDS if c not in opened_cards(record))
    actions = list(record.actions)
    actions[last] = dataclasses.replace(actions[last], cards=(unseen,))
    found = lines(dataclasses.replace(record, actions=tuple(actions)))
    assert found[0].endswith(f"{CARDS[unseen]} is not an opened card of the deck")


def test_the_record_is_refused_for_another_deck() -> None:
    state, _, entropy = played("stud", 1)
    with pytest.raises(FairnessError, match="not dealt from this deck"):
        sealed_record(state, SealedDeck(2, SECRET), entropy)


# --------------------------------------------------------------------------- forgeries


@pytest.fixture
def hand() -> tuple[HandRecord, SealedDeck, int]:
    """Seat 0's record of a stud hand (whose first deal is its own two down cards and one up)."""
    state, deck, entropy = played("stud", 3, entropy=["11" * 32, "", "22" * 32, ""])
    return record_of(state, deck, entropy, 0), deck, 0


def fields(record: HandRecord, **changes: Any) -> HandRecord:
    return dataclasses.replace(record, fields={**record.fields, **changes})


def lines(record: HandRecord, **options: Any) -> list[str]:
    verdict = verify(record, **options)
    assert not verdict.ok
    return [p.message for p in verdict.problems]


def test_a_changed_card_is_named_with_its_place(hand: Any) -> None:
    record, deck, _ = hand
    first = record.actions[0]
    real = first.cards[0]
    fake = next(c for c in CARDS if c not in named(record.actions))
    forged = dataclasses.replace(
        record,
        actions=(dataclasses.replace(first, cards=(fake, *first.cards[1:])), *record.actions[1:]),
    )
    place = cut(deck.commitment, record.fields["_entropy"])[0]
    assert lines(forged)[0] == (
        f'action 1 "d dh p1 {fake}{first.cards[1]}{first.cards[2]}": the 1st card comes from '
        f"place {place}, which opens {real}, not {fake}"
    )


def test_a_forged_salt_opens_no_card(hand: Any) -> None:
    record, _, _ = hand
    openings = list(record.fields["_openings"])
    p = openings[0].split(":")[0]
    openings[0] = f"{p}:{'0' * 64}"
    found = lines(fields(record, _openings=openings))
    assert found[0] == f"the opening of place {p} opens no card"
    assert any("which is not opened" in line for line in found[1:])


def test_a_changed_leaf_breaks_the_root(hand: Any) -> None:
    record, _, _ = hand
    leaves = list(record.fields["_leaves"])
    sealed = {int(o.split(":")[0]) for o in record.fields["_openings"]} ^ set(range(52))
    leaves[min(sealed)] = "f" * 64  # a place this reader never sees: only the root tells
    (line,) = lines(fields(record, _leaves=leaves))
    assert line == (
        f"_commitment {record.commitment} is not the root of the record's _leaves, {root(leaves)}"
    )


def test_a_changed_value_changes_the_cut_and_the_cards_fail(hand: Any) -> None:
    record, _, _ = hand
    entropy = ["33" * 32, *record.fields["_entropy"][1:]]
    found = lines(fields(record, _entropy=entropy))
    assert "the 1st card comes from place" in found[0]


def test_a_dropped_opening_of_a_shown_card_is_named(hand: Any) -> None:
    record, deck, _ = hand
    places = cut(deck.commitment, record.fields["_entropy"])
    first_place = places[0]
    kept = [o for o in record.fields["_openings"] if o.split(":")[0] != str(first_place)]
    found = lines(fields(record, _openings=kept))
    assert found[0].endswith(f"the 1st card comes from place {first_place}, which is not opened")


def test_the_root_seen_before_the_deal_is_compared(hand: Any) -> None:
    record, deck, _ = hand
    assert verify(record, commitment=deck.commitment).ok
    (line,) = lines(record, commitment="e" * 64)
    assert line == (
        f"the record's _commitment {deck.commitment} is not the one published before the "
        f"hand, {'e' * 64}"
    )


def test_the_readers_own_value_must_be_in_the_mix(hand: Any) -> None:
    record, _, _ = hand
    assert verify(record, entropy="11" * 32).ok
    (line,) = lines(record, entropy="44" * 32)
    assert line == (
        f"your value {'44' * 32} is not among the record's _entropy: the deck was cut without it"
    )


def test_a_changed_result_is_caught(hand: Any) -> None:
    record, _, _ = hand
    stacks = list(record.finishing_stacks)
    stacks[0], stacks[1] = stacks[0] + 1, stacks[1] - 1
    (line,) = lines(dataclasses.replace(record, finishing_stacks=tuple(stacks)))
    assert line.startswith("finishing_stacks [")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"_leaves": ["0" * 64] * 51}, "_leaves must list 52 commitments"),
        ({"_entropy": ["", ""]}, "_entropy must list 4 values, each 64 hex digits or empty"),
        ({"_entropy": ["x", "", "", ""]}, "_entropy must list 4 values"),
        ({"_openings": ["52:" + "0" * 64]}, "_openings: '52:"),
        ({"_openings": ["1:" + "0" * 64, "1:" + "1" * 64]}, "is not a new POSITION:SALT"),
        ({"_openings": [7]}, "_openings: 7 is not"),
    ],
)
def test_malformed_fields_are_one_line(hand: Any, change: dict[str, Any], words: str) -> None:
    record, _, _ = hand
    (line,) = lines(fields(record, **change))
    assert words in line
    assert "\n" not in line


def test_an_unknown_scheme_cannot_be_verified(hand: Any) -> None:
    record, _, _ = hand
    verdict = verify(fields(record, _scheme="splitpot-deal-v9"))
    assert verdict.status == "unverifiable"
    assert "'splitpot-deal-v9' is not one this splitpot knows" in verdict.problems[0].message


def test_a_v1_record_is_not_cut_by_a_value() -> None:
    shuffle = Shuffle(5, SECRET)
    state = new_hand(variants.get("stud"), [100, 100], seed=5)
    for _ in play_bots(state, [CallBot(), CallBot()]):
        pass
    record = record_for(state, shuffle)
    assert verify(record).ok
    (line,) = lines(record, entropy="11" * 32)
    assert "takes no players' values" in line
