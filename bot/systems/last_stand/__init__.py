"""Last Stand at Isandlwana on the bot: its commands."""
