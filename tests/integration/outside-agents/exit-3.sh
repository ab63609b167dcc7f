#!/bin/sh
# An outside agent that gives up (tests/integration/tst_outsiderunner.cpp): it never hands off and exits 3.
cat >/dev/null
echo "analyst: working on it"
echo "analyst: tests failed, 2 of 10"
exit 3
