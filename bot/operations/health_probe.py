"""``laager health``: ask the bot on this machine for ``/health``, importing nothing else of it.

The image's HEALTHCHECK runs this every 30 seconds and gives up after 10, on machines that
may be busy, so it is one plain HTTP request: the standard library, and python-dotenv to
read ``STATUS_HOST`` and ``STATUS_PORT`` from the environment or a ``.env`` file the way the
bot's settings do (the environment first, names in any case).
"""

from __future__ import annotations

import os
import urllib.error
import urllib.request

PROBE_TIMEOUT = 5.0
ANY_ADDRESS = {"", "0.0.0.0", "::"}
DEFAULT_HOST = "127.0.0.1"


def probe(host: str, port: int) -> tuple[int, str]:
    """Ask a bot on this machine for ``/health``: its status and body, or 0 and the reason
    when nothing answers."""
    target = DEFAULT_HOST if host in ANY_ADDRESS else host
    try:
        with urllib.request.urlopen(f"http://{target}:{port}/health", timeout=PROBE_TIMEOUT) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except OSError as error:
        return 0, f"no answer from {target}:{port}: {error}"


def setting(name: str, env_file: str = ".env") -> str | None:
    """A setting as the bot reads it: the environment (any case), else the ``.env`` file."""
    for key, value in os.environ.items():
        if key.upper() == name:
            return value
    if not os.path.exists(env_file):
        return None
    from dotenv import dotenv_values

    for key, value in dotenv_values(env_file).items():
        if key.upper() == name:
            return value
    return None


def check() -> int:
    """Print the bot's answer; 0 when it is healthy, 1 when not, 2 when no port is set."""
    port = setting("STATUS_PORT")
    if not port or not port.strip().isdigit():
        print("Set STATUS_PORT to the port the bot serves /health on.")
        return 2
    status, body = probe(setting("STATUS_HOST") or DEFAULT_HOST, int(port))
    print(body)
    return 0 if status == 200 else 1
