"""Tests of the table (``companion/table``): the session, its questions and doubts, whole
games through it."""
