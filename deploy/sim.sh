#!/usr/bin/env bash
# The main job: a simulated match refereed live by the real core, on embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/setup.sh
exec .venv/bin/soccerboard sim "$@"
