"""What the bot adds to a game system: how its views are drawn, its own cog, how its orders
are laid out as buttons and menus; the systems themselves know nothing of any of it."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from bot.posting.guide import Guide
from bot.posting.next_steps import CommandFor
from bot.posting.places import Places
from bot.posting.recap import Reeling
from bot.posting.recap_measures import Measures
from bot.posting.steps import Amounts
from bot.posting.ui import Layout, button_layout
from games.core.engine import JSON, GameSystem, View

Render = Callable[[View, JSON], bytes | None]
"""A pure function from a view and drawing options to PNG bytes (None: nothing to draw),
defined at the top of a module so the render pool can send it to a worker process."""


@dataclass(frozen=True)
class Pairing:
    """A system with what the bot adds to it: ``render`` draws its views (None: it has no
        picture), ``cog`` names the extension module of its own commands (None: ``/game``
        serves it alone), ``layout`` lays its orders out as buttons and menus and ``close_ups``
        gives the locations ``/game map zoom`` may centre on (None: the picture has no close-up);
        ``map_note`` says, under a posted picture that shows only part of the map, how to see it
        all; ``command_for`` names the slash command for an order that is not a button (None: such
        orders go through ``/game order``); ``measures`` says what a recap charts (None: the
        strength numbers its picture shows, if any); ``places`` says where each of the cog's
        commands may be used (a command not named there: a server only, the safe choice);
        ``private_options`` draw a player's own view (a hand of cards) to go with his hidden
    information, in the same DM (None: the words alone); ``amounts`` gives the smaller amounts
    an order may be given with (fewer warriors), which the panel offers after the order;
    ``guide`` teaches the game (``/game help`` and ``/game rules``; None: no guide); ``reel``
    draws a recap's frames from its phases' views, the map cut to where the game was played
    and its key once (None: each frame is the channel's own picture)."""

    system: GameSystem
    render: Render | None = None
    cog: str | None = None
    layout: Layout = button_layout
    close_ups: Callable[[], Collection[str]] | None = None
    map_note: str | None = None
    command_for: CommandFor | None = None
    measures: Measures | None = None
    places: Mapping[str, Places] = field(default_factory=dict)
    private_options: JSON | None = None
    amounts: Amounts | None = None
    guide: Guide | None = None
    reel: Reeling | None = None

    def picture(self, view: View, options: JSON) -> bytes | None:
        """A PNG of the view, or None when the system has no picture."""
        return None if self.render is None else self.render(view, options)


@dataclass(frozen=True)
class Toolkit:
    """Commands the bot offers beside its game systems (the referee's table): the extension
    modules that hold them and where each command may be used."""

    cogs: tuple[str, ...]
    places: Mapping[str, Places]
