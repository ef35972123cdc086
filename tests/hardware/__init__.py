"""Tests of ``hardware/``: the live loop (referee feed), following photographs, the lens at
the table, the dice button, the roll command, the systemd units."""
