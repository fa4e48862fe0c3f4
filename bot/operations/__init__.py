"""Operating the bot: logs and what they must never show, metrics, and the health probe."""
