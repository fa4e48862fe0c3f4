"""Finding buttons, selects and modal inputs in component trees, as a player would."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from bot.sandbox.models import JSON, Message, SandboxError

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = (STRING_SELECT, 5, 6, 7, 8)
UNCLICKABLE_BUTTON_STYLES = (5, 6)
"""Link and premium buttons never reach the bot."""


def walk(components: Sequence[JSON]) -> Iterator[JSON]:
    """Every component, depth first, through rows, containers, sections and labels."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        for key in ("accessory", "component"):
            if component.get(key):
                yield from walk([component[key]])


def as_stored(components: Sequence[JSON]) -> list[JSON]:
    """Components as Discord stores them: numbered depth first, selects with value bounds."""
    stored = copy.deepcopy(list(components))
    used = {c["id"] for c in walk(stored) if isinstance(c.get("id"), int)}
    next_id = 1
    for component in walk(stored):
        if not isinstance(component.get("id"), int):
            while next_id in used:
                next_id += 1
            component["id"] = next_id
            used.add(next_id)
        if component.get("type") in SELECT_TYPES:
            component.setdefault("min_values", 1)
            component.setdefault("max_values", 1)
    return stored


def find_component(
    messages: Iterable[Message], pick: Callable[[Message], list[JSON]]
) -> tuple[Message, JSON] | None:
    """The first component `pick` accepts, on the first message (in order) that has one."""
    for message in messages:
        found = pick(message)
        if found:
            return message, found[0]
    return None


def clickable_buttons(components: Sequence[JSON]) -> list[JSON]:
    return [
        c
        for c in walk(components)
        if c.get("type") == BUTTON
        and c.get("style") not in UNCLICKABLE_BUTTON_STYLES
        and not c.get("disabled")
    ]


def usable_selects(components: Sequence[JSON]) -> list[JSON]:
    return [c for c in walk(components) if c.get("type") in SELECT_TYPES and not c.get("disabled")]


def matches_button(button: JSON, label: str | None, custom_id: str | None) -> bool:
    if custom_id is not None:
        return button.get("custom_id") == custom_id
    text = str(button.get("label") or (button.get("emoji") or {}).get("name") or "")
    return label is not None and (text == label or text.casefold() == label.casefold())


def matches_select(select: JSON, placeholder: str | None, custom_id: str | None) -> bool:
    if custom_id is not None:
        return select.get("custom_id") == custom_id
    if placeholder is None:
        return True
    text = str(select.get("placeholder") or "")
    return text == placeholder or text.casefold() == placeholder.casefold()


def string_select_values(select: JSON, wanted: Sequence[str]) -> list[str]:
    """Map each wanted entry (an option value or label) to the option's value."""
    options = select.get("options") or []
    values = []
    for entry in wanted:
        option = next((o for o in options if o.get("value") == entry), None) or next(
            (o for o in options if str(o.get("label", "")).casefold() == entry.casefold()), None
        )
        if option is None:
            offered = ", ".join(f"{o.get('label')} ({o.get('value')})" for o in options)
            raise SandboxError(
                f"select {describe_select(select)} has no option {entry!r}: {offered}"
            )
        values.append(str(option["value"]))
    check_value_count(select, values)
    return values


def check_value_count(select: JSON, values: Sequence[Any]) -> None:
    low = int(select.get("min_values", 1))
    high = int(select.get("max_values", 1))
    if not low <= len(values) <= high:
        raise SandboxError(
            f"select {describe_select(select)} takes {low}..{high} values, got {len(values)}"
        )


def describe_select(select: JSON) -> str:
    return repr(select.get("placeholder") or select.get("custom_id"))


def describe_buttons(buttons: Sequence[JSON]) -> str:
    names = [f"[{b.get('label') or (b.get('emoji') or {}).get('name')}]" for b in buttons]
    return " ".join(names) or "none"


def modal_inputs(modal: JSON) -> list[tuple[JSON, str]]:
    """The modal's inputs (text inputs and selects) with the label a player reads."""
    found: list[tuple[JSON, str]] = []
    for component in modal.get("components") or []:
        if component.get("type") == 18 and component.get("component"):
            found.append((component["component"], str(component.get("label") or "")))
        for child in component.get("components") or []:
            if child.get("type") == TEXT_INPUT or child.get("type") in SELECT_TYPES:
                found.append((child, str(child.get("label") or "")))
    return found


def modal_submission(modal: JSON, values: Mapping[str, str | Sequence[str]]) -> list[JSON]:
    """The components of a MODAL_SUBMIT, mirroring the modal's layout (rows or labels)."""
    inputs = modal_inputs(modal)
    by_key: dict[str, JSON] = {}
    for component, label in inputs:
        by_key[str(component.get("custom_id"))] = component
        if label:
            by_key.setdefault(label, component)
            by_key.setdefault(label.casefold(), component)
    answers: dict[str, str | Sequence[str]] = {}
    for key, value in values.items():
        component = by_key.get(key) or by_key.get(key.casefold())
        if component is None:
            known = ", ".join(label or str(c.get("custom_id")) for c, label in inputs)
            raise SandboxError(
                f"modal {modal.get('title')!r} has no input {key!r}; inputs: {known}"
            )
        answers[str(component["custom_id"])] = value
    for component, label in inputs:
        custom_id = str(component.get("custom_id"))
        if component.get("required", True) and custom_id not in answers:
            raise SandboxError(f"modal {modal.get('title')!r} needs input {label or custom_id!r}")
    submitted: list[JSON] = []
    for component in modal.get("components") or []:
        if component.get("type") == 18 and component.get("component"):
            inner = _answer(component["component"], answers)
            submitted.append({"type": 18, "id": component.get("id", 0), "component": inner})
        elif component.get("type") == 1:
            children = [_answer(child, answers) for child in component.get("components") or []]
            submitted.append({"type": 1, "components": children})
    return submitted


def _answer(component: JSON, answers: Mapping[str, str | Sequence[str]]) -> JSON:
    custom_id = str(component.get("custom_id"))
    answer = answers.get(custom_id)
    if component.get("type") == TEXT_INPUT:
        text = answer if isinstance(answer, str) else ""
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": text}
    chosen = [answer] if isinstance(answer, str) else list(answer or [])
    if component.get("type") == STRING_SELECT:
        chosen = string_select_values(component, chosen) if chosen else []
    return {"type": component.get("type"), "custom_id": custom_id, "values": chosen}
