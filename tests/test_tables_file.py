"""The evaluator's tables as the package ships them (``src/splitpot/tables.npz``) are the tables
built from first principles by this source, and a file that is not is never read."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from splitpot import _tables as t


def _same(a: t.Tables, b: t.Tables) -> None:
    assert sorted(vars(a)) == sorted(vars(b))
    for name, value in vars(a).items():
        other = getattr(b, name)
        if isinstance(value, np.ndarray):
            assert other.dtype == value.dtype, name
            assert np.array_equal(other, value), name
        else:
            assert other == value, name


def test_the_shipped_tables_are_the_built_ones() -> None:
    # After a change to _tables.py: `make tables` writes the file again.
    with np.load(t.SHIPPED) as file:
        assert str(file["stamp"]) == t.stamp(), "tables.npz is stale: run `make tables`"
    built = t.Tables()
    _same(built, t.load())
    _same(built, t.TABLES)


def test_tables_saved_are_read_back_whole(tmp_path: Path) -> None:
    built = t.Tables()
    t.save(built, tmp_path / "tables.npz")
    _same(built, t.load(tmp_path / "tables.npz"))


def _stale(path: Path) -> None:
    with np.load(t.SHIPPED) as file:
        contents = {name: file[name] for name in file.files}
    contents["stamp"] = np.array("0" * 64)
    contents["high_by_pos"] = contents["high_by_pos"][::-1].copy()  # what it must not read
    np.savez_compressed(path, **contents)


def _corrupt(path: Path) -> None:
    path.write_bytes(t.SHIPPED.read_bytes()[:1000])


def _missing_array(path: Path) -> None:
    with np.load(t.SHIPPED) as file:
        np.savez_compressed(path, stamp=file["stamp"])


@pytest.mark.parametrize("spoil", [_stale, _corrupt, _missing_array, None])
def test_a_file_of_another_source_or_none_is_built_again(tmp_path: Path, spoil: object) -> None:
    path = tmp_path / "tables.npz"
    if callable(spoil):
        spoil(path)
    tables = t.load(path)
    _same(t.Tables(), tables)
