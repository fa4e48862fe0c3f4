"""Zulus on the Ramparts! on the bot: its pairing and its commands."""
