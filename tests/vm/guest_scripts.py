"""Shell and Python run inside the guest by the VM tests."""
from __future__ import annotations

import json

SOCCERBOARD = "/opt/soccerboard/.venv/bin/soccerboard"
STATE = "/var/lib/soccerboard"
JOURNAL = f"{STATE}/journal"
# the bots' matches keep their own journals: the installed daemon on the idle serial board started a match
# of its own in JOURNAL, which `sim` would otherwise take up
SIM_JOURNAL = f"{STATE}/sim-journal"

# A match that plays by itself under the unit: the same unit, sandbox and journal directory, with the
# daemon on the sim board and seeded bots (`soccerboard sim`, publishing to the board's broker with the
# config's credentials) instead of `soccerboard run` on the serial board, which needs hands on the pawns.
SIM_DROP_IN = """[Service]
ExecStart=
ExecStart={exe} sim --config /etc/soccerboard/soccerboard.toml --broker mqtt://127.0.0.1:1883 \
--journal-dir {journal} --no-web --quiet --seed 7 --speed {speed} --half-minutes {half} --stay
"""


def sim_match(speed: float, half_minutes: float = 45.0) -> str:
    """Replace the daemon's command by a bots' match (halves of `half_minutes`) and restart it."""
    text = SIM_DROP_IN.format(exe=SOCCERBOARD, journal=SIM_JOURNAL, speed=speed, half=half_minutes)
    return ("systemctl stop soccerboard.service\n"
            f"install -d -o soccerboard -g soccerboard -m 0750 {SIM_JOURNAL}\n"
            "mkdir -p /etc/systemd/system/soccerboard.service.d\n"
            f"cat > /etc/systemd/system/soccerboard.service.d/vm-sim.conf <<'EOF'\n{text}EOF\n"
            "systemctl daemon-reload\n"
            # the brokers keep no retained state across a restart: the idle board's own seq goes away
            "systemctl restart mosquitto.service soccerboard-spectators.service\n"
            "systemctl start soccerboard.service\n")


# What the daemon's sandbox lets a process do: the probe runs as a copy of the installed unit (its [Unit]
# and [Service] lines, but a one-shot that runs this probe instead of the daemon), so every sandbox setting
# is the installed file's own.
PROBE = r'''
import errno, json, os, stat
result = {"write": {}, "open": {}, "modes": {}}
for path in ["/var/lib/soccerboard/probe", "/var/lib/soccerboard/journal/probe", "/etc/soccerboard/probe",
             "/etc/probe", "/opt/soccerboard/probe", "/usr/local/probe", "/var/lib/probe", "/var/log/probe",
             "/root/probe", "/home/probe", "/boot/probe", "/srv/probe"]:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        os.close(fd)
        result["write"][path] = "ok"
        result["modes"][path] = oct(stat.S_IMODE(os.stat(path).st_mode))
        os.unlink(path)
    except OSError as e:
        result["write"][path] = errno.errorcode[e.errno]
for dev in ["/dev/soccerboard", "/dev/ttyS1", "/dev/ttyS0", "/dev/vda", "/dev/mem", "/dev/null"]:
    try:
        fd = os.open(dev, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        os.close(fd)
        result["open"][dev] = "ok"
    except OSError as e:
        result["open"][dev] = errno.errorcode[e.errno]
print(json.dumps(result))
'''

PROBE_UNIT = "/run/systemd/system/soccerboard-probe.service"


def sandbox_probe() -> str:
    """A shell script: the probe as a copy of the installed unit; prints the probe's JSON."""
    probe = json.dumps(PROBE)
    return f"""
python3 -c 'import json,sys; open("/run/soccerboard-probe.py","w").write(json.loads(sys.stdin.read()))' <<'EOF'
{probe}
EOF
chmod 0644 /run/soccerboard-probe.py
sed -e '/^\\[Install\\]/,$d' -e '/^Type=/d' -e '/^NotifyAccess=/d' -e '/^WatchdogSec=/d' -e '/^Restart/d' \\
    -e 's#^ExecStart=.*#ExecStart=/usr/bin/python3 /run/soccerboard-probe.py#' \\
    /etc/systemd/system/soccerboard.service > {PROBE_UNIT}
printf 'Type=oneshot\\nStandardOutput=file:/run/soccerboard-probe.out\\n' >> {PROBE_UNIT}
systemctl daemon-reload
systemctl start soccerboard-probe.service
cat /run/soccerboard-probe.out
"""
