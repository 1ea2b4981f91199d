"""deploy/install.sh and its units under the real systemd, in a Debian VM (docs/deploy.md, "Tested in a VM").

Each test boots its own copy-on-write overlay of one owner's install (the `installed` fixture). The board is
`soccerboard emulate-board` on a host pty that qemu wires to the guest's ttyS1, which udev names
/dev/soccerboard: the daemon reaches it only through the unit's DeviceAllow.
"""
from __future__ import annotations

import json
import re
import time

import pytest

from tests.vm.conftest import add_board_rule, doctor_failures, wait_ready
from tests.vm.guest_scripts import JOURNAL, SIM_JOURNAL, SOCCERBOARD, sandbox_probe, sim_match
from tests.vm.host_side import BASE, Spectator
from tests.vm.vm import REPO

pytestmark = pytest.mark.vm


def test_install_as_an_owner_starts_both_units_ready_and_doctor_green(installed, figures):
    assert installed.install_rc == 0, installed.install_output
    assert "done:" in installed.install_output
    assert "nothing to change" in installed.again_output, installed.again_output
    assert installed.ready["status"].startswith("refereeing; broker connected"), installed.ready
    assert installed.reboot_ready["status"].startswith("refereeing; broker connected"), installed.reboot_ready
    assert installed.reboot_ready["restarts"] == 0, installed.reboot_ready
    assert doctor_failures(installed.doctor_output) == [], installed.doctor_output
    assert "PASS  serial" in installed.doctor_output and "PASS  service" in installed.doctor_output


def test_the_sandbox_lets_the_daemon_write_only_its_state_and_open_only_the_board(installed_vm, figures):
    vm = installed_vm()
    vm.boot()
    wait_ready(vm)
    add_board_rule(vm)            # (already there from the install; checks the name still resolves)
    # the running daemon's own view: the root read-only, its state directory writable
    pid = vm.out("systemctl show -p MainPID --value soccerboard.service").strip()
    mounts = vm.out(f"cat /proc/{pid}/mountinfo")
    mount_options = {fields[4]: fields[5] for fields in (line.split() for line in mounts.splitlines())}
    assert mount_options["/"].startswith("ro"), mount_options
    assert mount_options["/var/lib/soccerboard"].startswith("rw"), mount_options
    # a new match's journal, as the referee's command starts one; 0600 from the unit's UMask
    vm.run("mosquitto_pub -h 127.0.0.1 -p 1883 -u referee -P \"$(cat /etc/soccerboard/referee.password)\" "
           f"-t {BASE}/cmd/new_game -m '{{}}' -q 1")
    journals = vm.wait_until(f"find {JOURNAL} -name '*.jsonl' -printf '%m %u %p\\n' | grep .", 60,
                             "a journal file")
    for line in journals.splitlines():
        mode, owner, _ = line.split(" ", 2)
        assert (mode, owner) == ("600", "soccerboard"), journals
    vm.run("systemctl stop soccerboard.service")      # the probe opens the board as the daemon would
    result = json.loads(vm.out(sandbox_probe()).strip().splitlines()[-1])
    writable = sorted(p for p, r in result["write"].items() if r == "ok")
    assert writable == ["/var/lib/soccerboard/journal/probe", "/var/lib/soccerboard/probe"], result
    assert set(result["modes"].values()) == {"0o600"}, result
    assert result["open"]["/dev/soccerboard"] == "ok", result
    assert result["open"]["/dev/ttyS1"] == "ok", result            # the same device
    for denied in ("/dev/ttyS0", "/dev/vda", "/dev/mem"):
        assert result["open"][denied] in ("EPERM", "EACCES"), result
    assert result["open"]["/dev/ttyS0"] == "EPERM", result      # dialout may, the device policy may not
    figures["sandbox_probe"] = result
    # and the daemon talks to the board through it
    vm.run("systemctl start soccerboard.service")
    wait_ready(vm)
    doctor = vm.run(f"{SOCCERBOARD} doctor", check=False)[1]
    assert doctor_failures(doctor) == [] and "PASS  serial" in doctor, doctor


def test_the_watchdog_restarts_a_hung_daemon(installed_vm, figures):
    vm = installed_vm()
    vm.boot()
    wait_ready(vm)
    pid = vm.out("systemctl show -p MainPID --value soccerboard.service").strip()
    start = time.monotonic()
    vm.run(f"kill -STOP {pid}")
    vm.wait_until(f"test \"$(systemctl show -p MainPID --value soccerboard.service)\" != {pid} && "
                  "systemctl is-active soccerboard.service", 90, "a new daemon after the watchdog")
    figures["watchdog_stop_to_ready_s"] = round(time.monotonic() - start, 1)
    log = vm.out("journalctl -u soccerboard.service --no-pager -o cat")
    assert re.search(r"[Ww]atchdog timeout", log), log
    restarts = int(vm.out("systemctl show -p NRestarts --value soccerboard.service").strip())
    assert restarts >= 1


def test_a_reboot_mid_match_resumes_the_match(installed_vm, figures):
    vm = installed_vm(board=False)
    vm.boot()
    wait_ready(vm)
    spectator = Spectator(vm.ports["ws"])
    try:
        vm.run(sim_match(0.3))
        wait_ready(vm)
        spectator.wait_connected(60)
        before = spectator.wait_seq_above(20, 120)
        journals_before = vm.out(f"ls {SIM_JOURNAL}/*.jsonl").split()
        retained_before = json.loads(vm.out(
            f"mosquitto_sub -h 127.0.0.1 -p 1884 -t {BASE}/state -C 1 -W 10"))
        vm.reboot()
        wait_ready(vm)
        retained_after = json.loads(vm.out(
            f"mosquitto_sub -h 127.0.0.1 -p 1884 -t {BASE}/state -C 1 -W 30"))
        assert retained_after["seq"] >= retained_before["seq"]
        after = spectator.wait_seq_above(max(before, retained_after["seq"]), 120)
        journals_after = vm.out(f"ls {SIM_JOURNAL}/*.jsonl").split()
        assert journals_after == journals_before, (     # the same match, resumed
            f"{journals_after} after the reboot, {journals_before} before:\n"
            + vm.run(f"journalctl --no-pager -u soccerboard.service || true; tail -n 3 {SIM_JOURNAL}/*.jsonl",
                     check=False)[1])
        state = spectator.last("state")
        assert state is not None and state["seq"] > before
        figures["reboot_mid_match"] = {"seq_before": before, "seq_after": after,
                                       "retained_seq_after_boot": retained_after["seq"]}
    finally:
        spectator.close()


def test_spectators_reach_the_page_and_a_read_only_broker(installed_vm, figures):
    import urllib.request

    vm = installed_vm()
    vm.boot()
    wait_ready(vm)
    with urllib.request.urlopen(f"http://127.0.0.1:{vm.ports['http']}/", timeout=30) as page:
        assert page.status == 200
        assert "<html" in page.read(4096).decode(errors="replace").lower()
    spectator = Spectator(vm.ports["ws"])
    try:
        spectator.wait_connected(60)
        end = time.monotonic() + 60
        while spectator.last("status") is None and time.monotonic() < end:
            time.sleep(0.2)
        assert spectator.last("status") is not None, "the retained status through the bridge"
        # anonymous publishes, a forged event and a command: the broker drops both, so neither comes back to
        # this very subscriber, and the daemon never answers
        journals_before = vm.out(f"ls {JOURNAL}").split()
        spectator.publish(f"{BASE}/events", json.dumps({"seq": 10**9, "type": "forged"}))
        spectator.publish(f"{BASE}/cmd/new_game", "{}")
        time.sleep(5)
        assert 10**9 not in spectator.events()
        assert not [m for m in spectator.messages if m.topic in ("response", "new_game")]
        assert vm.out(f"ls {JOURNAL}").split() == journals_before     # no new game
        figures["spectator_messages_seen"] = len(spectator.messages)
    finally:
        spectator.close()


def test_the_security_score_under_the_real_systemd(installed_vm, figures):
    vm = installed_vm(board=False)
    vm.boot()
    out = vm.out("systemd-analyze security soccerboard.service --no-pager")
    score = re.search(r"Overall exposure level for soccerboard.service: ([0-9.]+)", out)
    assert score is not None, out
    figures["security_score"] = float(score.group(1))
    figures["systemd_version"] = vm.out("systemctl --version | head -1").strip()
    spectators = re.search(r"Overall exposure level for soccerboard-spectators.service: ([0-9.]+)",
                           vm.out("systemd-analyze security soccerboard-spectators.service --no-pager"))
    assert spectators is not None
    figures["security_score_spectators"] = float(spectators.group(1))
    assert float(score.group(1)) <= 3.0


def test_uninstall_keeps_the_journals(installed_vm, figures):
    vm = installed_vm(board=False)
    vm.boot()
    wait_ready(vm)
    vm.run(sim_match(0.2))
    vm.wait_until(f"ls {SIM_JOURNAL}/*.jsonl", 300, "a journal")
    vm.run("systemctl stop soccerboard.service")      # the match stops growing its journal
    journals = vm.out(f"sha256sum {SIM_JOURNAL}/*.jsonl")
    src = "/root/soccerboard"
    staged = vm.copy_in(REPO, "checkout")
    vm.run(f"rm -rf {src} && cp -a {staged} {src}", timeout=300)
    out = vm.out(f"cd {src} && bash deploy/install.sh --uninstall", timeout=300)
    assert "kept" in out
    assert vm.out(f"sha256sum {SIM_JOURNAL}/*.jsonl") == journals
    vm.run("! systemctl is-active soccerboard.service && test ! -e /etc/systemd/system/soccerboard.service "
           "&& test ! -e /opt/soccerboard && id soccerboard")
