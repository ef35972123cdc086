"""The machine a benchmark ran on, as one line for its printed figures."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def machine() -> str:
    """Return the CPU count, CPU model and Python version of this machine."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Model") and value.strip():
                model = value.strip()
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs, {model}, Python {platform.python_version()}"
