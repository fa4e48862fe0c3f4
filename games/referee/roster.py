"""A referee's unit roster: casualties this turn, the tests they call for, and unit states.

Each unit carries its own characteristics (Table 1 reaction class, fire class, morale
number, officer), so pinning, morale, reaction, fire and melee are looked up with the
unit's own factors. States follow the rules turn by turn: pinned units may not fire in the
next turn and unpin after it unless pinned again (rules 6h, 11k); morale results last until
the next test (rule 13f); a rout costs the unit -2 at the next turn's test (rule 13e).
Every function is pure: it returns a new roster and never changes the one it was given.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from games.core.errors import LaagerError
from games.tables import Tables, sotq
from games.tables.sotq import FireResult, MeleeResult, MeleeSide, MoraleResult, PinningResult

FORMATIONS = {
    "close": "close order",
    "open": "open order",
    "column": "column",
    "square": "square",
    "prone": "lying down",
}
COVERS = {"none": "in the open", "soft": "soft cover", "hard": "hard cover"}
SHELL_WEAPONS = frozenset({"bl_gun", "ml_gun"})
MAX_UNITS = 40
MAX_FIGURES = 500
NAME_LENGTH = 40


@dataclass(frozen=True)
class Hint:
    """The roster order to give next: ``add``, or a test (``pinning``, ``morale``,
    ``officer``) of ``unit``. The bot spells it out as its command."""

    order: str
    unit: str | None = None


class RosterError(LaagerError):
    """A roster order that names no unit, or breaks a rule about units; ``hint`` is the order
    that would put it right, where there is one."""

    def __init__(self, message: str, hint: Hint | None = None) -> None:
        super().__init__(message)
        self.hint = hint


class Unit(BaseModel):
    """One unit on the table, with its characteristics and its state this turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    figures: int
    turn_start: int
    troop_type: str
    fire_class: str
    reaction_class: str
    morale: int
    officer: int | None = None
    formation: str = "close"
    cover: str = "none"
    weapon: str | None = None
    melee_weapon: str | None = None
    disordered: bool = False
    impetuous: bool = False
    routing: bool = False
    pinned_turn: int | None = None
    routed_turn: int | None = None
    officer_killed_turn: int | None = None
    fired_on_turn: int | None = None
    shelled_turn: int | None = None
    morale_turn: int | None = None
    morale_result: str | None = None
    melee_score: int | None = None

    @property
    def lost_this_turn(self) -> int:
        return self.turn_start - self.figures

    def characteristics(self) -> str:
        """As the army lists print them: fire class-reaction-morale (e.g. i-A-7)."""
        return f"{self.fire_class}-{self.reaction_class}-{self.morale}"


class Roster(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int = 1
    units: tuple[Unit, ...] = ()

    def unit(self, name: str) -> Unit:
        """A unit by name, ignoring case; the refusal lists the units there are."""
        for unit in self.units:
            if unit.name.casefold() == name.strip().casefold():
                return unit
        names = ", ".join(u.name for u in self.units) or "none yet"
        hint = None if self.units else Hint("add")
        raise RosterError(f"No unit called {name!r} on the roster; units: {names}.", hint)

    def replace(self, unit: Unit) -> "Roster":
        units = tuple(unit if u.name == unit.name else u for u in self.units)
        return self.model_copy(update={"units": units})

    def may_fire(self, unit: Unit) -> bool:
        """A unit pinned last turn may not fire this turn (rule 11k)."""
        return unit.pinned_turn != self.turn - 1

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> "Roster":
        return cls() if not data else cls.model_validate(data)


@dataclass(frozen=True)
class Call:
    """A test a loss calls for, in words, and the roster order that rolls it."""

    text: str
    hint: Hint | None = None


@dataclass(frozen=True)
class CasualtyReport:
    """What a loss means for a unit: its percentage this turn and the tests it now needs."""

    unit: str
    lost: int
    lost_this_turn: int
    figures_left: int
    percent: int
    calls: tuple[Call, ...]


def _choice(value: str, allowed: Mapping[str, Any] | Sequence[str], what: str) -> str:
    if value not in allowed:
        raise RosterError(f"Unknown {what} {value!r}; choose from {', '.join(allowed)}.")
    return value


def new_unit(tables: Tables, **fields: Any) -> Unit:
    """A unit checked against the tables: every class, type and weapon must exist there."""
    name = str(fields.get("name", "")).strip()
    if not name or len(name) > NAME_LENGTH or "," in name:
        raise RosterError(f"A unit name is 1-{NAME_LENGTH} characters without commas.")
    figures = int(fields["figures"])
    if not 1 <= figures <= MAX_FIGURES:
        raise RosterError(f"A unit has 1-{MAX_FIGURES} figures.")
    troop = _choice(fields["troop_type"], sotq.troop_types(tables), "troop type")
    _choice(fields["fire_class"], sotq.fire_classes(tables), "fire class")
    _choice(fields["reaction_class"], sotq.reaction_classes(tables), "reaction class")
    _choice(fields.get("formation", "close"), FORMATIONS, "formation")
    _choice(fields.get("cover", "none"), COVERS, "cover")
    if fields.get("weapon") is not None:
        _choice(fields["weapon"], sotq.weapons(tables), "weapon")
    if fields.get("melee_weapon") is not None:
        mounted = sotq.troop_types(tables)[troop].mounted
        allowed = sotq.melee_weapons(mounted, tables)
        _choice(fields["melee_weapon"], allowed, "melee weapon for this troop type")
    return Unit(**{**fields, "name": name, "turn_start": figures})


def add_unit(roster: Roster, unit: Unit) -> Roster:
    if any(u.name.casefold() == unit.name.casefold() for u in roster.units):
        raise RosterError(f"There is already a unit called {unit.name}; give another name.")
    if len(roster.units) >= MAX_UNITS:
        raise RosterError(f"A roster holds at most {MAX_UNITS} units; remove one first.")
    return roster.model_copy(update={"units": (*roster.units, unit)})


def remove_unit(roster: Roster, name: str) -> Roster:
    gone = roster.unit(name)
    return roster.model_copy(update={"units": tuple(u for u in roster.units if u != gone)})


def edit_unit(roster: Roster, name: str, tables: Tables, **changes: Any) -> Roster:
    """Change a unit's characteristics or states; a figure count resets nothing else."""
    unit = roster.unit(name)
    changes = {k: v for k, v in changes.items() if v is not None}
    if changes.pop("no_officer", False):
        changes["officer"] = None
    if "figures" in changes and not 0 <= changes["figures"] <= MAX_FIGURES:
        raise RosterError(f"A unit has 0-{MAX_FIGURES} figures.")
    if "pinned" in changes:
        changes["pinned_turn"] = roster.turn if changes.pop("pinned") else None
    fields = {**unit.model_dump(), **changes}
    # Validate the characteristics as a fresh unit would be; a unit may be down to 0 figures.
    new_unit(tables, **{**fields, "figures": max(fields["figures"], 1)})
    return roster.replace(unit.model_copy(update=changes))


def next_turn(roster: Roster) -> tuple[Roster, list[str]]:
    """Start the next turn: strengths are re-based for percentages, and timed states lapse."""
    turn = roster.turn + 1
    units = []
    notes = []
    for unit in roster.units:
        changes: dict[str, Any] = {"turn_start": unit.figures, "melee_score": None}
        if unit.pinned_turn is not None and unit.pinned_turn < turn - 1:
            changes["pinned_turn"] = None
        if unit.pinned_turn == roster.turn:
            notes.append(
                f"{unit.name} was pinned last turn: it may not advance or fire this turn, "
                "and unpins after this turn's fire unless pinned again (rule 11k)."
            )
        if unit.routed_turn == roster.turn:
            notes.append(
                f'{unit.name} routed last turn: -2 at its morale test, and to friends within 8" '
                "(rule 13e)."
            )
        if unit.officer_killed_turn == roster.turn:
            notes.append(f"{unit.name} lost its officer last turn: -1 at morale this turn too.")
        units.append(unit.model_copy(update=changes))
    return Roster(turn=turn, units=tuple(units)), notes


# -- casualties and the tests they call for ---------------------------------------------------


def _percent(unit: Unit, tables: Tables) -> int:
    if unit.turn_start < 1 or unit.lost_this_turn <= 0:
        return 0
    return sotq.percentage_loss(unit.turn_start, unit.lost_this_turn, tables=tables).percent


def merge_factors(given: Sequence[str], auto: Sequence[str], known: Mapping[str, Any]) -> list[str]:
    """The factors the referee gave, plus those the unit's state implies unless the referee
    already named that factor or another of its exclusive group (cover, for instance).
    Melee factors (Table 5) have no groups."""

    def group(factor: str) -> str | None:
        return getattr(known.get(factor), "group", None)

    groups = {group(f) for f in given} - {None}
    chosen = list(given)
    for factor in auto:
        if factor not in chosen and group(factor) not in groups:
            chosen.append(factor)
    return chosen


def morale_setup(
    roster: Roster, unit: Unit, factors: Sequence[str], tables: Tables
) -> dict[str, Any]:
    """The unit's own morale factors (Table 3), merged with the situational ones given."""
    auto = []
    if unit.pinned_turn == roster.turn:
        auto.append("pinned")
    if unit.cover in ("soft", "hard"):
        auto.append(f"{unit.cover}_cover")
    if unit.formation == "square":
        auto.append("square")
    if unit.impetuous:
        auto.append("impetuous")
    if unit.officer_killed_turn is not None and unit.officer_killed_turn >= roster.turn - 1:
        auto.append("officer_killed")
    if unit.fired_on_turn == roster.turn:
        auto.append("under_fire")
    if unit.shelled_turn == roster.turn:
        auto.append("under_shell_fire")
    chosen = merge_factors(factors, auto, sotq.morale_factors(tables))
    extra = {}
    if unit.routed_turn == roster.turn - 1:
        extra["routed last turn"] = -2
    troop = sotq.troop_types(tables)[unit.troop_type]
    return {
        "morale_number": unit.morale,
        "factors": chosen,
        "officer_modifier": unit.officer or 0,
        "casualty_percent": _percent(unit, tables),
        "may_go_impetuous": not troop.regular,
        "routing": unit.routing,
        "extra_modifiers": extra,
    }


def pin_chance(needed: int, multiplier: int) -> str:
    """The D10 that pins, kept on the die: at 10 or more any roll pins (rule 11k)."""
    if needed >= 10:
        return f"pinned automatically (even a D10 of 10 x {multiplier} is within it)"
    if needed < 1:
        return "cannot be pinned by this"
    return f"pinned on a D10 of {needed} or less"


def _calls(roster: Roster, unit: Unit, percent: int, tables: Tables, *, fire: bool) -> list[Call]:
    calls = []
    if unit.figures == 0:
        return [Call(f"{unit.name} has no figures left.")]
    if fire and percent > 0:
        multiplier = tables["sotq_firing"].pinning.multiplier  # type: ignore[attr-defined]
        needed = percent // multiplier
        chance = pin_chance(needed, multiplier)
        calls.append(
            Call(
                f"Pinning test (rule 11k): {percent}% lost this turn, {chance}",
                Hint("pinning", unit.name),
            )
        )
    if fire:
        setup = morale_setup(roster, unit, (), tables)
        names = [sotq.morale_factors(tables)[f].name.lower() for f in setup["factors"]]
        if setup["officer_modifier"]:
            names.append(f"officer {setup['officer_modifier']:+d}")
        if setup["casualty_percent"]:
            names.append(f"casualties {setup['casualty_percent']}%")
        names += list(setup["extra_modifiers"])
        calls.append(
            Call(
                f"Morale test at step i (rule 13b, figures lost to fire): morale {unit.morale}"
                + (f" with {', '.join(names)}" if names else ""),
                Hint("morale", unit.name),
            )
        )
    if unit.officer is not None:
        calls.append(Call("Officer casualty test (rule 11j)", Hint("officer", unit.name)))
    return calls


def take_casualties(
    roster: Roster, name: str, figures: int, tables: Tables, *, fire: bool = True
) -> tuple[Roster, CasualtyReport]:
    """Remove figures and work out the percentage lost this turn and the tests it calls for."""
    if figures < 0:
        raise RosterError("Casualties cannot be negative.")
    unit = roster.unit(name)
    lost = min(figures, unit.figures)
    unit = unit.model_copy(update={"figures": unit.figures - lost})
    roster = roster.replace(unit)
    percent = _percent(unit, tables)
    calls = _calls(roster, unit, percent, tables, fire=fire) if lost else []
    report = CasualtyReport(
        unit=unit.name,
        lost=lost,
        lost_this_turn=unit.lost_this_turn,
        figures_left=unit.figures,
        percent=percent,
        calls=tuple(calls),
    )
    return roster, report


# -- tests with the unit's own factors ---------------------------------------------------------


def pinning_test(
    roster: Roster, name: str, d10: int, tables: Tables, *, pipers: int = 0
) -> tuple[Roster, PinningResult]:
    """Rule 11k on the unit's losses this turn; a pinned unit is marked for this turn."""
    unit = roster.unit(name)
    result = sotq.pinning(_percent(unit, tables), d10, pipers=pipers, tables=tables)
    if result.pinned:
        roster = roster.replace(unit.model_copy(update={"pinned_turn": roster.turn}))
    return roster, result


def morale_test(
    roster: Roster,
    name: str,
    plus_die: int,
    minus_die: int,
    tables: Tables,
    *,
    factors: Sequence[str] = (),
    pipers: int = 0,
) -> tuple[Roster, MoraleResult]:
    """Table 3 with the unit's own factors; the result sets its state until the next test."""
    unit = roster.unit(name)
    setup = morale_setup(roster, unit, factors, tables)
    result = sotq.morale(
        plus_die=plus_die, minus_die=minus_die, pipers=pipers, tables=tables, **setup
    )
    routs = result.result == "rout"
    changes: dict[str, Any] = {
        "routing": routs,
        "impetuous": result.result == "impetuous",
        "morale_turn": roster.turn,
        "morale_result": result.result,
        "melee_score": result.melee_score,
    }
    if routs:
        changes |= {"disordered": True, "routed_turn": roster.turn}
    return roster.replace(unit.model_copy(update=changes)), result


def reaction_test(
    roster: Roster, name: str, column: str, d10: int, tables: Tables, *, officer: str = "add"
) -> sotq.ReactionResult:
    """Table 1 with the unit's reaction class, officer (added or taken off) and impetus."""
    unit = roster.unit(name)
    modifier = unit.officer or 0
    if officer == "subtract":
        modifier = -modifier
    elif officer == "none":
        modifier = 0
    return sotq.reaction(
        unit.reaction_class,
        column,
        d10,
        officer_modifier=modifier,
        impetuous=unit.impetuous,
        tables=tables,
    )


def officer_test(
    roster: Roster, name: str, d10: int, tables: Tables
) -> tuple[Roster, sotq.CheckResult]:
    """Rule 11j: a killed officer leaves the unit, which takes -1 at morale for two moves."""
    unit = roster.unit(name)
    if unit.officer is None:
        raise RosterError(f"{unit.name} has no officer to lose.")
    result = sotq.officer_casualty(d10, tables=tables)
    if result.happened:
        unit = unit.model_copy(update={"officer": None, "officer_killed_turn": roster.turn})
        roster = roster.replace(unit)
    return roster, result


def _fire_factors(target: Unit, factors: Sequence[str], tables: Tables) -> list[str]:
    auto = []
    if target.formation == "open":
        auto.append("target_open_order")
    if target.formation == "prone":
        auto.append("target_prone")
    if target.cover in ("soft", "hard"):
        auto.append(f"target_{target.cover}_cover")
    return merge_factors(factors, auto, sotq.fire_factors(tables))


def fire(
    roster: Roster,
    shooter: str,
    target: str,
    tables: Tables,
    *,
    die: Callable[[str], int],
    weapon: str | None = None,
    figures: int | None = None,
    factors: Sequence[str] = (),
    **options: Any,
) -> tuple[Roster, FireResult, CasualtyReport]:
    """Fire from one unit at another and remove the casualties in one step (rule 11).

    The firers' figures, fire class and officer come from the roster, and the target's
    order and cover supply their fire factors. ``die`` supplies a D10 for the casualty points
    left over (rule 19a), only when there are some.
    """
    firer = roster.unit(shooter)
    aim = roster.unit(target)
    if firer.name == aim.name:
        raise RosterError("A unit cannot fire at itself.")
    if not roster.may_fire(firer):
        raise RosterError(f"{firer.name} was pinned last turn and may not fire this turn.")
    weapon = weapon or firer.weapon
    if weapon is None:
        raise RosterError(f"Name the weapon {firer.name} fires; it has none on the roster.")
    count = figures if figures is not None else firer.figures
    if not 1 <= count <= firer.figures:
        raise RosterError(f"{firer.name} has {firer.figures} figures to fire with.")
    settings = {
        "fire_class": firer.fire_class,
        "officer_modifier": firer.officer or 0,
        "factors": _fire_factors(aim, factors, tables),
        "tables": tables,
        **options,
    }
    result = sotq.fire(weapon, count, **settings)
    if result.figures_removed is None:
        result = sotq.fire(weapon, count, fraction_d10=die(f"{aim.name} casualties"), **settings)
    marks: dict[str, Any] = {"fired_on_turn": roster.turn}
    if weapon in SHELL_WEAPONS:
        marks["shelled_turn"] = roster.turn
    roster = roster.replace(aim.model_copy(update=marks))
    roster, report = take_casualties(roster, aim.name, result.figures_removed or 0, tables)
    return roster, result, report


def melee(
    roster: Roster,
    attacker: str,
    defender: str,
    tables: Tables,
    *,
    die: Callable[[str], int],
    attacker_factors: Sequence[str] = (),
    defender_factors: Sequence[str] = (),
    attacker_weapon: str | None = None,
    defender_weapon: str | None = None,
    figures: int | None = None,
) -> tuple[Roster, MeleeResult, list[CasualtyReport]]:
    """A charge fought out on Table 5 with each unit's recorded morale score (rule 13d), its
    melee weapon and its order; the losses of both sides are removed at once (rule 18)."""
    units = (roster.unit(attacker), roster.unit(defender))
    if units[0].name == units[1].name:
        raise RosterError("A unit cannot fight itself.")
    weapons = (attacker_weapon or units[0].melee_weapon, defender_weapon or units[1].melee_weapon)
    sides = []
    for index, (unit, weapon, given) in enumerate(
        zip(units, weapons, (attacker_factors, defender_factors), strict=True)
    ):
        other = units[1 - index]
        if unit.melee_score is None or unit.morale_turn != roster.turn:
            raise RosterError(
                f"{unit.name} has no morale score this turn; test its morale first (rule 13d).",
                Hint("morale", unit.name),
            )
        if weapon is None:
            raise RosterError(f"Name the melee weapon of {unit.name}; it has none on the roster.")
        mounted = sotq.troop_types(tables)[unit.troop_type].mounted
        allowed = sotq.melee_factors(mounted, tables)
        auto = []
        if other.disordered:
            auto.append("opponent_disordered")
        if other.formation == "open":
            auto.append("opponent_open_order")
        if index == 0 and other.formation == "square" and "foot_attacking_square" in allowed:
            auto.append("foot_attacking_square")
        chosen = merge_factors(given, auto, allowed)
        sides.append(
            MeleeSide(
                name=unit.name,
                morale_score=unit.melee_score,
                weapon=weapon,
                mounted=mounted,
                attacker=index == 0,
                in_square=unit.formation == "square",
                impetuous=unit.impetuous,
                factors=tuple(chosen),
            )
        )
    contact = figures if figures is not None else min(u.figures for u in units)
    if not 1 <= contact <= min(u.figures for u in units):
        raise RosterError("The figures in contact must be at least 1 and no more than either has.")
    result = sotq.melee(sides[0], sides[1], figures=contact, tables=tables)
    if any(side.figures_lost is None for side in result.sides):
        dice = [
            die(f"{side.name} casualties") if side.figures_lost is None else 1
            for side in result.sides
        ]
        result = sotq.melee(sides[0], sides[1], figures=contact, fraction_d10s=dice, tables=tables)
    reports = []
    for unit, side in zip(units, result.sides, strict=True):
        changes: dict[str, Any] = {"disordered": True}
        if "rout" in side.action:
            changes |= {"routing": True, "routed_turn": roster.turn, "impetuous": False}
        roster = roster.replace(roster.unit(unit.name).model_copy(update=changes))
        roster, report = take_casualties(
            roster, unit.name, side.figures_lost or 0, tables, fire=False
        )
        reports.append(report)
    return roster, result, reports


# -- what the roster shows ----------------------------------------------------------------------


@dataclass(frozen=True)
class UnitRow:
    """One unit as the roster picture and text show it."""

    name: str
    strength: str
    losses: str
    details: str
    states: tuple[str, ...]
    out: bool


def unit_states(roster: Roster, unit: Unit) -> tuple[str, ...]:
    states = []
    if unit.routing:
        states.append("routing")
    if unit.pinned_turn == roster.turn:
        states.append("pinned")
    elif unit.pinned_turn == roster.turn - 1:
        states.append("pinned last turn")
    if unit.disordered:
        states.append("disordered")
    if unit.impetuous:
        states.append("impetuous")
    if unit.morale_turn == roster.turn and unit.morale_result in ("retire", "halt", "rally"):
        states.append(unit.morale_result)
    return tuple(states)


def roster_rows(roster: Roster, tables: Tables) -> list[UnitRow]:
    troop_names = {k: t.name.split(",")[0] for k, t in sotq.troop_types(tables).items()}
    rows = []
    for unit in roster.units:
        officer = "no officer" if unit.officer is None else f"officer {unit.officer:+d}"
        parts = [
            troop_names.get(unit.troop_type, unit.troop_type),
            unit.characteristics(),
            officer,
            FORMATIONS.get(unit.formation, unit.formation),
        ]
        if unit.cover != "none":
            parts.append(COVERS[unit.cover])
        if unit.weapon:
            parts.append(unit.weapon.upper().replace("_", " "))
        losses = ""
        if unit.lost_this_turn:
            losses = f"-{unit.lost_this_turn} this turn ({_percent(unit, tables)}%)"
        rows.append(
            UnitRow(
                name=unit.name,
                strength=f"{unit.figures} figures",
                losses=losses,
                details=" · ".join(parts),
                states=unit_states(roster, unit),
                out=unit.figures == 0,
            )
        )
    return rows
