"""What ``companion serve`` and ``companion demo`` print on start: where to open the
table page, how phones join (link, PIN and QR code), and the referee's own link, which
only the person at the console sees."""

from __future__ import annotations

from web.access import Access
from web.join_code import join_url, qr_text, referee_url


def banner(addresses: list[str], access: Access) -> str:
    """The lines to print: ``addresses`` are the table page's URLs, the first the one
    phones are sent to (the QR code's)."""
    first = addresses[0]
    lines = ["Open the table page as the referee (this link is yours: keep it to yourself):",
             f"  {referee_url(first, access.referee_pin)}",
             f"  (or join with the referee PIN {access.referee_pin})",
             f"Players join at {join_url(first, access.table_pin)} "
             f"with the table PIN {access.table_pin}, or scan:",
             qr_text(join_url(first, access.table_pin)).rstrip("\n")]
    if len(addresses) > 1:
        lines.append("The table page is also at: " + "  ".join(addresses[1:]))
    if access.private:
        lines.append("Private table: only phones that joined can watch.")
    else:
        lines.append("Anyone on this network can watch without joining (--private to refuse).")
    if access.token:
        lines.append("Requests with the token of $COMPANION_TOKEN act as the referee.")
    return "\n".join(lines)
