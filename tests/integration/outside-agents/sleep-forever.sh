#!/bin/sh
# An outside agent that never ends (tests/integration/tst_outsiderunner.cpp): a child sleeps with the marker $1 in its
# command line, so the test can find it by pid and see it gone after Stop.
cat >/dev/null
sleep "$1" &
echo "analyst: sleeping"
wait
