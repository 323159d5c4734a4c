"""Which build is running: pure Python, or the engine's modules compiled by mypyc.

`COMPILED` is the one list of modules the compiled build (`SPLITPOT_COMPILE=1 pip install .`,
see hatch_build.py) compiles; `compiled_modules()` says which of them this process runs compiled.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

COMPILED: Final = (
    "splitpot.actions",
    "splitpot.engine",
    "splitpot.hands",
    "splitpot.phases.auction",
    "splitpot.phases.base",
    "splitpot.phases.betting",
    "splitpot.phases.buy",
    "splitpot.phases.deal",
    "splitpot.phases.declare",
    "splitpot.phases.expose",
    "splitpot.phases.sale",
    "splitpot.phases.showdown",
    "splitpot.pots",
    "splitpot.state",
    "splitpot.views",
)


def compiled_modules() -> tuple[str, ...]:
    """The modules of COMPILED that were imported from a compiled extension, not from source."""
    found = []
    for name in COMPILED:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if path.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return tuple(found)


def describe() -> str:
    """One line naming the build: 'pure Python', or 'compiled (mypyc): N of M modules: ...'."""
    found = compiled_modules()
    if not found:
        return "pure Python"
    names = ", ".join(name.removeprefix("splitpot.") for name in found)
    return f"compiled (mypyc): {len(found)} of {len(COMPILED)} modules: {names}"
