#!/usr/bin/env sh
# Set up the companion in its own virtualenv (.venv) and start it.
#   ./quickstart.sh            -> companion demo (no camera, no Pi needed)
#   ./quickstart.sh serve ...  -> any other companion sub-command
set -eu
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/companion ]; then
    "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
    # On Raspberry Pi OS the camera library (python3-picamera2) comes from apt, so the
    # venv sees the system site packages there.
    if [ -f /etc/rpi-issue ]; then VENV_FLAGS=--system-site-packages; else VENV_FLAGS=; fi
    "$PYTHON" -m venv $VENV_FLAGS .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e .
fi
if [ "$#" -eq 0 ]; then set -- demo; fi
exec .venv/bin/companion "$@"
