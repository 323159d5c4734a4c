"""A game of its own steps as a house writes it (docs/variants.md), for the tests of games
defined in files, and keeping the registry of games as it was around such a test."""

from __future__ import annotations

import pytest

from splitpot import variants

FOUR_CARD = """\
name = "four-card-hilo"
description = "Four-card stud high-low, one down"
low = "a5"
betting = "spread"
bring_in = 1

[[steps]]
kind = "deal"
cards = "du"

[[steps]]
kind = "betting"
bet = "small"
opener = "low-card"
bring_in = true

[[steps]]
kind = "deal"
cards = "uu"

[[steps]]
kind = "betting"
bet = "big"
opener = "high-board"

[[steps]]
kind = "showdown"
"""


def keep_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the games a test defines (``variants.define``) go when it ends."""
    monkeypatch.setattr(variants, "_GAMES", dict(variants._GAMES))
    monkeypatch.setattr(variants, "_KEYS", dict(variants._KEYS))
    monkeypatch.setattr(variants, "_DEFINED", set())
