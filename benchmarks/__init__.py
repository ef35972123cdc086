"""Benchmarks: programs that measure and print figures (``companion bench NAME``).

Not tests: they assert nothing about speed. Their measured output is kept in
``docs/benchmarks.md`` with the machine it was measured on.
"""
