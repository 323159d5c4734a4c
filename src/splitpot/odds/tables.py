"""Sorted tables for exact counting: entries grouped by key, counted below a key or equal to
it by class, and a wavelet matrix for counts in two dimensions."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["Tally", "Wavelet", "runs"]

_Int = npt.NDArray[np.int64]


def runs(ordered: _Int) -> tuple[_Int, _Int]:
    """The distinct values of a sorted array and how many times each occurs."""
    if not len(ordered):
        return ordered, ordered
    new = np.empty(len(ordered), dtype=bool)
    new[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    return ordered[starts], np.diff(np.append(starts, len(ordered)))


class Tally:
    """Sorted (key, class) entries: for a key, how many entries lie below it from the start of
    its group (and at which positions of the sorted entries), and how many equal it by class
    (the ties of the side)."""

    def __init__(self, keyed: _Int, width: int) -> None:
        """``keyed``: key * width + class of every entry, sorted."""
        combined, counts = runs(keyed)
        self.keys, lengths = runs(combined // width)
        where = np.repeat(np.arange(len(self.keys)), lengths)
        table = np.zeros((len(self.keys) + 1, width), dtype=np.int64)
        table[where, combined % width] = counts
        self.table = table
        self.before = np.concatenate([[0], np.cumsum(table.sum(axis=1))])
        self.padded = np.append(self.keys, np.iinfo(np.int64).max)

    def ask(self, keys: _Int, starts: _Int) -> tuple[_Int, _Int, _Int, _Int]:
        """For sorted ``keys`` (and their groups' first keys ``starts``): entries below each from
        its group's start, those equal by class, and the positions of the group's start and of
        the key among the sorted entries."""
        pos = np.searchsorted(self.keys, keys)
        first = np.searchsorted(self.keys, starts)
        at, start = self.before[pos], self.before[first]
        row = np.where(self.padded[pos] == keys, pos, len(self.keys))  # the last row is zeros
        return at - start, self.table[row], start, at


class Wavelet:
    """A wavelet matrix of a sequence of small values: how many of the values at positions
    [start, stop) are below a bound, in one step per bit (each step a stable partition of
    the sequence by that bit, most significant first)."""

    def __init__(self, values: _Int, bits: int) -> None:
        self.zeros: list[npt.NDArray[np.int32]] = []
        self.total: list[int] = []
        for level in reversed(range(bits)):
            bit = (values >> level) & 1
            zeros = np.concatenate([[0], np.cumsum(bit == 0, dtype=np.int32)]).astype(np.int32)
            self.zeros.append(zeros)
            self.total.append(int(zeros[-1]))
            values = np.concatenate([values[bit == 0], values[bit == 1]])
        self.bits = bits

    def below(self, start: _Int, stop: _Int, bound: _Int) -> _Int:
        count = np.zeros(len(start), dtype=np.int64)
        levels = reversed(range(self.bits))
        for zeros, total, level in zip(self.zeros, self.total, levels, strict=True):
            zs, ze = zeros[start].astype(np.int64), zeros[stop].astype(np.int64)
            one = ((bound >> level) & 1) == 1
            count += np.where(one, ze - zs, 0)  # a 0 where the bound has a 1: below it
            start = np.where(one, total + start - zs, zs)
            stop = np.where(one, total + stop - ze, ze)
        return count
