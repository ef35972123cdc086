"""Tests of ``web/``: the API, the pages, the live events, the calibration page."""
