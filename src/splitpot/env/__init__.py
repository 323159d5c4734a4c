"""A research environment: every splitpot game as a PettingZoo AEC environment.

``splitpot.env.env("auction", players=4)`` is the environment wrapped as PettingZoo's own
environments are (order enforced); ``raw_env`` is the bare :class:`SplitpotEnv`. Observations
and actions are numbers laid out in :mod:`splitpot.env.encoding`; docs/research.md has a
random-agent loop, an evaluation against the equity bot, and how to scale out.
PettingZoo is an optional extra: ``pip install 'splitpot[env]'``.
"""

from __future__ import annotations

from typing import Any

from splitpot.errors import MissingExtra

try:
    from pettingzoo.utils import wrappers
except ImportError:  # pragma: no cover - the extra is installed by make test
    raise MissingExtra("splitpot.env needs PettingZoo: pip install 'splitpot[env]'") from None

from splitpot.env import encoding
from splitpot.env.aec import SplitpotEnv

__all__ = ["SplitpotEnv", "encoding", "env", "raw_env"]


def raw_env(*args: Any, **kwargs: Any) -> SplitpotEnv:
    """The environment without wrappers (arguments: :class:`SplitpotEnv`)."""
    return SplitpotEnv(*args, **kwargs)


def env(*args: Any, **kwargs: Any) -> Any:
    """The environment behind PettingZoo's order-enforcing wrapper (which refuses a step
    before ``reset``); ``.unwrapped`` is the :class:`SplitpotEnv`."""
    return wrappers.OrderEnforcingWrapper(SplitpotEnv(*args, **kwargs))
