"""Phases: one module per kind of step, registered by the step's ``kind``.

The engine looks a step's phase up in :data:`PHASES`. A new kind of step (auction, sale, buy,
expose, declare) is a new module here that subclasses :class:`Phase` and calls
:func:`register`; it is imported below so that it registers itself.
"""

from splitpot.phases import auction, betting, buy, deal, declare, expose, sale, showdown
from splitpot.phases.base import PHASES, Phase, register

__all__ = [
    "PHASES",
    "Phase",
    "auction",
    "betting",
    "buy",
    "deal",
    "declare",
    "expose",
    "register",
    "sale",
    "showdown",
]
