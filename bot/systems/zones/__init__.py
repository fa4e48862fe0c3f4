"""The zone game of Isandlwana and Rorke's Drift on the bot: its commands."""
