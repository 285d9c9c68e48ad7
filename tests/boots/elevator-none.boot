# elevator=none: queues whose default is a scheduler boot with none.
label=elevator=none
append=elevator=none
tests=elevator_test.sh
