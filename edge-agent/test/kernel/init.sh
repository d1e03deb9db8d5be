#!/bin/busybox sh
# /init of the gpio-sim test VM (run-gpio-sim.mjs packs it into the initramfs). It gives the checks
# a real kernel GPIO stack: two simulated chips, the Pi header one created second, so only its label
# (not gpiochip0) can lead the agent to it. It always ends by powering off, which ends qemu: the
# runner reads the verdict from the last line this script prints.

/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
. /etc/kort-gpio-sim.env # KORT_REPO, KORT_CHECKS: where the runner put the checkout's files

verdict() {
  echo "KORT-GPIO-SIM: $1"
  sync
  poweroff -f
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

cd "$KORT_REPO/edge-agent" || fail "no $KORT_REPO/edge-agent"
export NO_COLOR=1 # the console is a tty, but its reader is the runner's log
node --test-reporter=spec "$KORT_CHECKS"
status=$?
if [ "$status" = 0 ]; then verdict PASS; else verdict "FAIL (checks exited $status)"; fi
