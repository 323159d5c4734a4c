"""The full-screen table of ``splitpot play`` (Textual).

One screen: a title line, the seats (stacks, bets, cards — the person's down cards in dim
brackets, others' down cards as ``##`` — bids and declarations once revealed, whose turn), the
cards on offer, a running log of the hand in words, and the person's options as keys with their
amounts. Options needing an amount open an input showing the allowed range; options naming a
card are chosen with ``1``..``7``. Bots move on their own, ``delay`` seconds apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static

from splitpot.actions import Action, Declaration
from splitpot.cards import Card
from splitpot.cli import render
from splitpot.cli.session import Session
from splitpot.errors import IllegalAction
from splitpot.state import Option
from splitpot.views import SeatView, View

__all__ = ["PlayApp"]

_RED = frozenset({1, 2})  # diamonds, hearts


def _card(card: Card | None, *, down: bool) -> Text:
    if card is None:
        return Text("##", style="dim")
    face = str(card)
    colour = "red" if card.suit in _RED else ""
    if down:
        return Text(f"[{face}]", style=f"dim {colour}".strip())
    return Text(face, style=f"bold {colour}".strip())


def _hand(seat: SeatView) -> Text:
    parts = [_card(c, down=True) for c in seat.down] + [_card(c, down=False) for c in seat.up]
    return Text(" ").join(parts)


class PlayApp(App[None]):
    """The table: one person against bots, hand after hand, until ``q``."""

    TITLE = "splitpot play"
    CSS: ClassVar[str] = """
    Screen { layout: vertical; }
    #title { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #seats { height: auto; padding: 0 1; }
    #offer { height: auto; padding: 0 1; color: $warning; }
    #log { height: 1fr; min-height: 3; border-top: solid $primary; padding: 0 1; }
    #prompt { height: auto; min-height: 2; border-top: solid $primary; padding: 0 1; }
    #amount { height: 3; display: none; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, session: Session, *, delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.mode = "wait"  # wait | act | card | amount | over
        self.pending: str | None = None  # the verb being chosen
        self.card: Card | None = None
        self.notice = ""
        self.timer: Timer | None = None

    # --- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The widgets, top to bottom."""
        yield Static(id="title")
        yield Static(id="seats")
        yield Static(id="offer")
        yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
        yield Static(id="prompt")
        yield Input(id="amount", type="integer")
        yield Static(id="keys")

    def on_mount(self) -> None:
        """Deal the first hand."""
        self._new_hand()

    # --- the flow of a hand --------------------------------------------------------------

    def _new_hand(self) -> None:
        self._say(self.session.new_hand())
        self._advance()

    def _advance(self) -> None:
        """Let the dealer and the bots move until the person must act or the hand ends; with a
        delay, one move per timer tick."""
        self.timer = None
        session = self.session
        while True:
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
        lines = self.session.settle()
        log = self.query_one("#log", RichLog)
        for line in lines:
            log.write(Text(line, style="bold green"))
        log.write(Text(self.session.ledger_line(), style="cyan"))
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
        log = self.query_one("#log", RichLog)
        for line in lines:
            log.write(Text(line))

    # --- keys --------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Keys: an option's letter, ``1``..``7`` for a card, Esc to go back, n and q."""
        key = event.key
        if self.mode == "amount":
            box = self.query_one("#amount", Input)
            if key == "escape":
                event.stop()
                self._ask()
            elif not box.has_focus and (event.character or "").isdigit():
                event.stop()  # typed before the box took the focus: nothing is lost
                box.value += event.character or ""
                box.focus()
            elif not box.has_focus and key == "enter":
                event.stop()
                self._amount_typed(box.value)
            return
        char = event.character or ""
        if key == "q" or char == "q":
            event.stop()
            self.exit()
            return
        if self.mode == "over" and char == "n":
            event.stop()
            self.query_one("#log", RichLog).clear()
            self._new_hand()
            return
        if self.mode == "act":
            event.stop()
            self._press(char, key)
        elif self.mode == "card":
            event.stop()
            if key == "escape":
                self._ask()
            elif char.isdigit():
                self._choose_card(int(char))
            elif char in self._keys().values():
                self._press(char, key)

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
        """Act at once when no amount is to be chosen; otherwise open the amount input."""
        ranged = [o for o in chosen if o.min_amount is not None and o.verb in render.AMOUNT_VERBS]
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
        words = render.option_words(first, self.session.view())
        box.placeholder = words + (" (empty: no price)" if free else "")
        self.notice = f"Type an amount, {span}, then Enter (Esc: back)."
        self._draw()
        box.focus()

    def _hide_amount(self) -> None:
        box = self.query_one("#amount", Input)
        if box.display:
            box.display = False
            box.value = ""
        self.set_focus(None)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """An amount typed and Enter: take the pending option at that amount."""
        message.stop()
        self._amount_typed(message.value)

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
        self._submit(seen, render.make_action(seen, option, amount, card, declaration))

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
        offer = render.offer_line(seen, human)
        shelf = self.query_one("#offer", Static)
        shelf.update(offer)
        shelf.display = bool(offer)
        self.query_one("#prompt", Static).update(self._prompt(seen))
        keys = Text("q quit" + ("  n next hand" if self.mode == "over" else "  Esc back") + "  ")
        keys.append("[Ah]", style="dim")
        keys.append(f" down card  saving to {session.record}")
        self.query_one("#keys", Static).update(keys)

    def _seats(self, seen: View) -> RichTable:
        human = self.session.human
        table = RichTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for name in ("", "seat", "session", "stack", "bet", "cards", ""):
            right = name in ("stack", "bet", "session")
            table.add_column(name, justify="right" if right else "left")
        for seat in seen.seats:
            turn = "▶" if seat.seat in seen.to_act and not seen.finished else ""
            name = render.label(seat.seat, human, self.session.names)
            style = "bold" if seat.seat == human else ""
            cards = Text("") if seat.folded else _hand(seat)
            table.add_row(
                turn,
                Text(name, style=style),
                f"{self.session.ledger[seat.seat]:+d}",
                str(seat.stack),
                str(seat.bet) if seat.bet else "",
                cards,
                render.seat_status(seat),
            )
        return table

    def _prompt(self, seen: View) -> Text:
        text = Text()
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
            text.append("Your turn: ", style="bold")
            keys = self._keys()
            shown = []
            for option in seen.options:
                if option.declarations:
                    for key, said in render.DECLARATION_KEYS.items():
                        if said in option.declarations:
                            shown.append((key, f"declare {render.declared(said)}"))
                    continue
                words = render.option_words(option, seen)
                if option.verb == "sm":
                    shown += [(keys["sm"], "show"), ("m", "muck")]
                    continue
                shown.append((keys[option.verb], words))
            for key, words in shown:
                text.append(f" {key} ", style="reverse bold")
                text.append(f" {words}   ")
            with_cards = {o.verb for o in seen.options if o.cards}
            if len(with_cards) == 1:
                text.append("\nor press its number: ")
                self._numbered(text, next(iter(with_cards)))
            sealed = next((o for o in seen.options if o.verb in render.SEALED_VERBS), None)
            if sealed is not None and self.session.is_sealed(sealed):
                text.append(
                    "\nsealed: the others will see only that you "
                    + render.SEALED_WORDS[sealed.verb],
                    style="italic",
                )
        if self.notice:
            text.append("\n" + self.notice, style="bold yellow")
        return text

    def _numbered(self, text: Text, verb: str | None = None) -> None:
        for number, card in enumerate(self._card_list(verb), 1):
            text.append(f" {number} ", style="reverse")
            text.append(" ")
            text.append_text(_card(card, down=False))
            text.append("  ")

    def farewell(self) -> list[str]:
        """What to print once the table is closed: the ledger and where the hands are."""
        self.session.close()
        lines = self.session.ledger_lines()
        if self.session.hands_played:
            lines.append(f"Hands saved to {self.session.record}.")
        else:
            lines.append("No hand finished; nothing saved.")
        return lines
