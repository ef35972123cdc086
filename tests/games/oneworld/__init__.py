"""Tests of OneWorld's rules (``companion/games/oneworld``)."""
