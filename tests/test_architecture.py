"""The package's shape (architecture.md): a curated public API and one-way imports."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import splitpot
from splitpot import actions, errors

SRC = Path(splitpot.__file__).parent

# The core, in import order: a module may import only from modules before it.
CORE = [
    "build",
    "errors",
    "shuffle",
    "cards",
    "_tables",
    "hands",
    "taking",
    "actions",
    "books",
    "rules",
    "house",
    "state",
    "pots",
    "phases",
    "engine",
    "views",
    "variants",
    "odds",
]
# Adapters use the core's public API. `sim` may use `bots`; the command line is the front of
# `sim` and `bots` (and of `notation`/`records`; `serve` starts the web table, `server`), so it
# may use them too; the web table commits to its deals and keeps its ledger (`fairness`,
# `ledger`). Nothing in the core imports an adapter.
ADAPTERS = {
    "notation": set(),
    "records": {"notation"},
    "bots": set(),
    "sim": {"bots", "notation", "records"},
    "fairness": {"notation", "records"},
    "ledger": {"notation", "records"},
    "cli": {"bots", "sim", "notation", "records", "fairness", "ledger", "server"},
    "env": set(),
    "server": {"bots", "notation", "records", "fairness", "ledger"},
}


def _imports(path: Path, package: str = "splitpot") -> set[str]:
    """The modules of ``package`` (the first component below it) a file imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        prefix = package.split(".")
        for name in names:
            parts = name.split(".")
            if parts[: len(prefix)] == prefix and len(parts) > len(prefix):
                found.add(parts[len(prefix)])
    return found


def _files(module: str) -> list[Path]:
    package = SRC / module
    return sorted(package.rglob("*.py")) if package.is_dir() else [SRC / f"{module}.py"]


@pytest.mark.parametrize("module", CORE)
def test_core_imports_only_earlier_core_modules(module: str) -> None:
    allowed = set(CORE[: CORE.index(module) + 1])
    for path in _files(module):
        # A module of a package may import the package's own names (phases.base, variants.stud).
        wrong = _imports(path) - allowed
        assert not wrong, f"{path.relative_to(SRC)} imports {sorted(wrong)}"


@pytest.mark.parametrize("adapter", sorted(ADAPTERS))
def test_adapters_use_the_core_and_only_the_adapters_they_front(adapter: str) -> None:
    allowed = set(CORE) | ADAPTERS[adapter] | {adapter}
    for path in _files(adapter):
        wrong = _imports(path) - allowed
        assert not wrong, f"{path.relative_to(SRC)} imports {sorted(wrong)}"


# The bots in parts: reading a view into a table and answering it, the choice of an action
# from an estimate of the seat's chances, and what tables pay at sales. Each bot builds on
# these parts, never on another bot.
BOT_PARTS = {"table": set(), "strategy": {"table", "market"}, "market": set()}
BOTS = {"simple", "heuristic", "equity"}


@pytest.mark.parametrize("module", sorted(BOT_PARTS.keys() | BOTS))
def test_bots_use_the_shared_parts_and_not_each_other(module: str) -> None:
    allowed = BOT_PARTS.get(module, set(BOT_PARTS))
    used = _imports(SRC / "bots" / f"{module}.py", "splitpot.bots")
    assert used <= allowed, f"bots/{module}.py imports bots {sorted(used - allowed)}"


def test_every_bot_module_is_placed() -> None:
    modules = {p.stem for p in (SRC / "bots").glob("*.py")} - {"__init__"}
    assert modules == BOT_PARTS.keys() | BOTS


def test_every_module_is_placed() -> None:
    modules = {p.stem for p in SRC.glob("*.py")} | {p.name for p in SRC.iterdir() if p.is_dir()}
    modules -= {"__init__", "__pycache__"}
    assert modules == set(CORE) | set(ADAPTERS)


def test_public_api_is_complete_and_resolves() -> None:
    assert splitpot.__all__ == sorted(splitpot.__all__)
    for name in splitpot.__all__:
        assert hasattr(splitpot, name), name
    # Everything the engine, hands, views, errors and actions modules export is public at the
    # top, but for constants and type aliases, which stay with their module (the verb table
    # and its record type, the sets of verbs drawn from it, what an action reads of an option).
    verbs = {"VERBS", "Verb", "Offered"} | {n for n in actions.__all__ if n.endswith("_VERBS")}
    kept_in_module = {"CATEGORY_NAMES", "Ranking", "Declaration", *verbs}
    for module in ("engine", "hands", "views", "errors", "actions"):
        exported = set(importlib.import_module(f"splitpot.{module}").__all__)
        missing = exported - set(splitpot.__all__) - kept_in_module
        assert not missing, f"splitpot.{module} exports {sorted(missing)} but splitpot does not"


def _private_names_of_state() -> set[str]:
    """The private slots and methods of :class:`splitpot.state.State`, read from its source."""
    tree = ast.parse((SRC / "state.py").read_text(encoding="utf-8"))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State"]
    names: set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "self":
                names.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # the __slots__ entries
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def test_no_module_but_state_touches_a_private_attribute_of_state() -> None:
    # What phases, the engine, views and adapters need of a State is a property or a method.
    private = _private_names_of_state()
    assert {"_log", "_stacks"} <= private
    found = [
        f"{path.relative_to(SRC)}:{node.lineno} .{node.attr}"
        for path in sorted(SRC.rglob("*.py"))
        if path != SRC / "state.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in private
    ]
    assert not found, found


# The one error tree (errors.py): every error class is defined there with its own reason, and
# SplitpotError itself is never raised, only one of its kinds.


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(SRC.rglob("*.py"))]


def test_splitpot_error_itself_is_never_raised() -> None:
    found = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if isinstance(raised, ast.Name) and raised.id == "SplitpotError":
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not found, f"raise one of the errors of errors.py, not SplitpotError: {found}"


def test_every_public_error_class_is_defined_in_errors_py() -> None:
    kinds = set(errors.__all__)
    found = [
        f"{path.relative_to(SRC)}:{node.lineno} {node.name}"
        for path, tree in _sources()
        if path != SRC / "errors.py"
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and not node.name.startswith("_")  # a module's private refinement of one of them
        and any(isinstance(b, ast.Name) and b.id in kinds for b in node.bases)
    ]
    assert not found, f"define error classes in errors.py: {found}"


def test_every_error_class_has_its_own_reason() -> None:
    kinds = [getattr(errors, name) for name in errors.__all__ if name != "SplitpotError"]
    assert all(issubclass(k, errors.SplitpotError) for k in kinds)
    reasons = [k.reason for k in kinds]
    assert errors.SplitpotError.reason not in reasons
    assert len(set(reasons)) == len(reasons), sorted(reasons)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", r) for r in reasons), reasons
