"""Giving an order from a button, a menu or the private panel, and showing the panel."""

from __future__ import annotations

from bot.play.errors import GameMovedOn
from bot.play.service import Update
from bot.posting.announce import post_update
from bot.posting.interactions import Interaction, actor_of, place_of, refuse, shown_to
from bot.posting.steps import AMOUNT, Step, parse
from bot.posting.text_fit import fit
from bot.posting.ui import panel_view
from games.core.engine import JSON, Viewer, hidden_from, readable_by
from games.core.errors import LaagerError

PANEL_TEXT_LIMIT = 1900


async def choose(
    interaction: Interaction,
    game_id: int,
    position: str,
    key: str | None,
    *,
    own: bool = False,
    action: JSON | None = None,
) -> None:
    """Apply the order a component stands for, if it still belongs to the position.

    A public button retires its own post's buttons; a panel button updates the panel in
    place, so the player can go on giving orders from it. The press is acknowledged first
    (a deferred update shows nothing), so a slow database cannot outlast Discord's 3 s. An
    order given with a smaller amount than its listed one comes spelled out (``action``).
    """
    service = interaction.client.service
    if not interaction.response.is_done():
        await interaction.response.defer()
    try:
        update = await service.act(
            place_of(interaction),
            await actor_of(interaction),
            action,
            key=key,
            position=position,
            game_id=game_id,
        )
    except GameMovedOn as error:
        if own and await refresh_panel(interaction, game_id):
            return
        await refuse(interaction, error.message)
        return
    except LaagerError as error:
        await refuse(interaction, error.message)
        return
    if own:
        panel = panel_message(interaction, update) | {"embeds": []}
        await post_update(interaction, update, panel=panel, order=True)
    else:
        await post_update(interaction, update, retire_buttons=True, order=True)


async def open_panel(interaction: Interaction, game_id: int) -> None:
    """Show the presser their own orders and hidden information, only to them ("thinking"
    first, privately, since the game is read from the database)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        game, system, seats = await interaction.client.service.current(place_of(interaction))
        if game.id != game_id:
            raise LaagerError("That game is over; this channel has moved on to another.")
        mine = [s for s in seats if s.user_id == interaction.user.id]
        if not mine:
            raise LaagerError(
                "This button opens the orders of the players of this game, and you have no "
                "seat in it. Watch the channel, or start your own game with `/game new`."
            )
    except LaagerError as error:
        await refuse(interaction, error.message)
        return
    update = Update(game, system, mine)
    await shown_to(interaction, game, update.position)
    hint = await interaction.client.store.wants_hints(interaction.user.id, system.id, game.id)
    panel = panel_message(interaction, update, hint=hint)
    if panel["view"] is None:
        del panel["view"]  # a new message takes no view at all, where an edit takes None
    await interaction.followup.send(**panel, ephemeral=True)


async def refresh_panel(interaction: Interaction, game_id: int) -> bool:
    """Bring a panel left behind by the game up to date, in place; False if the game is gone."""
    try:
        game, system, seats = await interaction.client.service.current(place_of(interaction))
    except LaagerError:
        return False
    if game.id != game_id:
        return False
    update = Update(game, system, seats)
    fresh = panel_message(interaction, update, note=MOVED_ON)
    await shown_to(interaction, game, update.position)
    await interaction.edit_original_response(**fresh, embeds=[])
    return True


MOVED_ON = "The game moved on before that order, so nothing was applied; here are your orders now."


async def step(interaction: Interaction, game_id: int, position: str, value: str) -> None:
    """A choice in the panel's step-by-step menu: give the order it names, or show the next
    step in place. A panel the game has left behind is brought up to date instead."""
    await interaction.response.defer()
    chosen = parse(value)
    if isinstance(chosen, str) and AMOUNT not in chosen:
        await choose(interaction, game_id, position, chosen, own=True)
        return
    try:
        game, system, seats = await interaction.client.service.current(place_of(interaction))
    except LaagerError as error:
        await refuse(interaction, error.message)
        return
    update = Update(game, system, seats)
    if game.id != game_id or update.position != position:
        if not await refresh_panel(interaction, game_id):
            await refuse(interaction, "That game is over; this channel has moved on to another.")
        return
    if isinstance(chosen, str):
        action = _lesser(interaction, update, chosen)
        if action is None:
            await refresh_panel(interaction, game_id)
            return
        await choose(interaction, game_id, position, None, own=True, action=action)
        return
    panel = panel_message(interaction, update, step=chosen)
    await interaction.edit_original_response(**panel, embeds=[])


def _lesser(interaction: Interaction, update: Update, key: str) -> JSON | None:
    """The action of an order given with a smaller amount (``key`` is the order's key, the
    amount mark and the amount), if the player's orders still hold it."""
    amounts = interaction.client.pairings[update.system.id].amounts
    base = key.partition(AMOUNT)[0]
    mine = [s.side for s in update.seats if s.user_id == interaction.user.id]
    for side in mine:
        for order in update.orders(side):
            if order.key == base and amounts is not None:
                for lesser in amounts(order):
                    if lesser.key == key:
                        return lesser.action
    return None


def panel_message(
    interaction: Interaction,
    update: Update,
    note: str | None = None,
    step: Step | None = None,
    *,
    hint: bool = False,
) -> dict:
    """The panel's words and components for the player's seats in ``update``, at ``step`` of
    its step-by-step menu (None: its start); with ``hint``, what the phase is for, from the
    system's guide (a first game's hints, see ``/game hints``)."""
    sides = [s.side for s in update.seats if s.user_id == interaction.user.id]
    state = update.game.state
    lines = [f"**{update.system.title} · game {update.game.id}** (only you see this)"]
    if note:
        lines.append(f"*{note}*")
    secrets = hidden_from(update.system, state, Viewer.public())
    for side in sides:
        known = [s.text for s in secrets if readable_by(s, Viewer.of_side(side))]
        if known:
            lines.append(f"{side.title()}, you alone know: " + "; ".join(known) + ".")
    waiting = [side for side in sides if side in update.system.to_act(state)]
    if update.result:
        lines.append(f"The game is over: {update.result.summary}")
    elif not waiting:
        lines.append("Nothing to order now; this panel updates when you next give an order.")
    else:
        lines.append("Your orders are below; this panel updates as you give them.")
    pairing = interaction.client.pairings[update.system.id]
    if hint and pairing.guide is not None and not update.result:
        phase = pairing.guide.phases.get(pairing.guide.phase_of(state))
        if phase is not None:
            lines.append(f"*Hint: {phase.title}: {phase.purpose}* (`/game hints off` hides these)")
    view = panel_view(update, waiting, pairing.layout, step, pairing.amounts) if waiting else None
    return {
        "content": fit("\n".join(lines), PANEL_TEXT_LIMIT),
        "view": view if view and view.children else None,
    }
