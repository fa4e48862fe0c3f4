"""``laager health`` is one HTTP request: it loads nothing of the bot but its probe, reads the
port as the bot's settings do, and exits 0 only on a 200."""

from __future__ import annotations

import ast
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHAT_IT_MAY_LOAD = {
    "bot",
    "bot.process",
    "bot.operations",
    "bot.process.cli",
    "bot.process.db_commands",
    "bot.operations.health_probe",
}
"""The bot's modules a health check may import: the command line, its parser's parts and
the probe, and the packages that hold them (a line of docstring each)."""


def health(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``laager health`` run in ``tmp_path``, then the bot's modules it had loaded."""
    code = (
        "import sys\n"
        "from bot.process.cli import main\n"
        "code = main(['health'])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('bot', 'games', 'renderers', 'discord', 'sqlalchemy', 'pydantic')))\n"
        "sys.exit(code)\n"
    )
    clean = {k: v for k, v in os.environ.items() if k.upper() not in ("STATUS_PORT", "STATUS_HOST")}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


class Health(http.server.BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        body = b'{"status": "ok"}' if self.status == 200 else b'{"gateway": "down"}'
        self.send_response(self.status)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[http.server.HTTPServer]:
    serving = http.server.HTTPServer(("127.0.0.1", 0), Health)
    thread = threading.Thread(target=serving.serve_forever, daemon=True)
    thread.start()
    try:
        yield serving
    finally:
        serving.shutdown()


def loaded(run: subprocess.CompletedProcess[str]) -> set[str]:
    return set(ast.literal_eval(run.stdout.strip().splitlines()[-1]))  # the list printed last


@pytest.mark.parametrize("status", [200, 503])
def test_health_asks_the_port_and_loads_nothing_of_the_bot(
    tmp_path: Path, server: http.server.HTTPServer, status: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Health, "status", status)
    run = health(tmp_path, {"STATUS_PORT": str(server.server_address[1])})
    assert run.returncode == (0 if status == 200 else 1), run.stderr
    assert ("ok" if status == 200 else "down") in run.stdout
    assert loaded(run) <= WHAT_IT_MAY_LOAD, loaded(run) - WHAT_IT_MAY_LOAD


def test_the_port_may_come_from_the_env_file_in_any_case(
    tmp_path: Path, server: http.server.HTTPServer
) -> None:
    (tmp_path / ".env").write_text(f"status_port={server.server_address[1]}\n")
    run = health(tmp_path, {})
    assert run.returncode == 0, run.stdout + run.stderr


def test_without_a_port_it_says_what_to_set(tmp_path: Path) -> None:
    run = health(tmp_path, {})
    assert run.returncode == 2 and "Set STATUS_PORT" in run.stdout


def test_nothing_answering_is_unhealthy(tmp_path: Path) -> None:
    with http.server.HTTPServer(("127.0.0.1", 0), Health) as closed:
        port = closed.server_address[1]
    run = health(tmp_path, {"STATUS_PORT": str(port)})
    assert run.returncode == 1 and "no answer" in run.stdout
