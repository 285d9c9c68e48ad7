# Force-threaded interrupts: IPI steering then completes locally, thread
# steering still on the submitting CPU; the completion threads against a
# SCHED_FIFO task (steering_rt_test.sh) need threaded interrupts, and this
# is the one boot of make check that has them. It also runs the matrix's
# null_blk rows with thread steering (BA_MATRIX=nullb-kthread), which no
# other boot runs; the main boot runs the others.
label=threadirqs
append=threadirqs BA_MATRIX=nullb-kthread
tests=steering_test.sh steering_rt_test.sh affinity_matrix_test.sh
