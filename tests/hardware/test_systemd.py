"""The service unit and the Pi install script: the keys the Pi depends on, and valid shell."""

import re
import shutil
import subprocess

import pytest

from tests.helpers.paths import ROOT

SYSTEMD = ROOT / "systemd"
UNIT = SYSTEMD / "companion.service"
SCRIPT = SYSTEMD / "install-pi.sh"


def unit_sections():
    """Return {section: [(key, value), ...]} of the unit (keys may repeat)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), [])
        else:
            key, _, value = line.partition("=")
            current.append((key.strip(), value.strip()))
    return sections


def values(section, key):
    return [v for k, v in unit_sections()[section] if k == key]


def test_the_service_runs_companion_serve_as_its_own_user():
    assert values("Service", "User") == ["companion"]
    assert set(values("Service", "SupplementaryGroups")[0].split()) == {"video", "gpio"}
    (exec_start,) = values("Service", "ExecStart")
    assert re.fullmatch(r"/opt/tabletop-companion/venv/bin/companion serve( .*)?", exec_start)


def test_the_service_restarts_waits_for_the_network_and_logs_to_the_journal():
    assert values("Service", "Restart") == ["on-failure"]
    assert "network-online.target" in values("Unit", "After")[0]
    assert "network-online.target" in values("Unit", "Wants")[0]
    assert values("Service", "StandardOutput") == ["journal"]
    assert values("Service", "StandardError") == ["journal"]
    assert values("Install", "WantedBy") == ["multi-user.target"]


def test_the_data_folder_is_the_state_directory():
    (state,) = values("Service", "StateDirectory")
    assert f"COMPANION_HOME=/var/lib/{state}" in values("Service", "Environment")


def test_the_install_script_installs_what_the_unit_runs():
    script = SCRIPT.read_text()
    assert script.startswith("#!/usr/bin/env bash\n") and "\nset -eu\n" in script
    assert "APP_DIR=/opt/tabletop-companion\n" in script and 'VENV="$APP_DIR/venv"' in script
    assert "--system-site-packages" in script and "[pi]" in script
    for package in ("python3-venv", "python3-picamera2", "python3-lgpio"):
        assert package in script
    assert "systemctl enable" in script and "SERVICE_USER=companion" in script


def test_the_install_script_is_valid_shell():
    subprocess.run(["bash", "-n", str(SCRIPT)], check=True)


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_the_install_script_passes_shellcheck():
    result = subprocess.run(["shellcheck", str(SCRIPT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_the_service_says_when_it_is_ready_and_is_watched():
    assert values("Service", "Type") == ["notify"]
    assert int(values("Service", "WatchdogSec")[0]) > 0
    assert values("Service", "NotifyAccess") == ["main"]


def test_the_service_writes_only_its_data_folder_and_has_no_privileges():
    (state,) = values("Service", "StateDirectory")
    assert values("Service", "ProtectSystem") == ["strict"]
    assert values("Service", "ReadWritePaths") == [f"/var/lib/{state}"]
    assert values("Service", "NoNewPrivileges") == ["yes"]
    assert values("Service", "CapabilityBoundingSet") == [""]
    assert values("Service", "RestrictAddressFamilies") == [
        "AF_UNIX AF_INET AF_INET6 AF_NETLINK"]
    assert "@system-service" in values("Service", "SystemCallFilter")


def test_the_service_sees_only_the_camera_and_gpio_devices():
    assert values("Service", "DevicePolicy") == ["closed"]
    devices = {value.split()[0] for value in values("Service", "DeviceAllow")}
    assert devices == {"char-video4linux", "char-media", "/dev/dma_heap/system",
                       "/dev/dma_heap/linux,cma", "char-gpiochip", "/dev/gpiomem"}


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed")
def test_systemd_rates_the_service_s_exposure_at_most_4_5():
    result = subprocess.run(["systemd-analyze", "security", "--offline=true", str(UNIT)],
                            capture_output=True, text=True)
    if "--offline" in result.stderr:
        pytest.skip("this systemd-analyze cannot rate a unit file offline")
    found = re.search(r"Overall exposure level for companion.service: ([\d.]+)",
                      result.stdout)
    assert found, result.stdout + result.stderr
    assert float(found.group(1)) <= 4.5
