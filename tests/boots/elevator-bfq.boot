# elevator= naming a scheduler that is built in: every queue whose
# default is a scheduler boots with bfq (elevator_test.sh). The main boot
# (no elevator=) covers the defaults; the distribution-like lane covers
# schedulers built as modules and SCSI disks.
label=elevator=bfq
append=elevator=bfq
tests=elevator_test.sh
