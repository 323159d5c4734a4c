"""``splitpot serve``: the web table, for friends in the browser (docs/web.md).

Opens (and migrates) the database, binds the address itself (so a busy port is one clear line,
and ``--port 0`` picks a free one), prints the URL to open, and runs uvicorn until Ctrl-C.
``--practice`` also makes a practice table (Auction, you against three bots) and prints its
link: that is ``make run``. ``--games DIR`` offers the games defined in DIR's ``*.toml`` files
(docs/variants.md) in the lobby, beside the built-in ones.
"""

from __future__ import annotations

import contextlib
import errno
import socket
from pathlib import Path

import click
import uvicorn

from splitpot import variants
from splitpot.errors import RulesError
from splitpot.rules import Rules
from splitpot.server.app import MAX_SOCKET_MESSAGE, create_app
from splitpot.server.settings import Settings
from splitpot.server.store import Store, StoreError

__all__ = ["serve"]

_ANY = ("0.0.0.0", "::", "")


def _bind(host: str, port: int) -> socket.socket:
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except OSError as exc:
        raise click.ClickException(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}"
        ) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        advice = ""
        if exc.errno == errno.EADDRINUSE:
            advice = "; another program is using it: choose another with --port N (make run PORT=N)"
        raise click.ClickException(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}{advice}"
        ) from None
    sock.set_inheritable(True)
    return sock


def define_games(folder: Path) -> list[Rules]:
    """Define every game of ``folder``'s ``*.toml`` files (:func:`splitpot.variants.load_game`),
    all or none: a bad file is a :class:`click.BadParameter` naming its line and key."""
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise click.BadParameter(f"{folder} holds no game files (*.toml)", param_hint="'--games'")
    loaded = []
    for path in files:
        try:
            loaded.append(variants.load_toml(path))
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="'--games'") from None
    names = [rules.name for rules in loaded]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise click.BadParameter(
            f"{folder}: more than one file defines {', '.join(twice)}", param_hint="'--games'"
        )
    try:
        return [variants.load_game(path) for path in files]
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="'--games'") from None


def _check_stored_games(store: Store) -> None:
    """Refuse to serve stored tables of games this server does not know (defined in files it
    was not given this time): one line naming them, rather than a table that cannot load."""
    known = set(variants.names())
    missing = sorted({data.game for data in store.tables()} - known)
    if missing:
        store.close()
        raise click.UsageError(
            f"the database holds tables of {', '.join(missing)}, not a game this server knows: "
            "give --games the folder of their files"
        )


def _url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in _ANY else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--db",
    default="splitpot.db",
    show_default=True,
    help="A SQLite file, or a URL (postgresql://user@host/splitpot).",
)
@click.option(
    "--games",
    "games_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of games defined in TOML files (docs/variants.md), offered in the lobby.",
)
@click.option(
    "--practice", is_flag=True, help="Also open a practice table (Auction, you against three bots)."
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(0, 10),
    default=Settings.bot_delay,
    show_default=True,
    help="Seconds before each bot's move.",
)
@click.option(
    "--next-delay",
    type=click.FloatRange(0, 60),
    default=Settings.next_delay,
    show_default=True,
    help="Seconds the result shows before the next hand.",
)
@click.option(
    "--rate",
    type=click.FloatRange(1, 10_000),
    default=Settings.rate,
    show_default=True,
    help="Messages a second one connection may send (twice as many at once).",
)
@click.option(
    "--lobby-burst",
    type=click.IntRange(1),
    default=Settings.post_burst,
    hidden=True,
    help="Lobby requests one address may make at once (tests).",
)
@click.option(
    "--lease",
    type=click.FloatRange(0.5, 600),
    default=Settings.lease_ttl,
    show_default=True,
    help="With PostgreSQL: seconds a dead server's tables wait before another takes them.",
)
@click.option(
    "--allow-seeds",
    is_flag=True,
    hidden=True,
    help="Let a new table fix the seed of its deals (tests only).",
)
def serve(
    host: str,
    port: int,
    db: str,
    games_dir: Path | None,
    practice: bool,
    bot_delay: float,
    next_delay: float,
    rate: float,
    lobby_burst: int,
    lease: float,
    allow_seeds: bool,
) -> None:
    """Host web tables: friends join by a link and play in the browser."""
    defined = define_games(games_dir) if games_dir is not None else []
    settings = Settings(
        bot_delay=bot_delay,
        next_delay=next_delay,
        rate=rate,
        burst=max(1, round(2 * rate)),
        post_burst=lobby_burst,
        allow_seeds=allow_seeds,
        lease_ttl=lease,
        lease_renew=lease * 0.3,
    )
    try:
        app = create_app(db, settings=settings)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    _check_stored_games(app.state.store)
    sock = _bind(host, port)
    base = _url(host, sock.getsockname()[1])
    click.echo(f"splitpot is serving at {base}/ (database {db}); Ctrl-C stops it.")
    if defined:
        click.echo(f"Games from {games_dir}: {', '.join(r.name for r in defined)}.")
    if practice:
        code = app.state.tables.practice()
        click.echo(f"Practice table (Auction, you against three bots): open {base}/t/{code}")
    if host in _ANY:
        click.echo("Friends on your network open the same link with this machine's address.")
    config = uvicorn.Config(
        app,
        ws="websockets-sansio",
        ws_max_size=MAX_SOCKET_MESSAGE,
        log_level="warning",
        timeout_graceful_shutdown=3,
    )
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn hands Ctrl-C back once it is down
        uvicorn.Server(config).run(sockets=[sock])
    click.echo("splitpot stopped.")
