"""Worker processes whose pipes the event loop reads itself.

``concurrent.futures.ProcessPoolExecutor`` hands each job and result through two threads of
the bot's process (a queue feeder and a manager) and wakes the loop from them. At 100 busy
channels its manager thread alone took 14% of the bot's CPU, and every hand-over made the
loop and those threads take turns on the GIL. Here each worker has one pipe, the loop
watches it (``add_reader``) and reads a result the moment it is there, and a job is written
straight to an idle worker: in isolation (``tests/bench/workers.py --pools``) this costs the
bot a third of the CPU a job and half the wait.

A worker that dies (killed for memory, say) is replaced, and its job is given to another
worker once; a job that kills its worker twice fails with :class:`WorkerDied`. The workers
outlive the event loop that started them (tests run one loop after another): a pool used
from another loop watches their pipes there instead, and the results of jobs sent from a
loop now closed are dropped.
"""

from __future__ import annotations

import asyncio
import logging
import os
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.reduction import ForkingPickler
from typing import Any

log = logging.getLogger(__name__)
READY = "ready"
"""A worker's first message: its set-up is done; its pid follows."""
TRIES = 2
"""How many workers may die under one job before it fails."""


class WorkerDied(RuntimeError):
    """The job's worker process ended before answering, and so did the one it was retried on."""


def serve(connection: Connection, initializer: Callable[[], None]) -> None:
    """A worker's life: set up, say so, then run each job sent until told to stop (None) or
    the bot is gone (its end of the pipe closed: killed, say), when the worker leaves
    quietly. A job's error goes back with its traceback in a note."""
    initializer()
    connection.send((READY, os.getpid()))
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer: tuple[bool, Any] = (True, job())
        except BaseException as error:  # every error goes back to the caller
            answer = (False, _sendable(error))
        try:
            sent = _pickled(answer)
        except Exception as error:  # a result that cannot be pickled
            sent = _pickled((False, _sendable(error)))
        try:
            connection.send_bytes(sent)
        except OSError:
            return


def _pickled(answer: tuple[bool, Any]) -> bytes:
    return bytes(ForkingPickler.dumps(answer))


def _sendable(error: BaseException) -> BaseException:
    """The error with the worker's traceback noted on it, or, if it cannot be pickled, a
    RuntimeError that says what it was."""
    error.add_note("".join(traceback.format_exception(error)).rstrip())
    try:
        _pickled((False, error))
    except Exception:  # anything unpicklable is described instead
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    connection: Connection
    ready: asyncio.Future[int]
    job: tuple[Callable[[], Any], asyncio.Future[Any], int] | None = None
    pid: int = 0
    watched_by: asyncio.AbstractEventLoop | None = field(default=None, repr=False)


class LoopProcessPool:
    """``size`` worker processes, each set up by ``initializer`` (a module-level function)."""

    def __init__(self, size: int, initializer: Callable[[], None]) -> None:
        self.size = size
        self._initializer = initializer
        self._workers: list[_Worker] = []
        self._idle: deque[_Worker] = deque()
        self._waiting: deque[tuple[Callable[[], Any], asyncio.Future[Any], int]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> asyncio.Future[list[int]]:
        """Start the workers (those not running yet); done with their pids once all are set
        up."""
        self._staffed()
        return asyncio.gather(*(worker.ready for worker in self._workers))

    def submit(self, job: Callable[[], Any]) -> asyncio.Future[Any]:
        """Run ``job()`` (picklable by reference) in a worker; its result, or its error."""
        self._staffed()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((job, future, 0))
        self._dispatch()
        return future

    def close(self, wait: bool = False) -> None:
        """Stop the workers once they finish the job in hand; ``wait`` for them to exit. Every
        job not yet answered is cancelled: nothing reads the workers' answers any more."""
        owed = [future for _job, future, _tries in self._waiting]
        owed += [worker.job[1] for worker in self._workers if worker.job is not None]
        for future in owed:
            if _answerable(future):
                future.cancel()
        self._waiting.clear()
        self._idle.clear()
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.job = None
            self._unwatch(worker)
            try:
                worker.connection.send(None)
            except OSError:
                pass  # already gone
            if wait:
                worker.process.join()
            worker.connection.close()
        self._loop = None

    # -- the workers' pipes, read by the loop -------------------------------------------

    def _staffed(self) -> None:
        """Watch from the running loop, with every worker started."""
        self._watch_here()
        while len(self._workers) < self.size:
            self._spawn()
        for worker in self._workers:
            if worker.ready.cancelled():  # a start given up on: the worker is still coming
                self._ready_again(worker)

    def _spawn(self) -> None:
        context = get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=serve, args=(theirs, self._initializer), name="laager-worker", daemon=True
        )
        process.start()
        theirs.close()  # the worker's end: once it exits, reading ours finds the pipe closed
        assert self._loop is not None
        worker = _Worker(process, ours, self._loop.create_future())
        self._workers.append(worker)
        self._watch(worker)

    def _watch_here(self) -> None:
        """Watch the workers' pipes from the running loop; a pool first used from an earlier
        loop (now closed, or another thread's) moves its watch here and drops the jobs it
        was given there."""
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return
        self._loop = loop
        self._waiting.clear()
        for worker in self._workers:
            self._unwatch(worker)
            self._ready_again(worker)
            self._watch(worker)

    def _ready_again(self, worker: _Worker) -> None:
        """A new future of the worker's set-up on the pool's loop, done if it is."""
        assert self._loop is not None
        worker.ready = self._loop.create_future()
        if worker.pid:
            worker.ready.set_result(worker.pid)

    def _watch(self, worker: _Worker) -> None:
        assert self._loop is not None
        self._loop.add_reader(worker.connection.fileno(), self._readable, worker)
        worker.watched_by = self._loop

    def _unwatch(self, worker: _Worker) -> None:
        loop, worker.watched_by = worker.watched_by, None
        if loop is not None and not loop.is_closed():
            loop.remove_reader(worker.connection.fileno())

    def _readable(self, worker: _Worker) -> None:
        try:
            kind, value = worker.connection.recv()
        except (EOFError, OSError):
            self._lost(worker)
            return
        if kind == READY:
            worker.pid = value
            if not worker.ready.done():
                worker.ready.set_result(value)
        elif worker.job is not None:
            _job, future, _tries = worker.job
            worker.job = None
            if _answerable(future):
                if kind:
                    future.set_result(value)
                else:
                    future.set_exception(value)
        self._idle.append(worker)
        self._dispatch()

    def _dispatch(self) -> None:
        while self._idle and self._waiting:
            job, future, tries = self._waiting.popleft()
            if not _answerable(future):
                continue
            worker = self._idle.popleft()
            try:
                worker.connection.send(job)
            except OSError:
                self._waiting.appendleft((job, future, tries))
                self._lost(worker)
                continue
            except Exception as error:  # a job that cannot be pickled
                future.set_exception(error)
                self._idle.appendleft(worker)
                continue
            worker.job = (job, future, tries)

    def _lost(self, worker: _Worker) -> None:
        """A worker ended: replace it, and give its job to another once. One that ended while
        setting up is not replaced at once (it would only end again): the jobs waiting fail,
        and the next job starts another."""
        self._unwatch(worker)
        worker.connection.close()
        if worker.process.is_alive():
            worker.process.kill()
        if worker in self._workers:
            self._workers.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        log.warning("a render worker (pid %s) died; starting another", worker.pid or "?")
        if worker.job is not None:
            job, future, tries = worker.job
            if tries + 1 < TRIES:
                self._waiting.appendleft((job, future, tries + 1))
            elif _answerable(future):
                future.set_exception(WorkerDied("the job's worker died, and so did the next"))
        if not worker.ready.done():
            died = WorkerDied("a worker ended while it was setting up")
            worker.ready.set_exception(died)
            worker.ready.exception()  # retrieved: a caller of start() sees its gather fail
            for _job, future, _tries in self._waiting:
                if _answerable(future):
                    future.set_exception(died)
            self._waiting.clear()
            return
        self._spawn()
        self._dispatch()


def _answerable(future: asyncio.Future[Any]) -> bool:
    """Whether anyone can still be told: not cancelled, and its loop still running."""
    return not future.done() and not future.get_loop().is_closed()
