"""Which build is running: pure Python, or the engine's modules compiled by mypyc.

`COMPILED` is the one list of modules the compiled build (`SPLITPOT_COMPILE=1 pip install .`,
see hatch_build.py) compiles; `compiled_modules()` says which of them this process runs compiled.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import fields
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Any, Final, TypeVar

_D = TypeVar("_D")

if TYPE_CHECKING:  # mypyc reads the decorator by this name; plain Python needs no mypy_extensions
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    _T = TypeVar("_T")

    def mypyc_attr(*_flags: str, **_settings: Any) -> Callable[[_T], _T]:
        """mypy_extensions.mypyc_attr without the package: leaves the class as it is."""
        return lambda cls: cls


COMPILED: Final = (
    "splitpot.bots.simple",
    "splitpot.bots.table",
    "splitpot.engine",
    "splitpot.env.encoding",
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
    "splitpot.sim",
    "splitpot.state",
    "splitpot.views",
)


def by_fields(value: _D) -> tuple[type[_D], tuple[object, ...]]:
    """``__reduce__`` of a frozen dataclass: rebuilt by calling its class with its fields.

    Compiled by mypyc, such a class would be unpickled by setting its fields one by one, which
    a frozen class refuses; this way both builds pickle and copy it the same."""
    names = (f.name for f in fields(value))  # type: ignore[arg-type]
    return type(value), tuple(getattr(value, name) for name in names)


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
