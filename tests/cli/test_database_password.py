"""DATABASE_PASSWORD goes into the database URL encoded, so any character works; pasted into
the URL as it is, ``p@ss/word`` made SQLAlchemy read the host as ``ss``."""

from __future__ import annotations

from sqlalchemy import make_url

from bot.operations.settings import Settings

URL = "postgresql+asyncpg://laager@postgres:5432/laager"
AWKWARD = "p@ss/word:#%?é"


def test_a_password_apart_from_the_url_keeps_host_and_password() -> None:
    settings = Settings(_env_file=None, database_url=URL, database_password=AWKWARD)
    url = make_url(settings.database_url)
    assert (url.host, url.port, url.database) == ("postgres", 5432, "laager")
    assert url.password == AWKWARD


def test_pasted_into_the_url_it_would_be_read_wrongly() -> None:
    """The check above can tell: the same password pasted into the URL is misread."""
    pasted = URL.replace("laager@", f"laager:{AWKWARD}@")
    try:
        url = make_url(pasted)
    except ValueError:
        return  # refused outright
    assert (url.host, url.password) != ("postgres", AWKWARD)


def test_without_a_password_the_url_is_left_alone() -> None:
    assert Settings(_env_file=None, database_url=URL).database_url == URL
