"""The tests, in folders that mirror the code (docs/testing.md): a package, so that each
test module has a unique dotted name and imports the shared helpers as ``tests.helpers``."""
