#!/bin/bash
# make check-debug: make check on the debug kernel (see tests/check.sh).
# Not part of make check: about two hours from scratch on 2 cores.
set -eu
CHECK_DEBUG=1 exec "$(dirname "$0")/check.sh" "$@"
