# Laager bot image, in two stages, so that a change to the code rebuilds only a small layer.
#
# 1. dependencies: a virtual environment with exactly the versions of
#    bot/deploy/requirements.lock, each checked against its hash. The stage reads nothing
#    but the lock file, so its layer (most of the image) is rebuilt only when the lock changes.
#    The environment finds the code at /app through a path file and starts it through a
#    launcher of its own, so the code never has to be installed into it.
# 2. the image: a clean slim Python, that environment copied as one layer, then the code as
#    small layers of its own, compiled once, run by a user without privileges. No pip,
#    compiler, cache or build files, and no Discord-in-a-box (.dockerignore).
#
# Build: docker build -t laager .   (podman and buildah: add --format docker, without which
# they drop the HEALTHCHECK). Run and compose: see README.md.
ARG PYTHON_IMAGE=python:3.11.13-slim-bookworm

FROM ${PYTHON_IMAGE} AS dependencies
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY bot/deploy/requirements.lock /tmp/requirements.lock
# The slim image has no compiler: every locked dependency is a wheel or pure Python.
RUN python -m venv /opt/venv \
    && /opt/venv/bin/pip install --require-hashes --no-deps -r /tmp/requirements.lock \
    && /opt/venv/bin/python -m pip uninstall --yes pip setuptools \
    && echo /app > "$(/opt/venv/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/laager.pth" \
    && printf '#!/opt/venv/bin/python\nimport sys\n\nfrom bot.process.cli import main\n\nsys.exit(main())\n' \
        > /opt/venv/bin/laager \
    && chmod 755 /opt/venv/bin/laager

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
COPY --from=dependencies /opt/venv /opt/venv
WORKDIR /app
# The code last, the parts that change least first. The bot reads its migrations from
# alembic/ beside its packages. /app is read-only at run time, so it is compiled here.
COPY alembic.ini ./
COPY alembic ./alembic
COPY games ./games
COPY renderers ./renderers
COPY bot ./bot
RUN python -m compileall -q /app
USER laager
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["laager", "health"]
CMD ["laager", "run"]
