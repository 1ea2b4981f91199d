#!/usr/bin/env bash
# Installs the Soccerboard referee on a Raspberry Pi (Raspberry Pi OS Bookworm or Trixie; plain Debian works
# too): system packages, the soccerboard user, the package in a virtual environment, the config, the journal
# directory, the hardened systemd units, the udev name of the board, the board's broker and the spectator
# broker with generated passwords. docs/deploy.md explains every piece.
#
#   sudo bash deploy/install.sh [--board-id ID] [--board-serial SERIAL] [--dry-run] [--root DIR] [--uninstall]
#
# Safe to run again: what is already in place is left alone (a second run changes nothing and says so); the
# config and the passwords are never overwritten. --dry-run prints every action and changes nothing.
# --uninstall removes what this script installed and keeps the match journals (/var/lib/soccerboard), the
# soccerboard user that owns them, and the system packages. --root DIR installs into DIR instead of / (a
# throwaway root for tests): no packages, no services started, no udev reload.
set -euo pipefail

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT=""
DRY=0
UNINSTALL=0
BOARD_ID=""
BOARD_SERIAL=""
PYTHON="${SOCCERBOARD_PYTHON:-/usr/bin/python3}"

while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY=1 ;;
    --uninstall) UNINSTALL=1 ;;
    --root) ROOT="${2:?--root needs a directory}"; shift ;;
    --root=*) ROOT="${1#--root=}" ;;
    --board-id) BOARD_ID="${2:?--board-id needs a value}"; shift ;;
    --board-id=*) BOARD_ID="${1#--board-id=}" ;;
    --board-serial) BOARD_SERIAL="${2:?--board-serial needs a value}"; shift ;;
    --board-serial=*) BOARD_SERIAL="${1#--board-serial=}" ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

if [ -n "$ROOT" ]; then
  [ "$DRY" -eq 1 ] || mkdir -p "$ROOT" || { echo "install.sh: cannot create $ROOT" >&2; exit 2; }
  case "$ROOT" in /*) ;; *) ROOT="$PWD/$ROOT" ;; esac
  ROOT="${ROOT%/}"
fi
if [ "$(id -u)" -ne 0 ] && [ "$DRY" -eq 0 ]; then
  echo "install.sh: run it as root (sudo bash deploy/install.sh), or with --dry-run to see what it would do" >&2
  exit 2
fi

OPT=/opt/soccerboard
ETC=/etc/soccerboard
STATE=/var/lib/soccerboard
MOSQ=/etc/mosquitto
UNITS=/etc/systemd/system
UDEV_RULE=/etc/udev/rules.d/99-soccerboard.rules
PACKAGES=(mosquitto mosquitto-clients python3-venv python3-pip)
SOURCES=(pyproject.toml README.md controller hal simulator firmware_bridge)
# the package's extras the referee needs: daemon (MQTT, settings, the serial board's pyserial), gpio (a board
# wired to the Pi's own pins) and dice (bleak, for GoDice: [dice] role = "godice" then needs no second install)
EXTRAS=daemon,gpio,dice
# what the installed program must import for `soccerboard run` to start, whichever backend the config names
PROBE='import controller.daemon.main, controller.daemon.service, controller.web.server, hal.serial_board, hal.gpio
import firmware_bridge.serial_link, paho.mqtt.client, pydantic_settings, serial, gpiozero, hal.dice_godice, bleak
from importlib.metadata import version
print(version("soccerboard"))'

changes=0
say() { printf '%s\n' "$*"; }
# One change: printed, then made (or only printed with --dry-run).
act() {
  local what="$1"; shift
  changes=$((changes + 1))
  if [ "$DRY" -eq 1 ]; then
    say "would  $what"
  else
    say "do     $what"
    "$@"
  fi
}
ok() { say "ok     $*"; }
fail() { printf 'install.sh: FAILED: %s\n' "$*" >&2; exit 1; }
r() { printf '%s%s' "$ROOT" "$1"; }     # a path inside the target root

# ---- users and groups -------------------------------------------------------------------------------------
prefix_args=()
[ -n "$ROOT" ] && prefix_args=(--prefix "$ROOT")

has_group() { [ -f "$(r /etc/group)" ] && grep -q "^$1:" "$(r /etc/group)"; }
has_user() { [ -f "$(r /etc/passwd)" ] && grep -q "^$1:" "$(r /etc/passwd)"; }
in_group() { grep -q "^$2:[^:]*:[^:]*:\(.*,\)\{0,1\}$1\(,.*\)\{0,1\}$" "$(r /etc/group)"; }
uid_of() { awk -F: -v u="$1" '$1 == u { print $3 }' "$(r /etc/passwd)"; }
gid_of() { awk -F: -v g="$1" '$1 == g { print $3 }' "$(r /etc/group)"; }

seed_root_accounts() {
  mkdir -p "$(r /etc)"
  [ -f "$(r /etc/passwd)" ] || printf 'root:x:0:0:root:/root:/bin/sh\n' > "$(r /etc/passwd)"
  [ -f "$(r /etc/group)" ] || printf 'root:x:0:\n' > "$(r /etc/group)"
  [ -f "$(r /etc/shadow)" ] || printf 'root:*:19000:0:99999:7:::\n' > "$(r /etc/shadow)"
  [ -f "$(r /etc/gshadow)" ] || printf 'root:*::\n' > "$(r /etc/gshadow)"
}

ensure_group() {
  if has_group "$1"; then ok "group $1"; else act "create group $1" groupadd "${prefix_args[@]}" --system "$1"; fi
}

ensure_user() {
  if has_user soccerboard; then
    ok "user soccerboard"
  else
    act "create system user soccerboard" useradd "${prefix_args[@]}" --system --user-group \
      --home-dir "$STATE" --no-create-home --shell /usr/sbin/nologin soccerboard
  fi
  local g
  for g in gpio dialout bluetooth; do
    if has_user soccerboard && has_group "$g" && in_group soccerboard "$g"; then
      ok "soccerboard is in group $g"
    else
      act "add soccerboard to group $g" usermod "${prefix_args[@]}" -aG "$g" soccerboard
    fi
  done
}

# ---- files --------------------------------------------------------------------------------------------------
# owner_of NAME: numeric user and group from the target root's own account files
owner_ids() { printf '%s:%s' "$(uid_of "$1")" "$(gid_of "$2")"; }

# ensure_dir PATH MODE USER GROUP
ensure_dir() {
  local path mode="$2" user="$3" group="$4"
  path="$(r "$1")"
  if [ -d "$path" ] && [ "$(stat -c '%a %u:%g' "$path")" = "${mode#0} $(owner_ids "$user" "$group")" ]; then
    ok "$1/"
  else
    act "directory $1 (mode $mode, $user:$group)" install_dir "$path" "$mode" "$user" "$group"
  fi
}
install_dir() { mkdir -p "$1" && chmod "$2" "$1" && chown "$(owner_ids "$3" "$4")" "$1"; }

# ensure_file DEST MODE USER GROUP < content   (writes only when content, mode or owner differ)
ensure_file() {
  local dest="$1" mode="$2" user="$3" group="$4" path tmp
  path="$(r "$dest")"
  tmp="$(mktemp)"
  cat > "$tmp"
  if [ -f "$path" ] && cmp -s "$tmp" "$path" \
      && [ "$(stat -c '%a %u:%g' "$path")" = "${mode#0} $(owner_ids "$user" "$group")" ]; then
    ok "$dest"
  else
    act "file $dest (mode $mode, $user:$group)" install_file "$tmp" "$path" "$mode" "$user" "$group"
  fi
  rm -f "$tmp"
}
install_file() {
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2.new" && chmod "$3" "$2.new" && chown "$(owner_ids "$4" "$5")" "$2.new" && mv -f "$2.new" "$2"
}

remove() {
  local p
  for p in "$@"; do
    if [ -e "$(r "$p")" ] || [ -L "$(r "$p")" ]; then act "remove $p" rm -rf "$(r "$p")"; else ok "$p is not there"; fi
  done
}

random_password() { head -c 24 /dev/urandom | base64 | tr -d '/+=\n' | head -c 24; }

# ---- the pieces -----------------------------------------------------------------------------------------
install_packages() {
  if [ -n "$ROOT" ]; then
    ok "packages: not installed into --root $ROOT (${PACKAGES[*]})"
    return
  fi
  local missing=() pkg
  for pkg in "${PACKAGES[@]}"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  # the Pi's GPIO library, where the distribution has it (Raspberry Pi OS does; plain Debian may not)
  if ! dpkg -s python3-lgpio >/dev/null 2>&1 && apt-cache show python3-lgpio >/dev/null 2>&1; then
    missing+=(python3-lgpio)
  fi
  if [ ${#missing[@]} -eq 0 ]; then
    ok "packages ${PACKAGES[*]}"
  else
    act "apt-get install ${missing[*]}" apt_install "${missing[@]}"
  fi
}
apt_install() { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }

source_digest() {
  (cd "$SRC" && tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner --exclude=__pycache__ \
    --exclude='*.pyc' --exclude='*.egg-info' -cf - "${SOURCES[@]}" | sha256sum | cut -c1-16)
}
package_version() { sed -n 's/^version = "\(.*\)"/\1/p' "$SRC/pyproject.toml" | head -1; }

# what $OPT/.installed records: the sources, the package's version, its extras and the Python it runs on
stamp_text() {
  printf 'source %s\nversion %s\nextras %s\npython %s\n' "$(source_digest)" "$(package_version)" "$EXTRAS" \
    "$("$PYTHON" -c 'import sys; print(sys.version.split()[0])')"
}

# the installed program imports the daemon's modules and is the version of these sources
venv_works() {
  local py
  py="$(r "$OPT/.venv/bin/python")"
  [ -x "$py" ] && [ -x "$(r "$OPT/.venv/bin/soccerboard")" ] \
    && [ "$("$py" -I -c "$PROBE" 2>/dev/null)" = "$(package_version)" ]
}

install_code() {
  local want stamp
  want="$(stamp_text)"
  stamp="$(r "$OPT/.installed")"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && venv_works; then
    ok "$OPT (soccerboard $(package_version) [$EXTRAS], sources $(source_digest))"
    return
  fi
  act "copy the sources to $OPT/src" copy_sources
  if [ ! -x "$(r "$OPT/.venv/bin/python")" ]; then
    act "virtual environment $OPT/.venv (with the system's packages, for python3-lgpio)" \
      "$PYTHON" -m venv --system-site-packages "$(r "$OPT/.venv")"
  fi
  act "pip install the package with its extras [$EXTRAS] into $OPT/.venv" pip_install
  act "note what is installed in $OPT/.installed" write_stamp "$want"
}
copy_sources() {
  rm -rf "$(r "$OPT/src")" && mkdir -p "$(r "$OPT/src")"
  (cd "$SRC" && tar --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' -cf - "${SOURCES[@]}") \
    | tar -xf - -C "$(r "$OPT/src")"
  mkdir -p "$(r "$OPT/src/docs")"
  if [ -f "$SRC/docs/deploy.md" ]; then cp "$SRC/docs/deploy.md" "$(r "$OPT/src/docs/")"; fi
}
pip_install() {
  "$(r "$OPT/.venv/bin/python")" -m pip install -q --disable-pip-version-check "$(r "$OPT/src")[$EXTRAS]"
  rm -rf "$(r "$OPT/src/build")"
  venv_works || fail "pip installed the package, but $OPT/.venv cannot import the daemon's modules" \
    "($(r "$OPT/.venv/bin/python") -I -c '$PROBE' says why)"
}
write_stamp() { printf '%s\n' "$1" > "$(r "$OPT/.installed")"; }

config_text() {
  # the example config with this board's id, the udev name of its serial device and the page for the LAN
  sed -e "s/^board_id = \"board1\"/board_id = \"$BOARD_ID\"/" \
      -e "s/^username = \"board1\"/username = \"$BOARD_ID\"/" \
      -e 's#^port = "auto" *\(.*\)$#port = "/dev/soccerboard"          \1#' \
      -e '/^# \[web\]/,/^$/{/ws_url/!s/^# //}' \
      "$SRC/deploy/soccerboard.example.toml"
}

install_config() {
  if [ -f "$(r "$ETC/soccerboard.toml")" ]; then
    ok "$ETC/soccerboard.toml (kept as it is: yours to edit)"
    local current
    current="$(sed -n 's/^board_id = "\(.*\)".*/\1/p' "$(r "$ETC/soccerboard.toml")" | head -1)"
    BOARD_ID="${current:-$BOARD_ID}"
  else
    config_text | ensure_file "$ETC/soccerboard.toml" 0640 root soccerboard
  fi
}

# a password made once and kept: ensure_secret PATH MODE GROUP
ensure_secret() {
  if [ -s "$(r "$1")" ]; then
    ok "$1 (kept)"
  else
    random_password | ensure_file "$1" "$2" root "$3"
  fi
}
secret_of() { if [ -s "$(r "$1")" ]; then cat "$(r "$1")"; else printf 'generated-on-install'; fi; }

# the spectator broker's config with the bridge's password and client id filled in by the shell itself (a
# password never goes on a command line, where every user could read it in /proc)
spectators_conf() {
  local text pw id
  pw="$(secret_of "$ETC/spectators.password")"
  id="spectators-bridge-$(printf '%s' "$pw" | sha256sum | cut -c1-12)"
  text="$(cat "$SRC/deploy/mosquitto/spectators.conf")"
  text="${text//@SPECTATORS_PASSWORD@/$pw}"
  printf '%s\n' "${text//@BRIDGE_CLIENTID@/$id}"
}

install_broker() {
  sed -e "s/^user board1$/user $BOARD_ID/" -e "s#^topic readwrite soccerboard/board1/\#\$#topic readwrite soccerboard/$BOARD_ID/\##" \
    "$SRC/deploy/mosquitto/soccerboard.acl" | ensure_file "$MOSQ/soccerboard.acl" 0644 root root
  ensure_file "$MOSQ/conf.d/soccerboard.conf" 0644 root root < "$SRC/deploy/mosquitto/soccerboard.conf"
  ensure_secret "$ETC/mqtt.password" 0640 soccerboard
  ensure_secret "$ETC/referee.password" 0600 root
  ensure_secret "$ETC/spectators.password" 0600 root
  local passwd users=("$BOARD_ID" referee spectators) absent=0 u
  passwd="$(r "$MOSQ/soccerboard.passwd")"
  for u in "${users[@]}"; do
    if [ ! -f "$passwd" ] || ! grep -q "^$u:" "$passwd"; then absent=1; fi
  done
  if [ "$absent" -eq 0 ] && [ "$(stat -c '%a %u:%g' "$passwd")" = "640 $(owner_ids root mosquitto)" ]; then
    ok "$MOSQ/soccerboard.passwd (accounts ${users[*]})"
  else
    act "password file $MOSQ/soccerboard.passwd (mosquitto_passwd: accounts ${users[*]})" make_passwd
  fi
  spectators_conf | ensure_file "$MOSQ/soccerboard-spectators.conf" 0640 root mosquitto
}
make_passwd() {
  local tmp
  tmp="$(mktemp)"
  add_account "$tmp" "$BOARD_ID" "$ETC/mqtt.password" -c
  add_account "$tmp" referee "$ETC/referee.password"
  add_account "$tmp" spectators "$ETC/spectators.password"
  install_file "$tmp" "$(r "$MOSQ/soccerboard.passwd")" 0640 root mosquitto
  rm -f "$tmp"
}
# add_account FILE USER SECRET [-c]: mosquitto_passwd reads the password twice from its standard input (not -b,
# which takes it as an argument)
add_account() {
  local pw
  pw="$(secret_of "$3")"
  printf '%s\n%s\n' "$pw" "$pw" | mosquitto_passwd ${4:+"$4"} "$1" "$2" >/dev/null
}

udev_rule() {
  local serial=""
  [ -n "$BOARD_SERIAL" ] && serial=", ATTRS{serial}==\"$BOARD_SERIAL\""
  cat <<EOF
# The board's RP2040 (Raspberry Pi Pico running MicroPython, USB 2e8a:0005) as /dev/soccerboard, for the
# daemon's group dialout. Installed by deploy/install.sh$( [ -n "$BOARD_SERIAL" ] || printf '%s' \
  '; without --board-serial it names any Pico running MicroPython' ).
SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="0005"$serial, SYMLINK+="soccerboard", GROUP="dialout", MODE="0660"
EOF
}

install_units() {
  ensure_file "$UNITS/soccerboard.service" 0644 root root < "$SRC/deploy/soccerboard.service"
  ensure_file "$UNITS/soccerboard-spectators.service" 0644 root root < "$SRC/deploy/soccerboard-spectators.service"
  udev_rule | ensure_file "$UDEV_RULE" 0644 root root
  local unit
  for unit in soccerboard.service soccerboard-spectators.service; do
    if [ -n "$ROOT" ]; then
      if [ "$(systemctl --root="$ROOT" is-enabled "$unit" 2>/dev/null)" = enabled ]; then
        ok "$unit enabled"
      else
        act "enable $unit" systemctl --root="$ROOT" --quiet enable "$unit"
      fi
    elif [ "$(systemctl is-enabled "$unit" 2>/dev/null)" = enabled ]; then
      ok "$unit enabled"
    else
      act "enable $unit" systemctl --quiet enable "$unit"
    fi
  done
}

# ---- the check at the end ----------------------------------------------------------------------------------
# The installed program imports the daemon's modules, and `soccerboard config --check` passes on the installed
# config as the service user sees it (under --root: as root, the config's paths taken inside DIR). A board not
# plugged in yet is only noted: the daemon waits for it.
verify_install() {
  [ "$DRY" -eq 1 ] && return
  venv_works || fail "$OPT/.venv cannot import the daemon's modules: run install.sh again" \
    "($(r "$OPT/.venv/bin/python") -I -c '$PROBE' says why)"
  ok "$OPT/.venv imports the daemon, the serial and the GPIO backends and the GoDice dice"
  local sb config out rc=0 others
  sb="$(r "$OPT/.venv/bin/soccerboard")"
  config="$(r "$ETC/soccerboard.toml")"
  if [ -n "$ROOT" ]; then
    local overrides=()
    mapfile -t overrides < <(paths_inside_root "$config")
    out="$(env "${overrides[@]}" "$sb" config --check "$config" 2>&1)" || rc=$?
  else
    out="$(cd / && runuser -u soccerboard -- "$sb" config --check "$config" 2>&1)" || rc=$?
  fi
  others="$(printf '%s\n' "$out" | grep '^problem: ' | grep -v '^problem: hardware\.port = ' || true)"
  if [ "$rc" -eq 0 ]; then
    ok "soccerboard config --check $ETC/soccerboard.toml"
  elif [ "$rc" -eq 1 ] && [ -z "$others" ]; then
    ok "soccerboard config --check $ETC/soccerboard.toml (but for the board's port: is it plugged in?)"
    printf '%s\n' "$out" | sed -n 's/^problem: /note   /p'
  else
    printf '%s\n' "$out" >&2
    fail "soccerboard config --check $ETC/soccerboard.toml (status $rc): the service would not start"
  fi
}
# SOCCERBOARD_* overrides that put the files the config names (password, TLS files, journals) inside --root
paths_inside_root() {
  "$(r "$OPT/.venv/bin/python")" - "$1" "$ROOT" <<'EOF'
import sys
import tomllib
config, root = sys.argv[1], sys.argv[2]
with open(config, "rb") as f:
    data = tomllib.load(f)
mqtt, journal = data.get("mqtt", {}), data.get("journal", {})
for key in ("password_file", "tls_ca_file", "tls_cert_file", "tls_key_file"):
    if mqtt.get(key):
        print(f"SOCCERBOARD_MQTT__{key.upper()}={root}{mqtt[key]}")
print(f"SOCCERBOARD_JOURNAL__DIR={root}{journal.get('dir', '/var/lib/soccerboard/journal')}")
EOF
}

start_services() {
  [ -n "$ROOT" ] && { ok "services: not started in --root $ROOT"; return; }
  [ "$DRY" -eq 1 ] && [ "$changes" -eq 0 ] && return
  if [ ! -d /run/systemd/system ]; then
    say "note   systemd is not running here: start mosquitto, soccerboard-spectators and soccerboard yourself"
    return
  fi
  if [ "$changes" -gt 0 ]; then
    act "reload udev rules" udevadm control --reload
    act "reload systemd, restart mosquitto, soccerboard-spectators and soccerboard" restart_all
  else
    ok "services (nothing changed, nothing restarted)"
  fi
}
restart_all() {
  systemctl daemon-reload
  systemctl restart mosquitto.service
  systemctl restart soccerboard-spectators.service soccerboard.service
}

do_install() {
  [ -n "$ROOT" ] && [ "$DRY" -eq 0 ] && seed_root_accounts
  BOARD_ID="${BOARD_ID:-board1}"
  case "$BOARD_ID" in
    *[!A-Za-z0-9_-]*|"") echo "install.sh: --board-id may use letters, digits, _ and - only" >&2; exit 2 ;;
  esac
  install_packages
  ensure_group gpio
  ensure_group dialout
  ensure_group bluetooth
  ensure_group mosquitto
  ensure_user
  install_code
  ensure_dir "$ETC" 0750 root soccerboard
  install_config
  ensure_dir "$STATE" 0750 soccerboard soccerboard
  ensure_dir "$STATE/journal" 0750 soccerboard soccerboard
  install_broker
  install_units
  verify_install
  start_services
}

do_uninstall() {
  local unit
  for unit in soccerboard.service soccerboard-spectators.service; do
    if [ -n "$ROOT" ]; then
      if [ -L "$(r "$UNITS/multi-user.target.wants/$unit")" ]; then
        act "disable $unit" systemctl --root="$ROOT" --quiet disable "$unit"
      fi
    elif [ -f "$UNITS/$unit" ]; then
      act "stop and disable $unit" systemctl --quiet disable --now "$unit"
    fi
  done
  remove "$UNITS/soccerboard.service" "$UNITS/soccerboard-spectators.service" "$UDEV_RULE" \
    "$MOSQ/conf.d/soccerboard.conf" "$MOSQ/soccerboard.acl" "$MOSQ/soccerboard.passwd" \
    "$MOSQ/soccerboard-spectators.conf" "$ETC" "$OPT"
  if [ -z "$ROOT" ] && [ "$changes" -gt 0 ] && [ -d /run/systemd/system ]; then
    act "reload systemd and restart mosquitto" sh -c 'systemctl daemon-reload && systemctl try-restart mosquitto.service'
  fi
  say "kept   $STATE (the match journals), the soccerboard user that owns them, and the system packages"
}

if [ "$UNINSTALL" -eq 1 ]; then do_uninstall; else do_install; fi

if [ "$changes" -eq 0 ]; then
  say "nothing to change: ${ROOT:-this machine} is already as install.sh leaves it"
elif [ "$DRY" -eq 1 ]; then
  say "dry run: $changes change(s) would be made; nothing was changed"
else
  say "done: $changes change(s)"
  if [ "$UNINSTALL" -eq 0 ]; then
    say "next: soccerboard doctor   (as root: $OPT/.venv/bin/soccerboard doctor --config $ETC/soccerboard.toml)"
  fi
fi
