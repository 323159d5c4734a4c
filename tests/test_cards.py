"""Cards and decks: ids, faces, parsing, printing, reproducible and stacked decks."""

from __future__ import annotations

import pytest

from splitpot.cards import CARDS, Card, Deck, format_cards, parse_card, parse_cards, to_cards
from splitpot.errors import InvalidNotation

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
# Every face in id order, written out by hand: 4 * (rank - 2) + suit, suits c d h s = 0..3.
FACES = [r + s for r in RANK_CHARS for s in SUIT_CHARS]


def test_ids_follow_rank_then_suit() -> None:
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("2s") == 3
    assert parse_card("3c") == 4
    assert parse_card("Tc") == 32
    assert parse_card("Ah") == 50
    assert parse_card("As") == 51
    assert len(CARDS) == 52


@pytest.mark.parametrize(("card_id", "face"), list(enumerate(FACES)))
def test_every_card_round_trips(card_id: int, face: str) -> None:
    card = parse_card(face)
    assert card == card_id
    assert isinstance(card, Card)
    assert str(card) == face
    assert str(Card(card_id)) == face
    assert Card(face) == card_id
    assert card.rank == RANK_CHARS.index(face[0]) + 2
    assert card.suit == SUIT_CHARS.index(face[1])
    assert parse_card(face.lower()) == card_id
    assert repr(card) == f"Card({face!r})"
    assert f"{card:>3}" == " " + face


def test_ranks_run_from_deuce_to_ace() -> None:
    assert parse_card("2h").rank == 2
    assert parse_card("Th").rank == 10
    assert parse_card("10h") == parse_card("Th")
    assert parse_card("Ah").rank == 14
    assert [c.suit for c in parse_cards("2c2d2h2s")] == [0, 1, 2, 3]


def test_whole_deck_parses_and_formats_back() -> None:
    text = "".join(FACES)
    cards = parse_cards(text)
    assert cards == tuple(range(52))
    assert format_cards(cards) == text
    assert format_cards(range(52)) == text
    assert to_cards(text) == cards
    assert to_cards(list(range(52))) == cards


def test_cards_may_be_written_apart() -> None:
    expected = (50, 45, 31)
    assert parse_cards("AhKd9s") == expected
    assert parse_cards("Ah Kd 9s") == expected
    assert parse_cards("Ah,Kd,9s") == expected
    assert parse_cards("ah kd 9S".replace("S", "s")) == expected


def test_to_cards_accepts_ids_and_cards() -> None:
    assert to_cards([51, 0]) == (Card(51), Card(0))
    assert to_cards((CARDS[7], 8)) == (7, 8)
    assert all(isinstance(c, Card) for c in to_cards([3, 4]))


@pytest.mark.parametrize("text", ["1x", "Ahh", "", "Zs", "Ax", "A", "11h", "Ah Kd"])
def test_bad_card_is_refused_and_quoted(text: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["1x", "Ahh", "AhKd9", "Ah Kx"])
def test_bad_card_lists_are_refused_and_quoted(text: str) -> None:
    with pytest.raises(InvalidNotation, match=repr(text)):
        parse_cards(text)


def test_duplicates_are_refused() -> None:
    with pytest.raises(InvalidNotation, match="Ah"):
        parse_cards("AhKdAh")
    with pytest.raises(InvalidNotation, match="Ah"):
        to_cards([50, 45, 50])
    assert parse_cards("AhAh", allow_duplicates=True) == (50, 50)


@pytest.mark.parametrize("bad", [52, -1, True, False, 3.0, "7"])
def test_bad_ids_are_refused_and_quoted(bad: object) -> None:
    with pytest.raises(InvalidNotation, match=repr(bad)):
        to_cards([0, bad])  # type: ignore[list-item]
    if not isinstance(bad, str):
        with pytest.raises(InvalidNotation, match=repr(bad)):
            Card(bad)  # type: ignore[arg-type]


def _order(deck: Deck) -> tuple[int, ...]:
    return deck.deal(len(deck))


def test_seeded_deck_is_reproducible() -> None:
    assert _order(Deck(seed=7)) == _order(Deck(seed=7))
    assert _order(Deck(seed=7)) != _order(Deck(seed=8))
    assert _order(Deck(seed=0)) != _order(Deck(seed=1))


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40])
def test_deck_holds_every_card_once(seed: int) -> None:
    deck = Deck(seed=seed)
    assert len(deck) == 52
    cards = _order(deck)
    assert sorted(cards) == list(range(52))
    assert cards != tuple(range(52))  # shuffled
    assert len(deck) == 0


def test_deal_and_peek() -> None:
    deck = Deck(seed=3)
    top = deck.peek(3)
    assert len(deck) == 52
    assert deck.deal(3) == top
    assert len(deck) == 49
    assert deck.peek() == deck.deal()
    assert len(deck) == 48
    assert list(deck) == list(deck.peek(48))
    with pytest.raises(ValueError, match="49"):
        deck.deal(49)
    with pytest.raises(ValueError, match="-1"):
        deck.deal(-1)
    assert len(deck) == 48


def test_stacked_deck_deals_in_the_order_given() -> None:
    deck = Deck(cards="AsKh2c")
    assert len(deck) == 3
    assert deck.deal() == (51,)
    assert deck.deal(2) == (46, 0)
    assert len(deck) == 0
    assert Deck(cards=[5, 9, 1]).deal(3) == (5, 9, 1)
    with pytest.raises(InvalidNotation):
        Deck(cards="AsAs")
    with pytest.raises(InvalidNotation):
        Deck(cards=[0, 52])
