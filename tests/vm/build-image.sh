#!/usr/bin/env bash
# Builds the Debian VM image the VM tests boot (tests/vm/README in docs/deploy.md "Tested in a VM"): a
# debootstrapped Debian with systemd as PID 1, its kernel and initrd beside it, and a guest agent that runs
# the scripts the host drops into a 9p share. Built once and cached under $SOCCERBOARD_VM_CACHE (default
# /var/cache/soccerboard-vm), in a folder named by the hash of this script: a changed script builds anew.
#
#   sudo bash tests/vm/build-image.sh        # prints the image folder
#
# The system packages deploy/install.sh needs are preinstalled here, so the guest's own apt-get has nothing
# left to fetch; pip inside the guest reaches the package index through qemu's user-mode NAT like the host.
set -euo pipefail

SUITE="${SOCCERBOARD_VM_SUITE:-bookworm}"
MIRROR="${SOCCERBOARD_VM_MIRROR:-http://deb.debian.org/debian}"
CACHE="${SOCCERBOARD_VM_CACHE:-/var/cache/soccerboard-vm}"
SIZE="${SOCCERBOARD_VM_SIZE:-4G}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KEY="$(cat "$HERE/build-image.sh" "$HERE/guest-agent.sh" | sha256sum | cut -c1-16)"
OUT="$CACHE/$SUITE-$KEY"
INCLUDE=systemd-sysv,linux-image-amd64,udev,dbus,kmod,iproute2,ca-certificates,python3,python3-venv,python3-pip
INCLUDE=$INCLUDE,mosquitto,mosquitto-clients,socat,procps,less

if [ -f "$OUT/ready" ]; then echo "$OUT"; exit 0; fi
[ "$(id -u)" -eq 0 ] || { echo "build-image.sh: run it as root (debootstrap, mount)" >&2; exit 2; }
for tool in debootstrap mkfs.ext4 qemu-img qemu-system-x86_64; do
  command -v "$tool" >/dev/null || { echo "build-image.sh: $tool is missing:" \
    "apt-get install debootstrap qemu-system-x86 qemu-utils e2fsprogs" >&2; exit 2; }
done

mkdir -p "$CACHE"
WORK="$(mktemp -d "$CACHE/build.XXXXXX")"
MNT="$WORK/mnt"
cleanup() {
  for m in "$MNT/proc" "$MNT/sys" "$MNT/dev"; do mountpoint -q "$m" && umount -l "$m"; done
  mountpoint -q "$MNT" && umount "$MNT"
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "build-image.sh: debootstrap $SUITE into $WORK (a few minutes)" >&2
truncate -s "$SIZE" "$WORK/base.raw"
mkfs.ext4 -q -F -L root "$WORK/base.raw"
mkdir -p "$MNT"
mount -o loop "$WORK/base.raw" "$MNT"
debootstrap --variant=minbase --include="$INCLUDE" "$SUITE" "$MNT" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
  || { tail -30 "$WORK/debootstrap.log" >&2; exit 1; }

echo soccerboard-vm > "$MNT/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 soccerboard-vm\n' > "$MNT/etc/hosts"
printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' > "$MNT/etc/fstab"
printf 'deb %s %s main\n' "$MIRROR" "$SUITE" > "$MNT/etc/apt/sources.list"
chroot "$MNT" passwd -d root >/dev/null
# the guest's network: qemu's user-mode NAT by DHCP
cat > "$MNT/etc/systemd/network/10-qemu.network" <<'NET'
[Match]
Name=en* eth*
[Network]
DHCP=ipv4
NET
printf 'nameserver 10.0.2.3\n' > "$MNT/etc/resolv.conf"
printf '9p\n9pnet_virtio\n' > "$MNT/etc/modules-load.d/vm-agent.conf"
install -m 0755 "$HERE/guest-agent.sh" "$MNT/usr/local/sbin/vm-agent"
cat > "$MNT/etc/systemd/system/vm-agent.service" <<'UNIT'
[Unit]
Description=VM test agent: runs the scripts the host drops into the 9p share
After=systemd-modules-load.service local-fs.target
DefaultDependencies=no
[Service]
ExecStart=/usr/local/sbin/vm-agent
Restart=always
RestartSec=1
[Install]
WantedBy=multi-user.target
UNIT
chroot "$MNT" systemctl enable vm-agent.service systemd-networkd.service >/dev/null 2>&1
# the stock Mosquitto starts on boot as on a Pi; the serial console gets a root shell for debugging
chroot "$MNT" systemctl mask serial-getty@ttyS0.service >/dev/null 2>&1 || true
chroot "$MNT" apt-get clean
cp "$MNT"/boot/vmlinuz-* "$WORK/vmlinuz"
cp "$MNT"/boot/initrd.img-* "$WORK/initrd.img"
chmod 0644 "$WORK/vmlinuz" "$WORK/initrd.img"
umount "$MNT"
rm -rf "$OUT"
mkdir -p "$OUT"
mv "$WORK/base.raw" "$WORK/vmlinuz" "$WORK/initrd.img" "$OUT/"
touch "$OUT/ready"
echo "$OUT"
