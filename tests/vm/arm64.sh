#!/usr/bin/env bash
# The product on the Raspberry Pi's own architecture: an arm64 Debian (bookworm, as Raspberry Pi OS 64-bit is
# built on) run through qemu-user (binfmt) in a chroot, where a new owner, the user pi with passwordless sudo
# as on Raspberry Pi OS, runs `bash deploy/setup.sh` and then the README's main command, `bash deploy/sim.sh`,
# to full time (docs/deploy.md, "The Pi's architecture (arm64)"). On demand, as root; not part of CI.
#
#   bash tests/vm/arm64.sh                      # the match as fast as it goes: deploy/sim.sh --speed 0
#   bash tests/vm/arm64.sh -- --seed 7 --speed 0   # other deploy/sim.sh arguments after --
#
# Installs debootstrap, qemu-user-static and binfmt-support from Debian when missing, debootstraps the arm64
# system once (cached under /var/cache/soccerboard-vm, anew when the way it is built changes), runs in a fresh copy of
# it each time, and writes the figures to $SOCCERBOARD_VM_OUT/arm64.json (default /tmp/soccerboard-vm-arm64).
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$SELF")/../.."
REPO="$PWD"

SUITE="${SOCCERBOARD_VM_SUITE:-bookworm}"
MIRROR="${SOCCERBOARD_VM_MIRROR:-http://deb.debian.org/debian}"
CACHE="${SOCCERBOARD_VM_CACHE:-/var/cache/soccerboard-vm}"
OUT="${SOCCERBOARD_VM_OUT:-/tmp/soccerboard-vm-arm64}"
# a Raspberry Pi OS Lite stand-in: Python 3, sudo and the CA roots, but no python3-venv (deploy/setup.sh adds it)
INCLUDE=python3,sudo,ca-certificates,procps

sim_args=(--speed 0)
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; sim_args=("$@"); break ;;
    -h|--help) sed -n '2,12p' "$SELF" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "arm64.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

[ "$(id -u)" -eq 0 ] || { echo "arm64.sh: run it as root (debootstrap, chroot, mounts)" >&2; exit 2; }
missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v qemu-aarch64-static >/dev/null || missing+=(qemu-user-static)
command -v update-binfmts >/dev/null || missing+=(binfmt-support)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# the kernel runs arm64 programs through qemu: binfmt_misc mounted and Debian's qemu-aarch64 handler enabled
binfmt=/proc/sys/fs/binfmt_misc
mountpoint -q "$binfmt" || mount -t binfmt_misc binfmt_misc "$binfmt"
[ -e "$binfmt/qemu-aarch64" ] || update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
if [ ! -e "$binfmt/qemu-aarch64" ] || [ "$(head -1 "$binfmt/qemu-aarch64")" != enabled ]; then
  echo "arm64.sh: the qemu-aarch64 binfmt handler is not enabled ($binfmt/qemu-aarch64)" >&2; exit 2
fi

# sudo in the chroot needs the kernel to honour set-user-id on emulated programs, which Debian's handler does
# not ask for: a handler of this run's own, newest so first to match, with the C flag (credentials from the
# program, not the interpreter) and F (the interpreter opened now, so the chroot needs no copy of qemu);
# removed on exit
HANDLER=soccerboard-aarch64
remove_handler() { [ ! -e "$binfmt/$HANDLER" ] || echo -1 > "$binfmt/$HANDLER"; }
entry() { sed -n "s/^$1 //p" "$binfmt/qemu-aarch64"; }
remove_handler

seconds_since() { awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'; }
# every mount at or below a folder, deepest first, lazily: nothing is left for rm to walk into
unmount_under() {
  local m
  awk -v d="$1" '$2 == d || index($2, d "/") == 1 { print $2 }' /proc/self/mounts | sort -r \
    | while read -r m; do umount -l "$m" 2>/dev/null || true; done
}
mounted_under() { awk -v d="$1" '$2 == d || index($2, d "/") == 1 { f = 1 } END { exit !f }' /proc/self/mounts; }

mkdir -p "$CACHE" "$OUT"
rm -f "$OUT/arm64.json"
WORK=""
cleanup() {
  [ "${1:-}" = keep-handler ] || remove_handler
  [ -n "$WORK" ] || return 0
  unmount_under "$WORK"
  if mounted_under "$WORK"; then
    echo "arm64.sh: $WORK still has mounts; left in place" >&2
  else
    rm -rf --one-file-system "$WORK"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
printf ':%s:M:%s:%s:%s:%s:POCF\n' "$HANDLER" "$(entry offset)" "$(entry magic | sed 's/../\\x&/g')" \
  "$(entry mask | sed 's/../\\x&/g')" "$(entry interpreter)" > "$binfmt/register"

# the arm64 system, debootstrapped into $1/root (the second stage runs emulated)
build_base() {
  debootstrap --arch=arm64 --variant=minbase --include="$INCLUDE" "$SUITE" "$1/root" "$MIRROR" \
    >"$1/debootstrap.log" 2>&1 || { tail -30 "$1/debootstrap.log" >&2; return 1; }
  printf 'deb %s %s main\n' "$MIRROR" "$SUITE" > "$1/root/etc/apt/sources.list"
  # the first user of Raspberry Pi OS: pi, in group sudo, with passwordless sudo
  chroot "$1/root" useradd -m -s /bin/bash -G sudo pi
  echo 'pi ALL=(ALL) NOPASSWD: ALL' > "$1/root/etc/sudoers.d/010_pi-nopasswd"
  chmod 0440 "$1/root/etc/sudoers.d/010_pi-nopasswd"
  chroot "$1/root" apt-get clean
}
KEY="$( { declare -f build_base; echo "$SUITE $MIRROR $INCLUDE"; } | sha256sum | cut -c1-16)"
BASE="$CACHE/arm64-$SUITE-$KEY"
debootstrap_s=null
if [ ! -f "$BASE/ready" ]; then
  WORK="$(mktemp -d "$CACHE/arm64-build.XXXXXX")"
  echo "arm64.sh: debootstrap --arch=arm64 $SUITE into $WORK (emulated: 10-30 minutes)" >&2
  t0=$(date +%s%N)
  build_base "$WORK"
  unmount_under "$WORK"
  debootstrap_s=$(seconds_since "$t0")
  rm -rf "$BASE"
  mkdir -p "$BASE"
  mv "$WORK/root" "$BASE/root"
  echo "$debootstrap_s" > "$BASE/debootstrap-seconds"
  touch "$BASE/ready"
  cleanup keep-handler
fi

# each run starts from the debootstrapped system as it was: a fresh owner's machine
WORK="$(mktemp -d "$CACHE/arm64-run.XXXXXX")"
R="$WORK/root"
cp -a "$BASE/root" "$R"
HOME_DIR=/home/pi/soccerboard
mkdir -p "$R$HOME_DIR"
# the committed checkout, as a clone gives it (not the work tree's edits in progress, nor .venv)
git_() { git -c safe.directory="$REPO" -C "$REPO" "$@"; }
COMMIT="$(git_ rev-parse --short HEAD)"
git_ archive --format=tar HEAD | tar -xf - -C "$R$HOME_DIR"
chroot "$R" chown -R pi:pi "$HOME_DIR"
cp /etc/resolv.conf "$R/etc/resolv.conf"
printf '127.0.0.1 localhost\n127.0.1.1 %s\n' "$(hostname)" > "$R/etc/hosts"
# Where this host reaches the package index through a TLS-inspecting proxy, the proxy's CA (a local one in
# /usr/local/share/ca-certificates) is trusted inside too, and pip pointed at the system bundle; a Pi on an
# ordinary network needs neither.
pip_env=()
local_cas=(/usr/local/share/ca-certificates/*.crt)
if [ -e "${local_cas[0]}" ]; then
  cat "${local_cas[@]}" >> "$R/etc/ssl/certs/ca-certificates.crt"
  pip_env=(PIP_CERT=/etc/ssl/certs/ca-certificates.crt)
fi
mount -t proc proc "$R/proc"
mount --bind /sys "$R/sys"
mount --rbind /dev "$R/dev"
mount --make-rslave "$R/dev"

# a command as the owner, in the checkout, with a login's environment and nothing of this host's
# shellcheck disable=SC2016  # the inner bash expands $0 and $@
as_owner() {
  chroot "$R" runuser -u pi -- env -i HOME=/home/pi USER=pi LOGNAME=pi SHELL=/bin/bash LANG=C.UTF-8 \
    PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin "${pip_env[@]}" \
    bash -c 'cd "$0" && exec "$@"' "$HOME_DIR" "$@"
}

arch="$(chroot "$R" uname -m)"
python="$(chroot "$R" python3 --version 2>&1)"
echo "arm64.sh: $arch, $python; bash deploy/setup.sh (emulated: pip takes a while)" >&2
t0=$(date +%s%N)
setup_rc=0
as_owner bash deploy/setup.sh >"$OUT/setup.log" 2>&1 || setup_rc=$?
setup_s=$(seconds_since "$t0")
[ "$setup_rc" -eq 0 ] || tail -30 "$OUT/setup.log" >&2

sim_rc=-1
sim_s=null
venv_platform=""
native_module=""
packages=0
if [ "$setup_rc" -eq 0 ]; then
  venv_platform="$(as_owner .venv/bin/python -c 'import sysconfig; print(sysconfig.get_platform())')"
  native_module="$(as_owner .venv/bin/python -c \
    'import os, pydantic_core._pydantic_core as m; print(os.path.basename(m.__file__))')"
  packages="$(as_owner .venv/bin/python -m pip list --format=freeze 2>/dev/null | wc -l)"
  echo "arm64.sh: bash deploy/sim.sh ${sim_args[*]}" >&2
  t0=$(date +%s%N)
  sim_rc=0
  as_owner bash deploy/sim.sh "${sim_args[@]}" >"$OUT/sim.log" 2>&1 || sim_rc=$?
  sim_s=$(seconds_since "$t0")
  tail -25 "$OUT/sim.log"
fi

# the same seed plays the same match on every architecture: the same commit on the host, where it has a .venv
same_as_host=null
if [ -f "$OUT/sim.log" ] && [ -x "$REPO/.venv/bin/python" ]; then
  mkdir -p "$WORK/host"
  git_ archive --format=tar HEAD | tar -xf - -C "$WORK/host"
  (cd "$WORK/host" && PYTHONPATH="$WORK/host" "$REPO/.venv/bin/python" -m controller.cli sim --no-web \
    "${sim_args[@]}") >"$OUT/sim-host.log" 2>&1 || true
  events() { grep -E "^ *[0-9]+'" "$1" || true; }
  if [ -n "$(events "$OUT/sim-host.log")" ] && [ "$(events "$OUT/sim.log")" = "$(events "$OUT/sim-host.log")" ]; then
    same_as_host=true
  else
    same_as_host=false
  fi
fi

[ "$debootstrap_s" != null ] || debootstrap_s="$(cat "$BASE/debootstrap-seconds" 2>/dev/null || echo null)"
result="$(grep -E "Full time" "$OUT/sim.log" 2>/dev/null | tail -1 | sed -E "s/^ *[0-9]+' *//" || true)"
ARCH="$arch" PYVER="$python" DEBOOTSTRAP_S="$debootstrap_s" SETUP_S="$setup_s" SETUP_RC="$setup_rc" \
SIM_S="$sim_s" SIM_RC="$sim_rc" RESULT="$result" SAME="$same_as_host" PLATFORM="$venv_platform" \
NATIVE="$native_module" PACKAGES="$packages" SIM_ARGS="${sim_args[*]}" \
COMMIT="$COMMIT" \
  python3 - "$OUT/arm64.json" <<'PY'
import json, os, sys
e = os.environ
num = lambda k: None if e[k] == "null" else float(e[k])
figures = {
    "uname_m": e["ARCH"], "python": e["PYVER"], "venv_platform": e["PLATFORM"],
    "pydantic_core_module": e["NATIVE"], "packages_installed": int(e["PACKAGES"]),
    "debootstrap_seconds": num("DEBOOTSTRAP_S"),
    "setup_seconds": num("SETUP_S"), "setup_exit": int(e["SETUP_RC"]),
    "sim_command": "bash deploy/sim.sh " + e["SIM_ARGS"],
    "sim_seconds": num("SIM_S"), "sim_exit": int(e["SIM_RC"]),
    "full_time": e["RESULT"].startswith("Full time"), "result": e["RESULT"],
    "same_match_as_host": None if e["SAME"] == "null" else e["SAME"] == "true",
    "commit": e["COMMIT"],
}
with open(sys.argv[1], "w") as f:
    json.dump(figures, f, indent=2)
    f.write("\n")
PY
echo "figures ($OUT/arm64.json):"
cat "$OUT/arm64.json"
[ "$setup_rc" -eq 0 ] && [ "$sim_rc" -eq 0 ] && grep -q "Full time" "$OUT/sim.log"
