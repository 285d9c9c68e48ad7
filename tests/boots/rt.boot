# PREEMPT_RT lane: the completion steering tests (thread steering with
# rq_affinity=2 sends completions back to the submitter, where upstream
# completes in the interrupt thread), the completion threads against a
# SCHED_FIFO task on their CPU, NVMe, CPU hotplug and the stress test. The
# A Q C matrix, one fio run per row, is not in this list: RT_TESTS adds it.
kernel=rt
profile=rt
timeout=2
tests=steering_test.sh steering_rt_test.sh nvme_test.sh affinity_hotplug_test.sh stress_test.sh
