"""Fixtures the table's tests share."""

import pytest

from tests.helpers.tables import table_in_memory


@pytest.fixture
def go():
    """A 9 × 9 Go table held in memory, closed after the test."""
    with table_in_memory("go", {"size": 9}) as table:
        yield table
