"""The extras a ``splitpot`` command may need beyond the base install (``splitpot[web]``,
``splitpot[tui]``), and the one line a command says when its extra is not installed, in place
of an import's traceback."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import IO, Any, Final, NoReturn

import click

__all__ = ["EXTRAS", "ExtraNotInstalled", "extra_for", "needs", "unavailable"]

EXTRAS: Final[Mapping[str, tuple[str, tuple[str, ...]]]] = {
    "web": (
        "the web table",
        ("starlette", "uvicorn", "websockets", "msgspec", "sqlalchemy", "alembic"),
    ),
    "tui": ("the full-screen table", ("textual",)),
}
"""Each extra: what it brings, and the top-level modules of the packages it installs."""


def extra_for(exc: ImportError) -> str | None:
    """The extra whose package ``exc`` failed to import, or None when it is not one of theirs
    (a missing module of splitpot's own is a bug, not a missing extra)."""
    root = (exc.name or "").partition(".")[0]
    return next((extra for extra, (_, modules) in EXTRAS.items() if root in modules), None)


class ExtraNotInstalled(click.ClickException):
    """``splitpot COMMAND: WHAT needs the EXTRA extra: pip install 'splitpot[EXTRA]'``, on
    standard error, exit status 1."""

    def __init__(self, command: str, extra: str, what: str | None = None, hint: str = "") -> None:
        what = what if what is not None else EXTRAS[extra][0]
        super().__init__(
            f"splitpot {command}: {what} needs the {extra} extra: "
            f"pip install 'splitpot[{extra}]'{hint}"
        )
        self.extra = extra

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(self.format_message(), file=file, err=file is None)


@contextmanager
def needs(command: str, what: str | None = None, hint: str = "") -> Iterator[None]:
    """Around an import of an extra's package: when that package is missing, a
    :class:`ExtraNotInstalled` naming the extra; any other import error goes on unchanged."""
    try:
        yield
    except ImportError as exc:
        extra = extra_for(exc)
        if extra is None:
            raise
        raise ExtraNotInstalled(command, extra, what, hint) from None


def unavailable(name: str, exc: ImportError) -> click.Command:
    """In place of command ``name``, whose module could not be imported for ``exc``: a command
    that says which extra to install (listed in ``splitpot --help`` with that line); ``exc``
    again when no extra is missing."""
    extra = extra_for(exc)
    if extra is None:
        raise exc
    error = ExtraNotInstalled(name, extra)

    def refuse() -> NoReturn:
        raise error

    return click.Command(
        name,
        callback=refuse,
        help=f"{EXTRAS[extra][0].capitalize()}: not installed (pip install 'splitpot[{extra}]').",
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    )
