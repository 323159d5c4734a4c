"""The PettingZoo environment: PettingZoo's own API test for every game, the encoding, the
action mask against the engine, sealed moves kept hidden, and bots playing in it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.engine import apply, legal_actions, outcome
from splitpot.env import SplitpotEnv, encoding, env, raw_env
from splitpot.errors import IllegalAction, RulesError, SplitpotError
from splitpot.state import Option
from splitpot.views import SeatView, View


@pytest.mark.parametrize("game", variants.names())
def test_pettingzoo_api_test_passes_without_a_warning(game: str) -> None:
    players = min(4, variants.get(game).max_players)
    api_test(env(game, players), num_cycles=200)  # warnings are errors in this suite


def test_buckets_worked_by_hand() -> None:
    # 10 buckets over 10..100: 10 + round(j * 90 / 9) = 10, 20, ..., 100
    assert encoding.bucket_amounts(Option("cbr", 10, 100)) == tuple(range(10, 101, 10))
    # one amount (fixed limit): only bucket 0
    assert encoding.bucket_amounts(Option("cbr", 4, 4)) == (4,) + (None,) * 9
    # choices (an open pair: small or big bet): choices[round(j / 9)], 5 up to j = 4, then 10
    assert encoding.bucket_amounts(Option("cbr", 5, 10, (5, 10))) == (
        (5, None, None, None, None, 10) + (None,) * 4
    )
    # 0..3: round(j * 3 / 9) for j = 0..9 is 0 0 1 1 1 2 2 2 3 3: repeats are masked
    assert encoding.bucket_amounts(Option("bid", 0, 3)) == (
        0,
        None,
        1,
        None,
        None,
        2,
        None,
        None,
        3,
        None,
    )
    assert encoding.ACTIONS == 8 + 10 + 10 + 4 * 52 + 52 * 11


def first_seat(agent: str) -> int:
    return int(agent.split("_")[1])


def test_own_cards_and_only_up_cards_of_the_others_are_seen() -> None:
    table = raw_env("stud8", 4)
    table.reset(seed=3)
    agent = table.agent_selection
    obs = table.observe(agent)
    size = encoding.SEAT_FIELDS
    assert obs.shape == (encoding.observation_size(4),) == table.observation_space(agent).shape
    assert obs.dtype == np.float32
    assert obs.min() >= 0.0
    assert obs.max() <= 1.0
    hand = table.hand
    me = first_seat(agent)
    own = obs[52:104]
    assert sorted(np.flatnonzero(own)) == sorted(int(c) for c in hand.down_cards(me))
    for r in range(1, 4):
        block = obs[r * size : (r + 1) * size]
        seat = (me + r) % 4
        assert sorted(np.flatnonzero(block[:52])) == [int(c) for c in hand.up_cards(seat)]
        assert not block[52:104].any()  # no down card of another seat
        assert block[104 + 5] == pytest.approx(2 / 7)  # two cards unseen


def test_every_masked_in_action_is_one_the_engine_takes() -> None:
    rng = random.Random(0)
    for game in variants.names():
        table = raw_env(game, 3)
        table.reset(seed=1)
        for _ in range(60):
            agent = table.agent_selection
            if table.terminations[agent]:
                break
            mask = table.infos[agent]["action_mask"]
            legal = np.flatnonzero(mask)
            assert len(legal) > 0
            # the same indices as a tuple of ints, in order, for agents that sample without numpy
            listed = table.infos[agent]["legal_actions"]
            assert listed == tuple(int(i) for i in legal)
            assert all(type(i) is int for i in listed)
            seat = first_seat(agent)
            options = legal_actions(table.hand).options[seat]
            assert encoding.legal_indices(options) == listed
            actions = set()
            for index in legal:
                action = encoding.decode(int(index), seat, options)
                apply(table.hand.copy(), action)  # accepted: raises otherwise
                actions.add(action)
            assert len(actions) == len(legal)  # one index per distinct action
            for index in rng.sample(range(encoding.ACTIONS), 20):
                if not mask[index]:
                    with pytest.raises(SplitpotError, match="not legal now"):
                        encoding.decode(index, seat, options)
            table.step(int(rng.choice(legal)))


def play_to_first_bid(seed: int) -> SplitpotEnv:
    table = raw_env("auction", 3)
    table.reset(options={"hand_seed": seed})
    assert table.hand.step.kind == "auction"
    return table


def test_a_sealed_bid_stays_hidden_from_the_others_until_the_last_is_in() -> None:
    low, high = play_to_first_bid(11), play_to_first_bid(11)
    bidder = low.agent_selection
    mask = low.infos[bidder]["action_mask"]
    bids = [i for i in np.flatnonzero(mask) if encoding.BID <= i < encoding.PICK]
    low.step(int(bids[0]))
    high.step(int(bids[-1]))
    nxt = low.agent_selection
    assert nxt == high.agent_selection != bidder
    # the next bidder sees that a bid is in, not how much: the same numbers either way
    assert np.array_equal(low.observe(nxt), high.observe(nxt))
    assert not np.array_equal(low.observe(bidder), high.observe(bidder))  # its own bid
    for table in (low, high):
        for _ in range(2):  # the two other bidders bid the least; the last reveals the bids
            agent = table.agent_selection
            table.step(int(np.flatnonzero(table.infos[agent]["action_mask"])[0]))
    assert not np.array_equal(low.observe(nxt), high.observe(nxt))  # revealed: the pot differs


def test_rewards_are_the_net_chips_in_big_bets_and_seeds_reproduce() -> None:
    def episode(seed: int) -> tuple[list[float], list[int]]:
        table = raw_env("nasdaq", 4)
        table.reset(seed=seed)
        taken: list[int] = []
        rewards: dict[str, float] = {}
        for agent in table.agent_iter():
            _, reward, done, _, info = table.last()
            if done:
                rewards[agent] = reward
                table.step(None)
                continue
            choice = int(table.action_space(agent).sample(info["action_mask"]))
            taken.append(choice)
            table.step(choice)
        assert table.agents == []
        net = outcome(table.hand).net
        assert [rewards[f"player_{s}"] for s in range(4)] == [c / 10 for c in net]  # big bet 10
        return [rewards[f"player_{s}"] for s in range(4)], taken

    first = episode(5)
    assert sum(first[0]) == pytest.approx(0.0)
    assert episode(5) == first
    assert episode(6) != first


def test_the_equity_bot_plays_through_the_environment() -> None:
    table = raw_env("stud5buy", 3)
    rivals = {f"player_{s}": bots.get("equity", seed=s, think=0.0) for s in (1, 2)}
    total = 0.0
    for hand in range(3):
        table.reset(seed=hand)
        for agent in table.agent_iter():
            _, reward, done, _, info = table.last()
            if done:
                total += reward if agent == "player_0" else 0.0
                table.step(None)
            elif agent in rivals:
                table.step(rivals[agent].act(table.view(agent)))  # its own exact amounts
            else:
                table.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert isinstance(total, float)


def test_clear_errors() -> None:
    with pytest.raises(RulesError, match="unknown game"):
        raw_env("bridge")
    with pytest.raises(RulesError, match="seats 2 to 7"):
        raw_env("auction", 9)
    with pytest.raises(RulesError, match="house rules"):
        raw_env("stud8", 4, house={"no_such_rule": 1})
    table = raw_env("stud8", 2, house={"betting": "pot"})
    assert table.rules.betting == "pot"
    with pytest.raises(SplitpotError, match="call reset"):
        table.observe("player_0")
    table.reset(seed=0)
    agent = table.agent_selection
    masked = int(np.flatnonzero(table.infos[agent]["action_mask"] == 0)[0])
    with pytest.raises(SplitpotError, match="not legal now"):
        table.step(masked)
    other = 1 - first_seat(agent)
    with pytest.raises(SplitpotError, match="is to act, not seat"):
        table.step(Action("cc", other))
    with pytest.raises(IllegalAction):
        table.step(Action("cbr", first_seat(agent), amount=10**6))
    assert "pot" in table.render()


def test_the_examples_of_docs_research_run(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).parents[1] / "docs" / "research.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 2
    for block in blocks:
        exec(block.replace("range(200)", "range(3)"), {})  # a shorter evaluation
    assert re.search(
        r"player_0: [+-]\d+\.\d\d ± \d+\.\d\d big bets a hand", capsys.readouterr().out
    )


def test_decode_takes_numpy_integers_as_ints() -> None:
    # An agent hands back what numpy sampled from the mask; the compiled build (which takes
    # only an int where an int is declared) reads it as the pure build does.
    table = raw_env("stud8", 4)
    table.reset(seed=3)
    agent = table.agent_selection
    seat = first_seat(agent)
    options = legal_actions(table.hand).options[seat]
    for index in np.flatnonzero(table.infos[agent]["action_mask"]):
        assert encoding.decode(index, seat, options) == encoding.decode(int(index), seat, options)
    with pytest.raises(SplitpotError, match="is not an index"):
        encoding.decode(1.0, seat, options)  # type: ignore[arg-type]


def test_an_observation_worked_out_field_by_field() -> None:
    # Two seats, read by seat 1, chips at the table 200 (docs/research.md, "The encoding").
    other = SeatView(0, 90, 10, 10, False, False, (None, None), (12,), declared=True)
    mine = SeatView(1, 100, 0, 10, False, False, (0, 5), (51,), True, "lo", True, 20)
    table = View(
        "stud8", 1, (other, mine), (), 20, 3, (1,), False, (Option("cbr", 10, 100),),
        False, (), (), step="betting",
    )  # fmt: skip
    want = np.zeros(118 * 2 + 2 * 2 + 124, dtype=np.float32)
    # block 0 is the reader (seat 1): up 51, down 0 and 5, stack 100/200, paid 10/200,
    # declared low, has bid 20/200, acted on, seat number 1/(2 - 1)
    want[[51, 52 + 0, 52 + 5]] = 1
    want[104], want[106] = 0.5, 0.05
    want[110], want[112], want[114], want[115], want[116], want[117] = 1, 1, 1, 0.1, 1, 1
    # block 1 is seat 0: up 12; two down cards unseen; it has declared, what is hidden
    want[118 + 12] = 1
    want[118 + 104], want[118 + 105], want[118 + 106] = 0.45, 0.05, 0.05
    want[118 + 109], want[118 + 110] = 2 / 7, 1
    # the table from 236: pot 20/200, street 3/8, step "betting" (one-hot place 1), no common
    # card or offer (52 + 52 + 2·2 + 2 fields), not over, then bet/raise to 10..100 of 200
    want[236], want[237], want[238 + 1] = 0.1, 3 / 8, 1
    amounts = 238 + 8 + 52 + 52 + 4 + 2 + 1
    want[amounts + 1], want[amounts + 2] = 0.05, 0.5
    got = encoding.encode(table, 200)
    assert got.dtype == np.float32
    assert got.shape == want.shape
    assert np.array_equal(got, want), np.flatnonzero(got != want)


def test_an_observation_asked_twice_is_the_same_and_each_caller_owns_its_copy() -> None:
    table = raw_env("stud8", 4)
    table.reset(seed=5)
    agent = table.agent_selection
    first = table.observe(agent)
    first[:] = 0.0  # the caller's to change: the environment's answer is not touched
    again = table.observe(agent)
    assert again is not first
    assert np.array_equal(again, encoding.encode(table.view(agent), table.total))
    table.step(int(np.flatnonzero(table.infos[agent]["action_mask"])[0]))
    assert np.array_equal(table.observe(agent), encoding.encode(table.view(agent), table.total))


def test_an_observation_never_works_out_the_history() -> None:
    # The encoding reads no log, so encoding a view never works out its history (views work
    # out their parts when first read; View.unread says which are left, on both builds):
    # random agents play whole hands of every game, each view they are shown encoded first.
    rng = random.Random(4)
    for game in variants.names():
        table = raw_env(game, 3)
        table.reset(seed=2)
        for agent in table.agent_iter(max_iter=400):
            seen = table.view(agent)
            assert np.array_equal(encoding.encode(seen, table.total), table.observe(agent))
            assert "log" in seen.unread(), game
            _, _, finished, _, info = table.last()
            table.step(None if finished else int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert table.hand.finished, game
    seen = table.view(table.agent_selection)
    _ = seen.log
    assert "log" not in seen.unread()  # the check can fail
