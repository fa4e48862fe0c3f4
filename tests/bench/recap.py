"""Recap benchmark: for a whole bot-against-bot game of each system with a map (the zone game
in both battles), the phases, the animation's size against Discord's 10 MiB upload limit,
the chart's and the replay page's sizes and the time to build the whole recap (replay, frames,
GIF, replay page, chart, summary).

Run: ``.venv/bin/python -m tests.bench.recap [--rounds N] [--out DIR]``.
Games are stored through the real service on a scratch SQLite file, each from the same seed
every run. Times are wall-clock seconds of one build on one core (the bot builds recaps in a
worker thread); medians over the rounds. ``--out`` keeps each game's animation, chart and page.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.posting.recap import SIZE_GOAL, UPLOAD_LIMIT, Recap, build
from bot.posting.recap_measures import FALLBACK
from tests.recap.games import bot_games

GAMES = (
    ("last-stand", "historical"),
    ("ramparts", "standard"),
    ("zones", "rorkes-drift"),
    ("zones", "isandlwana"),
)


async def run(rounds: int) -> dict[str, Recap]:
    """Print each game's figures; return the recaps by game."""
    built: dict[str, Recap] = {}
    print(
        f"{'game':<26} {'phases':>6} {'animation':>10} {'chart':>8} {'page':>9} "
        f"{'build median':>13}"
    )
    with tempfile.TemporaryDirectory() as folder:
        async with bot_games(Path(folder)) as play:
            for system_id, scenario in GAMES:
                played = await play(system_id, scenario)
                pairing = played.pairing
                times = []
                for _ in range(rounds):
                    start = time.perf_counter()
                    recap = build(
                        pairing.system,
                        pairing.picture,
                        pairing.measures or FALLBACK,
                        played.game,
                        played.events,
                        pairing.reel,
                    )
                    times.append(time.perf_counter() - start)
                size = len(recap.animation or b"")
                assert size <= SIZE_GOAL < UPLOAD_LIMIT
                name = f"{system_id}/{scenario}"
                page = len((recap.page or "").encode())
                print(
                    f"{name:<26} {len(recap.phases):>6} {size / 1024:>8.0f} KB "
                    f"{len(recap.chart) / 1024:>5.0f} KB {page / 1024:>6.0f} KB "
                    f"{statistics.median(times):>11.2f} s"
                )
                built[f"{system_id}-{scenario}"] = recap
    limit, goal = UPLOAD_LIMIT / 2**20, SIZE_GOAL / 2**20
    print(f"(upload limit {limit:.0f} MiB; animations over {goal:.0f} MiB are drawn narrower)")
    return built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None)
    arguments = parser.parse_args()
    built = asyncio.run(run(arguments.rounds))
    if arguments.out is not None:
        arguments.out.mkdir(parents=True, exist_ok=True)
        for name, recap in built.items():
            (arguments.out / f"{name}.gif").write_bytes(recap.animation or b"")
            (arguments.out / f"{name}-chart.png").write_bytes(recap.chart)
            (arguments.out / f"{name}.html").write_text(recap.page or "", encoding="utf-8")
            print(arguments.out / f"{name}.gif", arguments.out / f"{name}-chart.png")


if __name__ == "__main__":
    main()
