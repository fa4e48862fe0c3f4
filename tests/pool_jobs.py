"""Which engine jobs went to the worker processes: what a test reads to know that work ran
off the event loop."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from bot.play import workers


def watch_pool_jobs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the jobs sent to the pool from now on (the engine's own job where
    :func:`bot.play.engine_work.work_out` wraps it)."""
    jobs: list[str] = []
    run = workers.POOL.run

    async def watched(job: Any, *args: Any, **kwargs: Any) -> Any:
        jobs.append(getattr(args[0], "__name__", job.__name__) if args else job.__name__)
        return await run(job, *args, **kwargs)

    monkeypatch.setattr(workers.POOL, "run", watched)
    return jobs


def loaded_modules() -> list[str]:
    """The modules a worker holds (run as a job: what it had loaded before its first job)."""
    return sorted(sys.modules)
