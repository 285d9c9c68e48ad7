# Two last-level caches (-smp 4,sockets=2,cores=2: CPUs 0-1 and 2-3), for
# the tests whose expectations follow cache sharing: the stand-ins of
# completion_affinity and queue_affinity, rq_affinity=1 sending a
# completion back to the other cache, an LLC partner going offline and
# back, CPU hotplug, and NVMe with one queue per CPU. BA_WANT_LLCS=2 makes
# the cache test fail if the guest does not see two caches. The A Q C
# matrix is left to the main boot: its interrupt CPU and applications (0
# and 1) share a cache here too, so it places the same way, and a run of
# it here costs more than this boot's other tests together.
label=two LLCs
topology=sockets=2,cores=2
append=BA_WANT_LLCS=2
profile=llc
timeout=2
tests=affinity_llc_test.sh affinity_hotplug_test.sh nvme_test.sh
