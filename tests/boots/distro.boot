# Distribution-like lane: an unknown elevator= name (the default
# everywhere, one log line), and CPU hotplug, steering, a completion flood
# on one CPU with a busy loop there, and the short stress run, on this
# configuration. Not NVMe: see tests/lane-distro.sh.
kernel=distro
label=elevator=nosuch
append=elevator=nosuch
profile=distro
tests=elevator_test.sh affinity_hotplug_test.sh steering_test.sh steering_reclaim_test.sh completion_flood_test.sh stress_test.sh
