"""Load: many tables of four bot clients playing `splitpot serve` over real WebSockets.

Starts ``splitpot serve`` on 127.0.0.1 (a free port) with a fresh database: a SQLite file in a
temporary directory, or with ``--db URL`` a new database made on that PostgreSQL server (and
dropped after). It makes ``--tables`` tables of ``--clients`` seats, four by default (one client
creates each table, the others join it, as the lobby does), one WebSocket client per seat. Each
client is a simple bot: when the latest snapshot it received offers its seat moves (and has
answered all its earlier ones), it waits ``--think`` seconds on average, then sends one of those
options, chosen at random (rarely a fold, small amounts), as the page sends it. Nothing else
plays: no bot runs in the server.

Measured: the time from each move sent to the first snapshot that answers it (its ``acks`` count
the move), p50 / p99 / max; errors (every refusal, a move left unanswered, a dropped
connection, a traceback in the server's log); hands played (finished hands in the database); the
server's resident memory (RSS) when it is up, when every table plays, each 10 seconds, and at the
end; its CPU time. It stops by itself after ``--seconds`` (moves already sent get 10 seconds to
be answered), and everything runs on the loopback interface.

    .venv/bin/python benchmarks/load.py                      # 50 tables, two minutes, SQLite
    .venv/bin/python benchmarks/load.py --quick              # 5 tables, 8 seconds
    .venv/bin/python benchmarks/load.py --tables 2 --clients 2 --seconds 3
    .venv/bin/python benchmarks/load.py --db postgresql://splitpot@/postgres?host=/tmp/pg
    .venv/bin/python benchmarks/load.py --db postgresql://... --processes 2  # behind nginx

Targets: zero errors; p99 under 50 ms; memory flat (RSS at the end within 10 % of RSS once every
table plays). The clients run in this process, on the same cores as the server: on a busy
machine their own delays are part of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import gc
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from splitpot import variants
from splitpot.server.store import database_url

P99_TARGET = 0.050
"""Seconds."""
FLAT = 0.10
"""Memory is flat when the RSS at the end is within this share of the RSS once all play."""
WARM_UP = 10.0
"""Seconds from the start after which the moves are "settled" (every table dealt and playing):
their p99 is printed beside the whole run's."""
ANSWER_WAIT = 10.0
"""Seconds a move sent before the end may take to be answered before it counts as an error."""


# --- the server -----------------------------------------------------------------------------


@contextlib.contextmanager
def database(server: str | None, folder: Path) -> Iterator[str]:
    """A new, empty database: a SQLite file in ``folder``, or one made on the PostgreSQL
    server at ``server`` (dropped after, with any connection still open to it)."""
    if server is None:
        yield str(folder / "load.db")
        return
    url = make_url(database_url(server))
    name = f"splitpot_load_{os.getpid()}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield url.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


class Server:
    """``splitpot serve`` in a process of its own on 127.0.0.1 and a port it picks."""

    def __init__(
        self,
        db: str,
        folder: Path,
        next_delay: float,
        profile: str | None,
        synchronous: str | None,
        port: int = 0,
    ) -> None:
        folder.mkdir(exist_ok=True)
        self.errors, self.timings = folder / "server.stderr", folder / "moves.json"
        command = [sys.executable, str(Path(__file__).resolve()), AS_SERVER, str(self.timings)]
        command += [profile or "-", synchronous or "-"]
        command += ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db]
        command += ["--next-delay", str(next_delay), "--lobby-burst", "100000"]
        errors = self.errors
        with errors.open("w") as err:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", line)
        if found is None:
            self.process.kill()
            self.process.communicate()
            sys.exit(f"load.py: splitpot serve said {line!r}: {errors.read_text()[-2000:]}")
        self.url = found.group(0)

    def rss(self) -> int:
        """The server's resident memory, in bytes (from /proc)."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        kib = re.search(r"VmRSS:\s+(\d+) kB", status)
        return int(kib.group(1)) * 1024 if kib else 0

    def cpu(self) -> float:
        """The server's CPU time so far, user and system, in seconds."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """Ctrl-C, as a host stops it; killed if it does not stop within 15 seconds."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()

    def moves(self) -> tuple[list[tuple[float, float, bool]], int, int, float, list[float]]:
        """Each move the server took from a client: its wall and CPU seconds, and whether it
        ended the hand; and the store's commits and the writes they held (written when the
        server stops; see ``serve_timed``), the seconds the writer spent on them, and each
        batch's seconds (its transaction, from the first job run to the commit's return)."""
        if not self.timings.exists():
            return [], 0, 0, 0.0, []
        found = json.loads(self.timings.read_text())
        moves = [(wall, cpu, ended) for wall, cpu, ended in found["moves"]]
        return moves, found["commits"], found["writes"], found["busy"], found["batches"]

    def collections(self) -> list[tuple[int, float]]:
        """Each garbage collection in the server: its generation and wall seconds."""
        if not self.timings.exists():
            return []
        return [(g, seconds) for g, seconds in json.loads(self.timings.read_text())["collections"]]

    def problems(self) -> list[str]:
        """The lines of the server's log that tell of something wrong."""
        lines = self.errors.read_text().splitlines()
        return [line for line in lines if re.search(r"Traceback|ERROR|Exception", line)]


class Servers:
    """Several ``splitpot serve`` processes on one PostgreSQL database behind nginx configured
    by deploy/nginx (docs/deploy.md), seen as one: ``url`` is nginx's, the memory and CPU are
    their sums, the moves, commits and problems all of theirs."""

    def __init__(self, servers: list[Server], url: str) -> None:
        self.servers, self.url = servers, url

    def rss(self) -> int:
        return sum(s.rss() for s in self.servers)

    def cpu(self) -> float:
        return sum(s.cpu() for s in self.servers)

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

    def moves(self) -> tuple[list[tuple[float, float, bool]], int, int, float, list[float]]:
        found = [s.moves() for s in self.servers]
        return (
            [m for f in found for m in f[0]],
            sum(f[1] for f in found),
            sum(f[2] for f in found),
            sum(f[3] for f in found),
            [b for f in found for b in f[4]],
        )

    def collections(self) -> list[tuple[int, float]]:
        return [c for s in self.servers for c in s.collections()]

    def problems(self) -> list[str]:
        return [line for s in self.servers for line in s.problems()]


@contextlib.contextmanager
def behind_nginx(db: str, folder: Path, count: int, args: argparse.Namespace) -> Iterator[Servers]:
    """``count`` servers on ``db`` behind nginx (Debian's, /usr/sbin/nginx), stopped after."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
    from nginxtools import free_port, run_nginx

    ports = [free_port() for _ in range(count)]
    servers: list[Server] = []
    try:
        for i, port in enumerate(ports):
            where = folder / f"server{i + 1}"
            synchronous = args.sqlite_synchronous
            servers.append(Server(db, where, args.next_delay, args.profile, synchronous, port))
        (folder / "nginx").mkdir()
        with run_nginx(NGINX, folder / "nginx", ports) as url:
            yield Servers(servers, url)
    finally:
        for server in servers:
            server.stop()


NGINX = Path("/usr/sbin/nginx")


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
    return answer


def make_tables(
    url: str, games: list[str], count: int, clients: int
) -> list[tuple[str, list[str]]]:
    """``count`` tables of ``clients`` seats, the games in turn; each table's code and its
    seats' tokens."""
    made = []
    for i in range(count):
        game = games[i % len(games)]
        seats = ["you"] + ["open"] * (clients - 1)
        spec = {"game": game, "seats": seats, "name": "Seat0", "timer": 0}
        table = post(f"{url}/api/tables", spec)
        code = table["code"]
        others = range(1, clients)
        joined = [post(f"{url}/api/tables/{code}/join", {"name": f"Seat{k}"}) for k in others]
        made.append((code, [table["token"], *(j["token"] for j in joined)]))
    return made


AS_SERVER = "--as-server"
"""``load.py --as-server FILE PROFILE SYNCHRONOUS serve ...``: the server's process (see
``serve_timed``; ``-`` for no profile, SQLite's ``synchronous`` as the server sets it)."""


def profiled(path: str, writer: type) -> None:
    """Profile (cProfile) the server's event loop, and each writer thread, until the process
    exits: ``path``.loop and ``path``.writer (pstats files; read with ``python -m pstats``)."""
    import cProfile

    loop = cProfile.Profile()
    threads: list[cProfile.Profile] = []
    run = writer._loop

    def _loop(self: Any) -> None:
        mine = cProfile.Profile()
        threads.append(mine)
        mine.enable()
        try:
            run(self)
        finally:
            mine.disable()

    def dump() -> None:
        loop.disable()
        loop.dump_stats(f"{path}.loop")
        if threads:
            import pstats

            pstats.Stats(*threads).dump_stats(f"{path}.writer")

    writer._loop = _loop
    atexit.register(dump)
    loop.enable()


def serve_timed(timings: str, profile: str, synchronous: str, argv: list[str]) -> None:
    """``splitpot serve``, timing each client's move inside the server (``play.act``: the
    engine, the wait for its durable commit, every snapshot encoded), written to ``timings`` at
    exit with the store's writer's commits, the writes they held and its busy seconds
    (``profile``: see :func:`profiled`; ``synchronous``: SQLite's, for an A/B run). While a
    move waits for its commit the event loop runs other tables, so the CPU time of the loop's
    thread over a move counts their work too (it was the move's own when the commit blocked)."""
    from splitpot.cli import run
    from splitpot.server import play
    from splitpot.server.tables import LiveTable
    from splitpot.server.writer import Writer

    taken = play.act
    moves: list[tuple[float, float, bool]] = []
    writers: list[Writer] = []
    made = Writer.__init__

    batches: list[float] = []
    commit = Writer._commit

    def writer(self: Writer, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        writers.append(self)

    def timed(self: Writer, batch: Any) -> None:
        began = time.perf_counter()
        commit(self, batch)
        batches.append(time.perf_counter() - began)

    async def act(table: LiveTable, client: Any, message: Any) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        await taken(table, client, message)
        ended = table.hand is not None and table.hand.state.finished
        moves.append((time.perf_counter() - wall, time.thread_time() - cpu, ended))

    collections: list[tuple[int, float]] = []
    collecting = [0.0]

    def collected(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collecting[0] = time.perf_counter()
        else:
            collections.append((info["generation"], time.perf_counter() - collecting[0]))

    gc.callbacks.append(collected)
    play.act = act
    Writer.__init__ = writer  # type: ignore[method-assign]
    Writer._commit = timed  # type: ignore[method-assign]
    atexit.register(
        lambda: Path(timings).write_text(
            json.dumps(
                {
                    "moves": moves,
                    "commits": sum(w.commits for w in writers),
                    "writes": sum(w.jobs for w in writers),
                    "busy": sum(w.busy for w in writers),
                    "batches": batches,
                    "collections": collections,
                }
            )
        )
    )
    if profile != "-":
        profiled(profile, Writer)
    if synchronous != "-":
        from splitpot.server import store

        store.SQLITE_SYNCHRONOUS = synchronous
    sys.argv = [sys.argv[0], *argv]
    run()


# --- the clients ----------------------------------------------------------------------------


@dataclass
class Figures:
    """What every client measured."""

    latencies: list[float] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)
    """When each answered move was sent (``time.perf_counter``), beside its latency."""
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    snapshots: int = 0


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random move among the view's options, as the page sends it (rarely a fold; amounts
    near the lowest, so hands last)."""
    options = view["options"]
    if rng.random() > 0.05 and any(o["verb"] != "f" for o in options):
        options = [o for o in options if o["verb"] != "f"]
    option = rng.choice(options)
    move: dict[str, Any] = {"type": "act", "verb": option["verb"]}
    low, high = option["min"], option["max"]
    if option["verb"] in ("cbr", "bid", "sell") and low is not None:
        if option["choices"]:
            move["amount"] = rng.choice(option["choices"])
        else:
            move["amount"] = rng.randint(low, min(high, 2 * low + 1))
    if option["cards"]:
        move["card"] = rng.choice(option["cards"])
    if option["declarations"]:
        move["declaration"] = rng.choice(option["declarations"])
    if option["verb"] == "sm":
        move["show"] = True
    return move


class Seat:
    """One bot client: reads every snapshot, and moves when its latest one offers it moves."""

    def __init__(self, url: str, code: str, token: str, think: float, rng: random.Random) -> None:
        self.ws_url = url.replace("http://", "ws://") + f"/ws/{code}"
        self.code, self.token, self.think, self.rng = code, token, think, rng
        self.latest: dict[str, Any] | None = None
        self.fresh = asyncio.Event()
        self.sent = 0
        self.sent_at = 0.0
        self.answered = True

    async def play(self, figures: Figures, until: float) -> None:
        try:
            async with connect(self.ws_url, max_size=None, compression=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": self.token}))
                reader = asyncio.get_running_loop().create_task(self._read(ws, figures))
                try:
                    await self._act(ws, figures, until)
                finally:
                    reader.cancel()
                    with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                        await reader
        except (OSError, ConnectionClosed) as exc:
            figures.errors.append(f"{self.code}: the connection failed: {exc!r}")

    async def _read(self, ws: ClientConnection, figures: Figures) -> None:
        async for raw in ws:
            now = time.perf_counter()
            message = json.loads(raw)
            figures.snapshots += 1
            acks = message.get("acks", 0)
            if not self.answered and acks >= self.sent:
                figures.latencies.append(now - self.sent_at)
                figures.sent.append(self.sent_at)
                self.answered = True
            if message["type"] == "error":
                figures.errors.append(f"{self.code}: {message['reason']}: {message['message']}")
            elif message["type"] == "state":
                self.latest = message
            self.fresh.set()

    def _my_turn(self) -> dict[str, Any] | None:
        message = self.latest
        if message is None or not self.answered or message["acks"] < self.sent:
            return None
        hand = message["hand"]
        if hand is None or hand["view"]["finished"] or not hand["view"]["options"]:
            return None
        return message

    async def _act(self, ws: ClientConnection, figures: Figures, until: float) -> None:
        while time.perf_counter() < until:
            self.fresh.clear()
            if self._my_turn() is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.fresh.wait(), max(0.0, until - time.perf_counter()))
                continue
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
            message = self._my_turn()  # the newest snapshot, after thinking
            if message is None or time.perf_counter() >= until:
                continue
            hand = message["hand"]
            at = len(hand["view"]["log"])  # the decision it answers
            move = {**choose(hand["view"], self.rng), "hand": hand["number"], "at": at}
            self.sent += 1
            self.answered = False
            self.sent_at = time.perf_counter()
            await ws.send(json.dumps(move))
            figures.moves += 1
        deadline = time.perf_counter() + ANSWER_WAIT
        while not self.answered and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        if not self.answered:
            figures.errors.append(f"{self.code}: a move was not answered in {ANSWER_WAIT:g} s")


# --- the run --------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


async def run_clients(
    server: Server | Servers, tables: list[tuple[str, list[str]]], args: argparse.Namespace
) -> tuple[Figures, dict[str, Any]]:
    figures = Figures()
    rng = random.Random(args.seed)
    began = time.perf_counter()
    until = began + args.seconds
    seats = [
        Seat(server.url, code, token, args.think, random.Random(rng.random()))
        for code, tokens in tables
        for token in tokens
    ]
    memory: dict[str, Any] = {"samples": []}

    async def sample() -> None:
        warm = began + min(10.0, args.seconds / 4)
        while True:
            now = time.perf_counter()
            memory["samples"].append((round(now - began, 1), server.rss()))
            if "warm" not in memory and now >= warm:
                memory["warm"] = server.rss()
            await asyncio.sleep(min(10.0, args.seconds / 4))

    sampler = asyncio.get_running_loop().create_task(sample())
    cpu, own = server.cpu(), time.process_time()
    await asyncio.wait_for(
        asyncio.gather(*(seat.play(figures, until) for seat in seats)),
        args.seconds + ANSWER_WAIT + 60,
    )
    memory["end"] = server.rss()
    memory["cpu"] = server.cpu() - cpu
    memory["client_cpu"] = time.process_time() - own
    memory["wall"] = time.perf_counter() - began
    memory["began"] = began
    sampler.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await sampler
    return figures, memory


def finished_hands(db: str) -> int:
    engine = create_engine(database_url(db))
    try:
        with engine.connect() as connection:
            query = text("select count(*) from hands where phh is not null")
            return int(connection.execute(query).scalar() or 0)
    finally:
        engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables (default 50)")
    parser.add_argument(
        "--clients", type=int, default=4, help="clients (seats) per table (default 4)"
    )
    parser.add_argument("--seconds", type=float, default=120.0, help="play time (default 120)")
    parser.add_argument("--quick", action="store_true", help="5 tables for 8 seconds: a smoke run")
    parser.add_argument("--db", metavar="URL", help="a PostgreSQL server (default: SQLite)")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds before a move (default 1.0)"
    )
    parser.add_argument(
        "--next-delay", type=float, default=2.0, help="seconds between hands (default 2)"
    )
    parser.add_argument(
        "--games", default=",".join(variants.names()), help="games, in turn (default: all)"
    )
    parser.add_argument("--seed", type=int, default=2026, help="the bots' choices")
    parser.add_argument(
        "--processes",
        type=int,
        help="this many servers on one PostgreSQL database (--db) behind nginx (docs/deploy.md)",
    )
    parser.add_argument("--json", action="store_true", help="the figures as JSON on stdout")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    parser.add_argument(
        "--sqlite-synchronous",
        choices=("FULL", "NORMAL"),
        help="SQLite's synchronous in WAL mode, instead of the server's own (FULL)",
    )
    parser.add_argument(
        "--profile",
        metavar="PATH",
        help="profile the server (cProfile): PATH.loop, PATH.writer (pstats files)",
    )
    args = parser.parse_args()
    if args.quick:
        args.tables, args.seconds = min(args.tables, 5), min(args.seconds, 8.0)
    if not 1 <= args.tables <= 500 or not 0 < args.seconds <= 3600:
        parser.error("--tables runs from 1 to 500 and --seconds from 0 to 3600")
    games = args.games.split(",")
    unknown = sorted(set(games) - set(variants.names()))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}")
    most = min(variants.get(game).max_players for game in games)
    if not 2 <= args.clients <= most:
        parser.error(f"--clients runs from 2 to {most} (the most players of the games)")
    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
    if args.processes is not None:
        if args.db is None or not 1 <= args.processes <= 16:
            parser.error("--processes takes 1 to 16 servers, on PostgreSQL (--db)")
        if not NGINX.exists():
            parser.error(f"--processes needs nginx at {NGINX} (apt-get install nginx)")

    load_start = os.getloadavg()
    say(f"load average {' '.join(f'{x:.2f}' for x in load_start)} on {os.cpu_count()} cores")
    with (
        tempfile.TemporaryDirectory(prefix="splitpot-load-") as folder,
        database(args.db, Path(folder)) as db,
    ):
        backend = "sqlite" if args.db is None else make_url(database_url(db)).get_backend_name()
        front = contextlib.ExitStack()
        if args.processes is None:
            server: Server | Servers = Server(
                db, Path(folder), args.next_delay, args.profile, args.sqlite_synchronous
            )
        else:
            server = front.enter_context(behind_nginx(db, Path(folder), args.processes, args))
        try:
            rss_up = server.rss()
            made = time.perf_counter()
            tables = make_tables(server.url, games, args.tables, args.clients)
            say(
                f"{args.tables} tables of {args.clients} made in "
                f"{time.perf_counter() - made:.1f} s; "
                f"{backend}; playing {args.seconds:g} s, think {args.think:g} s"
            )
            figures, memory = asyncio.run(run_clients(server, tables, args))
        finally:
            server.stop()
            front.close()
        problems = server.problems()
        inside, commits, writes, busy, batches = server.moves()
        collections = server.collections()
        hands = finished_hands(db)

    lat = figures.latencies or [float("nan")]
    settled = memory["began"] + min(WARM_UP, args.seconds / 4)
    late = [x for x, at in zip(figures.latencies, figures.sent, strict=True) if at >= settled]
    late = late or [float("nan")]
    errors = figures.errors + [f"server: {line}" for line in problems]
    warm = memory.get("warm", memory["end"])
    result = {
        "backend": backend,
        "processes": args.processes or 1,
        "nginx": args.processes is not None,
        "tables": args.tables,
        "clients": args.clients * args.tables,
        "seconds": round(memory["wall"], 1),
        "think": args.think,
        "moves": figures.moves,
        "answered": len(figures.latencies),
        "moves_per_second": round(figures.moves / memory["wall"], 1),
        "snapshots": figures.snapshots,
        "hands": hands,
        "errors": len(errors),
        "p50_ms": round(statistics.median(lat) * 1000, 2),
        "p99_ms": round(percentile(lat, 0.99) * 1000, 2),
        "max_ms": round(max(lat) * 1000, 2),
        "settled_p99_ms": round(percentile(late, 0.99) * 1000, 2),
        "settled_max_ms": round(max(late) * 1000, 2),
        "rss_up_mb": round(rss_up / 2**20, 1),
        "rss_warm_mb": round(warm / 2**20, 1),
        "rss_end_mb": round(memory["end"] / 2**20, 1),
        "rss_samples_mb": [(t, round(r / 2**20, 1)) for t, r in memory["samples"]],
        "server_cpu_share": round(memory["cpu"] / memory["wall"], 2),
        "clients_cpu_share": round(memory["client_cpu"] / memory["wall"], 2),
        "load_average_start": [round(x, 2) for x in load_start],
        "load_average_end": [round(x, 2) for x in os.getloadavg()],
        "server_moves": len(inside),
        "commits": commits,
        "writes": writes,
        "writes_per_commit": round(writes / commits, 2) if commits else None,
        "commit_ms": round(busy / commits * 1000, 2) if commits else None,
        "writer_busy_share": round(busy / memory["wall"], 2),
        "gc_full": sum(1 for g, _ in collections if g == 2),
        "gc_full_max_ms": round(max((t for g, t in collections if g == 2), default=0) * 1000, 2),
        "gc_max_ms": round(max((t for _, t in collections), default=0) * 1000, 2),
    }
    for name, values in (
        ("server_wall", [wall for wall, _, _ in inside]),
        ("server_cpu", [cpu for _, cpu, _ in inside]),
        ("server_cpu_hand_end", [cpu for _, cpu, ended in inside if ended]),
        ("batch", batches),
    ):
        values = values or [float("nan")]
        for label, share in (("p50", 0.5), ("p99", 0.99)):
            result[f"{name}_{label}_ms"] = round(percentile(values, share) * 1000, 2)
        result[f"{name}_max_ms"] = round(max(values) * 1000, 2)
    targets = {
        "zero errors": not errors,
        f"p99 < {P99_TARGET * 1000:g} ms": result["p99_ms"] < P99_TARGET * 1000,
        f"memory flat (end within {FLAT:.0%} of warm)": memory["end"] <= warm * (1 + FLAT),
    }
    if args.json:
        print(json.dumps({**result, "targets": targets, "first_errors": errors[:10]}))
    else:
        print(
            f"{result['clients']} clients, {result['moves']} moves "
            f"({result['moves_per_second']}/s), {result['snapshots']} snapshots received, "
            f"{hands} hands played in {result['seconds']} s"
        )
        print(
            f"action -> view: p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
            f"max {result['max_ms']} ms ({result['answered']} answered); moves sent after the "
            f"first {min(WARM_UP, args.seconds / 4):g} s: p99 {result['settled_p99_ms']} ms, "
            f"max {result['settled_max_ms']} ms"
        )
        print(
            f"server RSS: {result['rss_up_mb']} MB up, {result['rss_warm_mb']} MB once all "
            f"play, {result['rss_end_mb']} MB at the end; samples (s, MB): "
            f"{result['rss_samples_mb']}"
        )
        print(
            "inside the server, a move taken (engine, its commit awaited, snapshots; the CPU "
            "is the loop's meanwhile, other tables' too): wall p50 "
            f"{result['server_wall_p50_ms']} / p99 {result['server_wall_p99_ms']} / max "
            f"{result['server_wall_max_ms']} ms; CPU p50 {result['server_cpu_p50_ms']} / p99 "
            f"{result['server_cpu_p99_ms']} / max {result['server_cpu_max_ms']} ms "
            f"(a hand's last move: CPU p50 {result['server_cpu_hand_end_p50_ms']} ms)"
        )
        print(
            f"the store: {writes} writes in {commits} commits "
            f"({result['writes_per_commit']} writes a commit: group commit); a commit took "
            f"{result['commit_ms']} ms on average (a batch p50 {result['batch_p50_ms']} / p99 "
            f"{result['batch_p99_ms']} / max {result['batch_max_ms']} ms), the writer busy "
            f"{result['writer_busy_share']:.0%} of the time"
        )
        print(
            f"garbage collections in the server: {result['gc_full']} full (the longest "
            f"{result['gc_full_max_ms']} ms), the longest of any {result['gc_max_ms']} ms"
        )
        print(
            f"CPU: the server {result['server_cpu_share']:.0%} of one core, "
            f"the clients (this process) {result['clients_cpu_share']:.0%}"
        )
        print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"errors: {len(errors)}")
        for line in errors[:10]:
            print(f"  {line}")
        for name, ok in targets.items():
            print(f"{'PASS' if ok else 'FAIL'}  {name}")
    return 1 if args.strict and not all(targets.values()) else 0


if __name__ == "__main__":
    if sys.argv[1:2] == [AS_SERVER]:
        serve_timed(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        sys.exit(main())
