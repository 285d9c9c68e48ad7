# Native NVMe multipath: a subsystem of two controllers sharing two
# namespaces. queue_affinity is the tag set's: one write covers every
# namespace of a controller, a namespace attached again takes it, and
# with the mask on one path per controller, reads through the head take
# none of either controller's interrupts. Both lines.
label=nvme_subsys
lines=all
nvme_subsys=1
profile=llc
tests=nvme_namespaces_test.sh
