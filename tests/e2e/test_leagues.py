"""A league through Discord-in-a-box: four players sign up, the organiser starts it, each
round's pairings get threads with their games (both players pinged there), a late player's
turn is played by the bot at the deadline, results feed the standings, rated games move the
ratings, the next round opens by itself, and the league ends with its table. A refusal for
each wrong step, and a restart midway that makes the games a stopped process left unmade."""

from __future__ import annotations

from bot.cogs.leagues import LeagueCog
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.storage.leagues import Leagues
from tests.e2e.conftest import strike_to_the_end
from tests.e2e.test_deadlines import later, reminders


def cog(laager: LaagerBot) -> LeagueCog:
    found = laager.get_cog("LeagueCog")
    assert found is not None
    return found  # type: ignore[return-value]


async def test_a_round_robin_league_of_four_is_played_to_its_end(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    dave = sandbox.add_user("dave")
    boss = sandbox.add_user("boss")
    sandbox.set_permissions(boss, manage_guild=True)
    people = {u.id: u for u in (alice, bob, carol, dave)}

    refused = await sandbox.slash(
        alice, "league new", {"name": "Spring", "system": "duel", "format": "round-robin"}
    )
    assert refused.ephemeral and "Manage Server" in refused.response.content
    opened = await sandbox.slash(
        boss,
        "league new",
        {"name": "Spring", "system": "duel", "format": "round-robin", "deadline_hours": 4},
    )
    assert not opened.ephemeral and "round robin league of Duel" in opened.response.content
    again = await sandbox.slash(
        boss, "league new", {"name": "spring", "system": "duel", "format": "swiss"}
    )
    assert again.ephemeral and "already under way" in again.response.content
    await sandbox.slash(alice, "league join")
    early = await sandbox.slash(boss, "league next")
    assert "at least 3 players" in early.response.content
    for person in (bob, carol, dave):
        said = await sandbox.slash(person, "league join")
        assert not said.ephemeral
    twice = await sandbox.slash(dave, "league join")
    assert twice.ephemeral and "already" in twice.response.content
    await sandbox.slash(boss, "game settings", {"ratings": True})
    for person in people.values():
        await sandbox.slash(person, "stats rated on")

    started = await sandbox.slash(boss, "league next")
    assert "Round 1 of Spring is open" in started.response.text()
    late = await sandbox.slash(carol, "league join")
    assert late.ephemeral and "sign-ups are closed" in late.response.content
    league = (await Leagues(laager.sessions).unfinished(sandbox.guild_id))[0]
    played_rounds = 0
    stood_in = False
    while True:
        pairings = await Leagues(laager.sessions).pairings(league.id)
        current = max(p.round for p in pairings)
        games = [p for p in pairings if p.round == current]
        if all(p.score is not None for p in games):
            break
        assert len(games) == 2 and all(p.thread_id and p.game_id for p in games)
        for p in games:
            [first_post] = sandbox.public_in(p.thread_id)[:1]
            assert sorted(first_post.pinged) == sorted([p.first_id, p.second_id])
            assert f"round {current}" in first_post.text()
        if not stood_in:
            later(laager, 4.1)
            _, stood = await reminders(laager).check_deadlines()
            assert stood == 2, "each late first player's turn was played by the bot"
            stood_in = True
        for p in games:
            await strike_to_the_end(sandbox, laager, p.thread_id, people)
        played_rounds += 1
        assert await sandbox.wait_for(
            lambda n=current: (
                f"round {n + 1} of 3" in sandbox.messages()[-1].text().lower()
                or "is over" in sandbox.messages()[-1].text()
            )
        )
        if played_rounds == 3:
            break
    assert played_rounds == 3
    final = await Leagues(laager.sessions).get(league.id)
    assert final is not None and final.status == "finished"
    table = await sandbox.slash(carol, "league standings", {"league": "Spring"})
    text = table.response.text()
    assert "Finished after 3 rounds" in text and text.count("W ") == 4
    points = sorted(float(line.split("**")[1]) for line in text.splitlines() if "**" in line)
    assert sum(points) == 6, "six games, a point each"
    moved = [m for m in sandbox.transcript if "**Ratings**" in m.text() and not m.deleted]
    assert len(moved) == 6, "every league game between the opted-in players was rated"
    assert not any("went wrong" in m.text() for m in sandbox.transcript)


async def test_a_player_who_leaves_forfeits_and_a_lost_game_is_made_after_a_restart(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    boss = sandbox.add_user("boss")
    sandbox.set_permissions(boss, manage_guild=True)
    await sandbox.slash(
        boss, "league new", {"name": "Winter", "system": "duel", "format": "swiss", "rounds": 2}
    )
    for person in (alice, bob, carol):
        await sandbox.slash(person, "league join")
    gone = await sandbox.slash(carol, "league leave")
    assert "withdraws" in gone.response.text()
    await sandbox.slash(carol, "league join")
    store = Leagues(laager.sessions)
    league = (await store.unfinished(sandbox.guild_id))[0]
    real = cog(laager).make_games

    async def stopped(league: object) -> None:  # the process stops before making the games
        return None

    cog(laager).make_games = stopped  # type: ignore[method-assign]
    await sandbox.slash(boss, "league next")
    cog(laager).make_games = real  # type: ignore[method-assign]
    [game, bye] = sorted(await store.pairings(league.id), key=lambda p: p.second_id is None)
    assert game.game_id is None and bye.how == "bye"
    await cog(laager).advance(league.id)
    [game] = [p for p in await store.pairings(league.id) if p.second_id]
    assert game.thread_id and game.game_id, "the restart's loop made the unmade game"
    await cog(laager).advance(league.id)
    assert len(sandbox.public_in(game.thread_id)) == 1, "made once"
    leaver = alice if alice.id in (game.first_id, game.second_id) else bob
    left = await sandbox.slash(leaver, "league leave")
    assert "forfeited" in left.response.text()
    [decided] = [p for p in await store.pairings(league.id) if p.id == game.id]
    assert decided.how == "forfeit"
    assert decided.score == (0.0 if decided.first_id == leaver.id else 1.0)
    finished = await laager.store.latest_game(game.thread_id)
    assert finished is not None and finished.status == "aborted"
    assert await sandbox.wait_for(lambda: "round 2 of 2" in sandbox.messages()[-1].text().lower())
    second = [p for p in await store.pairings(league.id) if p.round == 2]
    assert all(leaver.id not in (p.first_id, p.second_id) for p in second)
