"""A throwaway PostgreSQL server a test may stop and start: Debian's binaries, a cluster made
with ``initdb`` in a new folder under /tmp, listening on a Unix socket only.

PostgreSQL refuses to run as root; as root (tests and CI run so) the cluster belongs to the
``postgres`` system user (``nobody`` where there is none) and its programs run through
``runuser``, as ``.ci/run`` does. ``fsync`` stays on: the tests that use it are about durability.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

__all__ = ["Cluster", "cluster", "pg_bin"]


def pg_bin() -> Path | None:
    """The newest installed server's programs (``initdb``, ``pg_ctl``), or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    found = [p for p in found if (p / "initdb").exists() and (p / "pg_ctl").exists()]
    return found[-1] if found else None


class Cluster:
    """A cluster in ``folder`` (its socket there too), run by ``owner`` (None: this user)."""

    def __init__(self, binaries: Path, folder: Path, owner: str | None) -> None:
        self.bin, self.folder, self.owner = binaries, folder, owner
        self.data = folder / "data"

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database as the ``splitpot`` user."""
        return f"postgresql+psycopg://splitpot@/postgres?host={self.folder}"

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        done = subprocess.run(
            command, cwd=self.folder, capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{program} failed: {done.stderr or done.stdout}\n{tail}")

    def init(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", "splitpot", "--auth=trust", "-E", "UTF8",
            "--no-locale", "--no-sync",
        )  # fmt: skip

    def start(self) -> None:
        """Start the server and wait until it takes connections."""
        options = f"-k {self.folder} -c listen_addresses=''"
        log = str(self.folder / "server.log")
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            log,
            "-w",
            "-t",
            "60",
            "-s",
            "-o",
            options,
            "start",
        )

    def stop(self) -> None:
        """Stop the server at once (``-m fast``: open sessions are cut, as in a crash of the
        connection; nothing committed is lost)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "-s", "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()


@contextmanager
def cluster() -> Iterator[Cluster]:
    """A new cluster, started; stopped and deleted after. Skips the test where PostgreSQL's
    programs are not installed."""
    binaries = pg_bin()
    if binaries is None:
        pytest.skip("PostgreSQL's server programs are not installed (/usr/lib/postgresql/*/bin)")
    owner = None
    if os.geteuid() == 0:  # the server refuses to run as root
        owner = "postgres" if shutil.which("runuser") and _user("postgres") else "nobody"
    folder = Path(tempfile.mkdtemp(prefix="splitpot-pg.", dir="/tmp"))  # a short socket path
    if owner is not None:
        shutil.chown(folder, owner)
    made = Cluster(binaries, folder, owner)
    try:
        made.init()
        made.start()
        yield made
    finally:
        if made.running():
            made.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
