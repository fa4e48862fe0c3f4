"""The Docker image and the compose file.

The shape of both is checked everywhere (a checker that each planted fault trips). Where a
Docker engine answers, the image is also built and run: ``laager --help``, then the bot in a
container against the sandbox on the host's network, until ``laager health`` in the
container says the gateway and the database are up. Without an engine that test is skipped
and says so.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import shutil
import socket
import subprocess
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from bot.operations.health_probe import probe
from bot.sandbox import DiscordSandbox

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "bot" / "deploy" / "compose.yaml"
BUILD_TOOLS = ("gcc", "g++", "build-essential", "make ", "cc ", "libc6-dev", "python3-dev")
BUILD_SECONDS = 1800


def instructions(dockerfile: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) for each instruction, continuation lines joined."""
    joined = re.sub(r"\\\n", " ", dockerfile)
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def image_problems(dockerfile: str) -> list[str]:
    """What keeps the Dockerfile from the image the README promises; empty when none."""
    steps = instructions(dockerfile)
    starts = [i for i, (word, _) in enumerate(steps) if word == "FROM"]
    if len(starts) < 2:
        return ["one stage: the build must happen in a stage of its own"]
    final = steps[starts[-1] :]
    problems = []
    pinned = [a for w, a in steps[: starts[0]] if w == "ARG" and "PYTHON_IMAGE" in a]
    if not pinned or not re.search(r"python:\d+\.\d+\.\d+-slim", pinned[0]):
        problems.append("the base image is not pinned to a Python release")
    first = steps[starts[0] : starts[-1]]
    first_copies = " ".join(args for word, args in first if word == "COPY")
    if first_copies.split() and not all(
        part.endswith("requirements.lock") for part in first_copies.split()[:-1]
    ):
        problems.append("the dependencies' stage copies more than the lock file")
    installs = " ".join(args for word, args in first if word == "RUN")
    if "--require-hashes" not in installs or "requirements.lock" not in installs:
        problems.append("the dependencies are not installed from the lock file, by hash")
    copies = [args for word, args in final if word == "COPY"]
    if copies and "--from=" not in copies[0]:
        problems.append("the code is copied before the dependencies' environment")
    if "slim" not in final[0][1] and "${PYTHON_IMAGE}" not in final[0][1]:
        problems.append(f"the final stage starts from {final[0][1]}, not a slim image")
    if "--from=" not in " ".join(args for word, args in final if word == "COPY"):
        problems.append("the final stage copies nothing from the builder")
    users = [args for word, args in final if word == "USER"]
    if not users or users[-1] in ("root", "0"):
        problems.append("the final stage runs as root")
    checks = [args for word, args in final if word == "HEALTHCHECK"]
    if not checks or "health" not in checks[-1]:
        problems.append("the final stage has no HEALTHCHECK asking /health")
    runs = " ".join(args for word, args in final if word == "RUN")
    problems += [f"the final stage installs {tool.strip()}" for tool in BUILD_TOOLS if tool in runs]
    if "pip install" in runs:
        problems.append("the final stage installs packages itself")
    if not any(word == "CMD" and "laager" in args for word, args in final):
        problems.append("the final stage does not start laager")
    return problems


def compose_problems(compose: str) -> list[str]:
    """What keeps the compose file from PostgreSQL and two bots that share it."""
    services = (yaml.safe_load(compose) or {}).get("services", {})
    bots = {name: s for name, s in services.items() if "laager run" in str(s.get("command", ""))}
    databases = [name for name, s in services.items() if "postgres" in str(s.get("image", ""))]
    problems = []
    if len(bots) != 2:
        problems.append(f"{len(bots)} bot processes, not two")
    if len(databases) != 1:
        return [*problems, "no PostgreSQL service"]
    database = databases[0]
    if "healthcheck" not in services[database]:
        problems.append("PostgreSQL has no health check for the bots to wait on")
    for name, service in bots.items():
        url = str(service.get("environment", {}).get("DATABASE_URL", ""))
        if not url.startswith("postgresql+asyncpg://") or f"@{database}:" not in url:
            problems.append(f"{name} does not use the PostgreSQL service")
        if "${" in url.split("@")[0]:
            problems.append(f"{name} pastes a variable into the URL, unencoded")
        if "POSTGRES_PASSWORD" not in str(service.get("environment", {}).get("DATABASE_PASSWORD")):
            problems.append(f"{name} is not given the database's password apart")
        waits = service.get("depends_on", {}).get(database, {})
        if waits.get("condition") != "service_healthy":
            problems.append(f"{name} does not wait for PostgreSQL to be healthy")
        if service.get("build", {}).get("dockerfile") != "Dockerfile":
            problems.append(f"{name} is not built from the Dockerfile")
    ports = [port for service in bots.values() for port in service.get("ports", [])]
    if len(set(ports)) != len(ports):
        problems.append("two bots publish the same port")
    return problems


def test_the_dockerfile_builds_a_slim_non_root_image_with_a_health_check() -> None:
    assert image_problems(DOCKERFILE.read_text()) == []


PLANTED_IMAGE_FAULTS = {
    "one stage": lambda text: re.sub(
        r"FROM \$\{PYTHON_IMAGE\} AS dependencies.*?\nFROM", "FROM", text, flags=re.S
    ),
    "runs as root": lambda text: text.replace("USER laager", "USER root"),
    "no HEALTHCHECK": lambda text: re.sub(r"HEALTHCHECK .*\n", "", text),
    "installs gcc": lambda text: text.replace(
        "RUN useradd", "RUN apt-get update && apt-get install -y gcc && useradd"
    ),
    "unpinned base": lambda text: text.replace(
        "python:3.11.13-slim-bookworm", "python:3.11-slim-bookworm"
    ),
    "no hashes": lambda text: text.replace("--require-hashes ", ""),
    "code before dependencies": lambda text: text.replace(
        "COPY --from=dependencies /opt/venv /opt/venv\nWORKDIR /app\n",
        "WORKDIR /app\nCOPY bot ./bot\nCOPY --from=dependencies /opt/venv /opt/venv\n",
    ),
    "code in the dependencies' layer": lambda text: text.replace(
        "COPY bot/deploy/requirements.lock /tmp/requirements.lock",
        "COPY bot/deploy/requirements.lock /tmp/requirements.lock\nCOPY bot /app/bot",
    ),
}


@pytest.mark.parametrize("fault", sorted(PLANTED_IMAGE_FAULTS))
def test_each_planted_dockerfile_fault_is_caught(fault: str) -> None:
    broken = PLANTED_IMAGE_FAULTS[fault](DOCKERFILE.read_text())
    assert broken != DOCKERFILE.read_text(), "the fault was not planted"
    assert image_problems(broken) != []


LOCK = ROOT / "bot" / "deploy" / "requirements.lock"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def locked() -> dict[str, Version]:
    """Package name to the version the lock file pins."""
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==([^ \\]+)", LOCK.read_text(), flags=re.M)
    return {canonicalize_name(name): Version(version) for name, version in pins}


def test_the_lock_pins_what_the_image_runs_within_the_projects_ranges() -> None:
    pins = locked()
    wanted = [Requirement(r) for r in PROJECT["dependencies"]]
    wanted += [Requirement(r) for r in PROJECT["optional-dependencies"]["postgres"]]
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in the lock file"
        assert requirement.specifier.contains(pins[name]), f"{name} {pins[name]} {requirement}"
    assert "--hash=sha256:" in LOCK.read_text()
    for tool in PROJECT["optional-dependencies"]["sandbox"]:
        assert canonicalize_name(Requirement(tool).name) not in pins, "a sandbox package"


def test_the_build_sees_only_what_runs() -> None:
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ignored[ignored.index("*") :][:1] == ["*"], "everything is left out unless let in"
    let_in = {line[1:] for line in ignored if line.startswith("!")}
    assert let_in == {"alembic", "alembic.ini", "bot", "games", "renderers"}
    assert "bot/sandbox" in ignored


def test_the_compose_file_runs_postgresql_and_two_bots_sharing_it() -> None:
    assert compose_problems(COMPOSE.read_text()) == []


PLANTED_COMPOSE_FAULTS = {
    "one bot": lambda text: text.split("  bot-b:")[0] + "volumes:\n  postgres-data:\n",
    "SQLite": lambda text: text.replace(
        "postgresql+asyncpg://laager@postgres:5432", "sqlite+aiosqlite:////data"
    ),
    "password in the URL": lambda text: text.replace(
        "laager@postgres", "laager:${POSTGRES_PASSWORD}@postgres"
    ),
    "no wait": lambda text: text.replace(
        "condition: service_healthy", "condition: service_started"
    ),
    "same port": lambda text: text.replace("127.0.0.1:8082:8080", "127.0.0.1:8081:8080"),
}


@pytest.mark.parametrize("fault", sorted(PLANTED_COMPOSE_FAULTS))
def test_each_planted_compose_fault_is_caught(fault: str) -> None:
    broken = PLANTED_COMPOSE_FAULTS[fault](COMPOSE.read_text())
    assert broken != COMPOSE.read_text(), "the fault was not planted"
    assert compose_problems(broken) != []


def docker_unavailable() -> str | None:
    """Why the image cannot be built here, or None when a Docker engine answers."""
    if shutil.which("docker") is None:
        return "no docker command on this machine"
    try:
        info = subprocess.run(
            ["docker", "info", "--format", "{{.ServerVersion}}"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return "`docker info` did not answer within 30 s"
    if info.returncode != 0:
        reason = (info.stderr.strip().splitlines() or ["no reason given"])[-1]
        return f"the Docker engine does not answer (`docker info`: {reason})"
    return None


def docker(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["docker", *args], capture_output=True, text=True, timeout=timeout, check=False
    )


@pytest.fixture(scope="module")
def image() -> Iterator[str]:
    """The image built from the Dockerfile, removed after the module."""
    reason = docker_unavailable()
    if reason:
        pytest.skip(f"Docker image not built: {reason}.")
    tag = f"laager-test:{secrets.token_hex(4)}"
    built = docker("build", "--tag", tag, str(ROOT), timeout=BUILD_SECONDS)
    assert built.returncode == 0, built.stderr[-4000:]
    try:
        yield tag
    finally:
        docker("image", "rm", "--force", tag)


def test_the_image_runs_as_laager_with_the_command_line(image: str) -> None:
    helped = docker("run", "--rm", image, "laager", "--help")
    assert helped.returncode == 0 and "usage: laager" in helped.stdout, helped.stderr
    user = docker("run", "--rm", image, "id", "-u")
    assert user.stdout.strip() not in ("", "0"), user.stdout
    compilers = docker("run", "--rm", image, "sh", "-c", "command -v gcc cc make || true")
    assert compilers.stdout.strip() == "", compilers.stdout


def free_port() -> int:
    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        return int(spare.getsockname()[1])


HEALTHY_WITHIN = 30.0
"""The gateway is ready before the bot has counted its shard as connected: /health says 503
for a moment after the sandbox sees the bot, so it is asked until it answers 200."""


async def healthy(port: int, within: float) -> tuple[int, str]:
    """The first 200 from /health, or the last answer once ``within`` seconds have passed."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while True:
        status, body = await asyncio.to_thread(probe, "127.0.0.1", port)
        if status == 200 or loop.time() >= deadline:
            return status, body
        await asyncio.sleep(0.2)


async def test_the_container_connects_and_reports_healthy(image: str) -> None:
    sandbox = DiscordSandbox()
    await sandbox.start()
    name = f"laager-test-{secrets.token_hex(4)}"
    port = free_port()
    environment = {
        "DISCORD_TOKEN": sandbox.token,
        "DISCORD_API_BASE": sandbox.api_base,
        "DISCORD_GATEWAY_URL": sandbox.gateway_url,
        "STATUS_PORT": str(port),
    }
    flags = [part for key, value in environment.items() for part in ("-e", f"{key}={value}")]
    try:
        started = await asyncio.to_thread(
            docker, "run", "--detach", "--name", name, "--network", "host", *flags, image
        )
        assert started.returncode == 0, started.stderr
        await sandbox.wait_ready(timeout=60)
        status, body = await healthy(port, within=HEALTHY_WITHIN)
        assert status == 200, body
        inside = await asyncio.to_thread(docker, "exec", name, "laager", "health")
        assert inside.returncode == 0 and '"database": "up"' in inside.stdout, inside.stdout
    finally:
        await asyncio.to_thread(docker, "rm", "--force", name)
        await sandbox.stop()
