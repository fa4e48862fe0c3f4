"""Operating the bot: its settings and shards, logs and what they must never show, metrics,
and the health probe."""
