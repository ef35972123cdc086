"""Tests of the rules (``companion/games``): Go, ONE, SGF, ``Match``, the referee's replays
of the example records."""
