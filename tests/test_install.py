"""The base install (``pip install splitpot``): the library and its commands need neither the web
table's packages nor Textual, and a command whose extra is missing says in one line which
extra to install. Each check runs in a fresh interpreter, where those packages are either
watched (never imported) or made unimportable."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from splitpot.cli.extras import EXTRAS, extra_for

DATA = Path(__file__).parent / "data"

EXTRA_MODULES = (
    "starlette",
    "uvicorn",
    "websockets",
    "msgspec",
    "sqlalchemy",
    "alembic",
    "textual",
)

CORE = (
    "splitpot",
    "splitpot.engine",
    "splitpot.views",
    "splitpot.hands",
    "splitpot.notation",
    "splitpot.records",
    "splitpot.bots",
    "splitpot.sim",
    "splitpot.odds",
    "splitpot.ledger",
    "splitpot.cli",
    "splitpot.cli.play",
    "splitpot.cli.plain",
    "splitpot.cli.simulate",
    "splitpot.cli.replay",
    "splitpot.cli.verify",
    "splitpot.cli.odds",
    "splitpot.cli.ledger",
    "splitpot.cli.soak",
    "splitpot.cli.report",
)
"""Everything the base install offers, down to each base command's module."""

BLOCKED_CLI = """
import sys

BLOCKED = set(sys.argv[1].split(","))


class Uninstalled:
    '''A finder that answers for the blocked packages as if they were not installed.'''

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Uninstalled())
sys.argv = ["splitpot", *sys.argv[2:]]
from splitpot.cli import run

run()
"""


def _splitpot(
    *args: str, blocked: tuple[str, ...] = EXTRA_MODULES, cwd: Path, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``splitpot ARGS`` in a fresh interpreter in which ``blocked`` cannot be imported."""
    return subprocess.run(
        [sys.executable, "-c", BLOCKED_CLI, ",".join(blocked), *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0].lower() for r in requirements}


def test_pyproject_leaves_the_tables_packages_to_their_extras() -> None:
    project = tomllib.loads((DATA.parent.parent / "pyproject.toml").read_text())["project"]
    assert _names(project["dependencies"]) == {"numpy", "click", "rich", "tomli-w"}
    optional = project["optional-dependencies"]
    for extra, (_, modules) in EXTRAS.items():  # the packages the command's messages name
        assert _names(optional[extra]) == set(modules)
    assert {"splitpot[web,tui,results,ray,env,postgresql]"} <= set(optional["dev"])
    assert sorted(m for _, modules in EXTRAS.values() for m in modules) == sorted(EXTRA_MODULES)


def test_the_core_imports_none_of_the_extras() -> None:
    code = textwrap.dedent(
        f"""
        import importlib, sys
        for name in {CORE!r}:
            importlib.import_module(name)
        loaded = {{m.partition(".")[0] for m in sys.modules}}
        print(",".join(sorted(loaded & {set(EXTRA_MODULES)!r})))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "\n"  # none imported


def test_serve_without_the_web_extra_is_one_line(tmp_path: Path) -> None:
    done = _splitpot("serve", "--practice", "--port", "0", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        "splitpot serve: the web table needs the web extra: pip install 'splitpot[web]'\n"
    )
    assert not list(tmp_path.iterdir())  # no database made


def test_serve_needs_the_web_extra_even_when_textual_is_there(tmp_path: Path) -> None:
    done = _splitpot("serve", blocked=("uvicorn",), cwd=tmp_path)
    assert (done.returncode, done.stderr.count("\n")) == (1, 1)
    assert "pip install 'splitpot[web]'" in done.stderr


def test_the_full_screen_table_without_textual_is_one_line(tmp_path: Path) -> None:
    record = tmp_path / "a.phhs"
    done = _splitpot("play", "auction", "--seed", "1", "--record", str(record), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == (
        "splitpot play: the full-screen table needs the tui extra: pip install 'splitpot[tui]'"
        " (or play line by line with --plain)\n"
    )
    assert not record.exists()


def test_a_web_tables_ledger_without_the_web_extra_is_one_line(tmp_path: Path) -> None:
    done = _splitpot("ledger", "K7QM2X", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == (
        "splitpot ledger: a web table's ledger needs the web extra: pip install 'splitpot[web]'\n"
    )


def test_the_help_lists_every_command_and_what_serve_needs(tmp_path: Path) -> None:
    done = _splitpot("--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "serve     The web table: not installed (pip install 'splitpot[web]')." in done.stdout
    for name in ("hand", "ledger", "odds", "play", "replay", "report", "simulate", "soak"):
        assert f"\n  {name} " in done.stdout
    shown = _splitpot("serve", "--help", cwd=tmp_path)
    assert shown.returncode == 0
    assert "pip install 'splitpot[web]'" in shown.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--game", "stud8", "--players", "3", "--hands", "5", "--bots", "random"),
        ("hand", "AhKd9s8c7h6d2s"),
        ("odds", "stud8", "As2d4c7h", "KhKc9d9s"),
        ("replay", "--check", str(DATA / "phh/wsop-2023-43-48.phh")),
        ("verify", str(DATA / "fairness/auction.phh")),
    ],
    ids=lambda args: args[0],
)
def test_base_commands_work_without_the_extras(tmp_path: Path, args: tuple[str, ...]) -> None:
    done = _splitpot(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout


def test_plain_play_works_without_textual(tmp_path: Path) -> None:
    record = tmp_path / "s.phhs"
    done = _splitpot(
        "play", "stud8", "--plain", "--seed", "1", "--record", str(record), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert f"Hands saved to {record}." in done.stdout
    assert record.read_text(encoding="utf-8")


def test_an_import_error_of_splitpots_own_is_not_a_missing_extra() -> None:
    assert extra_for(ModuleNotFoundError("no", name="textual.app")) == "tui"
    assert extra_for(ModuleNotFoundError("no", name="sqlalchemy")) == "web"
    assert extra_for(ModuleNotFoundError("no", name="splitpot.server.gone")) is None
    assert extra_for(ImportError("cannot import name 'X'")) is None
