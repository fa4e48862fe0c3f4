"""A tiny discord.py bot exercising what Laager uses: slash commands, views, files, DMs."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

from bot.sandbox import DiscordSandbox, discord_py_redirected

SYSTEMS = ["duel", "skirmish", "campaign"]


class GameView(discord.ui.View):
    """Persistent: custom_ids survive restarts, so any session can handle the clicks."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Fire", style=discord.ButtonStyle.danger, custom_id="game:fire")
    async def fire(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        button.disabled = True
        await interaction.response.edit_message(content="Volley fired!", view=self)

    @discord.ui.button(label="Retreat", custom_id="game:retreat")
    async def retreat(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.followup.send("You fall back.", ephemeral=True)

    @discord.ui.select(
        placeholder="Card",
        custom_id="game:card",
        options=[
            discord.SelectOption(label="Ambush", value="ambush"),
            discord.SelectOption(label="Rally", value="rally"),
        ],
    )
    async def card(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"Card played: {select.values[0]}")


Probe = Callable[[discord.Interaction], Awaitable[None]]


class ProbeView(discord.ui.View):
    """A button whose click runs the bot's current probe, like the /probe command."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Probe", custom_id="probe:click")
    async def click(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        client = interaction.client
        assert isinstance(client, DemoBot)
        await client.run_probe(interaction)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    comment = discord.ui.TextInput(label="Comment", custom_id="feedback:comment")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Thanks: {self.comment.value}")


game = app_commands.Group(name="game", description="Games")


@game.command(name="new", description="Start a game")
@app_commands.choices(
    mode=[
        app_commands.Choice(name="Solo", value="solo"),
        app_commands.Choice(name="Versus", value="versus"),
    ]
)
async def game_new(
    interaction: discord.Interaction,
    system: str,
    mode: app_commands.Choice[str],
    opponent: discord.Member | None = None,
    turns: int = 10,
) -> None:
    versus = f" against {opponent.display_name}" if opponent else ""
    embed = discord.Embed(title=f"New {system} game", description=f"Mode: {mode.value}{versus}")
    embed.add_field(name="Turns", value=str(turns))
    await interaction.response.send_message(embed=embed, view=GameView())


@game_new.autocomplete("system")
async def system_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=s.title(), value=s) for s in SYSTEMS if s.startswith(current)]


admin = app_commands.Group(name="admin", description="Admin")
config = app_commands.Group(name="config", description="Configure", parent=admin)


@config.command(name="set", description="Set things")
async def config_set(
    interaction: discord.Interaction,
    channel: discord.TextChannel,
    role: discord.Role,
    ratio: float,
    loud: bool,
) -> None:
    perms = interaction.permissions.manage_channels
    await interaction.response.send_message(
        f"{channel.name} {role.name} {ratio} {loud} manage_channels={perms}"
    )


class DemoBot(commands.AutoShardedBot):
    def __init__(self, name: str, guild_id: int) -> None:
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        self.name = name
        self.guild = discord.Object(guild_id)
        self.ready_event = asyncio.Event()
        self.probe: Probe | None = None
        """What /probe and the Probe button do; tests set it to try any route."""
        self.refusals: list[discord.HTTPException] = []
        self.tree.add_command(game)
        self.tree.add_command(admin)
        self._add_commands()

    async def setup_hook(self) -> None:
        self.add_view(GameView())
        self.add_view(ProbeView())
        await self.tree.sync()
        await self.tree.sync(guild=self.guild)

    async def on_ready(self) -> None:
        self.ready_event.set()

    async def run_probe(self, interaction: discord.Interaction) -> None:
        """Run the probe, keeping the HTTP errors Discord answers with for the test to read."""
        assert self.probe is not None
        try:
            await self.probe(interaction)
        except discord.HTTPException as error:
            self.refusals.append(error)

    def _add_commands(self) -> None:
        tree = self.tree

        @tree.command(description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"pong from {self.name}")

        @tree.command(description="Secret")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("for your eyes only", ephemeral=True)

        @tree.command(name="map", description="Map")
        async def map_command(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            buffer = io.BytesIO()
            Image.new("RGB", (32, 16), (200, 30, 30)).save(buffer, format="PNG")
            buffer.seek(0)
            await interaction.followup.send("The map", file=discord.File(buffer, "map.png"))

        @tree.command(description="DM someone")
        async def poke(interaction: discord.Interaction, user: discord.User) -> None:
            try:
                await user.send(f"{interaction.user.name} pokes you")
            except discord.Forbidden as error:
                await interaction.response.send_message(
                    f"cannot DM {user.name}: {error.code}", ephemeral=True
                )
                return
            await interaction.response.send_message(f"poked {user.name}")

        @tree.command(description="Never answers")
        async def ignore(interaction: discord.Interaction) -> None:
            return

        @tree.command(description="Where am I")
        async def where(interaction: discord.Interaction) -> None:
            channel = interaction.channel
            kind = type(channel).__name__
            await interaction.response.send_message(f"{kind}", view=GameView())

        @tree.command(description="Only in the test guild", guild=self.guild)
        async def local(interaction: discord.Interaction, note: str = "") -> None:
            await interaction.response.send_message(f"guild command {note}".strip())

        @tree.command(description="Edits its own answers")
        async def revise(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            await interaction.edit_original_response(content="second")
            extra = await interaction.followup.send("extra", wait=True)
            await interaction.followup.edit_message(extra.id, content="extra, revised")
            await interaction.delete_original_response()

        @tree.command(description="Runs the probe a test set")
        async def probe(interaction: discord.Interaction) -> None:
            await self.run_probe(interaction)

        @tree.command(description="Runs the probe anywhere a user install reaches")
        @app_commands.allowed_installs(guilds=True, users=True)
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
        async def anywhere(interaction: discord.Interaction) -> None:
            await self.run_probe(interaction)

        @tree.command(description="Feedback")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(FeedbackModal())


@asynccontextmanager
async def running_bot(sandbox: DiscordSandbox, name: str = "bot") -> AsyncIterator[DemoBot]:
    """Start a DemoBot against the sandbox; close it (and its HTTP session) on exit."""
    bot = DemoBot(name, sandbox.guild_id)
    with discord_py_redirected(sandbox.api_base, sandbox.gateway_url):
        task = asyncio.create_task(bot.start(sandbox.token))
        try:
            yield bot
        finally:
            await bot.close()
            await task
