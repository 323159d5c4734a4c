"""The Ray backend: the same chunks of hands as the process backend, run as Ray tasks.

Ray is an optional extra (``pip install 'splitpot[ray]'``). Without an address a private local
Ray is started for the run and shut down after it; with one (``ray://host:10001``, ``auto``,
``host:6379``) the run joins that cluster, whose nodes must have splitpot installed. When Ray is
already initialised in this process (a notebook, a test), that session is used and left running.
Results are returned in hand order, so they are the same as the local backend's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from splitpot.errors import BackendError, MissingExtra

__all__ = ["map_on_ray", "ray_module"]

J = TypeVar("J")
R = TypeVar("R")


def ray_module() -> Any:
    """The ``ray`` module, or a SplitpotError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise MissingExtra("the Ray backend needs Ray: pip install 'splitpot[ray]'") from None
    return ray


def _start(ray: Any, address: str | None) -> bool:
    """Connect to Ray unless this process already is; True when this call started it."""
    if ray.is_initialized():
        return False
    try:
        ray.init(
            address=address or "local",  # "local": always a private Ray, never another's
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    except (ConnectionError, ValueError, RuntimeError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        where = f"at {address}" if address else "locally"
        raise BackendError(f"cannot start or reach Ray {where}: {first}") from None
    return True


def map_on_ray(
    task: Callable[[J, int, Sequence[int]], R],
    job: J,
    pieces: list[tuple[int, Sequence[int]]],
    *,
    address: str | None = None,
    on_hands: Callable[[int], None] | None = None,
) -> Iterator[R]:
    """``task(job, start, seeds)`` for every piece as Ray tasks, results in order."""
    from splitpot.sim.parallel import in_order

    ray = ray_module()
    started = _start(ray, address)
    try:
        remote = ray.remote(task)
        shared = ray.put(job)  # sent to the object store once, not with every task
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))

        def submit(i: int) -> Any:
            start, seeds = pieces[i]
            return remote.remote(shared, start, list(seeds))

        def collect(handles: list[Any]) -> list[tuple[Any, R]]:
            finished, _ = ray.wait(handles, num_returns=1)
            return [(ref, ray.get(ref)) for ref in finished]

        yield from in_order(pieces, submit, collect, cpus * 4, on_hands)
    finally:
        if started:
            ray.shutdown()
