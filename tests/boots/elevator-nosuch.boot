# elevator= naming no scheduler: the defaults everywhere, and one line in
# the kernel log.
label=elevator=nosuch
append=elevator=nosuch
tests=elevator_test.sh
