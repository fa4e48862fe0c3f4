# Laager bot image. Build: docker build -t laager .  Run: see README.md.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/laager.sqlite3

WORKDIR /app
COPY pyproject.toml README.md alembic.ini ./
COPY bot ./bot
COPY games ./games
COPY renderers ./renderers
COPY alembic ./alembic
RUN pip install --no-cache-dir -e '.[postgres]' \
    && useradd --create-home laager \
    && mkdir /data && chown laager /data

USER laager
VOLUME ["/data"]
CMD ["laager", "run"]
