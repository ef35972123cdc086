"""The project's error hierarchy: each error is also a built-in, and its message is
written for a person (a player, a referee, the one installing the Pi)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class UserFacingError(CompanionError):
    """An error the command line prints as one plain sentence, without a traceback."""


@contextmanager
def value_errors_as(error_type: Callable[[str], Exception]) -> Iterator[None]:
    """Raise a ``ValueError`` from inside the block again as ``error_type`` with the
    same message. The inner layers refuse bad input with a ``ValueError`` that says why;
    an outer layer passes that sentence on in its own terms (``UserFacingError`` on the
    command line, ``InvalidRequest``, a 400, on the web)."""
    try:
        yield
    except ValueError as error:
        raise error_type(str(error)) from error
