"""``splitpot play --plain``: the table as lines, one action per line from standard input.

For pipes and screen readers: no colour, no cursor movement. At each decision point the table
is printed as lines, then ``Your turn. Options: ...``; the person types a PHH verb (``cc``,
``cbr 10``, ``bid 5``, ``pick 9s``, ``sell 9s 5``, ``dec hi``) or a friendly word (check,
call, fold, raise N, bet N). A line the rules refuse prints the refusal with its rule and asks
again. ``quit`` in the middle of a hand asks first; a hand left unfinished (quit, or the end of
input) is saved as abandoned. The session ends with the ledger and where the hands are. With
``odds``, the person's chances (and the advice, where they choose) follow their hands.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from splitpot.actions import SEALED_VERBS, VERBS
from splitpot.cli import panel, render
from splitpot.cli.session import Session
from splitpot.errors import IllegalAction, InvalidNotation
from splitpot.views import View

__all__ = ["run_plain"]

_QUIT = frozenset({"q", "quit", "exit"})
_YES = frozenset({"y", "yes", "q", "quit"})
_HELP = frozenset({"help", "?", "table"})


class _Quit(Exception):
    """The person ended the session (``quit`` or end of input)."""


def run_plain(
    session: Session,
    *,
    read: Callable[[], str],
    echo: Callable[[str], None],
    delay: float = 0.0,
    odds: bool = False,
) -> None:
    """Play hands until the person quits or input ends; then print the ledger.

    ``read`` returns one line with its newline, or ``""`` at end of input; ``odds`` prints the
    odds panel's lines at each turn.
    """
    human = session.human
    show = _Turn(session, odds)
    echo(
        f"{session.rules.name}: you are p{human + 1} against "
        f"{session.n - 1} bot{'s' if session.n > 2 else ''}; seed {session.seed}. "
        f"Hands are saved to {session.record}."
    )
    echo("Type an action at each turn ('help' lists them again), 'quit' to stop.")
    try:
        while True:
            _play_hand(show, read, echo, delay)
            echo("Next hand: press Enter (or type 'quit').")
            line = read()
            if not line or line.strip().lower() in _QUIT:
                raise _Quit
    except _Quit:
        for line in session.abandon():
            echo(line)
    finally:
        session.close()
    for line in session.ledger_lines() + session.saved_lines():
        echo(line)


def _play_hand(
    show: _Turn, read: Callable[[], str], echo: Callable[[str], None], delay: float
) -> None:
    session = show.session
    for line in session.new_hand():
        echo(line)
    while not session.finished:
        if session.human_to_act():
            _ask(show, read, echo)
            continue
        lines = session.step()
        for line in lines:
            echo(line)
        if lines and delay > 0:
            time.sleep(delay)
    for line in session.settle():
        echo(line)
    for line in session.ledger_lines():
        echo(line)


class _Turn:
    """Prints the table at the person's turn; with ``odds``, the odds panel's lines after
    their hands (each question computed once, so 'help' or a refusal does not compute again)."""

    def __init__(self, session: Session, odds: bool) -> None:
        self.session = session
        self.odds = odds
        self._answer: tuple[panel.Question, panel.Figures] | None = None

    def __call__(self, echo: Callable[[str], None]) -> None:
        session = self.session
        seen = session.view()
        title = f"Hand {session.hand_number} of {session.rules.name}"
        for line in render.table_lines(seen, session.human, session.names, title):
            echo(line)
        mine = seen.seats[session.human]
        cards = [c for c in (*mine.down, *mine.up, *seen.common) if c is not None]
        if cards:
            echo(f"  you: {render.hand_words(cards, session.rules)}")
        if self.odds:
            for label, words in panel.lines(self._figures(seen), session.rules):
                echo(f"  {label}: {words}")
        _options(session, seen, echo)

    def _figures(self, seen: View) -> panel.Figures:
        asked = panel.question(seen, self.session.rules)
        if self._answer is None or self._answer[0] != asked:
            found = panel.figures(seen, self.session.rules, asked)
            assert found is not None  # never cancelled
            self._answer = (asked, found)
        return self._answer[1]


def _options(session: Session, seen: View, echo: Callable[[str], None]) -> None:
    """The person's options, what to type first; why no raise; whether the move is sealed."""
    listed = ", ".join(render.plain_option(o, seen) for o in render.shown_options(seen.options))
    echo(f"Your turn. Options: {listed}.")
    why = session.no_raise()
    if why is not None:
        echo(why[0].upper() + why[1:] + ".")
    for option in seen.options:
        if option.verb in SEALED_VERBS and session.is_sealed(option):
            echo(f"Sealed: the others will see only that you {VERBS[option.verb].sealed_as}.")
            break


def _ask(show: _Turn, read: Callable[[], str], echo: Callable[[str], None]) -> None:
    """Ask until one line is an action the rules allow, and carry it out."""
    session = show.session
    show(echo)
    while True:
        line = read()
        if not line:
            echo("(end of input)")
            raise _Quit
        text = line.strip()
        if text.lower() in _QUIT:
            if _sure(session, read, echo):
                raise _Quit
            show(echo)
            continue
        if text.lower() in _HELP or not text:
            show(echo)
            continue
        try:
            action = render.parse_line(text, session.view())
            if action.seat != session.human:
                raise InvalidNotation(f"{text!r}: you play p{session.human + 1} only")
            lines = session.act(action)
        except InvalidNotation as exc:
            echo(f"Not understood: {exc}. Try again.")
            continue
        except IllegalAction as exc:
            rule = f" ({exc.rule})" if exc.rule else ""
            echo(f"Refused: {exc.message}{rule}. Try again.")
            continue
        for out in lines:
            echo(out)
        return


def _sure(session: Session, read: Callable[[], str], echo: Callable[[str], None]) -> bool:
    """Ask before leaving in the middle of a hand; the end of input is a yes."""
    echo(
        f"Quit in the middle of hand {session.hand_number}? It is saved unfinished, marked "
        "abandoned, and counts in no ledger. Type 'yes' to quit, anything else to play on."
    )
    answer = read()
    return not answer or answer.strip().lower() in _YES
