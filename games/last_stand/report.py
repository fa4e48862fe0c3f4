"""A long phase report told in a few grouped lines, for a post that cannot hold all of it.

The full report stays in the log; this is what the channel reads at a glance.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

MOVE = re.compile(r"(\d{4}|east|west)→(\d{4})")
"""One move as stored games told it before moves were grouped: ``1601→1705``."""
GROUP = re.compile(r"(\d{4}|east|west) → ((?:\d{4}(?: ×\d+)?(?:, )?)+)")
"""The moves out of one hex (or in from a regrouping area): ``1601 → 1705 ×2, 1806``."""
DESTINATION = re.compile(r"(\d{4})(?: ×(\d+))?")
OFF_MAP = ("east", "west")
"""Where regrouping Zulus come on from."""
MOVES = re.compile(r"\d+ Zulu units? move:")
ATTACK = re.compile(r"^Zulu in \d{4} attacks .+ Rolled \d: (hit|miss)")
FIRE = re.compile(r"^.+ fire at \d{4}: .+ Rolled \d+: (hit|miss)")
ADVANCE = re.compile(r"^A Zulu advances from \d{4} into \d{4}\.")
PASSING = re.compile(r"^(Aiming at \d{4}:|\d{4} is empty of British combat units)")


def summarize(lines: list[str]) -> list[str]:
    """Zulu moves grouped by the hex they left, attacks and fire counted with their hits,
    phase by phase; every other line kept as it is."""
    out: list[str] = []
    attacks = fires = None
    for line in (part for text in lines for part in text.split("\n")):
        if MOVES.search(line):
            out += _moves(line)
        elif match := ATTACK.match(line):
            if attacks is None:
                attacks = [0, 0, 0]
                out.append("")
                at = len(out) - 1
            attacks[0] += 1
            attacks[1] += match[1] == "hit"
            attacks[2] += "is eliminated" in line
            out[at] = _tally(attacks, "Zulu attack")
        elif match := FIRE.match(line):
            if fires is None:
                fires = [0, 0, 0]
                out.append("")
                shot = len(out) - 1
            fires[0] += 1
            fires[1] += match[1] == "hit"
            out[shot] = _tally(fires, "British fire")
        elif ADVANCE.match(line) or PASSING.match(line):
            continue
        else:
            if line.startswith("Turn "):
                attacks = fires = None
            out.append(line)
    return out


def _tally(counts: list[int], what: str) -> str:
    total, hit, gone = counts
    plural = "s" if total != 1 else ""
    eliminated = f", {gone} unit{'s' if gone != 1 else ''} eliminated" if gone else ""
    return f"{total} {what}{plural}: {hit} hit{'s' if hit != 1 else ''}{eliminated}."


def _span(hexes: list[str]) -> str:
    return min(hexes) if len(set(hexes)) == 1 else f"{min(hexes)}-{max(hexes)}"


def grouped_moves(moves: list[tuple[str, str]]) -> str:
    """Many Zulu moves in one line, grouped by the hex they left (the largest groups first),
    each destination once with how many went there: every move told, in far fewer words
    than a list of pairs."""
    by_origin: dict[str, list[str]] = defaultdict(list)
    for origin, to in moves:
        by_origin[origin].append(to)
    groups = []
    for origin, ends in sorted(by_origin.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        counted = sorted(Counter(ends).items())
        told = ", ".join(to if n == 1 else f"{to} ×{n}" for to, n in counted)
        groups.append(f"{origin} → {told}")
    plural = "s" if len(moves) != 1 else ""
    return f"{len(moves)} Zulu unit{plural} move: " + "; ".join(groups) + "."


def moves_told(line: str) -> list[tuple[str, str]]:
    """The moves a line tells, grouped or (in stored games) as pairs."""
    found = [
        (origin, to)
        for origin, ends in GROUP.findall(line)
        for to, times in DESTINATION.findall(ends)
        for _ in range(int(times or 1))
    ]
    return found or MOVE.findall(line)


def _moves(line: str) -> list[str]:
    by_origin: dict[str, list[str]] = defaultdict(list)
    for origin, to in moves_told(line):
        by_origin[origin].append(to)
    parts = []
    singles: list[str] = []
    for origin, ends in sorted(by_origin.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(ends) == 1 and len(by_origin) > 3:
            singles += ends
        else:
            way = f"came on from the {origin} into" if origin in OFF_MAP else f"left {origin} for"
            parts.append(f"{len(ends)} {way} {_span(ends)}")
    total = sum(len(e) for e in by_origin.values())
    if singles and not parts:
        return [f"{total} Zulu units moved, each from its own hex, into {_span(singles)}."]
    if singles:
        parts.append(f"{len(singles)} others moved into {_span(singles)}")
    return [f"{total} Zulu unit{'s' if total != 1 else ''} moved: " + "; ".join(parts) + "."]
