"""Giving an order from the private panel's step-by-step menu (bot.posting.steps) as a
player does: by reading the menu's options and choosing, never by building a custom id."""

from __future__ import annotations

from bot.posting.steps import BACK
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import JSON, Message

STEP_MENU = "lgn:"
MOST_MENUS = 12


def step_menu(panel: Message) -> str:
    """The custom id of the panel's step-by-step menu."""
    return _menu(panel)["custom_id"]


def step_labels(panel: Message) -> str:
    """Every option of every menu on the panel, as one line."""
    return " | ".join(
        o["label"]
        for row in panel.components
        for item in row["components"]
        if item["type"] == 3
        for o in item["options"]
    )


async def step_to(
    sandbox: DiscordSandbox,
    user: SandboxUser,
    panel: Message,
    key: str,
    amount: int | None = None,
    *,
    first: bool = False,
) -> int:
    """Reach the order ``key`` (with ``first``: the first order whose key begins so) in the
    panel's step-by-step menu: into the group whose key begins the order's, on to the next
    page when it is not on this one, then the order (with ``amount``, if given). The sandbox
    edits the panel's message in place. Returns how many menus were used."""
    for used in range(1, MOST_MENUS):
        menu = _menu(panel)
        values = [o["value"] for o in menu["options"]]
        wanted = f"o:{key}" if amount is None else f"o:{key}@{amount}"
        if first:
            wanted = next((v for v in values if v.startswith(f"o:{key}")), wanted)
        forward = [
            v
            for v in values
            if v.startswith("g:")
            and _label(menu, v) != BACK
            and _leads(v[2:].rpartition(":")[0], key, first=first)
        ]
        if wanted in values:
            chosen = wanted
        elif f"a:{key}" in values:
            chosen = f"a:{key}"
        elif forward:
            chosen = max(forward, key=len)
        else:
            chosen = next(v for v in values if _label(menu, v).startswith("More"))
        await sandbox.select(user, panel, [chosen], custom_id=menu["custom_id"])
        if chosen == wanted:
            return used
    raise AssertionError(f"{key} not reached on {panel.text()}")


def _leads(prefix: str, key: str, *, first: bool) -> bool:
    """Whether a group of this prefix holds the order (or, ``first``, orders beginning so)."""
    if f"{key}.".startswith(f"{prefix}."):
        return True
    return first and prefix.startswith(key)


def _menu(panel: Message) -> JSON:
    return next(
        item
        for row in panel.components
        for item in row["components"]
        if item["type"] == 3 and item["custom_id"].startswith(STEP_MENU)
    )


def _label(menu: JSON, value: str) -> str:
    return next(o["label"] for o in menu["options"] if o["value"] == value)
