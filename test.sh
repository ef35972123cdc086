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
# Browser tests drive Debian's Chromium (no browser download); the printed deck's pages
# are looked at through poppler's pdftoppm; the Pi's install script is checked with
# the shellcheck tool. Install them where we can.
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v pdftoppm >/dev/null 2>&1 || missing="$missing poppler-utils"
command -v shellcheck >/dev/null 2>&1 || missing="$missing shellcheck"
if [ -n "$missing" ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    # shellcheck disable=SC2086 # one word per package
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
# Temporary files (each test's journal, sessions, pictures) go to memory where there is
# room: a journal fsyncs every commit, which on a disk costs ten times the test's own
# work and is not what the tests check (docs/testing.md). TMPDIR set by you wins.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] \
        && [ "$(df -Pk /dev/shm | awk 'NR == 2 {print $4}')" -ge 1048576 ]; then
    export TMPDIR=/dev/shm
fi
# Compiled bytecode is kept, under .venv, even where the environment asks Python not to
# write it: collecting the tests and starting each worker and command then takes half
# the time.
export PYTHONPYCACHEPREFIX="$PWD/.venv/pycache"
unset PYTHONDONTWRITEBYTECODE
# The tests make and drop thousands of whole frames (a 1280×960 picture in floats is
# 15-30 MB). glibc hands each back to the system when it is freed and the next one
# starts on fresh zeroed pages; keeping up to 256 MB free in the process instead saves
# a tenth of the quick run's CPU (docs/testing.md). Other C libraries ignore this.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456"
exec .venv/bin/python -m pytest -n auto --dist worksteal "$@"
