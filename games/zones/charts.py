"""The game charts as frozen records: sequence of play, turn record, tracks and tables."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from games.zones.board import read_data
from games.zones.schema import Battle, ChartsFile, Light


@dataclass(frozen=True)
class Step:
    step: str
    name: str
    battles: tuple[Battle, ...]


@dataclass(frozen=True)
class Turn:
    turn: int
    light: Light
    water_cart_vp: int | None


@dataclass(frozen=True)
class LightRule:
    """What day or night changes: Zulu random fire dice (11.3) and British range (11.5)."""

    random_fire_dice: int
    max_range: int


@dataclass(frozen=True)
class FireTrack:
    """The hospital fire track (13.2, 13.3): boxes, start, burned box, and the die's advance."""

    boxes: tuple[int, ...]
    start: int
    burned_at: int
    advance: tuple[int, ...]

    def after(self, box: int, die: int) -> int:
        """The box the marker reaches from ``box`` on a roll of ``die``, capped at burned."""
        return min(self.burned_at, box + self.advance[die - 1])


@dataclass(frozen=True)
class Charts:
    sequence: tuple[Step, ...]
    turns: Mapping[Battle, tuple[Turn, ...]]
    light: Mapping[Battle, Mapping[Light, LightRule]]
    hit_by_range: Mapping[int, int]
    fire_track: FireTrack
    loss_track: tuple[int, int]
    faces: tuple[int, ...]
    average_hits: tuple[tuple[int, ...], ...]
    entry_rorkes_drift: Mapping[int, str]
    entry_isandlwana: tuple[tuple[int, int, tuple[str, ...]], ...]

    def turn(self, battle: Battle, number: int) -> Turn:
        return self.turns[battle][number - 1]

    def hits(self, dice: int, face: int) -> int:
        """17.0 chart: average hits for ``dice`` dice hitting on ``face`` or better."""
        if not 1 <= dice <= len(self.average_hits):
            raise ValueError(f"the chart covers 1 to {len(self.average_hits)} dice, not {dice}")
        if face not in self.faces:
            raise ValueError(f"the chart has columns for faces {self.faces}, not {face}")
        return self.average_hits[dice - 1][self.faces.index(face)]

    def solitaire_entry(self, battle: Battle, turn: int, die: int) -> str:
        """The 18.1 / 18.1.3 entry zone for a die roll ("split" at Rorke's Drift on a 6)."""
        if battle == "rorkes-drift":
            return self.entry_rorkes_drift[die]
        for first, last, zones in self.entry_isandlwana:
            if first <= turn <= last:
                return zones[die - 1]
        raise ValueError(f"the entry chart has no column for turn {turn}")


def parse_charts(text: str) -> Charts:
    model = ChartsFile.model_validate_json(text)
    track = model.hospital_fire_track
    rows = model.average_hits.rows
    return Charts(
        sequence=tuple(Step(s.step, s.name, s.battles) for s in model.sequence.steps),
        turns=MappingProxyType(
            {
                battle: tuple(Turn(t.turn, t.light, t.water_cart_vp) for t in turns)
                for battle, turns in model.turn_record.battles.items()
            }
        ),
        light=MappingProxyType(
            {
                battle: MappingProxyType(
                    {
                        light: LightRule(row.random_fire_dice, row.max_range)
                        for light, row in (("day", rule.day), ("night", rule.night))
                        if row is not None
                    }
                )
                for battle, rule in model.light.items()
            }
        ),
        hit_by_range=MappingProxyType(
            {int(r): face for r, face in model.hit_numbers.by_range.items()}
        ),
        fire_track=FireTrack(
            track.boxes,
            track.start,
            track.burned_at,
            tuple(track.advance[str(d)] for d in range(1, 7)),
        ),
        loss_track=(model.loss_track.first, model.loss_track.last),
        faces=model.average_hits.faces,
        average_hits=tuple(rows[str(n)] for n in range(1, len(rows) + 1)),
        entry_rorkes_drift=MappingProxyType(
            {int(d): z for d, z in model.solitaire_entry.rorkes_drift.die.items()}
        ),
        entry_isandlwana=tuple(
            (c.turns[0], c.turns[1], c.die) for c in model.solitaire_entry.isandlwana.columns
        ),
    )


@cache
def load_charts() -> Charts:
    return parse_charts(read_data("charts.json"))
