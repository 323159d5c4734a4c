"""The PettingZoo AEC environment: one hand of a splitpot game per episode.

Agents ``player_0``... are the seats (``player_0`` is p1, left of the dealer). The agent to act
is the engine's next seat; the dealer's steps run by themselves. Sealed steps (sealed bids,
simultaneous declarations and turn-ups) are played as sequential moves: each is applied at
once, and every other seat's view shows only that the seat has moved until the last is in, so
an agent never observes another's sealed choice early. An episode ends when the hand does;
every agent then gets its net result in big bets as its reward and is terminated.

``step`` takes an index of the discrete action space (:mod:`splitpot.env.encoding`) or a
splitpot :class:`~splitpot.actions.Action` (how a bot from :mod:`splitpot.bots` plays in the
environment at its own amounts); :meth:`SplitpotEnv.view` is the seat's view for such a bot.
The legal actions are ``infos[agent]["action_mask"]`` for the agent to act, and the same as a
tuple of indices, ``infos[agent]["legal_actions"]``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import apply, deal_next, legal_actions, new_hand, outcome
from splitpot.env.encoding import ACTIONS, decode, encode, masked, observation_size
from splitpot.errors import EnvError, RulesError
from splitpot.rules import Rules
from splitpot.state import State
from splitpot.views import View, public_view, table_view, view

__all__ = ["SplitpotEnv"]


class SplitpotEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type hints
    """One seated table of ``game`` (a name, a PHH code or :class:`Rules`) for ``players``;
    ``house`` overrides house rules (``{"declare_both": True}``), ``stacks`` is every seat's
    stack at the start of each hand (default 100 big bets; one number or one per seat)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "splitpot_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Rules = "stud8",
        players: int = 4,
        *,
        stacks: int | list[int] | None = None,
        house: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        rules = game if isinstance(game, Rules) else variants.get(game)
        if house:
            try:
                rules = dataclasses.replace(rules, **house)
            except TypeError as exc:
                raise RulesError(f"house rules {sorted(house)}: {exc}") from None
        if not rules.min_players <= players <= rules.max_players:
            raise RulesError(
                f"{rules.name} seats {rules.min_players} to {rules.max_players}, not {players}"
            )
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise EnvError(f"render_mode {render_mode!r}: use 'ansi', 'human' or None")
        chips = 100 * rules.big_bet if stacks is None else stacks
        self.stacks = [chips] * players if isinstance(chips, int) else list(chips)
        if len(self.stacks) != players:
            raise RulesError(f"{len(self.stacks)} stacks for {players} players")
        self.rules = rules
        self.render_mode = render_mode
        self.total = sum(self.stacks)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        box = spaces.Box(0.0, 1.0, (observation_size(players),), np.float32)
        self.observation_spaces = dict.fromkeys(self.possible_agents, box)
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self._hand: State | None = None

    # --- spaces --------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Box:
        """Every agent's observation: a vector in [0, 1] (docs/research.md: the encoding)."""
        box: spaces.Box = self.observation_spaces[agent]
        return box

    def action_space(self, agent: str) -> spaces.Discrete:
        """Every agent's actions: ``encoding.ACTIONS`` indices, masked by the legal options."""
        discrete: spaces.Discrete = self.action_spaces[agent]
        return discrete

    # --- the AEC protocol -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed`` reseeds the stream of hand seeds (and the action spaces'
        sampling); ``options={"hand_seed": S}`` deals the hand shuffled from ``S`` (as
        ``simulate`` deals hand ``i`` from ``sim.hand_seeds(seed, n)[i]``)."""
        if seed is not None:
            self._rng = random.Random(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        hand_seed = (options or {}).get("hand_seed")
        if hand_seed is None:
            hand_seed = self._rng.getrandbits(63)
        self._hand = new_hand(self.rules, self.stacks, seed=int(hand_seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat the table waits on, with its action mask."""
        hand = self.hand
        legal = legal_actions(hand)
        while legal.dealer:  # only without auto-deal, or a showdown left to the referee
            deal_next(hand)
            legal = legal_actions(hand)
        seat = legal.to_act[0]
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        mask, indices = masked(legal.options[seat])
        self.infos[agent] = {"action_mask": mask, "legal_actions": indices}

    def observe(self, agent: str) -> npt.NDArray[np.float32]:
        """The agent's view of the table as a vector (:func:`splitpot.env.encoding.encode` of
        its :func:`~splitpot.views.table_view`), a new one at each call (the caller's to keep;
        an agent observes once per turn, so nothing is kept for a second call at the same
        point)."""
        return encode(table_view(self.hand, self._seat[agent]), self.total)

    def step(self, action: int | np.integer[Any] | Action | None) -> None:
        """Take the acting agent's action: an index of the action space or an Action."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        seat = self._seat[agent]
        if isinstance(action, Action):
            if action.seat != seat:
                raise EnvError(f"{agent} is to act, not seat {action.seat}")
            move = action
        elif action is None:
            raise EnvError(f"{agent} is to act: None is only for a finished agent")
        else:
            options = legal_actions(hand).options[seat]
            move = decode(int(action), seat, options, self.infos[agent].get("action_mask"))
        apply(hand, move)
        self.infos[agent] = {}
        self._cumulative_rewards[agent] = 0.0
        if hand.finished:
            unit = max(1, self.rules.big_bet)
            for a, chips in zip(self.agents, outcome(hand).net, strict=True):
                self.rewards[a] = chips / unit
                self.terminations[a] = True
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self._select()
        if self.render_mode == "human":
            print(self.render())

    # --- for bots, evaluation and a look at the table --------------------------------------

    @property
    def hand(self) -> State:
        """The hand under way (all its cards: never give it to an agent)."""
        if self._hand is None:
            raise EnvError("call reset() first")
        return self._hand

    def view(self, agent: str) -> View:
        """What the agent's seat may know, as splitpot's bots read it."""
        return view(self.hand, self._seat[agent])

    def render(self) -> str:
        """The table as a spectator sees it, in a few lines of text."""
        table = public_view(self.hand)
        lines = [f"{table.game}  pot {table.pot}  step {table.step or 'over'}"]
        for seat in table.seats:
            up = " ".join(str(c) for c in seat.up if c is not None) or "-"
            down = "##" * sum(c is None for c in seat.down) or ""
            mark = ">" if seat.seat in table.to_act else " "
            state = "folded" if seat.folded else f"{seat.stack} behind"
            lines.append(f"{mark} player_{seat.seat}: {down} {up}  ({state})")
        lines += [f"  player_{a.seat} wins {a.amount}: {a.reason}" for a in table.awards]
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""
