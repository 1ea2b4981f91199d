#!/usr/bin/env bash
# Prepares a fresh Debian / Raspberry Pi OS machine: system packages, then a virtualenv in .venv.
# Sourced by deploy/sim.sh and deploy/test.sh; safe to run again (it only installs what is missing).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

apt_missing=()
python3 -c 'import venv, ensurepip' 2>/dev/null || apt_missing+=(python3-venv)
for pkg in ${SOCCERBOARD_APT:-}; do
  dpkg -s "$pkg" >/dev/null 2>&1 || apt_missing+=("$pkg")
done
if [ ${#apt_missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_missing[@]}" >/dev/null   # sudo drops the variable otherwise
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/pip install -q --upgrade pip
  .venv/bin/pip install -q -e ".[test]"
  rm -f .venv/.installed-* && touch "$stamp"
fi
