#!/bin/busybox sh
# /init of the gpio-sim test VM (run-gpio-sim.mjs packs it into the initramfs). It gives the checks
# a real kernel GPIO stack: two simulated chips, the Pi header one created second, so only its label
# (not gpiochip0) can lead the agent to it. The GPIO checks run first; when they pass, the update
# path (update-checks.cjs) runs on the same chips. It always ends by powering off, which ends qemu:
# the runner reads the verdict from the last line this script prints.

/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
# KORT_REPO, KORT_CHECKS, KORT_UPDATE_CHECKS: where the runner put the checkout's files;
# KORT_UPDATE: what it packed for the update path (the bundles, their key)
. /etc/kort-gpio-sim.env

verdict() {
  echo "KORT-GPIO-SIM: $1"
  sync
  poweroff -f
}
# Seconds since boot; the runner reads "init: timing <phase> <seconds> s" into its own timing line.
now() { cut -d' ' -f1 /proc/uptime; }
timing() { # phase since
  echo "init: timing $1 $(awk -v since="$2" -v now="$(now)" 'BEGIN { printf "%.1f", now - since }') s"
}
fail() {
  echo "init: $*"
  verdict "FAIL ($*)"
}

mount -t proc proc /proc || fail "mount proc"
mount -t sysfs sysfs /sys || fail "mount sysfs"
mount -t devtmpfs devtmpfs /dev || fail "mount devtmpfs"
# The initramfs root is already writable; a tmpfs on /tmp would hide a checkout that lives under
# /tmp (a CI runner's clone), whose files the initramfs carries at their own paths.
case "$KORT_REPO" in
  /tmp/*) ;;
  *) mount -t tmpfs tmpfs /tmp || fail "mount tmpfs" ;;
esac
# The checks read the kernel's own record of every level written to a line (gpio trace events).
mount -t tracefs tracefs /sys/kernel/tracing || fail "mount tracefs"

# configfs and gpio-sim, in dependency order (the runner read it from the modules' "depends").
while read -r module; do
  insmod "/lib/modules/$module.ko" || fail "insmod $module"
done </lib/modules/load-order
mount -t configfs configfs /sys/kernel/config || fail "mount configfs"

# A chip is a configfs directory with one bank; writing live=1 registers /dev/gpiochipN.
make_chip() { # name label lines
  dir=/sys/kernel/config/gpio-sim/$1
  mkdir "$dir" "$dir/bank0" || fail "configfs mkdir $1"
  echo "$2" >"$dir/bank0/label" && echo "$3" >"$dir/bank0/num_lines" && echo 1 >"$dir/live" ||
    fail "gpio-sim chip $1 not live"
  echo "init: $(cat "$dir/bank0/chip_name") is \"$2\" ($3 lines) on $(cat "$dir/dev_name")"
}
make_chip decoy some-expander 16
make_chip header pinctrl-bcm2711 28

timing boot 0

cd "$KORT_REPO/edge-agent" || fail "no $KORT_REPO/edge-agent"
export NO_COLOR=1 # the console is a tty, but its reader is the runner's log
since=$(now)
node --test-reporter=spec "$KORT_CHECKS"
status=$?
timing gpio-checks "$since"
[ "$status" = 0 ] || verdict "FAIL (gpio-sim checks exited $status)"

# The update path: an API stand-in and the agents it updates talk over 127.0.0.1.
ip link set lo up || fail "loopback up"
since=$(now)
KORT_UPDATE="$KORT_UPDATE" node --test-reporter=spec "$KORT_UPDATE_CHECKS"
status=$?
timing update-checks "$since"
if [ "$status" = 0 ]; then verdict PASS; else verdict "FAIL (update checks exited $status)"; fi
