"""The evaluator's tables as the package ships them (``src/splitpot/tables.zip``) are the tables
built from first principles by this source, read alike as numpy arrays (the batch evaluator)
and as plain lists without numpy (the scalar one); a file that is not this source's is never
read."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from splitpot import _tables as t


def _same(a: t.Tables, b: t.Tables | t.Plain) -> None:
    """The same tables: every array with the same values (and, read as numpy, the same
    dtype), every number the same."""
    assert sorted(vars(a)) == sorted(vars(b))
    for name, value in vars(a).items():
        other = getattr(b, name)
        if isinstance(value, np.ndarray):
            if isinstance(other, np.ndarray):
                assert other.dtype == value.dtype, name
            assert np.array_equal(np.asarray(other), value), name
        else:
            assert other == value, name


def _contents(path: Path) -> tuple[dict, dict[str, bytes]]:
    with zipfile.ZipFile(path) as archive:
        header = json.loads(archive.read("header.json"))
        return header, {name: archive.read(name) for name in header["arrays"]}


def _write(path: Path, header: dict, data: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("header.json", json.dumps(header))
        for name, raw in data.items():
            archive.writestr(name, raw)


def test_the_shipped_tables_are_the_built_ones() -> None:
    # After a change to _tables.py: `make tables` writes the file again.
    header, _ = _contents(t.SHIPPED)
    assert header["stamp"] == t.stamp(), "tables.zip is stale: run `make tables`"
    built = t.Tables()
    _same(built, t.load())
    _same(built, t.tables())
    _same(built, t.load_plain())


def test_tables_saved_are_read_back_whole(tmp_path: Path) -> None:
    built = t.Tables()
    t.save(built, tmp_path / "tables.zip")
    _same(built, t.load(tmp_path / "tables.zip"))
    _same(built, t.load_plain(tmp_path / "tables.zip"))
    # the same tables make the same file, byte for byte (git stays clean after `make tables`)
    t.save(built, tmp_path / "again.zip")
    assert (tmp_path / "again.zip").read_bytes() == (tmp_path / "tables.zip").read_bytes()


def _stale(path: Path) -> None:
    header, data = _contents(t.SHIPPED)
    header["stamp"] = "0" * 64
    data["high_by_pos"] = data["high_by_pos"][::-1]  # what it must not read
    _write(path, header, data)


def _corrupt(path: Path) -> None:
    path.write_bytes(t.SHIPPED.read_bytes()[:1000])


def _missing_array(path: Path) -> None:
    header, data = _contents(t.SHIPPED)
    del data["low_raw"]
    _write(path, header, data)


def _unknown_dtype(path: Path) -> None:
    header, data = _contents(t.SHIPPED)
    header["arrays"]["start"] = "<f8"
    _write(path, header, data)


def _cut_array(path: Path) -> None:
    header, data = _contents(t.SHIPPED)
    data["start"] = data["start"][:-1]  # not a whole number of ints
    _write(path, header, data)


def _not_a_header(path: Path) -> None:
    _, data = _contents(t.SHIPPED)
    _write(path, ["stamp", t.stamp()], data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "spoil",
    [_stale, _corrupt, _missing_array, _unknown_dtype, _cut_array, _not_a_header, None],
)
def test_a_file_of_another_source_or_none_is_built_again(
    tmp_path: Path, spoil: Callable[[Path], None] | None
) -> None:
    path = tmp_path / "tables.zip"
    if spoil is not None:
        spoil(path)
    built = t.Tables()
    _same(built, t.load(path))
    _same(built, t.load_plain(path))


def test_the_engine_and_its_commands_start_without_numpy() -> None:
    # numpy is for the batch evaluator, odds and the equity bot, imported when first used.
    code = (
        "import sys\n"
        "import splitpot, splitpot.bots, splitpot.cli, splitpot.cli.simulate\n"
        "import splitpot.sim.parallel\n"
        "from splitpot import hands, variants\n"
        "from splitpot.sim import play_hand\n"
        "rules = variants.get('auction')\n"
        "bots = [splitpot.bots.get('random', seed=s) for s in range(4)]\n"
        "state = play_hand(rules, bots, [400] * 4, 7)\n"
        "assert state.finished and hands.describe_low('As2d3h4c5s9d') == 'five-low 5-4-3-2-A'\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
        "splitpot.bots.EquityBot\n"
        "assert 'numpy' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
