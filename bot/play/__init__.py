"""Play: the service that stores and applies orders, undo, deadlines, campaigns, and
the worker processes that run engines and draw pictures."""
