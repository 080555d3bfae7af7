"""Where tcplab's independent runs go: this process's threads (the GIL is released while a
simulation runs), local processes, or a Dask cluster. Every task is a string and every
result a (ok, text) pair, so any engine can carry them; a task that fails, or a worker that
dies, fails only its own task (a local process pool is rerun to find it; Dask retries a task
on other workers and gives up on it alone), and the results come back in the tasks' order."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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
    if not processes:
        with ThreadPoolExecutor(max_workers=min(n, len(tasks))) as threads:
            return list(threads.map(lambda t: _guard(fn, t), tasks))
    return _on_processes(fn, tasks, min(n, len(tasks)))


def _on_processes(fn: Callable[[str], str], tasks: Sequence[str], width: int) -> List[Result]:
    """``fn`` over ``tasks`` on ``width`` spawned processes. A process that dies (a crash, the
    out-of-memory killer) breaks the whole pool, and every task not finished by then fails
    with it, the ones it never ran included. So those are run again, one at a time, until the
    task that is running when a process dies is known: that one fails, with why, and the rest
    go on at full width. Tasks that finished are kept whatever happens after."""
    import multiprocessing

    spawn = multiprocessing.get_context("spawn")
    out: List[Optional[Result]] = [None] * len(tasks)
    pending = list(range(len(tasks)))
    isolate = False
    while pending:
        broken: List[int] = []
        why = ""
        with ProcessPoolExecutor(max_workers=1 if isolate else width, mp_context=spawn) as pool:
            futures = [(i, pool.submit(_guard, fn, tasks[i])) for i in pending]
            for i, f in futures:
                try:
                    out[i] = f.result()
                except BrokenProcessPool as e:
                    broken.append(i)
                    why = why or str(e)
                except Exception as e:  # the task or its result could not be carried
                    out[i] = (False, f"{type(e).__name__}: {e}")
        if broken and isolate:
            # One process, tasks in order: the first unfinished one was running when it died.
            out[broken[0]] = (False, f"its worker process died while running it ({why})")
            broken = broken[1:]
        isolate = bool(broken) and not isolate
        pending = broken
    return [r if r is not None else (False, "not run") for r in out]


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
