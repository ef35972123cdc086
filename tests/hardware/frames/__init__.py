"""Tests of the frame sources (``hardware/frames``)."""
