"""Fire combat (11.1-11.6, 14.3): British fire and volleys, the Isandlwana ammunition
check, Zulu random fire and the hits the British allocate.

Choices the text leaves open, as applied here:

- A line of fire is clear when one of the shortest lines listed for the pair passes no zone
  holding British units (11.4.2); zones of a donga never block, and at Rorke's Drift nothing
  friendly blocks fire from the roof H or the redoubt D (11.4.5). Of several clear lines the
  British use the best one, so 11.4.4 takes 1 off only when every clear line has a zone
  between the firer and the wall.
- Hits on Zulus come off warriors first; a hit left over when no warrior remains kills a
  leader (15.1, 15.3).
- Random fire may be made whether or not Zulus are on the map (notes: random-fire-always);
  hits the British cannot take because only VP units remain in a zone are lost.
"""

from __future__ import annotations

from games.core.dice import Dice
from games.core.errors import RuleError
from games.core.text import counted, faces_from
from games.zones.board import FireTarget
from games.zones.charts import load_charts
from games.zones.state import (
    BRITISH,
    Log,
    State,
    board_of,
    fit_counters,
    is_night,
    note_loss,
    place_british,
    unit_data,
    victory_sp,
    zulu_present,
    zulu_zone,
)

VOLLEY_LEADERS = frozenset({"chard", "bromhead", "durnford", "pulleine"})
"""14.3: the leaders who may lead a volley."""

VOLLEY_CARRY = 4
VOLLEY_ROUNDS = 3

NO_RANDOM_FIRE_ROLES = frozenset({"hospital", "storehouse", "redoubt"})
"""11.3, 11.4.5: zones no one may fire into (L, M, N, O, G and D)."""


def max_range(s: State) -> int:
    light = "night" if is_night(s) else "day"
    return load_charts().light[s["battle"]][light].max_range


def line_penalty(s: State, firer: str, entry: FireTarget) -> int | None:
    """None when every listed line is blocked (11.4.2); else 0, or 1 when each clear line
    has a zone between the firer and the wall it crosses (11.4.4)."""
    board = board_of(s)
    raised = s["battle"] == "rorkes-drift" and board.zone(firer).kind in ("roof", "redoubt")
    best: int | None = None
    for line in entry.lines:
        blocked = not raised and any(
            s["stacks"].get(z) and board.zone(z).kind != "donga" for z in line.through
        )
        if not blocked:
            penalty = 1 if line.zone_before_wall else 0
            best = penalty if best is None else min(best, penalty)
    return best


def hit_number(s: State, firer: str, target: str) -> int | None:
    """The lowest face that hits from ``firer`` at ``target`` now, or None when it may not
    fire there (not listed, out of range at night, or no clear line)."""
    entry = board_of(s).fire_target(firer, target)
    if entry is None or entry.range > max_range(s):
        return None
    penalty = line_penalty(s, firer, entry)
    if penalty is None:
        return None
    return load_charts().hit_by_range[entry.range] + penalty


def can_fire(s: State, unit_id: str) -> bool:
    """11.1, 3.2, 11.2.2: a unit that fires, has not fired this phase, has ammunition and,
    for the battery, has not moved this turn."""
    unit = s["units"][unit_id]
    return (
        unit["zone"] is not None
        and unit_data(s, unit_id).fires
        and unit_id not in s["fired_units"]
        and unit["ammo"] is None
        and not unit["battery_moved"]
    )


def fire_targets(s: State, zone: str) -> list[tuple[str, int]]:
    """Zulu-held zones ``zone`` may fire at now, with the hit number, in list order."""
    found = []
    for entry in board_of(s).fire_targets(zone):
        if [zone, entry.target] in s["fired"] or not zulu_present(s, entry.target):
            continue
        face = hit_number(s, zone, entry.target)
        if face is not None:
            found.append((entry.target, face))
    return found


def _firers(s: State, units: list[str]) -> str:
    if not units or len(set(units)) != len(units):
        raise RuleError("Name each firing unit once.")
    zones = set()
    for unit_id in units:
        if unit_id not in s["units"] or s["units"][unit_id]["zone"] is None:
            raise RuleError(f"There is no British unit `{unit_id}` on the map.")
        if not can_fire(s, unit_id):
            raise RuleError(
                f"{unit_data(s, unit_id).name} cannot fire now: it has fired, is out of "
                "ammunition, has moved (the battery) or never fires (rules 3.2, 11.1, 11.2.2)."
            )
        zones.add(s["units"][unit_id]["zone"])
    if len(zones) != 1:
        raise RuleError("Units fire together only from one zone (rule 11.2).")
    return zones.pop()


def check_fire(s: State, units: list[str], target: str) -> int:
    """The hit number of a normal fire, after checking it (11.2, 11.2.1, 11.4)."""
    if s["phase"] != "D" or s["pending"]:
        raise RuleError("British fire is made in phase D, once earlier choices are settled.")
    zone = _firers(s, units)
    allowed = dict(fire_targets(s, zone))
    if target not in allowed:
        listed = ", ".join(allowed) or "none"
        raise RuleError(
            f"Zone {zone} cannot fire at zone {target} now (rules 11.2, 11.4); "
            f"its targets now: {listed}."
        )
    return allowed[target]


def fire(s: State, units: list[str], target: str, dice: Dice, log: Log) -> None:
    face = check_fire(s, units, target)
    zone = s["units"][units[0]]["zone"]
    count = sum(s["units"][u]["sp"] for u in units)
    if s["options"]["charts"]:
        _charted(s, zone, target, units, count, face, "fire", log)
        return
    rolls = [dice.d6(f"British fire from {zone} at {target}") for _ in range(count)]
    _resolve(s, zone, target, units, rolls, face, "fire", log, dice)


def volley_units_allowed(s: State, leader: str) -> list[str]:
    """Infantry that began the turn with ``leader``, none having moved (14.3)."""
    zone = s["units"][leader]["zone"]
    return [
        u
        for u in s["stacks"].get(zone, [])
        if unit_data(s, u).kind == "infantry"
        and s["units"][u]["start"] == zone
        and not s["units"][u]["moved"]
        and can_fire(s, u)
    ]


def volley_targets(s: State, leader: str) -> list[str]:
    """Adjacent Zulu zones across no wall or ridge, listed at range 1 (14.3)."""
    board = board_of(s)
    zone = s["units"][leader]["zone"]
    return [
        t
        for t in board.neighbours(zone)
        if board.barrier(zone, t) == "none"
        and zulu_present(s, t)
        and [zone, t] not in s["fired"]
        and (entry := board.fire_target(zone, t)) is not None
        and entry.range == 1
    ]


def check_volley(s: State, leader: str, units: list[str], target: str) -> None:
    if s["phase"] != "D" or s["pending"]:
        raise RuleError("Volleys are fired in phase D, once earlier choices are settled.")
    if leader not in VOLLEY_LEADERS or leader not in s["units"]:
        raise RuleError("Only Chard, Bromhead, Durnford and Pulleine lead volleys (14.3).")
    lead = s["units"][leader]
    if lead["zone"] is None or not can_fire(s, leader):
        raise RuleError(f"{unit_data(s, leader).name} cannot fire now.")
    if lead["moved"] or lead["start"] != lead["zone"]:
        raise RuleError("A volley group may not move in the turn it volleys (rule 14.3).")
    if not units:
        raise RuleError("A volley needs at least 1 infantry SP with the leader (rule 14.3).")
    allowed = volley_units_allowed(s, leader)
    wrong = [u for u in units if u not in allowed]
    if wrong:
        raise RuleError(
            f"{wrong[0]} cannot volley: volley groups are infantry that began the turn with "
            "the leader and have not moved or fired (rule 14.3)."
        )
    weight = sum(s["units"][u]["sp"] for u in units)
    if weight > VOLLEY_CARRY:
        raise RuleError(f"A volley group is the leader and up to 4 SP; this one has {weight}.")
    if target not in volley_targets(s, leader):
        listed = ", ".join(volley_targets(s, leader)) or "none"
        raise RuleError(
            f"Volleys go only into an adjacent Zulu zone across no wall or ridge (rule 14.3); "
            f"targets now: {listed}."
        )


def volley(s: State, leader: str, units: list[str], target: str, dice: Dice, log: Log) -> None:
    check_volley(s, leader, units, target)
    zone = s["units"][leader]["zone"]
    group = [leader, *units]
    count = sum(s["units"][u]["sp"] for u in group)
    face = load_charts().hit_by_range[1]
    if s["options"]["charts"]:
        _charted(s, zone, target, group, VOLLEY_ROUNDS * count, face, "volley", log)
        return
    rolls = [
        dice.d6(f"Volley {n + 1} of {VOLLEY_ROUNDS} from {zone} at {target}")
        for n in range(VOLLEY_ROUNDS)
        for _ in range(count)
    ]
    _resolve(s, zone, target, group, rolls, face, "volley", log, dice)


def _resolve(
    s: State,
    zone: str,
    target: str,
    units: list[str],
    rolls: list[int],
    face: int,
    what: str,
    log: Log,
    dice: Dice,
) -> None:
    hits = sum(1 for r in rolls if r >= face)
    s["fired"].append([zone, target])
    s["fired_units"] += units
    shown = ", ".join(map(str, rolls))
    need = faces_from(face)
    log.say(
        f"British {what} from {zone} at {target}: {len(rolls)} dice ({shown}), "
        f"hits on {need}: {counted(hits, 'hit')}."
    )
    hit_zulus(s, target, hits, log)
    ones = rolls.count(1)
    if s["battle"] == "isandlwana" and ones:
        ammunition_check(s, zone, units, ones, dice, log)


def chart_hits(count: int, face: int) -> int:
    """17.0: the average hits of ``count`` dice hitting on ``face`` or better, read from the
    chart in rows it covers; no hit on a face above 6."""
    if face > 6 or count <= 0:
        return 0
    charts = load_charts()
    total, rows = 0, len(charts.average_hits)
    while count > 0:
        part = min(count, rows)
        total += charts.hits(part, max(face, charts.faces[0]))
        count -= part
    return total


def combat_dice(s: State, dice: Dice, count: int, face: int, purpose: str) -> tuple[str, int]:
    """Melee and charge dice (12.8, 14.4), or the chart of 17.0: the working shown, and hits."""
    if s["options"]["charts"]:
        return f"{count} dice on the chart", chart_hits(count, face)
    rolls = [dice.d6(purpose) for _ in range(count)]
    return ", ".join(map(str, rolls)) or "no dice", sum(1 for r in rolls if r >= face)


def _charted(
    s: State,
    zone: str,
    target: str,
    units: list[str],
    count: int,
    face: int,
    what: str,
    log: Log,
) -> None:
    """17.0: fire read from the chart; with no dice rolled, no 1 calls for an ammunition
    check (notes: charts)."""
    hits = chart_hits(count, face)
    s["fired"].append([zone, target])
    s["fired_units"] += units
    log.say(
        f"British {what} from {zone} at {target}: {count} dice on the chart at {faces_from(face)}: "
        f"{counted(hits, 'hit')}."
    )
    hit_zulus(s, target, hits, log)


def ammunition_check(
    s: State, zone: str, units: list[str], ones: int, dice: Dice, log: Log
) -> None:
    """11.2.2: one die per 1 rolled; each at or under the distance to zone 15 (at least 1)
    marks one firing unit Ammo Depleted, British choice, never the battery
    (notes: ammunition-distance). Never in a laagered zone (17.1.5)."""
    board = board_of(s)
    if s["options"]["laager"] and "laager" in board.zone(zone).roles:
        return
    distance = max(1, board.steps(zone, board.with_role("ammunition")) or 1)
    checks = [dice.d6(f"Ammunition check for zone {zone}") for _ in range(ones)]
    marks = sum(1 for c in checks if c <= distance)
    log.say(
        f"Ammunition check, distance {distance}: {', '.join(map(str, checks))}: "
        f"units running short: {marks}."
    )
    candidates = [u for u in units if unit_data(s, u).kind != "artillery"]
    if not marks or not candidates:
        return
    if marks >= len(candidates):
        for unit_id in candidates:
            mark_ammo(s, unit_id)
        return
    s["pending"] = {"kind": "ammo", "zone": zone, "count": marks, "units": candidates}


def mark_ammo(s: State, unit_id: str) -> None:
    s["units"][unit_id]["ammo"] = s["turn"]


def check_ammo_choice(s: State, unit_id: str) -> None:
    pending = s["pending"]
    if not pending or pending["kind"] != "ammo":
        raise RuleError("No unit is waiting to be marked Ammo Depleted.")
    if unit_id not in pending["units"]:
        raise RuleError("Mark one of the units that fired, other than the battery (11.2.2).")


def choose_ammo(s: State, unit_id: str, log: Log) -> None:
    check_ammo_choice(s, unit_id)
    pending = s["pending"]
    mark_ammo(s, unit_id)
    pending["units"].remove(unit_id)
    pending["count"] -= 1
    log.tell(BRITISH, f"{unit_data(s, unit_id).name} is marked Ammo Depleted.")
    if not pending["count"]:
        s["pending"] = None


def hit_zulus(s: State, zone: str, hits: int, log: Log) -> None:
    """Losses come off at once (11.2.2) and go on the public loss track (3.5)."""
    here = zulu_zone(s, zone)
    if here is None or not hits:
        return
    warriors = min(hits, here["sp"])
    here["sp"] -= warriors
    here["counters"] = fit_counters(here["sp"], here["counters"])
    here["moved_sp"] = min(here["moved_sp"], here["sp"])
    s["zulu"]["loss"] += warriors
    note_loss(s, zone, warriors)
    dead = here["leaders"][: hits - warriors]
    for leader in dead:
        here["leaders"].remove(leader)
        s["zulu"]["leaders_dead"].append(leader)
        log.say(f"A Zulu leader falls in zone {zone}.")
    if not here["sp"] and not here["leaders"]:
        del s["zulu"]["zones"][zone]
    log.say(f"The Zulus in zone {zone} lose {warriors} SP.")


# --------------------------------------------------------------------------- Zulu fire


MORE_FIRE = {("rorkes-drift", "day"): 10, ("rorkes-drift", "night"): 6, ("isandlwana", "day"): 6}
"""17.2.3: Zulu random fire dice with the option."""


def random_fire_dice(s: State) -> int:
    """11.3.1, 11.3.2, 17.2.3; doubled for the solitaire Zulus (18.1.5)."""
    light = "night" if is_night(s) else "day"
    if s["options"]["more_fire"]:
        count = MORE_FIRE[(s["battle"], light)]
    else:
        count = load_charts().light[s["battle"]][light].random_fire_dice
    return 2 * count if s["options"]["solitaire"] else count


def random_fire_targets(s: State) -> list[str]:
    """11.3: any British-held zone but the hospital, the storehouse G and the redoubt D."""
    board = board_of(s)
    return [
        z
        for z in s["stacks"]
        if not (board.zone(z).roles & NO_RANDOM_FIRE_ROLES) and _takes_hits(s, z)
    ]


def _takes_hits(s: State, zone: str) -> bool:
    return any(unit_data(s, u).kind != "vp" for u in s["stacks"].get(zone, []))


def check_random_fire(s: State, shots: dict[str, int]) -> None:
    if s["phase"] != "E":
        raise RuleError("Zulu random fire is made in phase E.")
    total = random_fire_dice(s)
    allowed = random_fire_targets(s)
    wrong = [z for z in shots if z not in allowed]
    if wrong:
        listed = ", ".join(allowed) or "none"
        raise RuleError(f"Random fire cannot go into zone {wrong[0]} (11.3); targets: {listed}.")
    if any(n < 1 for n in shots.values()) or sum(shots.values()) != total:
        raise RuleError(f"Share out all {total} random fire dice among the target zones (11.3).")


def random_fire(s: State, shots: dict[str, int], dice: Dice, log: Log) -> None:
    check_random_fire(s, shots)
    hits_by_zone = []
    for zone, count in shots.items():
        face = 5 if "water-cart" in board_of(s).zone(zone).roles else 6
        rolls = [dice.d6(f"Zulu random fire at {zone}") for _ in range(count)]
        hits = sum(1 for r in rolls if r >= face)
        log.say(
            f"Zulu random fire at {zone}: {', '.join(map(str, rolls))}, "
            f"hits on {faces_from(face)}: {counted(hits, 'hit')}."
        )
        if hits:
            hits_by_zone.append({"zone": zone, "hits": hits})
    if hits_by_zone:
        s["pending"] = {"kind": "hits", "zones": hits_by_zone}


def hit_candidates(s: State) -> list[str]:
    """Units that may take the next hit: those in the zone hit, or, for a bayonet charge,
    those of the charging group still standing."""
    pending = s["pending"]
    if not pending or pending["kind"] != "hits":
        return []
    first = pending["zones"][0]
    units = [u for u in s["stacks"].get(first["zone"], []) if unit_data(s, u).kind != "vp"]
    return [u for u in units if u in first.get("units", units)]


def check_take_hit(s: State, unit_id: str) -> None:
    if unit_id not in hit_candidates(s):
        raise RuleError("Give the hit to a British unit in the zone that was hit (11.3).")


def take_hit(s: State, unit_id: str, log: Log) -> None:
    """One hit: a two-sided counter flips, a one-sided counter, a leader or the battery goes
    (3.2, 11.3, 14.5)."""
    check_take_hit(s, unit_id)
    first = s["pending"]["zones"][0]
    zone = first["zone"]
    data = unit_data(s, unit_id)
    before = victory_sp(s, unit_id)
    unit = s["units"][unit_id]
    if data.reduced is not None and unit["sp"] == data.sp:
        unit["sp"] = data.reduced
        lost = before - victory_sp(s, unit_id)
        log.tell(BRITISH, f"{data.name} is reduced to {unit['sp']} SP.")
    else:
        place_british(s, unit_id, None)
        lost = before
        log.say(f"{data.name} is eliminated in zone {zone}.")
    s["british_lost"] += lost
    note_loss(s, zone, lost)
    log.say(f"The British lose {lost} SP in zone {zone}.")
    first["hits"] -= 1
    if not first["hits"] or not hit_candidates(s):
        s["pending"]["zones"].pop(0)
    if not s["pending"]["zones"]:
        s["pending"] = None


def suggested_hit(s: State) -> str:
    """The default choice: the first full-strength foot counter, else the weakest unit,
    leaders last."""
    units = hit_candidates(s)

    def cost(unit_id: str) -> tuple[int, int]:
        data = unit_data(s, unit_id)
        rank = 2 if data.kind == "leader" else 1 if data.kind == "artillery" else 0
        full = data.reduced is not None and s["units"][unit_id]["sp"] == data.sp
        return (rank, 0 if full else 1)

    return min(units, key=cost)
