"""Wrong use of a command (exit 2): raised by the table commands and the CLI, never by the
rules core."""


class UsageError(Exception):
    """The command was used wrongly (exit 2)."""
