# Laager bot image, in two stages: the builder makes a virtual environment with every
# dependency and the bot installed into it; the final image copies that environment onto a
# clean slim Python, with no pip cache, compiler or build files, and runs as a user
# without privileges. Build: docker build -t laager .   Run and compose: see README.md.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm

FROM ${PYTHON_IMAGE} AS builder
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/opt/venv/bin:$PATH
RUN python -m venv /opt/venv
WORKDIR /app
# Dependencies first, read from pyproject.toml alone, so that a change to the code reuses
# this layer (the slim image has no compiler: every dependency installs from a wheel).
COPY pyproject.toml ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + p['optional-dependencies']['postgres']))" > requirements.txt \
    && pip install -r requirements.txt
COPY README.md alembic.ini ./
COPY alembic ./alembic
COPY bot ./bot
COPY games ./games
COPY renderers ./renderers
# The bot reads its migrations from alembic/ beside its packages, so it is installed in
# place (the environment points at /app) rather than copied into site-packages. Then pip
# and setuptools leave the environment (nothing installs at run time), the build leftovers
# go, and the sources are compiled once here because /app is read-only later.
RUN pip install --no-deps -e . \
    && python -m pip uninstall --yes pip setuptools \
    && rm -rf build ./*.egg-info requirements.txt \
    && find /app -name __pycache__ -prune -exec rm -rf {} + \
    && python -m compileall -q /app/bot /app/games /app/renderers /app/alembic

FROM ${PYTHON_IMAGE}
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/laager.sqlite3 \
    LOG_FORMAT=json \
    STATUS_HOST=0.0.0.0 \
    STATUS_PORT=8080
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /nonexistent laager \
    && mkdir /data \
    && chown laager:laager /data
COPY --from=builder /opt/venv /opt/venv
COPY --from=builder /app /app
WORKDIR /app
USER laager
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["laager", "health"]
CMD ["laager", "run"]
