"""The project's error hierarchy: each error is also a built-in, and its message is
written for a person (a player, a referee, the one installing the Pi)."""


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class UserFacingError(CompanionError):
    """An error the command line prints as one plain sentence, without a traceback."""
