"""Tests of the boards' geometry (``companion/geometry``)."""
