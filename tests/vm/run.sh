#!/usr/bin/env bash
# The deploy proved where it runs: a Debian VM with systemd as PID 1 (qemu, software emulation), into which
# the tests copy this checkout and run `bash deploy/install.sh` as an owner would (docs/deploy.md, "Tested
# in a VM"). On demand, as root; not part of CI.
#
#   sudo bash tests/vm/run.sh            # the quick form: 5 power cuts (about 30-60 minutes on 2 cores)
#   sudo bash tests/vm/run.sh --full     # the full form: 50 power cuts
#   sudo bash tests/vm/run.sh -- -k watchdog    # pytest arguments after --
#
# Installs debootstrap and qemu from Debian when missing, builds the image once (cached under
# /var/cache/soccerboard-vm, rebuilt when tests/vm/build-image.sh changes) and writes the figures to
# $SOCCERBOARD_VM_OUT/figures.json (default /tmp/soccerboard-vm), and a line per power cut, as each is judged,
# to $SOCCERBOARD_VM_OUT/power-cuts.tsv.
set -euo pipefail
cd "$(dirname "$0")/../.."

cuts="${SOCCERBOARD_VM_POWER_CUTS:-5}"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --full) cuts=50 ;;
    --quick) cuts=5 ;;
    --) shift; args=("$@"); break ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

[ "$(id -u)" -eq 0 ] || { echo "run.sh: run it as root (debootstrap, loop mounts)" >&2; exit 2; }
missing=()
for pair in debootstrap:debootstrap qemu-system-x86_64:qemu-system-x86 qemu-img:qemu-utils mkfs.ext4:e2fsprogs; do
  command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
[ -x .venv/bin/python ] || bash deploy/setup.sh
bash tests/vm/build-image.sh >/dev/null

out="${SOCCERBOARD_VM_OUT:-/tmp/soccerboard-vm}"
mkdir -p "$out"
rm -f "$out/figures.json"
status=0
# a temporary root of its own: other pytest runs on the machine do not rotate this run's VMs away
SOCCERBOARD_VM=1 PYTEST_DEBUG_TEMPROOT="$out" SOCCERBOARD_VM_POWER_CUTS="$cuts" SOCCERBOARD_VM_OUT="$out" \
  .venv/bin/python -m pytest tests/vm -m vm -p no:cacheprovider -v "${args[@]}" || status=$?
[ -f "$out/figures.json" ] && { echo "figures ($out/figures.json):"; cat "$out/figures.json"; }
exit "$status"
