"""Which build is running: pure Python, or the engine's modules compiled by mypyc.

`COMPILED` is the one list of modules the compiled build (`SPLITPOT_COMPILE=1 pip install .`,
see hatch_build.py) compiles; `compiled_modules()` says which of them this process runs compiled.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import field, fields, make_dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from types import FunctionType
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
    "splitpot.shuffle",
    "splitpot.sim",
    "splitpot.state",
    "splitpot.taking",
    "splitpot.views",
)


def by_fields(value: _D) -> tuple[type[_D], tuple[object, ...]]:
    """``__reduce__`` of a frozen dataclass: rebuilt by calling its class with its fields.

    Compiled by mypyc, such a class would be unpickled by setting its fields one by one, which
    a frozen class refuses; this way both builds pickle and copy it the same."""
    names = (f.name for f in fields(value))  # type: ignore[arg-type]
    return type(value), tuple(getattr(value, name) for name in names)


def dataclass_init(cls: type) -> None:
    """A frozen dataclass built at every point of a hand, with an ``__init__`` of its own that
    assigns each field: compiled, that is a store into the native object (no
    ``object.__setattr__`` per field; the class stays frozen from Python). In Python a frozen
    class refuses such an assignment, so in the pure build the class gets the ``__init__``
    :mod:`dataclasses` writes for its fields instead, after checking that its own takes the
    same parameters with the same defaults. Compiled, the class is left as it is."""
    own = cls.__dict__.get("__init__")
    if not isinstance(own, FunctionType):
        return  # compiled: a native method
    shadow = make_dataclass(
        cls.__name__,
        [(f.name, f.type, field(default=f.default)) for f in fields(cls)],
        frozen=True,
    )
    made = shadow.__init__  # type: ignore[misc]
    # a mistake in the class, made plain in every pure import (the test suite's first)
    assert _parameters(own) == _parameters(made), f"{cls.__name__}.__init__ differs from its fields"
    cls.__init__ = made  # type: ignore[misc]


def _parameters(function: Callable[..., object]) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


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
