# NVMe with a write queue map (nvme.write_queues=1: one write queue for
# all CPUs, read queues for the rest): a CPU is redirected when its
# default or its read queue has no online mask CPU.
label=write_queues
append=nvme.write_queues=1
profile=llc
tests=nvme_test.sh
