"""Tests of the ``companion bench`` commands, on small settings (all marked slow)."""
