"""A finished game's recap: the map animated phase by phase, a chart of the sides' strength and
the victory measure, and a summary in words with the revealed seed.

Everything is rebuilt from the log: the game is replayed from its seed, and each position is
seen only through the system's public view, so the recap shows what the channel saw and
nothing more. Building is plain CPU work that runs in the worker pool, so only the workers
import the drawing (Pillow and the chart), not the process that talks to Discord; and this
module imports nothing of Discord or the database, which the post (:mod:`recap_post`) needs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from bot.play.log_replay import STEP_KINDS, replay_steps
from bot.play.phase_names import phase_of, turn_of
from bot.posting.recap_measures import Measures, Numbers
from bot.posting.text_fit import fit
from bot.storage.records import EventRecord, GameRecord
from games.core.engine import JSON, GameSystem, View, Viewer
from games.core.replay import replay
from games.core.text import counted

if TYPE_CHECKING:
    from renderers.recap import Banner, Film, Reel

Picture = Callable[[View, JSON], bytes | None]
"""Draws a view (a system's pairing's ``picture``)."""
Reeling = Callable[[Sequence[View]], "Reel"]
"""Draws a recap's frames from its phases' views (a system's pairing's ``reel``)."""

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot in a server without boosts."""
SIZE_GOAL = 2 * 1024 * 1024
"""An animation larger than this is drawn again narrower: well under the limit, and quick to
load on a phone."""
WIDTHS = (800, 640, 480, 320)
DRAWING = {"whole": True}
"""A system without frames of its own for a recap shows the whole map in every frame, so the
animation does not jump between close-ups."""
MOMENTS = 3
SUMMARY_LIMIT = 3500


class NotRecappable(Exception):
    """The log does not replay to the stored game, so no honest recap can be drawn."""


@dataclass(frozen=True)
class Phase:
    """One phase of the game as the channel saw it: its words, and its last position's view."""

    label: str
    turn: int | None
    view: View
    orders: int
    """How many logged steps the phase took."""


@dataclass
class Recap:
    """What is posted: the animation (None when the system has no picture), the chart, and
    the summary in words."""

    game: GameRecord
    title: str
    summary: str
    chart: bytes
    animation: bytes | None = None
    phases: list[Phase] = field(default_factory=list)
    """The phases, each with the public view its frame was drawn from."""
    page: str | None = None
    """The game as a web page to step through (None when the system has no picture)."""

    def animation_name(self) -> str:
        return f"recap-game-{self.game.id}.gif"

    def page_name(self) -> str:
        return page_name(self.game)

    def chart_name(self) -> str:
        return f"recap-game-{self.game.id}-chart.png"


def phases(system: GameSystem, game: GameRecord, events: list[EventRecord]) -> list[Phase]:
    """The game replayed from its seed and cut into phases: consecutive positions whose public
    view names the same phase, each kept as the view of its last position."""
    positions: list[JSON] = []
    report = replay(system, game.seed, replay_steps(events), watch=positions.append)
    if not report.ok:
        raise NotRecappable(report.problem)
    found: list[Phase] = []
    for state in positions:
        view = system.view(state, Viewer.public())
        label = phase_of(view)
        if found and found[-1].label == label:
            found[-1] = Phase(label, found[-1].turn, view, found[-1].orders + 1)
        else:
            found.append(Phase(label, turn_of(view), view, 1))
    return found


def build(
    system: GameSystem,
    picture: Picture | None,
    measures: Measures,
    game: GameRecord,
    events: list[EventRecord],
    reeling: Reeling | None = None,
) -> Recap:
    """The whole recap of a finished game (see the module's note), charting ``measures``
    (the system's pairing's); its frames drawn for a recap by ``reeling`` where the system
    has that, else the channel's own ``picture`` of each phase."""
    from renderers.recap import film

    cut = phases(system, game, events)
    strength = [measures.strength(p.view.picture) for p in cut]
    victory = [measures.victory(p.view.picture) for p in cut]
    recap = Recap(
        game,
        f"Recap · {system.title} · game {game.id}",
        summary(game, events, cut, strength, victory),
        _chart(f"{system.title} · game {game.id}, phase by phase", cut, strength, victory),
        phases=cut,
    )
    reel = _reel(cut, picture, reeling)
    if reel is not None:
        made = film(reel, f"{system.title} · game {game.id}")
        recap.animation = _within_goal(made, banners(cut))
        recap.page = _page(made, cut, events, recap.chart, recap.summary)
    return recap


def _chart(title: str, cut: list[Phase], strength: list[Numbers], victory: list[Numbers]) -> bytes:
    from renderers.recap import Chart, chart

    return chart(Chart(title, _ticks(cut), _series(strength), _series(victory)))


def page_name(game: GameRecord) -> str:
    return f"game-{game.id}.html"


def replay_page(
    system: GameSystem,
    picture: Picture | None,
    measures: Measures,
    game: GameRecord,
    events: list[EventRecord],
    reeling: Reeling | None = None,
) -> str | None:
    """The game so far as a web page (``/game export``): a finished game's with its summary
    and revealed seed, a running game's with neither (its seed is still secret)."""
    if game.result:
        return build(system, picture, measures, game, events, reeling).page
    from renderers.recap import film

    cut = phases(system, game, events)
    reel = _reel(cut, picture, reeling)
    if reel is None:
        return None
    strength = [measures.strength(p.view.picture) for p in cut]
    victory = [measures.victory(p.view.picture) for p in cut]
    title = f"{system.title} · game {game.id}, so far"
    drawn = _chart(title, cut, strength, victory)
    so_far = counted(len(cut), "phase")
    note = (
        f"In play: {so_far} so far. The seed is revealed when it ends."
        if game.status == "active"
        else f"Ended unfinished ({game.status}) after {so_far}."
    )
    return _page(film(reel, title), cut, events, drawn, note)


def _page(
    made: Film, cut: list[Phase], events: list[EventRecord], chart: bytes, words: str
) -> str | None:
    """The page: each phase's frame, heading and what the channel's log said in it (None
    when it is more than Discord would take)."""
    from renderers.replay_page import Moment, page

    said = [e.public_text or "" for e in events if e.kind in STEP_KINDS]
    moments, start = [], 0
    for phase in cut:
        lines = [line for line in said[start : start + phase.orders] if line]
        moments.append(Moment(phase.label, phase.turn, lines))
        start += phase.orders
    built = page(made, moments, chart, words.replace("**", ""))
    return built if len(built.encode()) <= UPLOAD_LIMIT else None


def _reel(cut: list[Phase], picture: Picture | None, reeling: Reeling | None) -> Reel | None:
    from renderers.recap import Reel, opened

    if reeling is not None:
        return reeling([p.view for p in cut])
    if picture is None:
        return None
    frames = [picture(p.view, dict(DRAWING)) for p in cut]
    if not all(frames):
        return None
    return Reel([opened(f) for f in frames if f])


def banners(cut: list[Phase]) -> list[Banner]:
    """Each frame's heading: its turn and phase, and its place among the phases."""
    from renderers.recap import Banner

    return [Banner(p.label, f"{n}/{len(cut)}") for n, p in enumerate(cut, 1)]


def _within_goal(made: Film, heads: list[Banner]) -> bytes | None:
    """The widest animation under the size goal; else the narrowest one tried, if Discord
    would take it at all (None if not: the recap is posted without it)."""
    from renderers.recap import animate, film

    for width in WIDTHS:
        narrow = made if made.size[0] <= width else film(made.reel, made.title, width)
        gif = animate(narrow, heads)
        if len(gif) <= SIZE_GOAL:
            return gif
    return gif if len(gif) <= UPLOAD_LIMIT else None


def _ticks(cut: list[Phase]) -> dict[int, str]:
    """The first phase of each turn, labelled with the turn, thinned to fit the axis."""
    firsts: dict[int, str] = {}
    seen: set[int] = set()
    for index, phase in enumerate(cut):
        if phase.turn is not None and phase.turn not in seen:
            seen.add(phase.turn)
            firsts[index] = f"T{phase.turn}"
    every = max(1, len(firsts) // 16 + (1 if len(firsts) % 16 else 0))
    return dict(list(firsts.items())[::every])


def _series(readings: list[Numbers]) -> dict[str, list[float]]:
    names = [name for reading in readings for name in reading]
    return {name: [reading.get(name, 0) for reading in readings] for name in dict.fromkeys(names)}


def summary(
    game: GameRecord,
    events: list[EventRecord],
    cut: list[Phase],
    strength: list[Numbers],
    victory: list[Numbers],
) -> str:
    """The recap in words: result, length, hits and losses, decisive moments, and the seed."""
    result = game.result or {}
    steps = [e for e in events if e.kind in STEP_KINDS and e.kind != "create"]
    by_bot = sum(1 for e in steps if e.kind == "bot")
    turns = max((p.turn for p in cut if p.turn is not None), default=None)
    lines = [f"**Result:** {result.get('summary') or game.status}"]
    length = f"{turns} turns, " if turns else ""
    lines.append(
        f"**Length:** {length}{len(cut)} phases, {len(steps)} orders ({by_bot} by the bot)."
    )
    lines += _hits_and_losses(strength)
    moments = decisive(cut, strength, victory)
    if moments:
        lines.append("**Decisive moments:**")
        lines += [f"- {moment}" for moment in moments]
    lines.append(
        f"**Dice:** the seed, revealed, is `{game.seed}`; its SHA-256 is the commitment "
        f"`{game.seed_commitment}` posted when the game began. `/game verify` replays every roll."
    )
    return fit("\n".join(lines), SUMMARY_LIMIT)


def _hits_and_losses(strength: list[Numbers]) -> list[str]:
    """Per strength measure: where it started and ended, what every fall from one phase to
    the next took (mostly hits) and what every rise brought (arrivals, rallies, re-entries)."""
    lines = []
    for name, values in _series(strength).items():
        lost = sum(max(0.0, a - b) for a, b in pairwise(values))
        gained = sum(max(0.0, b - a) for a, b in pairwise(values))
        lines.append(
            f"**{name}:** {values[0]:g} at the start, {values[-1]:g} at the end; "
            f"{lost:g} lost and {gained:g} gained along the way."
        )
    return lines


def decisive(cut: list[Phase], strength: list[Numbers], victory: list[Numbers]) -> list[str]:
    """The phases that changed the game most: the largest swings of any measure, relative to
    that measure's range, in the order they happened."""
    readings = [{**s, **v} for s, v in zip(strength, victory, strict=True)]
    series = _series(readings)
    swings: list[tuple[float, int, str]] = []
    for name, values in series.items():
        spread = (max(values) - min(values)) or 1
        for index in range(1, len(values)):
            change = values[index] - values[index - 1]
            if change:
                said = f"{name} {values[index - 1]:g} → {values[index]:g}"
                swings.append((abs(change) / spread, index, said))
    chosen = sorted(sorted(swings, reverse=True)[:MOMENTS], key=lambda swing: swing[1])
    return [f"{cut[index].label}: {said}." for _, index, said in chosen]
