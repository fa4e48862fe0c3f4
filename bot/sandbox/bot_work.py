"""Knowing when a bot running in the sandbox's own process has finished what an interaction
set off, so that a driver call returns as soon as it has instead of after a quiet spell.

discord.py runs each interaction in tasks it names (the ``on_interaction`` event, the command
tree's invoker, a view's or modal's dispatch). A task factory on the loop follows those tasks
and every task they start, at any depth: the bot is busy while one of them is unfinished. A
bot in another process is not seen: until a task of an interaction turns up here, the driver
waits for a quiet spell as before.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine, Generator
from typing import Any

from bot.sandbox.activity import ActivityMonitor

INTERACTION_TASKS = ("discord.py: on_interaction", "CommandTree-invoker", "discord-ui-")
"""Prefixes of the names discord.py gives the tasks that handle an interaction."""
IDLE_TASKS = ("discord-ui-view-timeout-",)
"""Named like an interaction's tasks, but started when a view times out, not by a player."""
WAITING_COROUTINES = ("__timeout_task_impl",)
"""A view's timeout timer: it waits for minutes without working and is not the bot's answer."""


class _Lineage:
    """Shared by a task and all it starts: whether they descend from an interaction."""

    __slots__ = ("followed",)

    def __init__(self) -> None:
        self.followed = False


_LINEAGE: contextvars.ContextVar[_Lineage | None] = contextvars.ContextVar(
    "sandbox_lineage", default=None
)


class BotWork:
    """The tasks an in-process bot runs for interactions, each numbered as it is followed
    (a :class:`~bot.sandbox.activity.BotWorkProbe`). The activity monitor hears of each
    task's start and end."""

    def __init__(self, activity: ActivityMonitor) -> None:
        self._activity = activity
        self._live: dict[asyncio.Future[Any], int] = {}
        self._started = 0
        self._here = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._previous: Any = None

    @property
    def here(self) -> bool:
        return self._here

    @property
    def started(self) -> int:
        return self._started

    def busy(self, since: int) -> bool:
        """Whether a task followed after the mark ``since`` is unfinished: work that an
        earlier interaction set off and still runs (a long estimate, say) is not waited for."""
        return any(number >= since for number in self._live.values())

    def install(self) -> None:
        """Follow the tasks of the running loop from now on."""
        self._loop = asyncio.get_running_loop()
        self._activity.bot_work = self
        self._previous = self._loop.get_task_factory()
        self._loop.set_task_factory(self._create)

    def uninstall(self) -> None:
        if self._loop is not None:
            self._loop.set_task_factory(self._previous)
            self._loop = None
        self._live.clear()
        self._activity.bot_work = None

    def _create(
        self,
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any] | Generator[Any, None, Any],
        **kwargs: Any,
    ) -> asyncio.Future[Any]:
        """Every task starts in a context of its own whose lineage says whether it is followed;
        a child shares its parent's lineage. discord.py names its tasks after creating them
        (or passes the name here, on newer Pythons), so the name is read in either place."""
        lineage = _LINEAGE.get()
        context: contextvars.Context = kwargs.pop("context", None) or contextvars.copy_context()
        if lineage is None or not lineage.followed:
            lineage = _Lineage()
            context.run(_LINEAGE.set, lineage)
        name = kwargs.pop("name", None)
        task = _NamedTask(coro, loop=loop, context=context, lineage=lineage, on_named=self._named)
        if name is not None:
            task.set_name(name)
        if lineage.followed and not _waits(coro):
            self._follow(task)
        return task

    def _named(self, task: _NamedTask, name: str) -> None:
        if name.startswith(INTERACTION_TASKS) and not name.startswith(IDLE_TASKS):
            task.lineage.followed = True
            self._here = True
            self._follow(task)

    def _follow(self, task: asyncio.Future[Any]) -> None:
        if task in self._live or task.done():
            return
        self._live[task] = self._started
        self._started += 1
        task.add_done_callback(self._finished)
        self._activity.touch()

    def _finished(self, task: asyncio.Future[Any]) -> None:
        self._live.pop(task, None)
        self._activity.touch()


class _NamedTask(asyncio.Task):  # type: ignore[type-arg]
    """A task that says when it is given a name."""

    def __init__(
        self,
        coro: Any,
        *,
        loop: Any,
        context: contextvars.Context,
        lineage: _Lineage,
        on_named: Callable[[_NamedTask, str], None],
    ) -> None:
        self.lineage = lineage
        self._on_named = on_named
        super().__init__(coro, loop=loop, context=context)

    def set_name(self, value: object) -> None:
        super().set_name(value)
        self._on_named(self, str(value))


def _waits(coro: object) -> bool:
    name = getattr(coro, "__qualname__", "") or ""
    return name.endswith(WAITING_COROUTINES)
