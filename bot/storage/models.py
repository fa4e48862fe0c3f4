"""ORM models: the database schema of record, mirrored by the Alembic migrations."""

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeEngine

from bot.storage.column_types import UtcDateTime
from bot.storage.records import GameStatus

# Deterministic constraint names, so migrations can address them on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ACTIVE_ONLY = text("status = 'active'")


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, TypeEngine[Any]]] = {
        datetime: UtcDateTime(),
        dict[str, Any]: JSON(),
        list[dict[str, Any]]: JSON(),
    }


class Game(Base):
    """One game in one channel; `version` guards every change against concurrent writers."""

    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint("status IN ('active', 'finished', 'aborted')", name="status"),
        # A channel hosts at most one active game; finished and aborted games don't count.
        Index(
            "uq_games_active_channel",
            "channel_id",
            unique=True,
            sqlite_where=ACTIVE_ONLY,
            postgresql_where=ACTIVE_ONLY,
        ),
        Index("ix_games_channel_id", "channel_id"),
        Index("ix_games_status_last_action_at", "status", "last_action_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    system: Mapped[str] = mapped_column(String(64))
    scenario: Mapped[str] = mapped_column(String(128))
    mode: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]]
    status: Mapped[GameStatus] = mapped_column(String(16))
    state: Mapped[dict[str, Any]]
    version: Mapped[int]
    seed: Mapped[str] = mapped_column(String(128))
    seed_commitment: Mapped[str] = mapped_column(String(64))
    dice_cursor: Mapped[int]
    creator_id: Mapped[int] = mapped_column(BigInteger)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    last_action_at: Mapped[datetime]
    reminded_at: Mapped[datetime | None]
    post_id: Mapped[int | None] = mapped_column(
        BigInteger, comment="The channel post carrying the game's current buttons"
    )
    post_picture: Mapped[str | None] = mapped_column(
        String(64), comment="SHA-256 of the public picture last posted as a map"
    )
    post_position: Mapped[str | None] = mapped_column(
        String(64), comment="The position the current post shows, noted once it is sent"
    )
    post_version: Mapped[int | None] = mapped_column(
        comment="The version of the position the current post shows"
    )


class Seat(Base):
    """Who holds each side of a game; `user_id` is None while the bot plays it."""

    __tablename__ = "seats"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    side: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    is_bot: Mapped[bool]
    joined_at: Mapped[datetime]


class Event(Base):
    """Append-only game log; `seq` numbers each game's events from 0 without gaps."""

    __tablename__ = "events"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(16))
    actor_id: Mapped[int | None] = mapped_column(BigInteger)
    side: Mapped[str | None] = mapped_column(String(32))
    action: Mapped[dict[str, Any]]
    dice: Mapped[list[dict[str, Any]]]
    public_text: Mapped[str] = mapped_column(Text)
    private: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    created_at: Mapped[datetime]
    contributions: Mapped[list[str] | None] = mapped_column(JSON(none_as_null=True))


class GuildSettings(Base):
    """Per-guild preferences; a guild without a row uses the defaults."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    referee_role_id: Mapped[int | None] = mapped_column(BigInteger)
    reminder_hours: Mapped[float | None] = mapped_column(
        comment="None: use the bot's REMINDER_HOURS setting"
    )
    updated_at: Mapped[datetime]
    ratings: Mapped[bool | None] = mapped_column(
        comment="True: finished two-player games between people here are rated"
    )


class PlayerSettings(Base):
    """One person's preferences across every game; a person without a row uses the defaults."""

    __tablename__ = "player_settings"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    pings: Mapped[bool] = mapped_column(comment="False: never mention them with a ping")
    updated_at: Mapped[datetime]
    hints: Mapped[bool | None] = mapped_column(
        comment="True: always; False: never; none: in a first game of a system"
    )
    rated: Mapped[bool | None] = mapped_column(
        comment="True: their games count toward ratings where the server rates games"
    )


class Roll(Base):
    """One /roll result, kept as the channel's dice log."""

    __tablename__ = "rolls"
    __table_args__ = (Index("ix_rolls_channel_id", "channel_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    expression: Mapped[str] = mapped_column(Text)
    result_text: Mapped[str] = mapped_column(Text)
    total: Mapped[int]
    created_at: Mapped[datetime]


class RefereeRoster(Base):
    """A channel's unit roster for a referee-run table game, kept as one versioned document."""

    __tablename__ = "referee_rosters"

    channel_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    state: Mapped[dict[str, Any]]
    version: Mapped[int]
    updated_at: Mapped[datetime]


class EventDeck(Base):
    """A channel's deck of rule 21 event cards: its order, discards and dice position."""

    __tablename__ = "event_decks"

    channel_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    state: Mapped[dict[str, Any]]
    version: Mapped[int]
    updated_at: Mapped[datetime]


class HouseRule(Base):
    """One table entry a guild has overridden (rule 22), by its dotted key."""

    __tablename__ = "house_rules"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    value: Mapped[Any] = mapped_column(JSON, nullable=False)
    set_by: Mapped[int] = mapped_column(BigInteger)
    updated_at: Mapped[datetime]


class Campaign(Base):
    """A player's chain of solo battles against the bot in one channel, from a preset."""

    __tablename__ = "campaigns"
    __table_args__ = (
        CheckConstraint("status IN ('active', 'finished', 'abandoned')", name="status"),
        # A channel runs at most one campaign at a time.
        Index(
            "uq_campaigns_active_channel",
            "channel_id",
            unique=True,
            sqlite_where=ACTIVE_ONLY,
            postgresql_where=ACTIVE_ONLY,
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    preset: Mapped[str] = mapped_column(String(64))
    side: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class CampaignBattle(Base):
    """One battle of a campaign: its game, and once it ends, its result and points."""

    __tablename__ = "campaign_battles"

    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), index=True, unique=True
    )
    outcome: Mapped[str | None] = mapped_column(
        String(16), comment="won, drawn, lost or aborted, from the player's side; None: playing"
    )
    summary: Mapped[str | None] = mapped_column(Text, comment="The result in the game's terms")
    points: Mapped[int | None]
    finished_at: Mapped[datetime | None]


class Deadline(Base):
    """A game's turn deadline: its length, and when the turn now running is due. One row per
    game that has a deadline; ``claimed_until`` lets one process at a time act on an expiry."""

    __tablename__ = "deadlines"
    __table_args__ = (Index("ix_deadlines_due_at", "due_at"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    hours: Mapped[int]
    due_at: Mapped[datetime | None] = mapped_column(
        comment="When the turn now running runs out; None while the game waits for nobody"
    )
    remind_at: Mapped[datetime | None]
    reminded_at: Mapped[datetime | None]
    claimed_until: Mapped[datetime | None] = mapped_column(
        comment="A process acting on the expiry holds it until then"
    )


class StandIn(Base):
    """A seat the bot played when its deadline ran out, until its player acts again."""

    __tablename__ = "stand_ins"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    side: Mapped[str] = mapped_column(String(32), primary_key=True)
    since: Mapped[datetime]


class Outbox(Base):
    """What a committed order owes the channel and its players, written in the order's own
    transaction so a crash between the commit and the messages loses nothing: a worker sends
    every row still unsent. ``claimed_until`` is a lease: a sender claims a row (atomically)
    before sending it, and a row whose lease ran out (its sender died) is claimed again.

    A row whose channel post was all it owed is marked sent with that post, and the database
    notes the post on the game in the same statement (the trigger ``outbox_posted``,
    migrations 0017 and 0018), so an order's post costs one statement once it is up; a post
    noted after one of a newer position is not the game's."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_sent_at_claimed_until", "sent_at", "claimed_until"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(comment="The game's version once the order committed")
    position: Mapped[str] = mapped_column(String(64))
    lines: Mapped[list[str]] = mapped_column(JSON)
    private: Mapped[dict[str, Any]] = mapped_column(
        comment="Hidden lines owed by DM, by the user id (as text) they go to"
    )
    actor_id: Mapped[int | None] = mapped_column(BigInteger)
    handed_to: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[datetime]
    claimed_until: Mapped[datetime]
    sent_at: Mapped[datetime | None]
    post_id: Mapped[int | None] = mapped_column(
        BigInteger,
        comment="The channel post that was all the row owed, noted on its game as it is marked",
    )
    post_picture: Mapped[str | None] = mapped_column(
        String(64), comment="SHA-256 of the map on that post, if it carries one"
    )


class SeenPosition(Base):
    """The position a person was last shown of a game privately, so an order given without
    a position of its own (a slash command) is checked against what its giver saw, this or
    the game's current post (``Game.post_version``), whichever is newer: a repeated order
    finds the game moved on and is refused."""

    __tablename__ = "seen_positions"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    version: Mapped[int]
    position: Mapped[str] = mapped_column(String(64))
    seen_at: Mapped[datetime]


class CommandSync(Base):
    """The slash commands last synced to each scope (everywhere, or one guild while
    testing), by digest: a start whose commands are unchanged does not sync them again."""

    __tablename__ = "command_syncs"

    scope: Mapped[str] = mapped_column(String(32), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64))
    synced_at: Mapped[datetime]


class Seek(Base):
    """A member looking for a game of a system in a server: the next game of it started there
    with a side free for them pings them, once, unless the request has lapsed first."""

    __tablename__ = "seeks"
    __table_args__ = (Index("ix_seeks_guild_id_system", "guild_id", "system"),)

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    system: Mapped[str] = mapped_column(String(64), primary_key=True)
    side: Mapped[str | None] = mapped_column(
        String(32), comment="None: any side; otherwise only a game with this side free"
    )
    created_at: Mapped[datetime]
    lapses_at: Mapped[datetime]


class Rating(Base):
    """A person's rating in a server for one system and side (Weng-Lin, openskill): ``mu``
    the estimate of their skill, ``sigma`` its uncertainty."""

    __tablename__ = "ratings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    system: Mapped[str] = mapped_column(String(64), primary_key=True)
    side: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float]
    sigma: Mapped[float]
    games: Mapped[int]
    updated_at: Mapped[datetime]


class RatingChange(Base):
    """What one rated game did to one player's rating, in the order games were rated (``id``):
    the record a rebuild replays. A forgotten player's row keeps its numbers and loses its
    person (user 0), so their opponents' ratings still rebuild exactly."""

    __tablename__ = "rating_changes"
    __table_args__ = (
        UniqueConstraint("game_id", "side"),
        Index("ix_rating_changes_guild_id", "guild_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    guild_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    system: Mapped[str] = mapped_column(String(64))
    side: Mapped[str] = mapped_column(String(32))
    mu_before: Mapped[float]
    sigma_before: Mapped[float]
    mu_after: Mapped[float]
    sigma_after: Mapped[float]
    created_at: Mapped[datetime]


class Follower(Base):
    """A member following a game they do not play: a DM at most once a phase, from what the
    channel sees (bot.posting.followers)."""

    __tablename__ = "followers"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    since: Mapped[datetime]
    told: Mapped[str | None] = mapped_column(
        String(200), comment="The public phase last told them of; None before the first"
    )


class Fork(Base):
    """A what-if game started from a position of a finished one (``/game fork``): shown as a
    fork in history and never rated."""

    __tablename__ = "forks"
    __table_args__ = (Index("ix_forks_parent_id", "parent_id"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    steps: Mapped[int] = mapped_column(
        comment="How many of the parent's logged steps lead to the position forked"
    )
    label: Mapped[str] = mapped_column(String(200), comment="The public phase forked from")


class League(Base):
    """A server's league of one two-player system: its players meet in rounds, each pairing's
    game in a thread of the league's channel (bot.cogs.leagues)."""

    __tablename__ = "leagues"
    __table_args__ = (
        CheckConstraint("format IN ('round-robin', 'swiss')", name="format"),
        CheckConstraint("schedule IN ('as-ready', 'by-organiser')", name="schedule"),
        Index("ix_leagues_guild_id", "guild_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(64))
    system: Mapped[str] = mapped_column(String(64))
    scenario: Mapped[str | None] = mapped_column(String(128))
    format: Mapped[str] = mapped_column(String(16))
    schedule: Mapped[str] = mapped_column(String(16))
    rounds: Mapped[int | None] = mapped_column(
        comment="Swiss rounds chosen; None: as many as the format gives"
    )
    deadline_hours: Mapped[int]
    round: Mapped[int] = mapped_column(comment="The round under way; 0 while players sign up")
    status: Mapped[str] = mapped_column(String(16), comment="open, running or finished")
    organiser_id: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime]


class LeaguePlayer(Base):
    """A member in a league, in the order they joined (which seeds the pairings)."""

    __tablename__ = "league_players"

    league_id: Mapped[int] = mapped_column(
        ForeignKey("leagues.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    joined_at: Mapped[datetime]
    left_at: Mapped[datetime | None] = mapped_column(
        comment="When they left; their games not yet played are forfeited"
    )


class LeagueGame(Base):
    """One pairing of a round: who plays which side, its thread and game once made, and its
    outcome for the first player (1 a win, 0.5 a draw, 0 a loss). A bye has no second."""

    __tablename__ = "league_games"
    __table_args__ = (
        Index("ix_league_games_league_id_round", "league_id", "round"),
        Index("ix_league_games_game_id", "game_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    round: Mapped[int]
    first_id: Mapped[int] = mapped_column(BigInteger, comment="Plays the system's first side")
    second_id: Mapped[int | None] = mapped_column(BigInteger, comment="None: a bye")
    thread_id: Mapped[int | None] = mapped_column(BigInteger)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    claimed_at: Mapped[datetime | None] = mapped_column(
        comment="When a process began making its thread and game"
    )
    score: Mapped[float | None] = mapped_column(
        comment="The first player's score: 1, 0.5 or 0; None until decided"
    )
    how: Mapped[str | None] = mapped_column(
        String(16), comment="played, aborted, forfeit or bye, once decided"
    )


class Webhook(Base):
    """A server's webhook: where the events of its games are posted, signed with ``secret``.
    The process delivering to it holds ``lease_until``, so a hook has at most one delivery
    in flight across processes (bot.storage.webhooks)."""

    __tablename__ = "webhooks"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    url: Mapped[str] = mapped_column(String(500))
    secret: Mapped[str] = mapped_column(
        String(64), comment="Signs each delivery; shown once to whoever set the hook"
    )
    created_at: Mapped[datetime]
    lease_until: Mapped[datetime | None] = mapped_column(
        comment="A process delivering to the hook holds it until then"
    )


class WebhookDelivery(Base):
    """One event owed to a server's webhook, sent oldest first and retried with backoff;
    ``key`` names what it tells (a game's version and the kind of event), so telling the
    same thing again queues nothing."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        UniqueConstraint("guild_id", "key"),
        CheckConstraint("status IN ('pending', 'delivered', 'failed')", name="status"),
        Index("ix_webhook_deliveries_status_due_at", "status", "due_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(ForeignKey("webhooks.guild_id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(100))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    event: Mapped[str] = mapped_column(String(32))
    body: Mapped[str] = mapped_column(Text, comment="The JSON sent, byte for byte what is signed")
    status: Mapped[str] = mapped_column(
        String(16), comment="pending, delivered, or failed (given up)"
    )
    attempts: Mapped[int]
    created_at: Mapped[datetime]
    due_at: Mapped[datetime | None] = mapped_column(
        comment="When the next attempt may be made; None once delivered or given up"
    )
    finished_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(String(200))


class WebhookGame(Base):
    """The public phase a server's webhook was last told of a game, so a phase's change is
    told once; gone when the game ends."""

    __tablename__ = "webhook_games"

    guild_id: Mapped[int] = mapped_column(
        ForeignKey("webhooks.guild_id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    phase: Mapped[str] = mapped_column(String(200))
