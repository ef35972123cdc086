"""Recorded games to replay where there is no camera: ``companion demo`` and the tests.

``DEMO`` is a 9×9 Go game seen from above, one stone placed per frame, with one frame
where a hand covers part of the board; ``make_demo.py`` drew it (seeded).
"""

from pathlib import Path

DEMO = Path(__file__).resolve().parent / "demo"
"""The folder of the bundled demo replay (JPEGs, sorted by name)."""
