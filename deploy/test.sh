#!/usr/bin/env bash
# The whole test suite, from a fresh Debian / Raspberry Pi OS machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/setup.sh
exec .venv/bin/python -m pytest "$@"
