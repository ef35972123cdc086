"""The join link and its QR code: what a phone scans to join the table.

The QR codes are made by ``segno`` (pure Python): an SVG for the table page, and text
(half blocks) for the terminal ``companion serve`` runs in.
"""

from __future__ import annotations

import io

import segno

QR_ERROR_LEVEL = "m"
"""The QR code's error correction: M survives a screen's glare or a thumb on a corner."""


def join_url(base: str, pin: str) -> str:
    """The link that opens the table page and joins with ``pin``: ``base`` is the
    address phones use (``http://192.168.1.20:8000/``)."""
    return f"{base.rstrip('/')}/join?pin={pin}"


def referee_url(base: str, pin: str) -> str:
    """The link that opens the table page as the referee (for the console only)."""
    return f"{base.rstrip('/')}/join?referee={pin}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an SVG document that scales to its box."""
    out = io.BytesIO()
    segno.make(text, error=QR_ERROR_LEVEL).save(
        out, kind="svg", scale=1, border=2, xmldecl=False, svgns=True, omitsize=True,
        title="Scan to join the table", dark="#000", light="#fff")
    return out.getvalue().decode("utf-8")


def qr_text(text: str) -> str:
    """``text`` as a QR code in block characters, for a terminal."""
    out = io.StringIO()
    segno.make(text, error=QR_ERROR_LEVEL).terminal(out=out, compact=True, border=2)
    return out.getvalue()
