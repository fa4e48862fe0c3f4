"""Zulus on the Ramparts! on the bot: its commands."""
