"""The full-screen table of ``splitpot play`` (Textual).

One screen: a title line, the seats (stacks, bets, cards — down cards in brackets, the person's
dim, others' as ``[##]`` until shown — bids and declarations once revealed, whose turn), the
person's best hands so far, the cards on offer, a running log of the hand in words, and the
person's options as keys with their amounts. Options needing an amount open a box showing the
allowed range; options naming a card are chosen with ``1``..``7``. Bots move on their own,
``delay`` seconds apart.

With ``odds`` (``%`` toggles it) a panel under the person's hands shows their chances and, where
they choose, the advice (:mod:`splitpot.cli.panel`), computed in a worker thread: the table,
the bots and the keys never wait for it, and figures for a table that has moved on are dropped.

Every key is read in one place, :meth:`PlayApp.on_key`, and nothing on the screen takes the
focus: keys then reach the table in the order they were typed. (A focused Textual ``Input``
runs its Backspace only after the key has gone round the app, behind the digits typed after
it: Backspace then ``15`` on a box holding ``3`` bid 31 — Textual issue #6605.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import partial
from typing import ClassVar, Final

from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.scrollbar import ScrollBarRender
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static
from textual.worker import Worker, WorkerState, get_current_worker

from splitpot.actions import AMOUNT_VERBS, SEALED_VERBS, VERBS, Action, Declaration
from splitpot.bots.table import action_for
from splitpot.cards import Card, parse_card
from splitpot.cli import panel, render
from splitpot.cli.session import NOT_SAVED, Session
from splitpot.errors import IllegalAction
from splitpot.state import Option
from splitpot.views import SeatView, View

__all__ = ["FOUR_COLOURS", "ODDS_KEY", "TWO_COLOURS", "PlayApp", "min_size"]

# suits: c d h s = 0..3 (cards.py)
TWO_COLOURS: Final = ("", "red", "red", "")
"""Card colours by suit: hearts and diamonds red, clubs and spades the terminal's own."""
FOUR_COLOURS: Final = ("green", "dodger_blue1", "red", "")
"""The four-colour deck: clubs green, diamonds blue, hearts red, spades the terminal's own."""
ODDS_KEY: Final = "%"
"""Shows or hides the odds panel (no option's letter can take it)."""
_Answer = tuple[panel.Question, panel.Figures]
_REMEMBERED: Final = 64  # figures kept for questions asked again (a toggle, a hand like it)
_CARD: Final = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_SCROLL_KEYS: Final = {
    "up": "scroll_up",
    "down": "scroll_down",
    "pageup": "scroll_page_up",
    "pagedown": "scroll_page_down",
    "home": "scroll_home",
    "end": "scroll_end",
}


def min_size(players: int) -> tuple[int, int]:
    """The smallest terminal the table fits in with ``players`` seats: the title, a line per
    seat and the heading, the person's hands and the offer, three lines of log, the prompt,
    the amount box and the footer (each ruled off)."""
    return 60, players + 15


class _WholeCells(ScrollBarRender):
    """A scrollbar thumb drawn in whole cells: the eighth-block ends Textual draws by default
    look like two thumbs in many terminal fonts."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8


class HandLog(RichLog):
    """The hand so far in words, its newest line always in sight.

    Anchored to its end (Textual keeps an anchored log scrolled to the bottom through every
    change of layout, such as a prompt growing by a line, until the reader scrolls up; back at
    the end, or at a new line, it anchors again). It keeps its lines, so a change of width
    wraps them again: a RichLog renders a line once, at the width it had then.
    """

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=1, auto_scroll=True)
        self.can_focus = False
        self.entries: list[Text] = []
        self._width = 0

    def on_mount(self) -> None:
        """Anchored at the end, with whole-cell scrollbar thumbs."""
        # per widget, as Textual's ScrollBar docs show (its type says class variable)
        self.vertical_scrollbar.renderer = _WholeCells  # type: ignore[misc]
        self.anchor()

    def add(self, line: Text) -> None:
        """One more line, in sight at once."""
        self.entries.append(line)
        self.write(line)

    def restart(self) -> None:
        """An empty log for a new hand."""
        self.entries = []
        self.clear()
        self.anchor()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at a new width."""
        width = event.size.width
        if width != self._width and self._width:
            self.clear()
            for line in self.entries:
                self.write(line)
        self._width = width

    def move(self, key: str) -> None:
        """Scroll for one of Up, Down, PageUp, PageDown, Home, End."""
        getattr(self, _SCROLL_KEYS[key])(animate=False)


class PlayApp(App[None]):
    """The table: one person against bots, hand after hand, until ``q``."""

    TITLE = "splitpot play"
    CSS: ClassVar[str] = """
    Screen { layout: vertical; overflow: hidden; }
    #table { height: 1fr; }
    #small { height: 1fr; content-align: center middle; display: none; }
    #title { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #seats { height: auto; padding: 0 1; }
    #mine { height: auto; padding: 0 1; }
    #odds { height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    #offer { height: auto; padding: 0 1; }
    #log {
        height: 1fr; min-height: 3; border-top: solid $primary; padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    #prompt { height: auto; min-height: 2; border-top: solid $primary; padding: 0 1; }
    #amount {
        height: 1; border: none; display: none; padding: 0 1;
        background: $boost;
    }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(
        self,
        session: Session,
        *,
        delay: float = 0.6,
        four_colour: bool = False,
        odds: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.colours = FOUR_COLOURS if four_colour else TWO_COLOURS
        self.mode = "wait"  # wait | act | card | amount | over | quit
        self.resume = "wait"  # the mode to go back to from "quit"
        self.pending: str | None = None  # the verb being chosen
        self.card: Card | None = None
        self.notice = ""
        self.timer: Timer | None = None
        self._cards_width = 0  # the widest hand of this hand so far (columns never shrink)
        self.odds = odds  # the odds panel is shown
        self.asked: panel.Question | None = None  # the question the panel is on
        self.answers: dict[panel.Question, panel.Figures] = {}
        self._last: panel.Figures | None = None  # shown dimmed while the next are computed

    # --- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The widgets, top to bottom; "terminal too small" in their place when it is."""
        with Vertical(id="table"):
            yield Static(id="title")
            yield Static(id="seats")
            yield Static(id="mine")
            yield Static(id="odds")
            yield Static(id="offer")
            yield HandLog(id="log")
            yield Static(id="prompt")
            box = Input(id="amount", type="integer")
            box.can_focus = False  # its keys come through on_key, in order
            yield box
            yield Static(id="keys")
        yield Static(id="small")

    def on_mount(self) -> None:
        """Deal the first hand."""
        self._fit(self.size.width, self.size.height)
        self._new_hand()

    def on_resize(self, event: events.Resize) -> None:
        """Below the smallest size the table fits in, say so instead of losing the prompt;
        otherwise draw again for the new width (the footer's path, the prompt's lines)."""
        if self._fit(event.size.width, event.size.height) and self.session.state is not None:
            self.call_after_refresh(self._draw)  # once the widgets have their new sizes

    def _fit(self, width: int, height: int) -> bool:
        need_w, need_h = min_size(self.session.n)
        small = width < need_w or height < need_h
        self.query_one("#table").display = not small
        note = self.query_one("#small", Static)
        note.display = small
        note.update(
            f"terminal too small (need {need_w}x{need_h}, have {width}x{height}): "
            "make it larger, or press Ctrl+Q to quit"
        )
        return not small

    # --- the flow of a hand --------------------------------------------------------------

    def _new_hand(self) -> None:
        self._cards_width = 0
        self.query_one("#log", HandLog).restart()
        self._say(self.session.new_hand())
        self._advance()

    def _advance(self) -> None:
        """Let the dealer and the bots move until the person must act or the hand ends; with a
        delay, one move per timer tick."""
        self.timer = None
        session = self.session
        while True:
            if self.mode == "quit":  # a bot's move waits while the person decides to quit
                self.resume = "wait"
                return
            if session.finished:
                self._end_hand()
                return
            if session.human_to_act():
                self._ask()
                return
            self.mode = "wait"
            lines = session.step()
            self._say(lines)
            if lines and self.delay > 0:
                self._draw()
                self.timer = self.set_timer(self.delay, self._advance)
                return

    def _end_hand(self) -> None:
        log = self.query_one("#log", HandLog)
        for line in self.session.settle():
            style = "bold red" if line.startswith(NOT_SAVED) else "bold green"
            log.add(self._coloured(line, style))
        log.add(Text(self.session.ledger_line(), style="cyan"))
        self.mode = "over"
        self.notice = ""
        self._draw()

    def _ask(self) -> None:
        self.mode = "act"
        self.pending = None
        self.card = None
        self._hide_amount()
        self._draw()

    def _say(self, lines: Iterable[str]) -> None:
        log = self.query_one("#log", HandLog)
        for line in lines:
            log.add(self._coloured(line))

    # --- keys --------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Every key of the table: an option's letter, ``1``..``7`` for a card, digits and
        Backspace in the amount box, Esc to go back, the log's scrolling keys, n and q."""
        key, char = event.key, event.character or ""
        event.stop()
        if not self.query_one("#table").display:
            return  # too small to see what a key would do (Ctrl+Q still quits)
        if key in _SCROLL_KEYS:
            self.query_one("#log", HandLog).move(key)
            return
        if char == ODDS_KEY and self.mode != "quit":
            self.odds = not self.odds
            self._draw()
            return
        if self.mode == "quit":
            self._confirm_quit(char)
            return
        if self.mode == "amount":
            self._amount_key(key, char)
            return
        if char == "q":
            self._quit()
            return
        if self.mode == "over" and char == "n":
            self._new_hand()
            return
        if self.mode == "act":
            self._press(char, key)
        elif self.mode == "card":
            if key == "escape":
                self.notice = ""
                self._ask()
            elif char.isdigit():
                self._choose_card(int(char))
            elif char in self._keys().values():
                self._press(char, key)

    def _amount_key(self, key: str, char: str) -> None:
        """A key for the amount box: it edits the box, submits it, or goes back."""
        box = self.query_one("#amount", Input)
        if key == "escape":
            self.notice = ""
            self._ask()
        elif key in ("enter", "ctrl+m", "ctrl+j"):  # ctrl+j: an Enter typed before the
            self._amount_typed(box.value)  # terminal was raw reaches us as a line feed
        elif key in ("backspace", "ctrl+h"):
            box.action_delete_left()
        elif char.isdigit():
            box.insert_text_at_cursor(char)

    def _quit(self) -> None:
        """``q``: between hands, quit; in the middle of one, ask first."""
        if self.mode == "over" or self.session.state is None or self.session.finished:
            self.exit()  # nothing under way (a hand just over is settled by farewell())
            return
        self.resume = self.mode
        self.mode = "quit"
        self._draw()

    def _confirm_quit(self, char: str) -> None:
        if char in ("y", "q"):
            self.exit()  # farewell() saves the hand, marked abandoned
            return
        self.mode = self.resume
        if self.mode == "wait":
            self._advance()
        else:
            self._draw()

    def _options(self) -> tuple[Option, ...]:
        return self.session.view().options

    def _keys(self) -> dict[str, str]:
        return render.key_map(self._options())

    def _press(self, char: str, key: str) -> None:
        options = self._options()
        if char in render.DECLARATION_KEYS:
            said = render.DECLARATION_KEYS[char]
            for option in options:
                if said in option.declarations:
                    self._take(option, declaration=said)
                    return
        if char == "m" and any(o.verb == "sm" for o in options):
            seat = self.session.human
            self._submit(self.session.view(), Action("sm", seat))
            return
        if char.isdigit():
            with_cards = sorted({o.verb for o in options if o.cards})
            if len(with_cards) == 1:
                self.pending = with_cards[0]
                self._choose_card(int(char))
            elif with_cards:
                self.notice = "First choose what to do with a card: " + ", ".join(
                    f"{self._keys()[v]} {v}" for v in with_cards
                )
                self._draw()
            return
        verb = next((v for v, k in self._keys().items() if k == char), None)
        if verb is None:
            if char and char.isprintable():
                self.notice = f"{char or key!r} is not an option now."
                self._draw()
            return
        self.pending = verb
        chosen = [o for o in options if o.verb == verb]
        if any(o.cards for o in chosen) and (self.card is None or self.mode != "card"):
            self.mode = "card"
            self.card = None
            self.notice = ""
            self._draw()
            return
        self._need_amount(chosen)

    def _card_list(self, verb: str | None = None) -> tuple[Card, ...]:
        """The cards the pending verb (or ``verb``) may name, numbered from 1 on screen."""
        verb = self.pending if verb is None else verb
        found: list[Card] = []
        for option in self._options():
            if option.verb == verb:
                found.extend(c for c in option.cards if c not in found)
        return tuple(found)

    def _choose_card(self, number: int) -> None:
        choices = self._card_list()
        if not 1 <= number <= len(choices):
            self.notice = f"Choose a card from 1 to {len(choices)}."
            self._draw()
            return
        self.card = choices[number - 1]
        chosen = [o for o in self._options() if o.verb == self.pending and self.card in o.cards]
        self._need_amount(chosen)

    def _need_amount(self, chosen: list[Option]) -> None:
        """Act at once when no amount is to be chosen; otherwise open the amount box."""
        ranged = [o for o in chosen if o.min_amount is not None and o.verb in AMOUNT_VERBS]
        free = [o for o in chosen if o not in ranged]
        if not ranged:
            self._take(chosen[0], card=self.card)
            return
        first = ranged[0]
        if first.min_amount == first.max_amount and not free:
            self._take(first, amount=first.min_amount, card=self.card)
            return
        self.mode = "amount"
        box = self.query_one("#amount", Input)
        box.display = True
        box.value = ""
        span = render.amounts(first)
        if first.verb == "sell" and self.card is not None:
            words = f"asking price for {self.card}, {span}"
        else:
            words = render.option_words(first, self.session.view())
        box.placeholder = words + (" (empty: no price)" if free else "")
        self.notice = f"Type an amount, {span}, then Enter (Esc: back)."
        self._draw()

    def _hide_amount(self) -> None:
        box = self.query_one("#amount", Input)
        if box.display:
            box.display = False
            box.value = ""

    def _amount_typed(self, value: str) -> None:
        chosen = [
            o
            for o in self._options()
            if o.verb == self.pending and (self.card is None or self.card in o.cards)
        ]
        text = value.strip()
        if not chosen:
            self._ask()
            return
        if not text:
            free = [o for o in chosen if o.min_amount is None]
            if free:
                self._take(free[0], card=self.card)
            else:
                self.notice = f"Type an amount, {render.amounts(chosen[0])}."
                self._draw()
            return
        ranged = [o for o in chosen if o.min_amount is not None]
        self._take(ranged[0] if ranged else chosen[0], amount=int(text), card=self.card)

    def _take(
        self,
        option: Option,
        *,
        amount: int | None = None,
        card: Card | None = None,
        declaration: Declaration | None = None,
    ) -> None:
        seen = self.session.view()
        self._submit(seen, action_for(seen, option, amount, card=card, declaration=declaration))

    def _submit(self, seen: View, action: Action) -> None:
        try:
            lines = self.session.act(action)
        except IllegalAction as exc:
            rule = f" ({exc.rule})" if exc.rule else ""
            self.notice = f"Refused: {exc.message}{rule}"
            self._draw()
            return
        self.notice = ""
        self.pending = None
        self.card = None
        self._hide_amount()
        self._say(lines)
        self._advance()

    # --- drawing -------------------------------------------------------------------------

    def _card(self, card: Card | None, *, down: bool, mine: bool = False) -> Text:
        """A card in its suit's colour: an up card bold, a down card in brackets (dim when it
        is the person's own, still hidden from the others), ``[##]`` for one not seen."""
        if card is None:
            return Text("[##]", style="dim")
        colour = self.colours[card.suit]
        if down:
            return Text(f"[{card}]", style=f"dim {colour}".strip() if mine else colour)
        return Text(str(card), style=f"bold {colour}".strip())

    def _coloured(self, line: str, style: str = "") -> Text:
        """A line of words with every card in it in its suit's colour."""
        text = Text(line, style=style)
        for match in _CARD.finditer(line):
            suit = self.colours[parse_card(match.group()).suit]
            if suit:
                text.stylize(suit, match.start(), match.end())
        return text

    def _draw(self) -> None:
        session = self.session
        seen = session.view()
        human = session.human
        title = (
            f"{session.rules.name}  hand {session.hand_number}  pot {seen.pot}  "
            f"you are p{human + 1}  seed {session.seed}"
        )
        self.query_one("#title", Static).update(title)
        self.query_one("#seats", Static).update(self._seats(seen))
        mine = self._mine(seen)
        shown = self.query_one("#mine", Static)
        shown.update(mine)
        shown.display = bool(mine.plain)
        offer = render.offer_line(seen, human)
        shelf = self.query_one("#offer", Static)
        shelf.update(self._coloured(offer, "bold"))
        shelf.display = bool(offer)
        self._draw_odds(seen)
        self.query_one("#prompt", Static).update(self._prompt(seen))
        self.query_one("#keys", Static).update(self._footer())

    def _footer(self) -> Text:
        """The keys that work now (Esc only where it goes back, the odds key while a hand is
        played) and where the hands are saved; a long path loses its beginning, never its end,
        so the file's name stays in sight at 80 columns."""
        if self.mode == "over":
            keys = "q quit  n next hand  ↑↓ log  saving to "
        elif self.mode in ("card", "amount"):
            keys = "q quit  Esc back  ↑↓ log  saving to "
        else:
            keys = f"q quit  ↑↓ log  {ODDS_KEY} odds  saving to "
        path = str(self.session.saving_to)
        room = max(8, self.size.width - 2 - len(keys))  # the padding
        if len(path) > room:
            path = "…" + path[-(room - 1) :]
        return Text(keys + path, no_wrap=True, overflow="ellipsis")

    def _seats(self, seen: View) -> RichTable:
        human = self.session.human
        table = RichTable(
            box=None, pad_edge=False, show_edge=False, header_style="bold", collapse_padding=True
        )
        hands = {s.seat: self._hand(s) for s in seen.seats}
        self._cards_width = max([self._cards_width, *(h.cell_len for h in hands.values())])
        # fixed widths, so nothing moves when the turn marker goes or the hands are shown
        table.add_column("", width=1)
        table.add_column("seat", no_wrap=True)
        for name, width in (("net", 5), ("stack", 5), ("bet", 3)):
            table.add_column(name, justify="right", min_width=width, no_wrap=True)
        table.add_column("cards", min_width=max(5, self._cards_width), no_wrap=True)
        table.add_column("")
        for seat in seen.seats:
            turn = "▶" if seat.seat in seen.to_act and not seen.finished else ""
            name = render.label(seat.seat, human, self.session.names)
            style = "bold" if seat.seat == human else ""
            table.add_row(
                turn,
                Text(name, style=style),
                f"{self.session.ledger[seat.seat]:+d}",
                str(seat.stack),
                str(seat.bet) if seat.bet else "",
                hands[seat.seat],
                render.seat_status(seat),
            )
        return table

    def _hand(self, seat: SeatView) -> Text:
        if seat.folded:
            return Text("")
        mine = seat.seat == self.session.human and not seat.shown
        parts = [self._card(c, down=True, mine=mine) for c in seat.down]
        parts += [self._card(c, down=False) for c in seat.up]
        return Text(" ").join(parts)

    def _mine(self, seen: View) -> Text:
        """The person's best high and low so far: ``you: two pair ... / 7-5-4-2-A``."""
        seat = seen.seats[self.session.human]
        cards = [c for c in (*seat.down, *seat.up, *seen.common) if c is not None]
        if seat.folded or not cards:
            return Text("")
        text = Text("you: ", style="bold")
        text.append(render.hand_words(cards, self.session.rules))
        return text

    # --- the odds panel --------------------------------------------------------------------

    def _draw_odds(self, seen: View) -> None:
        """The panel: the figures for what the person sees now, or, while a worker computes
        them, the last figures dimmed. It takes only lines the table has beyond its smallest
        size, so it never crowds the prompt out."""
        box = self.query_one("#odds", Static)
        room = self.size.height - min_size(self.session.n)[1]
        if not self.odds:
            self.workers.cancel_group(self, "odds")
            self.asked = None
            box.display = False
            return
        asked = panel.question(seen, self.session.rules)
        found = self.answers.get(asked)
        if asked.spot is None:  # nothing to compute: why there are no odds, or nothing
            found = panel.figures(seen, self.session.rules, asked)
        elif found is None and asked != self.asked:
            self.run_worker(
                partial(self._work, seen.whole(), asked),  # for a thread: complete
                name="odds",
                group="odds",
                exclusive=True,  # cancels the one for a table that has moved on
                thread=True,
                exit_on_error=False,
            )
        self.asked = asked
        if found is not None:
            self.workers.cancel_group(self, "odds")  # figures for another question: not wanted
            self._last = found
        shown = found if found is not None else self._last
        lines = panel.lines(shown, self.session.rules) if shown is not None else []
        if found is None:
            lines = lines or [("odds", "")]
        text = Text(no_wrap=True, overflow="ellipsis", style="" if found is not None else "dim")
        for number, (label, words) in enumerate(lines[-room:] if room > 0 else []):
            text.append("\n" if number else "")
            text.append(f"{label}  ", style="bold")
            if found is None and number == 0:  # first, so that a narrow screen keeps it
                text.append("computing…" + (" " if words else ""), style="italic")
            text.append(words)
        box.update(text)
        box.display = bool(text.plain)

    def _work(self, seen: View, asked: panel.Question) -> _Answer | None:
        """In a worker thread: the question and its figures, None once cancelled."""
        worker = get_current_worker()
        try:
            found = panel.figures(seen, self.session.rules, asked, lambda: worker.is_cancelled)
        except Exception as exc:  # a fault of the odds: said on the panel, the table plays on
            found = panel.Figures(trouble=(f"could not be computed: {exc!r}",))
        return None if found is None else (asked, found)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Figures computed: kept, and shown if the table still asks for them."""
        worker = event.worker
        if worker.group != "odds" or event.state != WorkerState.SUCCESS:
            return
        answer = worker.result
        if not isinstance(answer, tuple):
            return
        asked, found = answer
        if len(self.answers) >= _REMEMBERED:
            del self.answers[next(iter(self.answers))]
        self.answers[asked] = found
        if asked == self.asked and self.session.state is not None:
            self._draw_odds(self.session.view())

    def _prompt(self, seen: View) -> Text:
        text = Text()
        if self.mode == "quit":
            text.append(f"Quit in the middle of hand {self.session.hand_number}? ", style="bold")
            text.append("It is saved unfinished, marked abandoned, and counts in no ledger.\n")
            text.append(" y ", style="reverse bold")
            text.append(" quit   any other key: back to the hand")
            return text
        if self.mode == "over":
            text.append("Hand over. ", style="bold")
            text.append("n: next hand   q: quit")
        elif self.mode == "wait":
            text.append(render.waiting_line(seen, self.session.human))
        elif self.mode == "card":
            text.append(f"Choose a card to {self.pending}: ", style="bold")
            self._numbered(text)
            text.append("(Esc: back)")
        else:
            self._options_prompt(text, seen)
        if self.notice:
            text.append("\n" + self.notice, style="bold yellow")
        return text

    def _options_prompt(self, text: Text, seen: View) -> None:
        text.append("Your turn: ", style="bold")
        keys = self._keys()
        shown = []
        for option in render.shown_options(seen.options):
            if option.declarations:
                for key, said in render.DECLARATION_KEYS.items():
                    if said in option.declarations:
                        shown.append((key, f"declare {render.declared(said)}"))
                continue
            if option.verb == "sm":
                shown += [(keys["sm"], "show"), ("m", "muck")]
                continue
            shown.append((keys[option.verb], render.option_words(option, seen)))
        width = max(20, self.size.width - 2)
        column = text.cell_len
        for key, words in shown:  # an option is broken across lines only if it is too long
            chunk = Text(f" {key} ", style="reverse bold")
            chunk.append(" ")
            chunk.append_text(self._coloured(words))
            if column > 0 and column + chunk.cell_len > width:
                text.append("\n")
                column = 0
            text.append_text(chunk)
            text.append("   ")
            column += chunk.cell_len + 3
        with_cards = {o.verb for o in seen.options if o.cards}
        if len(with_cards) == 1:
            text.append("\nor press its number: ")
            self._numbered(text, next(iter(with_cards)))
        why = self.session.no_raise()
        if why is not None:
            text.append("\n" + why, style="italic")
        sealed = next((o for o in seen.options if o.verb in SEALED_VERBS), None)
        if sealed is not None and self.session.is_sealed(sealed):
            text.append(
                "\nsealed: the others will see only that you " + VERBS[sealed.verb].sealed_as,
                style="italic",
            )

    def _numbered(self, text: Text, verb: str | None = None) -> None:
        for number, card in enumerate(self._card_list(verb), 1):
            text.append(f" {number} ", style="reverse")
            text.append(" ")
            text.append_text(self._card(card, down=False))
            text.append("  ")

    def farewell(self) -> list[str]:
        """What to print once the table is closed: a hand left unfinished saved as abandoned,
        the ledger, and where the hands are."""
        lines = self.session.abandon()
        self.session.close()
        return lines + self.session.ledger_lines() + self.session.saved_lines()
