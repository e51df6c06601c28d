"""``--backend ray``: the tasks of a batch spread over a Ray cluster.

The cluster is the one ``RAY_ADDRESS`` names, else a local one started for the batch and
stopped after it; a driver already connected (a test's shared cluster) is used as it is.
Tasks travel in chunks, as with the local process pool, and their outcomes come back in the
order of the list, so a seed gives the same figures on either backend. Ray is imported only
here, and only when asked: it is an optional extra (``pip install 'popote[ray]'``).
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, TypeVar

from popote.core.errors import PopoteError, shown
from popote.core.i18n import Text

Task = TypeVar("Task")
Outcome = TypeVar("Outcome")

MISSING = Text(
    "--backend ray demande l'extra ray : pip install 'popote[ray]'",
    "--backend ray needs the ray extra: pip install 'popote[ray]'",
)
SILENT = Text(
    "le cluster Ray de RAY_ADDRESS ({address}) ne répond pas",
    "the Ray cluster of RAY_ADDRESS ({address}) does not answer",
)
REFUSED = Text(
    "le cluster Ray de RAY_ADDRESS ({address}) refuse la connexion : {reason}",
    "the Ray cluster of RAY_ADDRESS ({address}) refused the connection: {reason}",
)
KNOCK_SECONDS = 5.0


def load_ray() -> ModuleType:
    """The ``ray`` module, or a Popote error saying how to install it."""
    try:
        import ray  # noqa: PLC0415 - an optional extra, loaded only for --backend ray
    except ImportError as error:
        raise PopoteError(MISSING) from error
    # Where the extra is not installed (the compiled build's type check), ray is Any.
    module: ModuleType = ray
    return module


def play_chunk(work: Callable[[Task], Outcome], chunk: Sequence[Task]) -> list[Outcome]:
    """One Ray task: a run of consecutive tasks, so that short games do not each pay Ray's
    scheduling cost."""
    return [work(task) for task in chunk]


@contextmanager
def ray_outcomes(
    work: Callable[[Task], Outcome], tasks: Sequence[Task], jobs: int, chunk: int | None = None
) -> Iterator[Iterator[Outcome]]:
    """``work`` on every task over the cluster, outcomes in the order of the list.

    On leaving (the end, Ctrl-C or an error) what is still running is cancelled, and the
    connection made here is closed (which stops a local cluster started here)."""
    from popote.lab.simulate import chunk_size  # noqa: PLC0415 - simulate imports this module lazily

    ray = load_ray()
    connected = _connect(ray, jobs)
    try:
        remote = ray.remote(play_chunk)
        size = chunk or chunk_size(len(tasks), int(ray.cluster_resources().get("CPU", 1)))
        refs = [
            remote.remote(work, tasks[start : start + size]) for start in range(0, len(tasks), size)
        ]
        try:
            yield _gathered(ray, refs)
        finally:
            _, running = ray.wait(refs, num_returns=len(refs), timeout=0)
            for ref in running:
                ray.cancel(ref, force=True)
    finally:
        if connected:
            ray.shutdown()


@contextmanager
def ray_session(backend: str, jobs: int) -> Iterator[None]:
    """One connection for several batches in a row (``popote calibrate``'s rounds), instead
    of a cluster started and stopped for each; nothing for the local backend."""
    if backend != "ray":
        yield
        return
    ray = load_ray()
    connected = _connect(ray, jobs)
    try:
        yield
    finally:
        if connected:
            ray.shutdown()


def _connect(ray: ModuleType, jobs: int) -> bool:
    """Join ``RAY_ADDRESS``'s cluster or start a local one of ``jobs`` CPUs; whether a
    connection was made here (none when the driver is already connected)."""
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    address = os.environ.get("RAY_ADDRESS")
    if not address:
        ray.init(address="local", num_cpus=jobs, include_dashboard=False, **quiet)
        return True
    if not _answers(address):
        raise PopoteError(SILENT.format(address=shown(address)))
    try:
        ray.init(address=address, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as error:
        raise PopoteError(REFUSED.format(address=shown(address), reason=error)) from error
    return True


def _answers(address: str) -> bool:
    """Whether something listens at a ``[ray://]host:port`` address: Ray itself retries a
    silent one for minutes. Other forms (``auto``...) are left to Ray."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return True
    try:
        with socket.create_connection((host, int(port)), timeout=KNOCK_SECONDS):
            return True
    except OSError:
        return False


def _gathered(ray: ModuleType, refs: Sequence[Any]) -> Iterator[Outcome]:
    """The chunks' outcomes in order; a task's own error (a Popote error, Ctrl-C in a
    worker...) is raised as itself, as the local pool does."""
    for ref in refs:
        try:
            chunk: list[Outcome] = ray.get(ref)
        except ray.exceptions.RayTaskError as error:
            raise error.cause from error
        yield from chunk
