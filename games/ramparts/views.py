"""What each viewer may see. The channel learns how many cards are in hand, never which."""

from __future__ import annotations

from typing import Any

from games.core.engine import View, Viewer
from games.ramparts.catalog import CARD, IBUTHO, TRACK_IDS, TRACK_NAME
from games.ramparts.cup import chit_name
from games.ramparts.options import describe
from games.ramparts.state import SIDE, State, casualty_markers, describe_ibutho, strength
from games.ramparts.victory import committed, score

STEP_WORDS = {
    "impi": "iMpi Phase: react to the chit, or let it stand",
    "fire_choice": "choose which fire goes out",
    "action": "Action Phase",
    "draw": "Card Draw Phase",
    "hero": "Hero Phase",
    "reynolds": "Housekeeping: Surgeon Reynolds",
    "discard": "Housekeeping: discard down to five",
    "over": "game over",
    "turn": "setting up",
}
VICTORY_BOX = {
    5: "the two 0 boxes",
    6: "the -1 box (Inner Barricade)",
    7: "the -2 box (Final Redoubt)",
}


def card_face(number: int) -> dict[str, Any]:
    """What a card shows, for the hand picture and the hand text."""
    card = CARD[number]
    return {
        "number": number,
        "name": card.name,
        "kind": card.kind,
        "title": card.title,
        "medal": card.medal,
        "dice": card.dice,
        "lines": [a.text for a in card.abilities if a.effect != "volley"]
        + ([card.raw["text"]] if "text" in card.raw else []),
    }


def hand_lines(s: State) -> list[str]:
    if not s["hand"]:
        return ["Your hand is empty."]
    lines = []
    for n in sorted(s["hand"]):
        card = CARD[n]
        dice = card.dice
        volley = (
            f" [dice C{dice.get('close', 0)}/M{dice.get('medium', 0)}/L{dice.get('long', 0)}]"
            if dice
            else ""
        )
        lines.append(f"{card.short}{volley}")
    return lines


def picture(s: State, with_hand: bool) -> dict[str, Any]:
    ibuthos = []
    for name, b in s["ibuthos"].items():
        ibuthos.append(
            {
                "name": name,
                "track": b["track"],
                "pos": b["pos"],
                "status": b["status"],
                "strength": strength(s, name),
                "printed": IBUTHO[name].strength,
            }
        )
    pic: dict[str, Any] = {
        "turn": s["turn"],
        "step": s["step"],
        "night": s["night"],
        "dawn": s["dawn"],
        "ammo_low": s["ammo_low"],
        "fires": list(s["fires"]),
        "victory": s["victory"],
        "barricade": dict(s["barricade"]),
        "markers": dict(s["markers"]),
        "marker_names": {k: CARD[int(k)].name for k in s["markers"]},
        "reserve": [CARD[n].name for n in s["reserve"]],
        "builder": CARD[s["barricade"]["builder"]].name if s["barricade"]["builder"] else None,
        "banners": list(s["banners"]),
        "tableau": [card_face(n) for n in s["tableau"]],
        "hand_count": len(s["hand"]),
        "deck_count": len(s["deck"]),
        "discard_count": len(s["discard"]),
        "cup_count": len(s["cup"]),
        "casualties": casualty_markers(s),
        "eliminated": [n for n, b in s["ibuthos"].items() if b["status"] == "eliminated"],
        "vp": score(s),
        "ibuthos": ibuthos,
        "tracks": [{"id": t, "name": TRACK_NAME[t]} for t in TRACK_IDS],
        "over": s["over"] and {k: v for k, v in s["over"].items() if k != "breakdown"},
        "no_volleys": s["turn_flags"]["no_volleys"],
        "drm_from": list(s["turn_flags"]["drm_from"]),
    }
    if with_hand:
        pic["hand"] = [card_face(n) for n in sorted(s["hand"])]
    return pic


def lines(s: State) -> list[str]:
    out = [
        f"Turn {s['turn']} · {'Night' if s['night'] else 'Day'} · {STEP_WORDS[s['step']]}",
        f"Zulu Victory marker: {VICTORY_BOX[s['victory']]}"
        + (f" · barricade {s['barricade']['steps']}/3" if s["barricade"]["steps"] else ""),
    ]
    for name in s["ibuthos"]:
        out.append(describe_ibutho(s, name))
    status = []
    if s["ammo_low"]:
        status.append(
            "Ammunition / Water Low (each Volley loses 1 from its best die until a Hero hands "
            "out ammunition, 6.6)"
        )
    if s["fires"]:
        status.append("on fire: " + ", ".join(b.title() for b in s["fires"]))
    if s["drawn"]:
        status.append("chit drawn: " + chit_name(s["drawn"][-1]))
    for chit in s["turn_flags"]["drm_from"]:
        status.append(f"{chit} (-1 to Volleys this turn)")
    if s["turn_flags"]["no_volleys"]:
        status.append("no Volleys this turn")
    if s["step"] == "action":
        status.append(f"Actions left: {s['turn_flags']['actions']}")
    if status:
        out.append(" · ".join(status))
    tableau = ", ".join(CARD[n].name for n in s["tableau"]) or "none"
    out.append(f"Available: {tableau}")
    busy = committed(s)
    if busy:
        out.append("Committed: " + ", ".join(CARD[n].name for n in busy))
    if s["markers"]:
        out.append(
            "Heroic Defense: "
            + ", ".join(f"{CARD[int(k)].name} ({v})" for k, v in s["markers"].items())
        )
    out.append(
        f"Hand {len(s['hand'])} · Draw Pile {len(s['deck'])} · Discards {len(s['discard'])} · "
        f"iMpi cup {len(s['cup'])} · Zulu casualties {casualty_markers(s)} markers · "
        f"VP {score(s)}"
    )
    if s["over"]:
        out.append(f"Final: {s['over']['vp']} VP, {s['over']['level']}")
        out += [f"  {k}: {v:+d}" for k, v in s["over"]["breakdown"].items()]
    return out


def view(s: State, viewer: Viewer) -> View:
    sees_hand = viewer.kind == "referee" or (viewer.kind == "side" and viewer.side == SIDE)
    body = lines(s)
    body.append("Options: " + describe(s["options"]))
    if sees_hand:
        body.append("Your hand: " + "; ".join(hand_lines(s)))
    title = f"Rorke's Drift, turn {s['turn']}"
    # The step is the phase: the channel keeps one post for each (Hero, Actions, discard).
    return View(viewer, title, body, picture(s, sees_hand), phase=f"{s['turn']}.{s['step']}")
