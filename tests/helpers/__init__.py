"""Helper modules the tests share (imported as ``tests.helpers.NAME``); no tests here."""
