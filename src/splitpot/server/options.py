"""A table's settings as the lobby and the host give them: house rules and stakes (checked by
:func:`splitpot.house.with_house`) and the table's options (docs/web.md):

- ``approve_seats``: a newcomer's seat waits for the host's approval (default off);
- ``odds``: the odds panel may be shown to each player (on at a practice table, else off);
- ``max_buy``: the most chips a rebuy may bring a stack to (default: the table's buy-in);
- ``chip_value``: what a chip is worth in money, for the ledger's settle-up (default none);
- ``time_bank``: seconds each player may take beyond the turn timer over the evening, before
  the table moves for them and sits them out (default 0: none).

Bad values raise :class:`OptionError` with one line naming the option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from splitpot.errors import OptionError, RulesError
from splitpot.house import offered, stakes, with_house
from splitpot.ledger import LedgerError, chip_value
from splitpot.rules import Rules

__all__ = ["MAX_BANK", "MAX_STACK", "OPTIONS", "OptionError", "house_changes", "table_options"]

MAX_STACK: Final = 10**9
MAX_BANK: Final = 3600
"""The most seconds of time bank a table may give each player (an hour)."""
OPTIONS: Final = ("approve_seats", "odds", "max_buy", "chip_value", "time_bank")


def house_changes(base: Rules, given: object) -> dict[str, Any]:
    """The house rules and stakes ``given`` (an object of name -> value) as the changes from
    ``base`` a table stores; refused with one line when ``base`` offers no such option or the
    rules cannot take the value."""
    if not isinstance(given, Mapping):
        raise OptionError("'house' must be an object of house rules and stakes")
    allowed = {r.name: r for r in (*offered(base), *stakes(base))}
    house: dict[str, Any] = {}
    for key, value in given.items():
        if key not in allowed:
            raise OptionError(f"{base.name} offers no house rule {key!r}")
        default = allowed[key].default
        normal = list(default) if isinstance(default, tuple) else default
        if value != normal:
            house[key] = value
    try:
        with_house(base, house)
    except RulesError as exc:
        raise OptionError(str(exc)) from None
    return house


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"option {name!r} is true or false, not {value!r}")
    return value


def table_options(
    given: object, *, practice: bool = False, current: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The table's options: ``current`` (or the defaults) changed by ``given``; every value
    checked."""
    if not isinstance(given, Mapping):
        raise OptionError("'options' must be an object of table options")
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise OptionError(f"a table has no option {unknown[0]!r}; it has {', '.join(OPTIONS)}")
    out: dict[str, Any] = {
        "approve_seats": False,
        "odds": practice,
        "max_buy": None,
        "chip_value": None,
        "time_bank": 0,
    }
    out.update(current or {})
    for key, value in given.items():
        if key in ("approve_seats", "odds"):
            out[key] = _flag(key, value)
        elif key == "max_buy":
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_STACK
            ):
                raise OptionError(
                    f"option 'max_buy' is a whole number of chips from 1 to {MAX_STACK}, "
                    f"or null for the table's buy-in, not {value!r}"
                )
            out[key] = value
        elif key == "time_bank":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_BANK:
                raise OptionError(
                    f"option 'time_bank' is a whole number of seconds from 0 to {MAX_BANK}, "
                    f"not {value!r}"
                )
            out[key] = value
        elif value is None or value == "":
            out[key] = None
        else:
            try:
                out[key] = str(chip_value(str(value)))
            except LedgerError as exc:
                raise OptionError(f"option 'chip_value': {exc}") from None
    return out
