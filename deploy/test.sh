#!/usr/bin/env bash
# The whole test suite, from a fresh Debian / Raspberry Pi OS machine.
set -euo pipefail
cd "$(dirname "$0")/.."
# the daemon and browser tests start a real Mosquitto of their own; the browser tests drive Debian's
# Chromium through Playwright (the pip package only: no browser download)
export SOCCERBOARD_APT="${SOCCERBOARD_APT:-} mosquitto chromium shellcheck python3-seccomp openssl tmux strace"
bash deploy/setup.sh
# the files run on the machine's cores (at most 4), each file whole on one worker: most of the suite waits on
# brokers, daemons and browsers it starts, so two workers on two cores halve the time
exec .venv/bin/python -m pytest -n "${SOCCERBOARD_TEST_WORKERS:-auto}" --maxprocesses=4 --dist loadfile "$@"
