#!/bin/sh
# An outside agent that prints 5 MiB in 5120 writes of 1 KiB each (tests/integration/tst_outsideoutput.cpp), then
# exits without handing off. Each line says its number, so the test sees which part of the output was kept. Each
# write is its own printf program, as a chatty program writes line by line, not a shell builtin filling the pipe.
cat >/dev/null
filler=$(printf '%01012d' 0)
i=1
while [ "$i" -le 5120 ]; do
    env printf 'line %05d %s\n' "$i" "$filler"
    i=$((i + 1))
done
exit 1
