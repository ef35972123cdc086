"""Tests of what is written down: the journal, the game log, the dice and their requests."""
