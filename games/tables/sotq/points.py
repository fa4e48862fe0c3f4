"""The points value calculator: a figure's worth from morale, reaction, traits, cover and arms."""

from collections.abc import Sequence

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace
from ..schema.common import Value
from ..schema.points import Firearm, PointsFile, Trait

FILE = "sotq_points"


class PointsResult(Result):
    per_figure: float
    figures: int
    total_points: float


def _points(trace: Trace) -> PointsFile:
    return trace.tables.typed(FILE, PointsFile)


def troop_traits(tables: TablesArg = None) -> dict[str, Trait]:
    return dict(_points(Trace(tables)).troop_traits)


def firearms(tables: TablesArg = None) -> dict[str, Firearm]:
    return dict(_points(Trace(tables)).firearms)


def cover_values(tables: TablesArg = None) -> dict[str, Value]:
    """Points per inch of soft or hard cover."""
    return {str(kind): value for kind, value in _points(Trace(tables)).cover_per_inch.items()}


def points_value(
    morale: int,
    reaction_class: str,
    *,
    fire_class: str = "0",
    traits: Sequence[str] = (),
    arms: Sequence[str] = (),
    cover: str | None = None,
    cover_inches: int = 1,
    figures: int = 1,
    tables: TablesArg = None,
) -> PointsResult:
    """Points per figure and for the unit: morale, reaction, traits, cover per inch, fire class
    (ignored for spears and bows alone) and firearms, halved for muzzle-loaders or no firearm."""
    if figures < 1 or cover_inches < 0:
        raise TableError("A unit has at least one figure, and cover cannot be negative.")
    if len(set(traits)) != len(traits) or len(set(arms)) != len(arms):
        raise TableError("Name each trait and weapon once.")
    trace = Trace(tables)
    modifiers = [
        Term(
            name=f"reaction {reaction_class}",
            value=int(trace.pick("reaction class", FILE, "reaction", reaction_class).value),
        )
    ]
    for trait_id in traits:
        trait: Trait = trace.pick("troop trait", FILE, "troop_traits", trait_id)
        modifiers.append(Term(name=trait.name.lower(), value=trait.value))
    if cover is not None:
        per_inch = int(trace.pick("cover", FILE, "cover_per_inch", cover).value)
        modifiers.append(Term(name=f'{cover} cover {cover_inches}"', value=per_inch * cover_inches))
    weapons: list[Firearm] = [trace.pick("firearm", FILE, "firearms", a) for a in arms]
    class_value = int(trace.pick("fire class", FILE, "fire_classes", fire_class).value)
    if all(w.loading == "none" for w in weapons):
        trace.get(FILE, "fire_class_ignored")
    elif class_value:
        modifiers.append(Term(name=f"fire class {fire_class}", value=class_value))
    modifiers += [Term(name=w.name, value=w.value) for w in weapons]
    subtotal = morale + sum(int(m.value) for m in modifiers)
    loadings = {w.loading for w in weapons}
    loading = "muzzle" if "muzzle" in loadings else "breech" if "breech" in loadings else "none"
    multiplier = trace.get(FILE, "loading_multiplier", loading).value
    per_figure = subtotal * multiplier
    total = per_figure * figures
    return trace.result(
        PointsResult,
        rule="Points values",
        inputs={
            "morale": morale,
            "reaction_class": reaction_class,
            "fire_class": fire_class,
            "traits": list(traits),
            "arms": list(arms),
            "cover": cover,
            "cover_inches": cover_inches,
            "figures": figures,
        },
        base=Term(name="morale", value=morale),
        modifiers=tuple(modifiers),
        total=subtotal,
        cell=f"{loading} loading: x {multiplier:g} = {per_figure:g} a figure",
        outcome=f"{per_figure:g} points a figure, {total:g} for {figures}",
        per_figure=per_figure,
        figures=figures,
        total_points=total,
    )


def works_points(cover: str, perimeter_inches: float, *, tables: TablesArg = None) -> PointsResult:
    """A whole building or work: its perimeter in inches times the cover value."""
    trace = Trace(tables)
    per_inch = trace.pick("cover", FILE, "cover_per_inch", cover).value
    trace.get(FILE, "whole_building")
    total = per_inch * perimeter_inches
    return trace.result(
        PointsResult,
        rule="Points values",
        inputs={"cover": cover, "perimeter_inches": perimeter_inches},
        base=Term(name=f"{cover} cover per inch", value=per_inch),
        total=total,
        cell=f'{perimeter_inches:g}" perimeter x {per_inch}',
        outcome=f"{total:g} points",
        per_figure=total,
        figures=1,
        total_points=total,
    )


def defender_points(attacker_points: float, *, tables: TablesArg = None) -> PointsResult:
    """The defender's allowance in an attack-and-defence game."""
    trace = Trace(tables)
    ratio = trace.get(FILE, "defender_ratio").value
    total = attacker_points * ratio
    return trace.result(
        PointsResult,
        rule="Points values",
        inputs={"attacker_points": attacker_points},
        base=Term(name="attacker's points", value=attacker_points),
        total=total,
        cell=f"x {ratio:g}",
        outcome=f"the defender has {total:g} points",
        per_figure=total,
        figures=1,
        total_points=total,
    )
