"""Placeholder removed once the real suites land."""

from splitpot import high_value


def test_royal_flush_beats_four_aces() -> None:
    assert high_value("AhKhQhJhTh") > high_value("AcAdAhAsKh")
