"""Every setting of the bot, read from the environment or a ``.env`` file."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from sqlalchemy import make_url

from bot.operations.sharding import parse_shard_ids

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///laager.sqlite3"


class Settings(BaseSettings):
    """Names are the environment variables, upper-cased (``DISCORD_TOKEN``, ...)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", description="The bot's token from the Developer Portal.")
    database_url: str = Field(
        default=DEFAULT_DATABASE_URL,
        description="SQLAlchemy URL; postgresql+asyncpg://user@host/db for PostgreSQL.",
    )
    database_password: SecretStr | None = Field(
        default=None,
        description=(
            "The database's password, kept out of DATABASE_URL, where characters such as "
            "@ / : # would have to be percent-encoded; it replaces any password in the URL."
        ),
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this guild only (instant, for testing)."
    )
    reminder_hours: float = Field(
        default=24.0, gt=0, description="Remind the player to move after this many idle hours."
    )
    reminder_check_minutes: float = Field(
        default=15.0, gt=0, description="How often to look for idle games."
    )
    extra_systems: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description=(
            "Comma-separated import paths (module:attribute) of extra game systems, each a bare "
            "system or a bot.posting.pairing.Pairing that adds its picture and cog."
        ),
    )
    seed: str | None = Field(
        default=None,
        description="Master seed: makes game seeds reproducible, and predictable to anyone who "
        "knows it (sandbox, tests and demos only; needs ALLOW_INSECURE_SEED outside the sandbox).",
    )
    allow_insecure_seed: bool = Field(
        default=False, description="Accept SEED's predictable dice outside the sandbox."
    )
    discord_api_base: str | None = Field(
        default=None, description="REST base URL override (the sandbox sets it)."
    )
    discord_gateway_url: str | None = Field(
        default=None, description="Gateway URL to fall back on when resuming (the sandbox sets it)."
    )
    outbox_lease_seconds: float = Field(
        default=30.0,
        gt=0,
        description="Seconds a process holds an order's owed messages before another may send "
        "them (the sender is presumed dead after this).",
    )
    outbox_check_seconds: float = Field(
        default=5.0, gt=0, description="How often to look for owed messages left unsent."
    )
    log_level: str = Field(default="INFO", description="Python logging level.")
    log_format: Literal["json", "text"] = Field(
        default="json", description="One JSON object per log line, or plain text for people."
    )
    status_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="Serve /metrics and /health on this port (0: any free port; unset: off).",
    )
    status_host: str = Field(
        default="127.0.0.1", description="Address the /metrics and /health server listens on."
    )
    webhook_allow_private: bool = Field(
        default=False,
        description="Let servers' webhooks reach loopback, private, link-local and other "
        "non-public addresses, and over plain http (tests, the sandbox, a receiver on the "
        "operator's own network).",
    )
    webhook_retry_seconds: float = Field(
        default=10.0,
        gt=0,
        description="Wait before a failed webhook delivery's first retry; each retry waits "
        "twice as long as the one before, up to an hour.",
    )

    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None,
        description="The shards this process holds, e.g. 0-3 or 0,2 (unset: every shard; "
        "`laager run --shards` sets it). Needs SHARD_COUNT.",
    )
    shard_count: int | None = Field(
        default=None,
        description="Shards across every process (unset: the count Discord recommends).",
    )

    def seed_refusal(self) -> str | None:
        """Why the bot must not start with this master seed; None when it may."""
        if self.seed is None or self.allow_insecure_seed:
            return None
        return (
            "SEED is set, so every game's dice would follow from it: anyone who knows or "
            "guesses it can predict them. It is for tests and demos only. Unset SEED to run "
            "the bot for real, or also set ALLOW_INSECURE_SEED=1 to accept predictable dice "
            "(`laager sandbox` needs neither)."
        )

    @model_validator(mode="after")
    def _password_into_url(self) -> Settings:
        """Put DATABASE_PASSWORD into the URL, encoded, so any character works."""
        if self.database_password is not None:
            password = self.database_password.get_secret_value()
            url = make_url(self.database_url).set(password=password)
            self.database_url = url.render_as_string(hide_password=False)
            self.database_password = None
        return self

    @field_validator("seed", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_range(cls, value: object) -> object:
        if isinstance(value, str):
            return parse_shard_ids(value) if value.strip() else None
        return value

    @field_validator("extra_systems", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value
