"""The order of battle of each battle as frozen records: British counters and the Zulu force."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from types import MappingProxyType

from games.zones.board import earlier, map_of, read_data
from games.zones.schema import Battle, ForceModel, ForcesFile, UnitKind


@dataclass(frozen=True)
class BritishUnit:
    """One British counter. ``short`` labels it on the map; ``reduced`` is its back side,
    None when it has none.

    ``counts_as``: the SP it counts for limits, melee and victory when that differs from
    ``sp`` (the battery, 3.2). ``optional_leader``/``optional_charge``: 17.1.1 and 17.1.2.
    """

    id: str
    name: str
    short: str
    kind: UnitKind
    sp: int
    reduced: int | None
    setup: str | None
    counts_as: int | None
    moved_side: bool
    optional_leader: bool
    optional_charge: bool

    @property
    def fires(self) -> bool:
        """11.1: everyone fires except VP units and native infantry."""
        return self.kind not in ("vp", "native-infantry")


@dataclass(frozen=True)
class ZuluLeader:
    id: str
    name: str


@dataclass(frozen=True)
class ZuluForce:
    """90 warrior SP in all (3.4), plus leaders outside that total (15.1).

    ``counters`` maps a counter value to how many such counters the mix holds.
    """

    warrior_sp: int
    leaders: tuple[ZuluLeader, ...]
    counters: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Forces:
    battle: Battle
    british: tuple[BritishUnit, ...]
    zulu: ZuluForce

    def unit(self, unit_id: str) -> BritishUnit:
        try:
            return self._by_id[unit_id]
        except KeyError:
            raise KeyError(f"no British unit {unit_id!r} at {self.battle}") from None

    @cached_property
    def _by_id(self) -> Mapping[str, BritishUnit]:
        """Units by id, since the engine asks for one by id many times an order."""
        return MappingProxyType({u.id: u for u in self.british})

    def british_sp(self) -> int:
        """Full-strength British SP as victory counts them (the battery as 1, 16.2)."""
        return sum(u.counts_as or u.sp for u in self.british)


def parse_forces(text: str) -> Mapping[Battle, Forces]:
    battles = ForcesFile.model_validate_json(text).battles
    return MappingProxyType({f.battle: _forces(f) for f in battles})


def _forces(model: ForceModel) -> Forces:
    british = tuple(
        BritishUnit(
            u.id,
            u.name,
            u.short,
            u.kind,
            u.sp,
            u.reduced,
            u.setup,
            u.counts_as,
            u.moved_side,
            u.optional_leader,
            u.optional_charge,
        )
        for u in model.british
    )
    zulu = ZuluForce(
        warrior_sp=model.zulu.warrior_sp,
        leaders=tuple(ZuluLeader(leader.id, leader.name) for leader in model.zulu.leaders),
        counters=tuple((c.sp, c.count) for c in model.zulu.counters),
    )
    return Forces(model.battle, british, zulu)


@cache
def _all_forces() -> Mapping[Battle, Forces]:
    return parse_forces(read_data("forces.json"))


@cache
def load_forces(battle: Battle) -> Forces:
    try:
        return _all_forces()[battle]
    except KeyError:
        raise ValueError(f"no order of battle for {battle!r}") from None


def posts(battle: Battle, revision: int) -> Mapping[str, str]:
    """Each British unit's suggested set-up zone under readings ``revision``: the order of
    battle's, or the earlier map's where the revision came before a change of them."""
    found = {unit.id: unit.setup for unit in load_forces(battle).british}
    if map_of(battle, revision) != battle:
        found.update(earlier(battle)["posts"])
    return MappingProxyType(found)
