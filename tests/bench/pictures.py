"""Every picture the bot posts: time to draw and encode, file size, and the encoder settings.

Run: ``.venv/bin/python -m tests.bench.pictures [--rounds N] [--save DIR] [--encoders]``.
Goal (issue 13): every map, track and roster picture under 10 ms median to draw and encode,
and under 150 KB. Times are CPU time of this process (one thread), so other work on a shared
machine counts less; figures from one run compare with each other, not across machines.
"first" is the first draw of that picture in the process: it pays for what is then kept
(terrain layers, lettering, card faces), as a freshly started bot does once.
``--save`` writes each picture and a copy scaled to 400 px wide, to look at. ``--encoders``
re-encodes one picture of each kind under other settings, to show why the chosen ones won.
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from tests.picture_samples import Case, cases

GOAL_MS, GOAL_KB = 10.0, 150.0


def timed(job: Callable[[], object], rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.process_time()
        job()
        samples.append(time.process_time() - start)
    return samples


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def saved(image: Image.Image, level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=level)
    return buffer.getvalue()


def slug(case: Case) -> str:
    return re.sub(r"[^a-z0-9]+", "-", f"{case.kind} {case.position}".lower()).strip("-")


def bench(rounds: int, save: Path | None) -> None:
    print(f"{'picture':<44} {'first':>8} {'median':>8} {'p95':>8} {'KB':>7}  size       mode")
    worst_ms = worst_kb = 0.0
    for case in cases():
        start = time.process_time()
        png = case.draw()
        first = (time.process_time() - start) * 1000
        if png is None:
            continue
        samples = timed(case.draw, rounds)
        image = opened(png)
        median = statistics.median(samples) * 1000
        kb = len(png) / 1024
        worst_ms, worst_kb = max(worst_ms, median), max(worst_kb, kb)
        flag = " *" if median >= GOAL_MS or kb >= GOAL_KB else ""
        name = f"{case.kind} · {case.position}"
        print(
            f"{name:<44} {first:6.1f}ms {median:6.2f}ms {p95(samples) * 1000:6.2f}ms {kb:7.1f}  "
            f"{image.width}x{image.height:<5} {image.mode}{flag}"
        )
        if save is not None:
            save.mkdir(parents=True, exist_ok=True)
            (save / f"{slug(case)}.png").write_bytes(png)
            small = image.convert("RGB").resize(
                (400, round(image.height * 400 / image.width)), Image.Resampling.LANCZOS
            )
            small.save(save / f"{slug(case)}-400.png")
    print(f"worst median {worst_ms:.2f} ms (goal {GOAL_MS:.0f}), "
          f"largest {worst_kb:.1f} KB (goal {GOAL_KB:.0f}); * marks a miss")  # fmt: skip


def encoders(rounds: int) -> None:
    """One picture of each kind (the largest), re-encoded under each setting: encode time only.

    "as drawn" is the renderer's own image (a palette image when it draws on one); "RGB" is the
    same pixels in full colour; "octree 256" quantizes the RGB pixels per picture first.
    """
    largest: dict[str, tuple[int, bytes]] = {}
    for case in cases():
        png = case.draw()
        if png is not None and len(png) > largest.get(case.kind, (0, b""))[0]:
            largest[case.kind] = (len(png), png)
    print("\nencoder settings, largest picture of each kind (encode only, median):")
    for kind, (_, png) in largest.items():
        drawn = opened(png)
        print(f"  {kind} ({drawn.width}x{drawn.height}):")
        for name, job in settings(drawn):
            ms = statistics.median(timed(job, rounds)) * 1000
            print(f"    {name:<28} {ms:7.2f} ms {len(job()) / 1024:7.1f} KB")


def settings(drawn: Image.Image) -> list[tuple[str, Callable[[], bytes]]]:
    rgb = drawn.convert("RGB")

    def octree(level: int) -> bytes:
        return saved(rgb.quantize(256, method=Image.Quantize.FASTOCTREE), level)

    choices: list[tuple[str, Callable[[], bytes]]] = []
    for level in (1, 3, 6, 9):
        choices.append((f"as drawn ({drawn.mode}) zlib {level}", lambda v=level: saved(drawn, v)))
    for level in (1, 6):
        choices.append((f"RGB zlib {level}", lambda v=level: saved(rgb, v)))
        choices.append((f"octree 256 + zlib {level}", lambda v=level: octree(v)))
    return choices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--save", type=Path, help="write every picture here, with 400 px copies")
    parser.add_argument("--encoders", action="store_true", help="compare encoder settings")
    args = parser.parse_args()
    bench(args.rounds, args.save)
    if args.encoders:
        encoders(max(5, args.rounds // 2))


if __name__ == "__main__":
    main()
