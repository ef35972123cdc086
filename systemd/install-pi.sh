#!/usr/bin/env bash
# Install Tabletop Companion as a service on Raspberry Pi OS Bookworm.
#
#   sudo systemd/install-pi.sh        (from a checkout of the project)
#
# Installs the apt packages it needs (the camera library python3-picamera2 and the GPIO
# library python3-lgpio come from apt), creates the user `companion`, builds a
# virtualenv in /opt/tabletop-companion that also sees apt's Python packages, installs
# the project into it with the `pi` extra, and installs, enables and (re)starts
# systemd/companion.service. Safe to run again: after `git pull`, it updates the install.
set -eu

APP_DIR=/opt/tabletop-companion
VENV="$APP_DIR/venv"
SERVICE_USER=companion
STATE_DIR=/var/lib/tabletop-companion
UNIT=companion.service
PORT=8000
SOURCE_DIR="$(cd "$(dirname "$0")/.." && pwd)"

say() { printf '\n==> %s\n' "$*"; }

if [ "$(id -u)" -ne 0 ]; then
    echo "Run this as root: sudo $0" >&2
    exit 1
fi
if [ ! -f "$SOURCE_DIR/pyproject.toml" ] || [ ! -f "$SOURCE_DIR/systemd/$UNIT" ]; then
    echo "Run this from a checkout of Tabletop Companion ($SOURCE_DIR has no pyproject.toml)." >&2
    exit 1
fi
# shellcheck source=/dev/null
codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")"
if [ "$codename" != bookworm ]; then
    echo "Note: this script is written for Raspberry Pi OS Bookworm; this is '$codename'." >&2
fi

say "Installing apt packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends \
    python3 python3-venv python3-pip python3-numpy \
    python3-picamera2 python3-lgpio

say "Creating the user $SERVICE_USER"
for group in video gpio; do
    getent group "$group" >/dev/null || groupadd --system "$group"
done
if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
        --shell /usr/sbin/nologin --comment "Tabletop Companion" "$SERVICE_USER"
fi
usermod --append --groups video,gpio "$SERVICE_USER"

say "Installing the companion into $VENV"
mkdir -p "$APP_DIR"
if [ ! -x "$VENV/bin/python" ]; then
    # --system-site-packages: picamera2, lgpio and numpy come from apt.
    python3 -m venv --system-site-packages "$VENV"
fi
# Build from a copy, so root-owned build files stay out of the checkout.
build_dir="$(mktemp -d)"
trap 'rm -rf "$build_dir"' EXIT
tar -C "$SOURCE_DIR" --exclude=./.venv --exclude=./.git -cf - . | tar -C "$build_dir" -xf -
# Dependencies first (numpy from apt already satisfies numpy), then the project itself,
# always reinstalled so that running this again after `git pull` updates the code.
"$VENV/bin/python" -m pip install --quiet "${build_dir}[pi]"
"$VENV/bin/python" -m pip install --quiet --no-deps --force-reinstall "$build_dir"
install -m 0644 "$SOURCE_DIR/README.md" "$APP_DIR/README.md"

say "Installing and starting $UNIT"
install -m 0644 "$SOURCE_DIR/systemd/$UNIT" "/etc/systemd/system/$UNIT"
systemctl daemon-reload
systemctl enable "$UNIT"
systemctl restart "$UNIT"

address="$(hostname -I 2>/dev/null | awk '{print $1}')"
say "Done. The companion is running; open this on a phone on the same network:"
echo "    http://${address:-$(hostname).local}:$PORT/"
echo "    (or http://$(hostname).local:$PORT/)"
echo "Logs: journalctl -u companion -f    Status: systemctl status companion"
echo "Sandbox: systemd-analyze security companion (see docs/reliability.md)"
echo "Wiring the dice button: $SOURCE_DIR/hardware/README.md"
