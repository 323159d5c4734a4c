"""The compiled build: with SPLITPOT_COMPILE=1 the wheel carries the engine compiled by mypyc.

Without the setting this hook does nothing and the wheel is pure Python (the same source either
way). The list of compiled modules is `splitpot.build.COMPILED`, read here from its file so the
build and `splitpot --version` name the same modules.
"""

from __future__ import annotations

import ast
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).parent
SETTING = "SPLITPOT_COMPILE"
EXTRAS = (("splitpot.env.", "env"),)
"""The extra each compiled package needs installed to be type-checked: (package prefix, extra)."""


def compiled_modules() -> tuple[str, ...]:
    """The dotted names `src/splitpot/build.py` lists in COMPILED (read without importing it)."""
    tree = ast.parse((ROOT / "src" / "splitpot" / "build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in targets):
                value = ast.literal_eval(node.value)  # type: ignore[arg-type]
                return tuple(value)
    raise RuntimeError("src/splitpot/build.py has no COMPILED tuple")


def source_of(name: str) -> str:
    """The source file of a dotted module name: its ``.py`` file, or a package's ``__init__``."""
    path = f"src/{name.replace('.', '/')}"
    return f"{path}.py" if (ROOT / f"{path}.py").is_file() else f"{path}/__init__.py"


def wanted() -> bool:
    """True when the environment asks for the compiled build (SPLITPOT_COMPILE=1)."""
    return os.environ.get(SETTING, "").strip() not in ("", "0")


class CompiledBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles COMPILED with mypyc into the wheel when SPLITPOT_COMPILE=1, else does nothing."""

    PLUGIN_NAME = "custom"

    def _active(self, version: str) -> bool:
        return self.target_name == "wheel" and version == "standard" and wanted()

    def dependencies(self) -> list[str]:
        if not wanted():
            return []
        # mypy type-checks what the compiled modules import: the runtime dependencies too, and
        # an extra's when a compiled module lies in the package that needs it (splitpot.env's
        # __init__ imports PettingZoo and Gymnasium).
        extras = self.metadata.core.optional_dependencies
        needed = {
            extra
            for name in compiled_modules()
            for package, extra in EXTRAS
            if name.startswith(package)
        }
        wanted_extras = [req for extra in sorted(needed) for req in extras[extra]]
        return [
            "mypy[mypyc]>=1.11",
            "setuptools>=70",
            *self.metadata.core.dependencies,
            *wanted_extras,
        ]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not self._active(version):
            return
        from mypyc.build import mypycify
        from setuptools import Distribution

        paths = [source_of(name) for name in compiled_modules()]
        work = Path(tempfile.mkdtemp(prefix="splitpot-mypyc-"))
        here = os.getcwd()
        os.chdir(ROOT)
        try:
            extensions = mypycify(
                paths, opt_level="3", target_dir=str(work / "c"), group_name="splitpot"
            )
            dist = Distribution({"name": "splitpot", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")  # type: ignore[attr-defined]
            command.build_temp = str(work / "tmp")  # type: ignore[attr-defined]
            command.parallel = os.cpu_count() or 1  # type: ignore[attr-defined]
            dist.run_command("build_ext")
        finally:
            os.chdir(here)
        lib = work / "lib"
        for built in sorted(lib.rglob("*")):
            if built.is_file():
                build_data["force_include"][str(built)] = built.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._work = work
        print(f"splitpot: compiled {len(paths)} modules with mypyc", file=sys.stderr)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
