#!/bin/sh
# The VM test agent (in the guest, as root): mounts the host's 9p share on /host and runs every
# /host/cmd/NAME.sh once, writing its output to /host/out/NAME.out and its exit status to /host/out/NAME.rc
# (written last, so the host waits for that file). A file /host/out/NAME.start marks a script taken.
mkdir -p /host
until mountpoint -q /host; do
  mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144,cache=none host /host 2>/dev/null || sleep 0.2
done
mkdir -p /host/out
echo "$(cat /proc/uptime)" > /host/out/agent-up
while :; do
  for cmd in /host/cmd/*.sh; do
    [ -e "$cmd" ] || continue
    name="$(basename "$cmd" .sh)"
    [ -e "/host/out/$name.start" ] && continue
    : > "/host/out/$name.start"
    ( sh "$cmd" > "/host/out/$name.out" 2>&1; echo $? > "/host/out/$name.rc.tmp"
      mv "/host/out/$name.rc.tmp" "/host/out/$name.rc" ) &
  done
  sleep 0.2
done
