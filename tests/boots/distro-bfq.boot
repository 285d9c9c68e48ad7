# Distribution-like lane: bfq is a module. No module is loaded from the
# disk probes: disks get the default until bfq is loaded, and bfq after.
kernel=distro
label=elevator=bfq
append=elevator=bfq
tests=elevator_test.sh
