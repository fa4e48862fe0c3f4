"""Last Stand at Isandlwana benchmarks: map render, the bot's Zulu movement, a bot game.

Run: ``.venv/bin/python -m tests.bench.last_stand [--rounds N]``.
Goals: the posted map (the area of the action) under 50 ms and 150 KB, and under twice the
PNG encoding of the same image; the
bot's Zulu movement phase with all 112 Zulus on the map under 250 ms; a whole
bot-against-bot game under 3 s. Figures from one run compare with each other only.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, Viewer
from games.last_stand.board import board
from games.last_stand.state import zulus_by_hex
from games.last_stand.system import SYSTEM
from renderers.last_stand import map_image, render_map
from renderers.png import encode_indexed


def timed(rounds: int, action: Callable[[], object]) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return samples


def line(name: str, samples: list[float]) -> str:
    return f"{name:<52} median {statistics.median(samples) * 1000:8.2f} ms   (n={len(samples)})"


def bot_game(seed: int) -> JSON:
    dice = Dice(derived_seed("bench", seed))
    state = SYSTEM.new("historical", {}, dice).state
    while not SYSTEM.result(state):
        [side] = SYSTEM.to_act(state)
        state = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
    return state


def mid_game(seed: int, turn: int) -> JSON:
    """A position from a bot game, at the start of the given turn's Phase IV."""
    dice = Dice(derived_seed("bench", seed))
    state = SYSTEM.new("historical", {}, dice).state
    while not (state["turn"] == turn and state["phase"] == "british_4"):
        [side] = SYSTEM.to_act(state)
        state = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
    return state


def all_zulus_on_map() -> JSON:
    """Set-up done, and every Zulu standing alone in its own hex across the east of the map."""
    dice = Dice(derived_seed("bench", "zulus"))
    state = SYSTEM.new("historical", {}, dice).state
    for order in ({"type": "auto"}, {"type": "end"}):
        state = SYSTEM.apply(state, "british", order, dice).state
    b = board()
    taken = {d["hex"] for d in state["british"].values() if d["hex"]} | {state["wagon"]}
    free = [h for h in sorted(b.numbers, key=lambda n: (-int(n[:2]), n)) if h not in taken]
    free = [h for h in free if h not in b.onrush]
    for zulu, hex_ in zip(sorted(state["zulus"]), free, strict=False):
        state["zulus"][zulu] = hex_
    assert sum(len(z) for z in zulus_by_hex(state).values()) == 112
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds

    picture = SYSTEM.view(mid_game(3, 2), Viewer.public()).picture
    for options in ({}, {"whole": True}):
        render_map(picture, options)  # draw the terrain once
    render = timed(rounds, lambda: render_map(picture, {}))
    image = map_image(picture, {})
    encoding = timed(rounds, lambda: encode_indexed(image))
    whole = timed(rounds, lambda: render_map(picture, {"whole": True}))
    zoom = timed(rounds, lambda: render_map(picture, {"zoom": "1206"}))
    print(line("posted map render (draw + encode)", render))
    print(line("PNG encoding alone, same image", encoding))
    ratio = statistics.median(render) / statistics.median(encoding)
    print(f"{'render / encoding':<52} {ratio:8.2f} x")
    for name, options in (("posted", {}), ("whole", {"whole": True})):
        png = render_map(picture, options)
        print(f"{name + ' map':<52} {len(png) / 1024:8.1f} KB   {map_image(picture, options).size}")
    print(line("whole map render", whole))
    print(line("zoomed map render around 1206", zoom))

    state = all_zulus_on_map()
    seed = derived_seed("bench", "move")

    def plan() -> JSON:
        return SYSTEM.bot_action(state, "zulu", Dice(seed))

    def phase() -> JSON:
        dice = Dice(seed)
        return SYSTEM.apply(state, "zulu", SYSTEM.bot_action(state, "zulu", dice), dice).state

    print(line("bot Zulu movement plan, 112 Zulus on the map", timed(rounds, plan)))
    print(line("bot Zulu movement phase (plan + apply)", timed(rounds, phase)))
    games = max(5, rounds // 3)
    seeds = iter(range(games))
    print(line("whole bot-against-bot game", timed(games, lambda: bot_game(next(seeds)))))


if __name__ == "__main__":
    main()
