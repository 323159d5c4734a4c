"""A short run of the load benchmark (benchmarks/load.py): two tables of two clients for two
seconds over real WebSockets play with no error, and every move sent is answered and timed.
Its figures are not asserted (targets are the benchmark's, never a test's)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from dbtools import DATABASES

LOAD = Path(__file__).resolve().parents[2] / "benchmarks" / "load.py"


def test_a_short_load_run_plays_hands_without_errors_and_times_every_move() -> None:
    command = [sys.executable, str(LOAD), "--tables", "2", "--clients", "2", "--seconds", "2"]
    command += ["--think", "0.05", "--next-delay", "0.2", "--json"]
    if DATABASES.server is not None:  # pytest --db: the benchmark's database on that server
        command += ["--db", DATABASES.server.render_as_string(hide_password=False)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["backend"] == DATABASES.backend
    assert result["errors"] == 0, result["first_errors"]
    assert result["clients"] == 4
    assert result["moves"] > 0
    assert result["answered"] == result["moves"]  # each move's snapshot came back
    assert result["server_moves"] == result["moves"]  # and the server took each one
    assert result["hands"] >= 1  # at 0.05 s a move, a hand of two ends well within 2 s
    for key in ("p50_ms", "p99_ms", "max_ms", "server_cpu_p50_ms", "server_cpu_hand_end_p50_ms"):
        assert math.isfinite(result[key]), key
        assert result[key] > 0, key
    assert result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["rss_up_mb"] > 0
    assert result["rss_end_mb"] > 0
