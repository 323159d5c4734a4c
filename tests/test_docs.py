"""The README and docs/ stand on their own and show what the program prints.

A clone has nothing beside it: every link and every repository path a page names must exist
inside the repository. The examples whose output a page shows (docs/cli.md's replay and
simulate, the README's evaluator session) must print exactly that.
"""

from __future__ import annotations

import doctest
import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner

from splitpot.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CLI_DOC = ROOT / "docs" / "cli.md"
EXAMPLE = ROOT / "tests" / "data" / "phh" / "wsop-2023-43-48.phh"  # docs/cli.md's record


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def anchor(heading: str) -> str:
    """The anchor a Markdown viewer gives a heading: lower case, punctuation dropped."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_page_points_outside_the_repository(page: Path) -> None:
    for outside in ("../shared", "/work/", "shared/spec", "shared/rules", "shared/data"):
        assert outside not in text(page)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_of_a_page_leads_somewhere(page: Path) -> None:
    for link in re.findall(r"\]\(([^)\s]+)\)", text(page)):
        if "://" in link:
            continue
        target, _, fragment = link.partition("#")
        path = page.parent / target if target else page
        assert path.exists(), f"{page.name}: {link}"
        if fragment:
            headings = re.findall(r"^#+ (.+)$", text(path), re.M)
            assert fragment in {anchor(h) for h in headings}, f"{page.name}: {link}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_repository_path_a_page_names_exists(page: Path) -> None:
    for name in re.findall(r"\b(?:tests|docs|benchmarks|src)/[\w./-]*[\w/]", text(page)):
        assert (ROOT / name).exists(), f"{page.name} names {name}"


def console_examples() -> list[tuple[list[str], str]]:
    """docs/cli.md's ``console`` blocks: the command after ``$ splitpot`` and what it prints."""
    blocks = re.findall(r"```console\n\$ splitpot (.+)\n(.+)\n```", text(CLI_DOC))
    assert len(blocks) == 2  # replay and simulate
    return [(shlex.split(command), output) for command, output in blocks]


@pytest.mark.parametrize(("args", "shown"), console_examples(), ids=lambda a: str(a)[:20])
def test_the_console_examples_print_what_the_page_shows(args: list[str], shown: str) -> None:
    code, out, err = run(*(str(ROOT / a) if a.startswith("tests/") else a for a in args))
    assert (code, err) == (0, "")
    printed, expected = json.loads(out), json.loads(shown)
    printed.pop("seconds", None)  # simulate's timing is the one thing that varies
    expected.pop("seconds", None)
    assert printed == expected


def test_the_refusals_the_replay_section_quotes_are_what_replay_prints(tmp_path: Path) -> None:
    # Each example of docs/cli.md puts its action in place of action N of the page's record.
    examples = re.findall(r'`(action (\d+) "([^"]+)": [^`]+)`', text(CLI_DOC))
    assert len(examples) == 2
    for line, number, action in examples:
        table = tomllib.loads(text(EXAMPLE))
        table["actions"][int(number) - 1] = action
        path = tmp_path / "hand.phh"
        path.write_text(tomli_w.dumps(table), encoding="utf-8")
        code, _, err = run("replay", str(path))
        assert (code, err.strip()) == (1, line)


def test_the_readme_evaluator_session_runs_as_shown() -> None:
    (session,) = re.findall(r"```python\n(>>> .*?)```", text(ROOT / "README.md"), re.S)
    test = doctest.DocTestParser().get_doctest(session, {}, "README.md", "README.md", 0)
    assert len(test.examples) == 4
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_readme_names_every_key_of_the_terminal_table() -> None:
    from splitpot.cli import render
    from splitpot.cli.table import ODDS_KEY

    readme = " ".join(text(ROOT / "README.md").split())
    said = readme.partition("options are keys:")[2].partition("`q` quit")[0]
    keys = {*render.VERB_KEYS.values(), *render.DECLARATION_KEYS, "m", "n", ODDS_KEY}
    missing = sorted(key for key in keys if f"`{key}`" not in said)
    assert not missing, f"the README's key list misses {missing}"
