#!/usr/bin/env bash
# The whole test suite, from a fresh Debian / Raspberry Pi OS machine.
set -euo pipefail
cd "$(dirname "$0")/.."
# the daemon tests start a real Mosquitto of their own
export SOCCERBOARD_APT="${SOCCERBOARD_APT:-} mosquitto"
bash deploy/setup.sh
exec .venv/bin/python -m pytest "$@"
