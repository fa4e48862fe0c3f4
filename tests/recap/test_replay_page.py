"""The replay page in a real browser (Debian's Chromium, driven by Selenium): it opens offline,
its buttons and bookmarks step the frames, the log follows, the map drawn is the frame asked
for, and the browser reports no error (issue 26)."""

from __future__ import annotations

import asyncio
import base64
import io
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.posting.recap import build, replay_page
from renderers import replay_page as page_module
from renderers.recap import Film, film
from renderers.replay_page import Moment
from tests.recap.games import Played, bot_games

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason="Debian's chromium and chromium-driver are not installed (.ci/run installs them)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER or ""), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@dataclass(frozen=True)
class Sample:
    """A whole Last Stand game's page, the game, its film and its phases' labels."""

    page: str
    played: Played
    made: Film
    labels: list[str]

    @property
    def frames(self) -> list[Image.Image]:
        """The frames as the page should draw them."""
        return [f.convert("RGB") for f in self.made.frames]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Sample:
    """One game for every test here: playing it costs more than any check."""

    async def played() -> Played:
        async with bot_games(tmp_path_factory.mktemp("game")) as play:
            return await play("last-stand")

    game = asyncio.run(played())
    pairing = game.pairing
    recap = build(
        pairing.system, pairing.picture, game.measures, game.game, game.events, pairing.reel
    )
    assert recap.page is not None and pairing.reel is not None
    made = film(pairing.reel([p.view for p in recap.phases]), recap.title)
    return Sample(recap.page, game, made, [p.label for p in recap.phases])


def opened(browser: object, folder: Path, page: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    path = folder / "game.html"
    path.write_text(page, encoding="utf-8")
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    WebDriverWait(browser, 20).until(
        lambda b: b.execute_script("return document.body.dataset.ready") == "yes"
    )


def frame(browser: object) -> int:
    return int(browser.execute_script("return document.body.dataset.frame"))  # type: ignore[attr-defined]


def canvas(browser: object) -> Image.Image:
    url = browser.execute_script(  # type: ignore[attr-defined]
        "return document.getElementById('map').toDataURL('image/png')"
    )
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")


def distance(a: Image.Image, b: Image.Image) -> float:
    """Mean difference per channel between two pictures (the page's palette costs a little)."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def press(browser: object, name: str) -> None:
    browser.find_element("id", name).click()  # type: ignore[attr-defined]


def here(browser: object) -> str:
    """The log's highlighted section."""
    return browser.execute_script(  # type: ignore[attr-defined]
        "return document.querySelector('#log section.here h2').textContent"
    )


def test_the_buttons_step_the_frames_and_the_log_follows(
    browser: object, tmp_path: Path, sample: Sample
) -> None:
    page, frames, labels = sample.page, sample.frames, sample.labels
    assert "http://" not in page and "https://" not in page, "nothing to fetch"
    assert "default-src 'none'" in page
    opened(browser, tmp_path, page)
    last = len(frames) - 1
    assert frame(browser) == 0 and labels[0] in here(browser)
    assert distance(canvas(browser), frames[0]) < 2
    for _ in range(3):
        press(browser, "forward")
    assert frame(browser) == 3 and labels[3] in here(browser)
    assert distance(canvas(browser), frames[3]) < 2 < distance(frames[3], frames[0])
    press(browser, "last")
    assert frame(browser) == last and distance(canvas(browser), frames[last]) < 2
    press(browser, "forward")
    assert frame(browser) == last, "no step past the end"
    press(browser, "back")
    assert frame(browser) == last - 1 and distance(canvas(browser), frames[last - 1]) < 2
    press(browser, "first")
    assert frame(browser) == 0 and distance(canvas(browser), frames[0]) < 2
    press(browser, "back")
    assert frame(browser) == 0, "no step before the start"
    marks = browser.find_elements("css selector", "#marks button")  # type: ignore[attr-defined]
    assert [m.text for m in marks][:2] == ["Turn 1", "Turn 2"]
    marks[1].click()
    at = frame(browser)
    assert labels[at].startswith("Turn 2") and not labels[at - 1].startswith("Turn 2")
    assert distance(canvas(browser), frames[at]) < 2
    press(browser, "play")
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 10).until(lambda b: frame(b) >= at + 2)
    press(browser, "play")
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]  # type: ignore[attr-defined]
    assert errors == []


def test_a_page_whose_patches_are_lost_is_caught(
    browser: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample: Sample
) -> None:
    """Planted fault: every later frame's patch left out; the map never moves on."""
    real = page_module._patches
    monkeypatch.setattr(
        page_module,
        "_patches",
        lambda frames: [{**p, "src": ""} if i else p for i, p in enumerate(real(frames))],
    )
    moments = [Moment(label, None, []) for label in sample.labels]
    opened(browser, tmp_path, page_module.page(sample.made, moments, b"", ""))
    for _ in range(3):
        press(browser, "forward")
    assert distance(canvas(browser), sample.frames[3]) > 2


def test_a_running_game_s_page_keeps_its_seed(sample: Sample) -> None:
    """``/game export`` of a game still in play: its page says so, and the seed is not in it."""
    played = sample.played
    pairing = played.pairing
    running = replace(played.game, status="active", result=None)
    page = replay_page(
        pairing.system, pairing.picture, played.measures, running, played.events, pairing.reel
    )
    assert page is not None and "In play" in page
    assert played.game.seed not in page


def test_the_page_fits_a_phone_and_stays_put(
    browser: object, tmp_path: Path, sample: Sample
) -> None:
    """At a phone's width nothing runs off the side (the revealed seed once did), and a
    button's step scrolls the log, not the page away from the map."""
    page = sample.page
    browser.set_window_size(400, 850)  # type: ignore[attr-defined]
    try:
        opened(browser, tmp_path, page)
        for _ in range(8):
            press(browser, "forward")
        assert frame(browser) == 8
        assert browser.execute_script("return window.scrollY") == 0  # type: ignore[attr-defined]
        wide, room = browser.execute_script(  # type: ignore[attr-defined]
            "return [document.documentElement.scrollWidth, window.innerWidth]"
        )
        assert wide <= room
    finally:
        browser.set_window_size(1280, 900)  # type: ignore[attr-defined]
