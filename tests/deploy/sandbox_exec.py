"""Runs a command under the process-level part of deploy/soccerboard.service's sandbox, for a machine whose
PID 1 is not systemd (this one, CI's): usage `python3 sandbox_exec.py UNIT -- COMMAND...`.

Run by Debian's /usr/bin/python3, which has libseccomp's bindings (python3-seccomp); the filter it installs
stays on across the exec, so the command (the daemon in the project's virtual environment) runs under it.
Applied, read from the unit file itself so the test follows it:

- `UMask=`;
- `LimitNOFILE=` (RLIMIT_NOFILE);
- `NoNewPrivileges=` (PR_SET_NO_NEW_PRIVS);
- `CapabilityBoundingSet=` (every capability dropped from the bounding set, so even root execs with none);
- `MemoryDenyWriteExecute=` through the kernel's PR_SET_MDWE (Linux 6.3+), the mechanism newer systemd
  uses: no mapping both writable and executable, no executable bit added to writable memory;
- `SystemCallFilter=` with the groups expanded by `systemd-analyze syscall-filter`, the `~` lists taken
  out, and `SystemCallErrorNumber=` as the answer to anything else;
- `RestrictAddressFamilies=`: socket() of another family fails (with the filter's answer; systemd says
  EAFNOSUPPORT).

Not applied (they need systemd as PID 1 to set up mount and device namespaces, or its control groups):
ProtectSystem, ProtectHome, PrivateTmp, ProtectKernel*, ProtectControlGroups, DeviceAllow, ProtectProc,
MemoryHigh, MemoryMax, TasksMax. docs/deploy.md says so.
"""
from __future__ import annotations

import ctypes
import errno
import os
import resource
import socket
import subprocess
import sys

import seccomp  # type: ignore[import-not-found]   # Debian's python3-seccomp, for /usr/bin/python3

PR_SET_NO_NEW_PRIVS = 38
PR_CAPBSET_DROP = 24
PR_SET_MDWE = 65
PR_MDWE_REFUSE_EXEC_GAIN = 1


def directives(unit: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    with open(unit, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith(("#", ";", "[")) or "=" not in line:
                continue
            key, _, value = line.partition("=")
            out.setdefault(key.strip(), []).append(value.strip())
    return out


def expand(name: str, seen: set[str] | None = None) -> set[str]:
    """The system calls of a group (@name) or a single call, as systemd-analyze lists them."""
    if not name.startswith("@"):
        return {name}
    seen = set() if seen is None else seen
    if name in seen:
        return set()
    seen.add(name)
    text = subprocess.run(["systemd-analyze", "syscall-filter", name], capture_output=True, text=True,
                          check=True).stdout
    calls: set[str] = set()
    for raw in text.splitlines()[1:]:
        item = raw.strip()
        if not item or item.startswith("#"):
            continue
        calls |= expand(item, seen)
    return calls


def syscall_sets(values: list[str]) -> tuple[set[str], set[str]]:
    allowed: set[str] = set()
    denied: set[str] = set()
    for value in values:
        target = denied if value.startswith("~") else allowed
        for name in value.lstrip("~").split():
            target |= expand(name)
    return allowed, denied


def main(argv: list[str]) -> int:
    unit, sep, command = argv[0], argv[1], argv[2:]
    assert sep == "--" and command, "usage: sandbox_exec.py UNIT -- COMMAND..."
    d = directives(unit)
    libc = ctypes.CDLL(None, use_errno=True)

    def prctl(option: int, arg: int = 0) -> None:
        if libc.prctl(option, ctypes.c_ulong(arg), 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), f"prctl({option}) failed")

    if "UMask" in d:
        os.umask(int(d["UMask"][-1], 8))
    if "LimitNOFILE" in d:
        soft, _, hard = d["LimitNOFILE"][-1].partition(":")
        resource.setrlimit(resource.RLIMIT_NOFILE, (int(soft), int(hard or soft)))
    if d.get("NoNewPrivileges", ["no"])[-1] in ("true", "yes"):
        prctl(PR_SET_NO_NEW_PRIVS, 1)
    if d.get("CapabilityBoundingSet") == [""]:
        cap = 0
        while True:
            try:
                prctl(PR_CAPBSET_DROP, cap)
            except OSError as e:
                if e.errno == errno.EINVAL:     # past the last capability this kernel knows
                    break
                raise
            cap += 1
    if d.get("MemoryDenyWriteExecute", ["no"])[-1] in ("true", "yes"):
        prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN)
    answer = seccomp.ERRNO(errno.EPERM)
    if "SystemCallErrorNumber" in d:
        answer = seccomp.ERRNO(getattr(errno, d["SystemCallErrorNumber"][-1]))
    if "SystemCallFilter" in d:
        allowed, denied = syscall_sets(d["SystemCallFilter"])
        allowed -= denied
        # what systemd always lets through so a service can exec and exit at all (its own "@default" base)
        allowed |= expand("@default") - denied
        families: set[int] = set()
        if "RestrictAddressFamilies" in d:
            families = {getattr(socket, name) for name in d["RestrictAddressFamilies"][-1].split()}
        f = seccomp.SyscallFilter(defaction=answer)
        for name in sorted(allowed):
            try:
                if name == "socket" and families:   # socket() of another family gets the filter's answer
                    for family in sorted(families):
                        f.add_rule(seccomp.ALLOW, "socket", seccomp.Arg(0, seccomp.EQ, family))
                else:
                    f.add_rule(seccomp.ALLOW, name)
            except (RuntimeError, ValueError):
                pass                        # a call this architecture does not have (the groups list them all)
        f.load()
    os.execvp(command[0], command)
    return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
