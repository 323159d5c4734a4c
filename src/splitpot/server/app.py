"""The web table's routes (Starlette): the page, the lobby's API and the table's WebSocket.

Routes: ``/`` the lobby, ``/t/CODE`` a table (the invite link), ``/static/...`` the page's files,
``GET /api/games``, ``POST /api/tables`` (create), ``GET /api/tables/CODE``, ``POST
/api/tables/CODE/join`` and the WebSocket ``/ws/CODE``. A WebSocket says ``hello`` with its
seat's token (or none, to watch), then sends moves (``act``), ``sit_out``, ``back``, ``start``
(deal without waiting for the open seats) or ``ping``; every message is read strictly
(:mod:`splitpot.server.messages`), limited in size and rate, and answered with an error that leaves
the connection usable. A WebSocket or POST from a page of another origin is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from splitpot import bots as bot_registry
from splitpot.errors import SplitpotError, StoragePaused
from splitpot.notation import write_phh
from splitpot.server import history, play, queries, seating
from splitpot.server.chat import say
from splitpot.server.clients import Client
from splitpot.server.host import host_action
from splitpot.server.limits import Buckets
from splitpot.server.lobby import DEFAULT_TIMER, LobbyError, Tables, games
from splitpot.server.messages import MAX_MESSAGE, Message, WireError, read_body, read_message
from splitpot.server.missing import not_found, not_found_handler
from splitpot.server.players import dealt_from_json, hash_token
from splitpot.server.settings import Settings
from splitpot.server.snapshot import broadcast, info, set_odds
from splitpot.server.store import Store
from splitpot.server.tables import LiveTable
from splitpot.server.wire import PONG

__all__ = ["STATIC", "create_app"]

log = logging.getLogger("splitpot.server")

STATIC: Final = Path(__file__).parent / "static"
MAX_BODY: Final = 16_384
"""The largest request body the lobby reads (a new table is well under 2 KB)."""
_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)

Scope = MutableMapping[str, Any]
ASGI = Callable[
    [Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]
]


class _SecurityHeaders:
    """Adds the page's Content-Security-Policy and friends to every HTTP response."""

    def __init__(self, app: ASGI) -> None:
        self.app = app

    async def __call__(
        self,
        scope: Scope,
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def same_origin(headers: Headers) -> bool:
    """True unless the request comes from a page of another site: its ``Origin`` (browsers
    always send one with a WebSocket or a POST) must name this host. A client that is not a
    browser sends none and is let in."""
    origin = headers.get("origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    return (
        parts.scheme in ("http", "https")
        and parts.netloc.lower() == headers.get("host", "").lower()
    )


async def _refused(request: Request, exc: Exception) -> Response:
    """The one answer to a request the lobby refuses: its HTTP status and its line of why."""
    assert isinstance(exc, LobbyError)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


def _unread(request: Request, why: str, status: int) -> LobbyError:
    """A request body the server cannot read: its one line, and a warning in the log (no
    traceback: a client's mistake, or a hostile one, is not the server's fault)."""
    who = request.client.host if request.client else "?"
    log.warning("refused a request to %s from %s: %s", request.url.path, who, why)
    return LobbyError(why, status)


@contextlib.contextmanager
def _rebuilding() -> Iterator[None]:
    """A stored hand that cannot be replayed (the server's fault, 500) says so in one line."""
    try:
        yield
    except LobbyError:
        raise
    except SplitpotError as exc:
        raise LobbyError(f"that hand cannot be rebuilt: {exc}", 500) from None


def create_app(db: str | Store = "splitpot.db", *, settings: Settings | None = None) -> Starlette:
    """The web table on database ``db`` (a URL or path; see :mod:`splitpot.server.store`)."""
    settings = settings or Settings()
    store = db if isinstance(db, Store) else Store(db)
    tables = Tables(store, settings)
    posts = Buckets(settings.post_rate, settings.post_burst)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        tables.open()
        try:
            yield
        finally:
            await tables.close()

    async def lobby_page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        try:
            tables.get(request.path_params["code"])
        except LobbyError as exc:
            return not_found(exc.message)
        return FileResponse(STATIC / "table.html")

    async def list_games(request: Request) -> Response:
        return JSONResponse(
            {"games": games(), "bots": list(bot_registry.names()), "timer": DEFAULT_TIMER}
        )

    async def read_json(request: Request) -> dict[str, Any]:
        if not same_origin(request.headers):
            raise LobbyError("requests from another site are refused", 403)
        host = request.client.host if request.client else "?"
        if not posts.take(host, settings.clock()):
            raise LobbyError("too many requests; wait a little", 429)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise LobbyError("send JSON (Content-Type: application/json)", 415)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise _unread(request, f"the request is longer than {MAX_BODY} bytes", 413)
        try:
            return read_body(body)
        except WireError as exc:
            raise _unread(request, exc.message, 400) from None

    async def create_table(request: Request) -> Response:
        made = await tables.create(await read_json(request))
        return JSONResponse(made, status_code=201)

    async def table_info(request: Request) -> Response:
        return JSONResponse(info(tables.get(request.path_params["code"])))

    async def join_table(request: Request) -> Response:
        joined = await tables.join(request.path_params["code"], await read_json(request))
        return JSONResponse(joined)

    def reader_of(request: Request, table: LiveTable, players: list[dict[str, Any]]) -> int | None:
        """The engine seat in a hand of the player whose token the request carries (an
        ``Authorization: Bearer TOKEN`` header); None: a spectator's copy."""
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        seat = table.seat_of(hash_token(token.strip()))
        if seat is None:
            return None
        return next((e for e, p in enumerate(dealt_from_json(players)) if p.holds(seat)), None)

    async def finished_hand(request: Request) -> tuple[LiveTable, Any, Any, int | None]:
        table = tables.get(request.path_params["code"])
        number = request.path_params["number"]
        data = await store.read(queries.hand, table.code, number)
        if data is None:
            raise LobbyError(f"table {table.code} has no hand {number}", 404)
        if not data.over:
            raise LobbyError(
                f"hand {number} is not over yet: its record is published when it ends", 409
            )
        if data.void is not None:
            raise LobbyError(f"hand {number} was called off: {data.void}", 410)
        with _rebuilding():
            state = history.rebuild(table.rules_of(data.house), data)
        return table, data, state, reader_of(request, table, data.players)

    async def hand_list(request: Request) -> Response:
        table = tables.get(request.path_params["code"])
        hands = await store.read(queries.history, table.id)
        return JSONResponse({"hands": history.hand_list(hands)})

    async def hand_record(request: Request) -> Response:
        table, data, state, reader = await finished_hand(request)
        with _rebuilding():
            text = write_phh(history.entitled(state, data, reader, table.code))
        name = f"splitpot-{table.code}-hand-{data.number}.phh"
        return Response(
            text,
            media_type="application/toml; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def hand_replay(request: Request) -> Response:
        _, data, state, reader = await finished_hand(request)
        with _rebuilding():
            return JSONResponse(history.frames(state, data, reader))

    async def table_ledger(request: Request) -> Response:
        table = tables.get(request.path_params["code"])
        return JSONResponse(history.ledger_json(table.ledger, table.options["chip_value"]))

    async def table_ledger_csv(request: Request) -> Response:
        table = tables.get(request.path_params["code"])
        name = f"splitpot-{table.code}-ledger.csv"
        return Response(
            history.ledger_csv(table.ledger, table.options["chip_value"]),
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def table_socket(websocket: WebSocket) -> None:
        if not same_origin(websocket.headers):
            await websocket.close(code=1008)  # before accepting: an HTTP 403
            return
        try:
            table = tables.get(websocket.path_params["code"])
        except LobbyError as exc:  # the page of a wrong code, where the server can send one
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                await websocket.send_denial_response(not_found(exc.message))
            else:
                await websocket.close(code=1008)
            return
        if len(table.clients) >= settings.max_clients:
            await websocket.close(code=1013)
            return
        await websocket.accept()
        client = Client(settings)
        await seating.connect(table, client)
        sender = asyncio.get_running_loop().create_task(_pump(websocket, client))
        try:
            await _listen(websocket, table, client, settings)
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
            await seating.disconnect(table, client)

    routes = [
        Route("/", lobby_page),
        Route("/t/{code}", table_page),
        Route("/api/games", list_games),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{code}", table_info),
        Route("/api/tables/{code}/join", join_table, methods=["POST"]),
        Route("/api/tables/{code}/hands", hand_list),
        Route("/api/tables/{code}/hands/{number:int}/record", hand_record),
        Route("/api/tables/{code}/hands/{number:int}/replay", hand_replay),
        Route("/api/tables/{code}/ledger", table_ledger),
        Route("/api/tables/{code}/ledger.csv", table_ledger_csv),
        WebSocketRoute("/ws/{code}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={LobbyError: _refused, 404: not_found_handler},
    )
    app.add_middleware(_SecurityHeaders)
    app.state.store = store
    app.state.tables = tables
    app.state.settings = settings
    return app


async def _pump(websocket: WebSocket, client: Client) -> None:
    """Send the client's outbox as it fills, until the connection closes; one the server
    closes (its table stopped here) is closed with 1012, "service restart": the page connects
    again, to wherever the table runs now."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            text = await client.next()
            if text is None:
                await websocket.close(code=1012)
                return
            await websocket.send_text(text)


async def _listen(
    websocket: WebSocket, table: LiveTable, client: Client, settings: Settings
) -> None:
    """Read the client's messages until it goes away; each bad one gets an error."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        data: str | bytes = text if text is not None else message.get("bytes") or b""
        if not client.messages.take(settings.clock()):
            client.error(
                f"too many messages: at most {settings.rate:g} a second; this one was dropped",
                "rate_limited",
            )
            continue
        try:
            read = read_message(data)
        except WireError as exc:
            client.error(exc.message, exc.reason)
            continue
        await _dispatch(table, client, read)


async def _dispatch(table: LiveTable, client: Client, message: Message) -> None:
    """Hand a read message to the table; while its storage is paused a change is answered with
    the one line that says so (a move too: :func:`play.act` counts it first)."""
    if message.type not in ("hello", "act", "odds", "ping") and table.refuse_while_down(client):
        return
    try:
        await _hand_over(table, client, message)
    except StoragePaused as exc:
        client.error(exc.message, exc.reason)
        broadcast(table)


async def _hand_over(table: LiveTable, client: Client, message: Message) -> None:
    if message.type == "hello":
        await seating.hello(table, client, message.token)
    elif not client.said_hello:
        client.error('say hello first: {"type": "hello", "token": ...}', "no_hello")
    elif message.type == "act":
        await play.act(table, client, message)
    elif message.type in ("sit_out", "back"):
        await seating.sit_out(table, client, message.type == "sit_out")
    elif message.type == "start":
        await play.deal_now(table, client)
    elif message.type == "chat":
        await say(table, client, message.text, message.name)
    elif message.type == "rebuy":
        assert message.chips is not None
        await seating.rebuy(table, client, message.chips)
    elif message.type == "leave":
        await seating.leave(table, client)
    elif message.type == "odds":
        await set_odds(table, client, message.on)
    elif message.type == "entropy":
        await play.contribute(table, client, message)
    elif message.type == "host":
        await host_action(table, client, message)
    else:  # ping
        client.push("pong", PONG)


MAX_SOCKET_MESSAGE: Final = 16 * MAX_MESSAGE
"""The frame size uvicorn accepts at all (``ws_max_size``); a longer frame closes the
connection, one between MAX_MESSAGE and this gets an error."""
