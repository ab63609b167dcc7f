#!/usr/bin/env bash
# Builds the libFuzzer targets (the fuzz preset: clang 16, ASan, UBSan) and runs them.
#   scripts/fuzz.sh                      every fuzzer for a few seconds (what scripts/test.sh runs)
#   scripts/fuzz.sh --runs N [--seconds S] [--until TIME] [names...]
#                                        long runs: N executions each (or S seconds, whichever comes first), one after
#                                        the other, one job, at low priority; the summary of each (date, seconds,
#                                        executions, exec/s, coverage) goes to stdout, its whole log to build/fuzz.
#                                        --until (anything `date -d` reads, e.g. 16:00) time-boxes the whole campaign:
#                                        each target gets an equal share of the time left, at most S seconds
# New corpus entries stay in build/fuzz; a crashing input is written to build/fuzz/tests/fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=""
seconds=0
if [ "${1:-}" = --runs ]; then
    runs=$2
    shift 2
fi
until=""
while [ $# -gt 0 ]; do
    case "$1" in
    --seconds) seconds=$2 ;;
    --until) until=$(date -d "$2" +%s) ;;
    *) break ;;
    esac
    shift 2
done

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
symbolizer=$(command -v llvm-symbolizer-16 || command -v llvm-symbolizer || true)
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer"

if [ -z "$runs" ]; then
    ctest --preset fuzz "$@"
    exit
fi

dir=build/fuzz/tests/fuzz
names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(sed -n 's/^ *\([a-z]*\) # .*/\1/p' tests/fuzz/CMakeLists.txt))
left=${#names[@]}
for name in "${names[@]}"; do
    cap=$seconds
    if [ -n "$until" ]; then
        share=$(((until - $(date +%s)) / left))
        [ "$share" -gt 0 ] || { echo "$name: not run, the time given by --until is up"; left=$((left - 1)); continue; }
        [ "$cap" -gt 0 ] && [ "$cap" -lt "$share" ] || cap=$share
    fi
    left=$((left - 1))
    dict=()
    [ -f "tests/fuzz/dict/$name.dict" ] && dict=(-dict="tests/fuzz/dict/$name.dict")
    log="$dir/long-$name.log"
    start=$(date +%s)
    # 4 GB: ASan's allocator keeps what it frees (quarantine, size classes), so a run of millions grows past 2 GB
    # with a live heap of a few MB.
    nice -n 19 "$dir/fuzz_$name" -runs="$runs" -max_total_time="$cap" -timeout=20 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/$name-" "${dict[@]}" \
        "$dir/corpus/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1 || { echo "$name: FAILED, see $log"; continue; }
    end=$(date +%s)
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    coverage=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+')
    echo "$name: $(date -u +%F) $((end - start)) s, $executed executions, $rate exec/s, $coverage"
done
