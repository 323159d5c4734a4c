"""Bots: players that choose an action from what their seat may know (``views.view``).

A :class:`Bot` has one method, ``act(view) -> Action``; the view carries the seat's legal
options, so a bot never needs the state. :func:`get` builds a registered bot by name:
``call`` (a calling station), ``random``, ``heuristic`` (rules of thumb about made hands and
draws) and ``equity`` (Monte Carlo over the unseen cards: ``think`` seconds per decision, a
deadline, or a fixed number of ``samples`` for reproducible play). See docs/bots.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from splitpot.actions import Action
from splitpot.bots.heuristic import HeuristicBot
from splitpot.bots.simple import CallBot, RandomBot
from splitpot.errors import BotError
from splitpot.views import View

if TYPE_CHECKING:
    from splitpot.bots.equity import EquityBot

__all__ = [
    "Bot",
    "CallBot",
    "EquityBot",
    "HeuristicBot",
    "Maker",
    "RandomBot",
    "Sampling",
    "get",
    "names",
    "register",
]


@runtime_checkable
class Bot(Protocol):
    """A player: given its seat's view (legal options included), the action it takes."""

    def act(self, view: View) -> Action:
        """The action to take now; it must be one of the view's legal options."""
        ...


@runtime_checkable
class Sampling(Protocol):
    """A bot that searches by sampling and can be held to a fixed number of samples per
    decision, ignoring the clock (so that a seeded bot is reproducible)."""

    def use_samples(self, samples: int) -> None:
        """Draw ``samples`` samples per decision from now on, never reading the clock."""
        ...


Maker = Callable[[int | None, float | None], Bot]
"""Builds a bot from a seed (None: unseeded) and a thinking budget in seconds per decision
(None: the bot's default; bots that do not search ignore it)."""

_REGISTRY: dict[str, Maker] = {}


def register(name: str, make: Maker) -> None:
    """Make ``get(name, seed=..., think=...)`` build a bot with ``make(seed, think)``."""
    _REGISTRY[name] = make


def names() -> tuple[str, ...]:
    """The registered bot names, sorted."""
    return tuple(sorted(_REGISTRY))


def get(
    name: str,
    *,
    seed: int | None = None,
    think: float | None = None,
    samples: int | None = None,
) -> Bot:
    """A new bot of the kind called ``name``. ``think`` caps its time per decision in seconds
    (bots that search: a deadline, so their play depends on the machine's speed); ``samples``
    fixes a searching bot's samples per decision instead (:class:`Sampling`), and then
    ``seed`` makes every bot reproducible. Bots that do not search ignore both."""
    make = _REGISTRY.get(name)
    if make is None:
        raise BotError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    bot = make(seed, think)
    if samples is not None and isinstance(bot, Sampling):
        bot.use_samples(samples)
    return bot


register("call", lambda seed, think: CallBot())
register("random", lambda seed, think: RandomBot(seed))
register("heuristic", lambda seed, think: HeuristicBot(seed))
register("equity", lambda seed, think: _equity_bot()(seed, think))


def _equity_bot() -> type[EquityBot]:
    # Imported when first wanted: it brings numpy, which the other bots and the engine do
    # without (a command that plays no equity bot starts sooner).
    from splitpot.bots.equity import EquityBot

    return EquityBot


def __getattr__(name: str) -> Any:
    """``splitpot.bots.EquityBot``, imported on first use."""
    if name == "EquityBot":
        return _equity_bot()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
