# NVMe with poll queues (two IO queues more than CPUs and
# nvme.poll_queues=2: one interrupt-driven queue per CPU and two poll
# queues, each for half the CPUs): polled reads from a CPU outside
# queue_affinity stay on its own poll queue, while its interrupt-driven
# reads go through a stand-in's queue. Both lines: each has its own copy of
# the submit redirect.
label=poll_queues
lines=all
nvme_queues=+2
append=nvme.poll_queues=2
profile=llc
tests=isolated_poll_test.sh
