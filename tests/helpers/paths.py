"""Where the tests find the project's files, wherever the test module sits."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository
TEST_DATA = ROOT / "tests" / "data"  # small files the tests read (photos, toy games)
EXAMPLES = ROOT / "docs" / "examples"  # the example game records
