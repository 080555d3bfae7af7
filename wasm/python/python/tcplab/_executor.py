"""Where tcplab's independent runs go: this process's threads (the GIL is released while a
simulation runs), local processes, or a Dask cluster. Every task is a string and every
result a (ok, text) pair, so any engine can carry them; a task that fails, or a worker that
dies, fails only its own tasks, and the results come back in the tasks' order."""

from __future__ import annotations

import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Callable, List, Optional, Sequence, Tuple

Result = Tuple[bool, str]


def _guard(fn: Callable[[str], str], task: str) -> Result:
    try:
        return True, fn(task)
    except Exception as e:  # a failing point is reported, not raised
        return False, str(e.args[1] if len(e.args) == 2 else e)


def _dask_client(client: Any) -> Any:
    if isinstance(client, str):
        from dask.distributed import Client

        return Client(client)  # type: ignore[no-untyped-call]
    return client


def run_all(
    fn: Callable[[str], str],
    tasks: Sequence[str],
    *,
    client: Any = None,
    workers: Optional[int] = None,
    processes: bool = True,
) -> List[Result]:
    """``fn`` over ``tasks``: on ``client`` (a dask.distributed Client or a scheduler address)
    when given, else on ``workers`` local processes (threads with ``processes=False``; in
    this thread when ``workers`` is 1)."""
    if not tasks:
        return []
    if client is not None:
        return _on_dask(fn, tasks, _dask_client(client))
    n = workers or os.cpu_count() or 1
    if n == 1:
        return [_guard(fn, t) for t in tasks]
    pool: Executor
    if processes:
        import multiprocessing

        pool = ProcessPoolExecutor(
            max_workers=min(n, len(tasks)), mp_context=multiprocessing.get_context("spawn")
        )
    else:
        pool = ThreadPoolExecutor(max_workers=min(n, len(tasks)))
    with pool:
        futures = [pool.submit(_guard, fn, t) for t in tasks]
        out: List[Result] = []
        for f in futures:
            try:
                out.append(f.result())
            except Exception as e:  # the worker process died
                out.append((False, f"the worker stopped: {type(e).__name__}: {e}"))
        return out


def _on_dask(fn: Callable[[str], str], tasks: Sequence[str], client: Any) -> List[Result]:
    # pure=False: equal tasks (a repeated seed) still run, as they do locally.
    futures = client.map(_guard, [fn] * len(tasks), list(tasks), pure=False)
    out: List[Result] = []
    for f in futures:
        try:
            out.append(f.result())
        except Exception as e:  # KilledWorker and the like
            out.append((False, f"the worker stopped: {type(e).__name__}: {e}"))
    return out
