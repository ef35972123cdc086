#!/usr/bin/env sh
# Set up the companion with its test tools in its own virtualenv (.venv) and run the tests.
#   ./test.sh                 -> every test, the slow and browser suites included (as CI)
#   ./test.sh -m "not slow"   -> extra arguments go to pytest (the quick run, docs/testing.md)
# Tests run in parallel, one worker per core (pytest-xdist); add -n 0 to run them in one.
set -eu
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
[ -d .venv ] || "$PYTHON" -m venv .venv
# Install (again) only when pyproject.toml changed since the last install.
if [ ! -f .venv/installed ] || [ pyproject.toml -nt .venv/installed ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e '.[dev]'
    touch .venv/installed
fi
# Browser tests drive Debian's Chromium (no browser download). Install it where we can.
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
exec .venv/bin/python -m pytest -n auto --dist worksteal "$@"
