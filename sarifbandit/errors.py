"""The exception every usage or configuration mistake becomes (exit status 2, one line)."""


class ConfigError(Exception):
    """A usage or configuration mistake: exit status 2 with this one-line message."""
