"""The Ray backend against a local Ray started once for this module: the same results as the
process backend for the same seed (simulate and soak), through Python and the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("ray")

import ray

from splitpot import variants
from splitpot.cli import main
from splitpot.sim import hand_seeds
from splitpot.sim.parallel import Job, run


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[Any]:
    """One small local Ray for the module (two CPUs, no dashboard), shut down after it."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_local_result() -> None:
    job = Job(variants.get("stud5buy"), ("random", "heuristic", "random"), (150,) * 3)
    seeds = hand_seeds(17, 90)
    local = run(job, seeds)
    assert run(job, seeds, backend="ray") == local
    assert ray.is_initialized()  # the session it found is left running


def test_simulate_and_soak_on_ray_from_the_command_line() -> None:
    base = ["simulate", "--game", "nasdaq", "--players", "3", "--hands", "40", "--seed", "9",
            "--bots", "random,call,random", "--json"]  # fmt: skip
    local = CliRunner().invoke(main, base)
    remote = CliRunner().invoke(main, [*base, "--backend", "ray"])
    assert remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout)["net"] == json.loads(local.stdout)["net"]
    soak = ["soak", "--hands", "30", "--seed", "2", "--json"]
    one = json.loads(CliRunner().invoke(main, soak).stdout)
    on_ray = CliRunner().invoke(main, [*soak, "--backend", "ray"])
    assert on_ray.exit_code == 0, on_ray.output
    two = json.loads(on_ray.stdout)
    del one["seconds"], two["seconds"]
    assert two == one
    assert two["failures"] == 0
