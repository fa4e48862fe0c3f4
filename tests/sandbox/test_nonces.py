"""The sandbox keeps Discord's ``enforce_nonce`` promise: within a few minutes, the same
nonce from the same author in the same channel finds the first message; anywhere else,
from anyone else, or later, it does not."""

from __future__ import annotations

from bot.sandbox.nonces import NONCE_WINDOW, Nonces


def test_a_nonce_finds_its_message_only_for_its_author_channel_and_window() -> None:
    now = {"t": 0.0}
    nonces = Nonces(clock=lambda: now["t"])
    assert nonces.earlier(1, 10, "n") is None
    nonces.remember(1, 10, "n", 500)
    assert nonces.earlier(1, 10, "n") == 500
    assert nonces.earlier(1, 11, "n") is None, "another channel"
    assert nonces.earlier(2, 10, "n") is None, "another author"
    assert nonces.earlier(1, 10, "m") is None, "another nonce"
    now["t"] = NONCE_WINDOW - 1
    assert nonces.earlier(1, 10, "n") == 500
    now["t"] = NONCE_WINDOW + 1
    assert nonces.earlier(1, 10, "n") is None, "the window has passed"
