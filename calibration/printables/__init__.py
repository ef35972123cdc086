"""Printable PDFs at true scale: boards with corner markers, targets, counters."""
