"""The self-play runner: zero-sum, reproducible, and its records replay to the same chips."""

from __future__ import annotations

from pathlib import Path

import pytest

from splitpot import bots, variants
from splitpot.notation import load
from splitpot.records import replay_to_end
from splitpot.sim import hand_seeds, play_hands


def seated(names: list[str], seed: int = 0) -> list[bots.Bot]:
    return [bots.get(name, seed=seed + s) for s, name in enumerate(names)]


@pytest.mark.parametrize("game", variants.names())
def test_net_sums_to_zero(game: str) -> None:
    rules = variants.get(game)
    net = play_hands(rules, seated(["random", "call", "random"]), hands=30, seed=5, stacks=60)
    assert len(net) == 3
    assert sum(net) == 0


def test_same_seed_same_net() -> None:
    rules = variants.get("stud8")
    one = play_hands(rules, seated(["random"] * 4, 1), hands=25, seed=9, stacks=200)
    two = play_hands(rules, seated(["random"] * 4, 1), hands=25, seed=9, stacks=200)
    assert one == two
    assert hand_seeds(9, 25) == hand_seeds(9, 25)
    assert hand_seeds(9, 3) == hand_seeds(9, 25)[:3]
    assert len(set(hand_seeds(9, 1000))) == 1000


def test_stacks_reset_every_hand_and_record_replays(tmp_path: Path) -> None:
    rules = variants.get("stud8")
    path = tmp_path / "hands.phhs"
    called = []
    net = play_hands(
        rules,
        seated(["call", "random"]),
        hands=10,
        seed=2,
        stacks=[100, 150],
        record=path,
        on_hand=called.append,
    )
    assert called == list(range(1, 11))
    records = load(path)
    assert [r.starting_stacks for r in records] == [(100, 150)] * 10
    assert [r.seed for r in records] == hand_seeds(2, 10)
    total = [0, 0]
    for record in records:
        assert record.finishing_stacks is not None
        state = replay_to_end(record)
        assert state.stacks == record.finishing_stacks
        total = [
            t + f - s for t, f, s in zip(total, record.finishing_stacks, (100, 150), strict=True)
        ]
    assert total == net


def test_one_stack_per_bot() -> None:
    with pytest.raises(ValueError, match="3 stacks for 2 bots"):
        play_hands(variants.get("stud8"), seated(["call"] * 2), hands=1, seed=0, stacks=[1, 2, 3])
