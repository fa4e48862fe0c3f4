"""A new game system needs its own engine, renderer and bot folders and one registration line,
and nothing else (games/README.md). A throwaway race is written into a copy of the code at
exactly those places, registered through EXTRA_SYSTEMS, checked against the import
contracts, and played to its end from the buttons by a bot running from the copy."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox import components as parts
from bot.sandbox.models import Message
from tests.e2e.conftest import is_recap, newest_post
from tests.e2e.processes import ROOT, bot_env

pytestmark = pytest.mark.slow

ENGINE = '''"""A race of eight squares: each turn the runner on move runs (1 to 3 squares,
rolled) or steps (1 square); the first home wins."""

from __future__ import annotations

from typing import ClassVar

from games.core.dice import Dice
from games.core.engine import JSON, Event, Mode, Order, Outcome, Result, Scenario, Secret, View
from games.core.engine import Viewer
from games.core.errors import NotYourTurn, RuleError, UnknownAction
from games.core.versions import Upgrade

SIDES = ("hare", "tortoise")
HOME = 8


class Race:
    id = "race"
    title = "Race (throwaway)"
    sides = SIDES
    state_version = 1
    upgrades: ClassVar[dict[int, Upgrade]] = {}
    logged_options: ClassVar[JSON] = {}
    scenarios: ClassVar[dict[str, Scenario]] = {
        "standard": Scenario("standard", "Standard", "Eight squares to home.")
    }
    modes: ClassVar[dict[str, Mode]] = {
        "solo": Mode("solo", "Solo against the bot", "others"),
        "two-player": Mode("two-player", "Two players"),
    }

    def new(self, scenario: str, options: JSON, dice: Dice) -> Outcome:
        state = {"turn": 1, "next": "hare", "at": {side: 0 for side in SIDES}}
        return Outcome(state, [Event("The race begins; the hare runs first.")])

    def to_act(self, state: JSON) -> tuple[str, ...]:
        return () if self.result(state) else (state["next"],)

    def legal_orders(self, state: JSON, side: str) -> list[Order]:
        if side not in self.to_act(state):
            return []
        return [
            Order("run", "Run 1-3 squares", {"type": "run"}, kind="run"),
            Order("step", "Step 1 square", {"type": "step"}, kind="step"),
        ]

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        if action.get("type") not in ("run", "step"):
            raise UnknownAction("Run or step.")
        if self.result(state):
            raise RuleError("The race is over.")
        if side != state["next"]:
            raise NotYourTurn(f"It is the {state['next']}'s turn.")
        squares = dice.roll(3, f"{side} runs") if action["type"] == "run" else 1
        at = {**state["at"], side: min(HOME, state["at"][side] + squares)}
        other = SIDES[1 - SIDES.index(side)]
        turn = state["turn"] + (other == "hare")
        new = {"turn": turn, "next": other, "at": at}
        return Outcome(new, [Event(f"The {side} moves {squares} to square {at[side]}.")])

    def bot_action(self, state: JSON, side: str, dice: Dice) -> JSON:
        return {"type": "run"}

    def result(self, state: JSON) -> Result | None:
        for side in SIDES:
            if state["at"][side] >= HOME:
                return Result(side, f"The {side} is home.")
        return None

    def view(self, state: JSON, viewer: Viewer) -> View:
        lines = [f"The {side} is on square {state['at'][side]} of {HOME}." for side in SIDES]
        picture = {"turn": state["turn"], "phase": "running", "at": state["at"]}
        return View(viewer, "Race", lines, picture)

    def secrets(self, state: JSON) -> list[Secret]:
        return []

    def sample_hidden(self, state: JSON, viewer: Viewer, dice: Dice) -> JSON:
        return state


SYSTEM = Race()
'''

RENDERER = '''"""The race's track: a square per step, each runner's counter on its square."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.core.engine import JSON, View
from renderers.png import encode
from renderers.theme import PAPER, font


def render(view: View, options: JSON) -> bytes | None:
    image = Image.new("RGB", (420, 120), PAPER)
    draw = ImageDraw.Draw(image)
    for row, (side, at) in enumerate(view.picture["at"].items()):
        top = 20 + 50 * row
        for square in range(9):
            draw.rectangle((90 + 36 * square, top, 122 + 36 * square, top + 32), outline="black")
        draw.ellipse((94 + 36 * at, top + 4, 118 + 36 * at, top + 28), fill="darkred")
        draw.text((8, top + 6), side, fill="black", font=font(16))
    return encode(image)
'''

PAIRING = '''"""The race on the bot: its track, its command and where it works, what a recap
counts."""

from __future__ import annotations

from typing import Any

from bot.posting.pairing import Pairing
from bot.posting.places import ANYWHERE
from bot.posting.recap_measures import Measures, Numbers
from games.race.system import SYSTEM
from renderers import race


def _squares(picture: dict[str, Any]) -> Numbers:
    return {f"{side} square": at for side, at in picture["at"].items()}


def _lead(picture: dict[str, Any]) -> Numbers:
    return {"hare lead": picture["at"]["hare"] - picture["at"]["tortoise"]}


PAIRING = Pairing(
    SYSTEM,
    race.render,
    "bot.systems.race.cog",
    measures=Measures(_squares, _lead),
    places={"race": ANYWHERE},
)
'''

COG = '''"""The race's own command."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.common import LaagerCog
from bot.posting.host import Host


class RaceCog(LaagerCog):
    race = app_commands.Group(name="race", description="The throwaway race")

    @race.command(name="rules", description="How the race is run")
    async def rules(self, interaction: discord.Interaction[Host]) -> None:
        await interaction.response.send_message(
            "Run 1 to 3 squares or step 1; the first home wins.", ephemeral=True
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(RaceCog())
'''

DOCSTRING = '"""{}"""\n'
NEW_FILES = {
    "games/race/__init__.py": DOCSTRING.format("A throwaway race."),
    "games/race/system.py": ENGINE,
    "renderers/race.py": RENDERER,
    "bot/systems/race/__init__.py": DOCSTRING.format("The throwaway race on the bot."),
    "bot/systems/race/pairing.py": PAIRING,
    "bot/systems/race/cog.py": COG,
}
REGISTRATION = {"EXTRA_SYSTEMS": "bot.systems.race.pairing:PAIRING"}


def copy_with_race(to: Path) -> None:
    """The code and what it reads at run time (data, fonts, migrations), then the race."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("bot", "games", "renderers", "alembic"):
        shutil.copytree(ROOT / folder, to / folder, ignore=ignore)
    for name in ("pyproject.toml", "alembic.ini"):
        shutil.copy(ROOT / name, to / name)
    for path, text in NEW_FILES.items():
        (to / path).parent.mkdir(parents=True, exist_ok=True)
        (to / path).write_text(text)


def files_of(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for folder in ("bot", "games", "renderers")
        for path in (root / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def buttons(message: Message) -> list[str]:
    return [button["label"] for button in parts.clickable_buttons(message.components)]


async def test_a_throwaway_system_in_its_own_folders_plays_to_its_end(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser, tmp_path: Path
) -> None:
    copy = tmp_path / "laager"
    copy_with_race(copy)
    here, there = files_of(ROOT), files_of(copy)
    touched = sorted(path for path in there if here.get(path) != there[path])
    assert touched == sorted(NEW_FILES)

    contracts = await asyncio.create_subprocess_exec(
        str(Path(sys.executable).with_name("lint-imports")),
        "--no-cache",
        "--no-logo",
        cwd=copy,
        stdout=asyncio.subprocess.PIPE,
    )
    said, _ = await contracts.communicate()
    assert contracts.returncode == 0, said.decode()

    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.process.cli",
        "run",
        cwd=copy,
        env=bot_env(sandbox, sqlite_url, **REGISTRATION),
    )
    try:
        await sandbox.wait_ready()
        registered = {c["name"]: c for c in sandbox.registered_commands()}
        assert registered["race"]["contexts"] == [0, 1, 2], "its pairing's places are used"
        rules = await sandbox.slash(alice, "race rules")
        assert rules.ephemeral and "first home wins" in rules.response.content

        started = await sandbox.slash(alice, "game new", {"system": "race", "mode": "solo"})
        post = started.response
        assert post is not None and "Run 1-3 squares" in buttons(post)
        assert any(a.filename.endswith(".png") for a in post.attachments)
        for _ in range(20):
            labels = buttons(post)
            if "Run 1-3 squares" not in labels:
                break
            await sandbox.click(alice, post, label="Run 1-3 squares")
            post = newest_post(sandbox)
        assert "is home" in post.text(), post.text()
        for _ in range(100):
            if any(is_recap(m) for m in sandbox.messages()):
                break
            await asyncio.sleep(0.1)
        [recap] = [m for m in sandbox.messages() if is_recap(m)]
        charted = recap.text()  # the summary names the strength measures it read
        assert "**tortoise square:** 0 at the start" in charted, charted
    finally:
        child.terminate()
        await child.wait()
