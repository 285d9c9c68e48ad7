# Two vCPUs, one per host core of a two-core runner: the real-time reader
# against a SCHED_FIFO busy loop on the housekeeping CPU
# (isolated_rt_test.sh). With more vCPUs than host cores the ratio it
# checks depends on the host's scheduling, so the main boot (four vCPUs)
# skips it.
label=two CPUs
cpus=2
tests=isolated_rt_test.sh
