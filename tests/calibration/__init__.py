"""Tests of ``calibration/``: the lens, the grid finder, registration, the board locator,
``companion recognize`` and the printables."""
