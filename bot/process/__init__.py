"""The running process: start-up, the command sync, the status server and the command
line."""
