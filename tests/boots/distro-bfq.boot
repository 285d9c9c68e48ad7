# Distribution-like lane: bfq is a module. No module is loaded from the
# disk probes: disks get the default until bfq is loaded, and bfq after.
# The pairing test with bfq alone: make check runs it with none and
# mq-deadline; bfq's plug path is the block core's, checked once here.
kernel=distro
label=elevator=bfq
append=elevator=bfq BA_PLUG_SCHEDS=bfq
tests=elevator_test.sh plug_pairing_test.sh
