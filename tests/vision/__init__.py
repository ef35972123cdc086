"""Tests of the recognisers and the test-scene renderer (``companion/vision``)."""
