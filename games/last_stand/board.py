"""The map as data: terrain, road, onrush and escape hexes, loaded once from ``data/map.json``.

Geometry is done in axial coordinates (:mod:`hexes`); the board hands out printed
hex numbers because that is what players, state and logs speak.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Any

from games.last_stand.hexes import Axial, Grid, distance, lines, neighbours


@dataclass(frozen=True)
class Terrain:
    name: str
    mp: int
    defence: int


def load_json(name: str) -> dict[str, Any]:
    return json.loads(resources.files("games.last_stand.data").joinpath(name).read_text())


class Board:
    """Every hex of the map with its terrain, and the distances and sight lines between them."""

    def __init__(self, data: dict[str, Any]) -> None:
        grid = data["grid"]
        self.grid = Grid(grid["shifted_columns"])
        shifted = 0 if grid["shifted_columns"] == "even" else 1
        self.columns = grid["columns"]
        self.terrains = {
            name: Terrain(name, t["mp"], t["defence"]) for name, t in data["terrain"].items()
        }
        numbers = []
        for column in range(1, self.columns + 1):
            rows = grid["rows_shifted"] if column % 2 == shifted else grid["rows_unshifted"]
            numbers += [f"{column:02d}{row:02d}" for row in range(1, rows + 1)]
        self.numbers: tuple[str, ...] = tuple(numbers)
        self.axial: dict[str, Axial] = {n: self.grid.axial(n) for n in numbers}
        self._number: dict[Axial, str] = {a: n for n, a in self.axial.items()}
        self.terrain: dict[str, Terrain] = dict.fromkeys(
            numbers, self.terrains[data["default_terrain"]]
        )
        for group in data["hexes"]:
            for number in group["hexes"]:
                self.terrain[number] = self.terrains[group["terrain"]]
        self.neighbours: dict[str, tuple[str, ...]] = {
            n: tuple(self._number[b] for b in neighbours(a) if b in self._number)
            for n, a in self.axial.items()
        }
        road = data["road"]["hexes"]
        self.road: tuple[str, ...] = tuple(road)
        self.road_hexes = frozenset(road)
        self.road_steps = frozenset(pair for a, b in pairwise(road) for pair in ((a, b), (b, a)))
        self.onrush_east: tuple[str, ...] = tuple(data["onrush"]["east"])
        self.onrush_west: tuple[str, ...] = tuple(data["onrush"]["west"])
        self.onrush = frozenset(self.onrush_east + self.onrush_west)
        self.divide_column: int = data["onrush"]["divide_column"]
        self.escape = frozenset(data["escape"]["hexes"])
        self.ledge: str = data["ledge"]["hex"]
        self._near: dict[tuple[str, int], tuple[str, ...]] = {}
        self._sight: dict[tuple[str, str], bool] = {}

    def __contains__(self, number: object) -> bool:
        return number in self.axial

    def distance(self, a: str, b: str) -> int:
        return distance(self.axial[a], self.axial[b])

    def heights(self, number: str) -> bool:
        return self.terrain[number].name == "heights"

    def line_of_sight(self, source: str, target: str) -> bool:
        """8.5: ranged fire may not enter or cross heights, but may run along their edge.

        Adjacent fire has no hex between and is never blocked; a unit may fire out of a
        heights hex (the rule forbids firing into or through one).
        """
        key = (source, target)
        if key not in self._sight:
            self._sight[key] = self._sight_line(source, target)
        return self._sight[key]

    def _sight_line(self, source: str, target: str) -> bool:
        if self.distance(source, target) <= 1:
            return True
        if self.heights(target):
            return False
        for line in lines(self.axial[source], self.axial[target]):
            between = line[1:-1]
            if not any(self.heights(self._number.get(a, target)) for a in between):
                return True
        return False

    def side_of(self, number: str) -> str:
        """8.8: which group of onrush hexes a Zulu killed in this hex comes back through."""
        return "east" if int(number[:2]) >= self.divide_column else "west"

    def onrush_of(self, part: str) -> tuple[str, ...]:
        return self.onrush_east if part == "east" else self.onrush_west

    def near(self, number: str, reach: int) -> tuple[str, ...]:
        """Every other hex at most ``reach`` hexes away."""
        key = (number, reach)
        if key not in self._near:
            centre = self.axial[number]
            self._near[key] = tuple(
                n for n, a in self.axial.items() if 0 < distance(centre, a) <= reach
            )
        return self._near[key]


@cache
def board() -> Board:
    return Board(load_json("map.json"))


@cache
def order_of_battle() -> dict[str, Any]:
    return load_json("oob.json")
