"""nginx in front of ``splitpot serve`` processes, configured by the repository's deploy/nginx
(docs/deploy.md): for the failover test and benchmarks/load.py (which imports this file, so it
needs nothing but the standard library)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "nginx"
"""The nginx configuration in the repository."""


def free_port() -> int:
    """A port free on 127.0.0.1 now (for a server that must be started again on the same)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def nginx_prefix(folder: Path, http: str, ports: list[int]) -> Path:
    """An nginx prefix in ``folder``: the repository's deploy/nginx as conf/splitpot/ (its
    servers.conf listing ``ports``) and a main nginx.conf whose http block is ``http``; the
    main file's path."""
    conf = folder / "conf"
    shutil.copytree(DEPLOY, conf / "splitpot")
    servers = "".join(f"server 127.0.0.1:{p} max_fails=0;\n" for p in ports)
    (conf / "splitpot" / "servers.conf").write_text(servers)
    (folder / "logs").mkdir()
    user = "user root;\n" if os.getuid() == 0 else ""  # its workers read the test's folder
    main = conf / "nginx.conf"
    main.write_text(
        f"{user}worker_processes 1;\npid nginx.pid;\nevents {{ worker_connections 4096; }}\n"
        f"http {{\n  access_log off;\n{http}\n}}\n"
    )
    return main


@contextmanager
def run_nginx(binary: Path, folder: Path, ports: list[int]) -> Iterator[str]:
    """nginx on 127.0.0.1 (a free port) in front of the servers on ``ports``, configured by
    the repository's routing.conf and proxy.conf, its files in ``folder``; its base URL."""
    port = free_port()
    http = (
        "  include splitpot/routing.conf;\n"
        f"  server {{ listen 127.0.0.1:{port}; include splitpot/proxy.conf; }}"
    )
    main = nginx_prefix(folder, http, ports)
    command = [str(binary), "-p", str(folder), "-c", str(main), "-e", "stderr"]
    with (folder / "nginx.stderr").open("w") as err:
        process = subprocess.Popen([*command, "-g", "daemon off;"], stderr=err)
    try:
        until = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > until:
                    raise RuntimeError(
                        f"nginx did not start: {(folder / 'nginx.stderr').read_text()}"
                    ) from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)
