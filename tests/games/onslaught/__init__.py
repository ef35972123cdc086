"""Tests of ONSLAUGHT's rules and records (``companion/games/onslaught``)."""
