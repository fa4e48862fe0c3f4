"""The running process: start-up, settings, shards, the command sync, the status
server and the command line."""
