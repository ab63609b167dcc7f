#!/bin/sh
# README's speed table, before and after: runs every benchmark behind its figures in two bench build trees, old and
# new interleaved (old, new, old, new, ...), and prints one line per figure with the median of each tree's runs.
# Builds nothing: build both trees first (`cmake --preset bench` and the bench targets, see README's Speed).
#   bench/run-table.sh OLD_TREE NEW_TREE [ROUNDS]
# OLD_TREE and NEW_TREE are build trees (build/bench of two checkouts); ROUNDS runs of each (default 3). A benchmark
# missing from a tree, or a figure a tree's benchmark does not print, shows as "-". The raw outputs are kept in a
# temporary folder, named at the end; OUTPUTS=<that folder> prints the lines from them again without running anything.
# The load average is printed before and after each run: the machine is shared.
set -u

if [ $# -lt 2 ]; then
    echo "usage: $0 OLD_TREE NEW_TREE [ROUNDS]" >&2
    exit 2
fi
old=$1
new=$2
rounds=${3:-3}
out=${OUTPUTS:-}
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/tandem-run-table-XXXXXX")

# Each figure: label | benchmark | the line after which to look ("" from the start) | a Perl pattern whose first
# group is the figure. The first match counts.
figures() {
    cat <<'EOF'
open a 10,000-message conversation to first paint, ms wall|bench_openconversation||first paint: ([0-9.]+) ms wall
open a 10,000-message conversation to first paint, ms CPU|bench_openconversation||first paint: [0-9.]+ ms wall, ([0-9.]+) ms CPU
resident memory with it open, MB|bench_openconversation||resident memory with it open: ([0-9.]+) MB
event-loop stall at 5,000 deltas/s, p99 ms|bench_streamdelta||event-loop stall .*? p99 ([0-9.]+) ms
one streamed delta, a 25 KB paragraph, µs CPU|bench_streamdelta||one 25 KB paragraph.*: ([0-9.]+) us CPU
one streamed delta, paragraphs of 40 words, µs CPU|bench_streamdelta||paragraphs of 40 words.*: ([0-9.]+) us CPU
export 100,000 messages to Markdown, ms wall|bench_export||export to Markdown +median +([0-9.]+) ms wall
export 100,000 messages to Markdown, ms CPU|bench_export||export to Markdown .*, +([0-9.]+) ms CPU
export 100,000 messages to JSON, ms wall|bench_export||export to JSON +median +([0-9.]+) ms wall
export 100,000 messages to JSON, ms CPU|bench_export||export to JSON .*, +([0-9.]+) ms CPU
export, resident memory growth, MB|bench_export||resident memory grew by at most ([0-9.]+) MB
import the 100,000 messages, ms wall|bench_export||import the JSON +median +([0-9.]+) ms wall
import the 100,000 messages, ms CPU|bench_export||import the JSON .*, +([0-9.]+) ms CPU
tandem-cli --version, ms CPU|bench_cliprocess||^tandem-cli --version, whole process: CPU ([0-9.]+)
tandem-cli --version, peak MiB|bench_cliprocess||^tandem-cli --version, whole process: .*peak RSS ([0-9.]+)
tandem-cli run, one dual turn, ms CPU|bench_cliprocess||^tandem-cli run --mode dual.*: CPU ([0-9.]+)
tandem-cli run, one dual turn, peak MiB|bench_cliprocess||^tandem-cli run --mode dual.*peak RSS ([0-9.]+)
the floor as a process (bench_qtfloor --once), ms CPU|bench_cliprocess||^the floor: .*: CPU ([0-9.]+)
the floor as a process, peak MiB|bench_cliprocess||^the floor: .*peak RSS ([0-9.]+)
tandem-cli run against the floor, CPU ratio (perf's bench_cliprocess)|bench_cliprocess||^tandem-cli run against the floor.*: ([0-9.]+) × its CPU
tandem-cli run against the floor, extra peak MiB|bench_cliprocess||^tandem-cli run against the floor.*CPU.*?([-+][0-9.]+) MiB peak
tandem run (hands over), one dual turn, ms CPU|bench_cliprocess||^tandem run --mode dual.*: CPU ([0-9.]+)
@openai/agents, one dual turn, ms CPU|bench_cliprocess||^OpenAI Agents SDK.*: CPU ([0-9.]+)
@openai/agents, one dual turn, peak MiB|bench_cliprocess||^OpenAI Agents SDK.*peak RSS ([0-9.]+)
200 turns in one process, tandem-cli chat, ms CPU|bench_peerconversation||^Tandem, tandem-cli chat.*: CPU ([0-9.]+)
200 turns in one process, tandem-cli chat, peak MiB|bench_peerconversation||^Tandem, tandem-cli chat.*peak RSS ([0-9.]+)
200 turns in one process, @openai/agents, ms CPU|bench_peerconversation||^OpenAI Agents SDK.*: CPU ([0-9.]+)
200 turns in one process, @openai/agents, peak MiB|bench_peerconversation||^OpenAI Agents SDK.*peak RSS ([0-9.]+)
200 turns in one process, CPU ratio @openai/agents / Tandem|bench_peerconversation||^ratio peer / Tandem.*CPU ([0-9.]+)
400 turns, Responses, turns 1–10, ms CPU a turn|bench_longconversation|^Responses API|turns +1– *10: ([0-9.]+) ms
400 turns, Responses, turns 391–400, ms CPU a turn|bench_longconversation|^Responses API|turns 391–400: ([0-9.]+) ms
400 turns, Responses, resident MiB at the end|bench_longconversation|^Responses API|resident memory at the end: ([0-9.]+)
400 turns, Chat Completions, turns 1–10, ms CPU a turn|bench_longconversation|^Chat Completions|turns +1– *10: ([0-9.]+) ms
400 turns, Chat Completions, turns 391–400, ms CPU a turn|bench_longconversation|^Chat Completions|turns 391–400: ([0-9.]+) ms
400 turns, Chat Completions, resident MiB at the end|bench_longconversation|^Chat Completions|resident memory at the end: ([0-9.]+)
one dual turn in one process (bench_dualturns), ms CPU|bench_dualturns||^one dual-agent turn .*: ([0-9.]+) ms CPU
a dual turn to the floor in the same run (bench_dualturns), ratio|bench_dualturns||^the floor in the same run.*ratio of a dual turn to it ([0-9.]+)
the floor of a dual turn (bench_qtfloor), ms CPU|bench_qtfloor||^the floor of a dual turn .*: ([0-9.]+) ms CPU
MCP stdio, start + initialize + tools/list, ms CPU|bench_mcp||start \+ initialize \+ tools/list: median ([0-9.]+) ms
MCP stdio, a tools/call round trip, µs CPU|bench_mcp||tools/call echo round trip: +([0-9.]+) us
search, a word in nearly every message, ms|bench_search|^first page|a word in nearly every message .*median +([0-9.]+) ms
search, a word in about 150 messages, ms|bench_search|^first page|a word in about 150 messages .*median +([0-9.]+) ms
search, two words, ms|bench_search|^first page|two words .*median +([0-9.]+) ms
search, the first two letters, ms|bench_search|^first page|the first two letters, typing .*median +([0-9.]+) ms
the page check (PRAGMA quick_check), ms|bench_opendatabase||PRAGMA quick_check alone: median ([0-9.]+) ms
start to first paint, 100,000 messages, ms|bench_startup||^start to first paint.*median ([0-9.]+) ms
a 100,000-message conversation open, resident MB|bench_bigconversation||^opened: .*resident memory ([0-9.]+) MB
while scrolling it, at most resident MB|bench_bigconversation||^resident memory: .*at most ([0-9.]+) MB
scrolling it end to end, event-loop pass p99 ms|bench_bigconversation||^end to end, both ways: .*? p99 ([0-9.]+) ms
scrolling it, the GUI thread's CPU per pass p99 ms|bench_bigconversation||^the GUI thread's CPU time per pass.*? p99 ([0-9.]+) ms
team board on PostgreSQL, the state query p50 ms|bench_teamboard||^state query .*p50 +([0-9.]+) ms
team board on PostgreSQL, the story list p50 ms|bench_teamboard||^story list .*p50 +([0-9.]+) ms
team board on PostgreSQL, a handoff written p50 ms|bench_teamboard||^handoff written .*p50 +([0-9.]+) ms
50 subscribers of /api/events, server CPU per event and subscriber µs|bench_boardevents||^delivery to .*\(([0-9.]+) µs per event and subscriber
PostgreSQL board, 1 serve, 50 subscribers, server CPU per event ms|bench_boardevents|^PostgreSQL board, 1 server|^  server 1 .*= ([0-9.]+) ms per event
PostgreSQL board, 1 serve, POST to event p50 ms|bench_boardevents|^PostgreSQL board, 1 server|on the server posted to: p50 ([0-9.]+) ms
PostgreSQL board, 4 serves, the one posted to, CPU per event ms|bench_boardevents|^PostgreSQL board, 4 servers|^  server 1 .*= ([0-9.]+) ms per event
PostgreSQL board, 4 serves, another one, CPU per event ms|bench_boardevents|^PostgreSQL board, 4 servers|^  server 2: .*= ([0-9.]+) ms per event
PostgreSQL board, 4 serves, POST to event on the others p50 ms|bench_boardevents|^PostgreSQL board, 4 servers|on the other 3 servers: p50 ([0-9.]+) ms
PostgreSQL board, 4 serves, POST to event on the others p99 ms|bench_boardevents|^PostgreSQL board, 4 servers|on the other 3 servers: .*p99 ([0-9.]+) ms
a send in the window, 10 messages, ms GUI-thread CPU|bench_windowsend||^ +window, +10 messages: .*then median ([0-9.]+) ms
a send in the window, 10,000 messages, ms GUI-thread CPU|bench_windowsend||^ +window, +10000 messages: .*then median ([0-9.]+) ms
EOF
}

# ONLY (an extended regular expression) limits the run to the benchmarks it matches.
benches=$(figures | cut -d'|' -f2 | awk '!seen[$0]++' | grep -E "${ONLY:-.}")

load() { cut -d' ' -f1-3 /proc/loadavg; }

# Runs a program with an unlocked gnome-keyring on a private session bus in a throwaway HOME, as scripts/test.sh.
with_keychain() {
    home=$(mktemp -d "${TMPDIR:-/tmp}/tandem-run-table-home-XXXXXX")
    mkdir -m 700 "$home/run"
    HOME=$home XDG_DATA_HOME=$home/.local/share XDG_CONFIG_HOME=$home/.config XDG_CACHE_HOME=$home/.cache \
        XDG_RUNTIME_DIR=$home/run DBUS_SESSION_BUS_ADDRESS= \
        dbus-run-session -- sh -c 'echo -n tandem-bench | gnome-keyring-daemon --unlock --components=secrets \
            >/dev/null && exec "$@"' sh "$@"
    status=$?
    rm -rf "$home"
    return $status
}

# Runs one benchmark of one tree into $out/<bench>.<tree>.<round>.
run() { # tree-name tree bench round
    program=$2/bench/$3
    file=$out/$3.$1.$4
    if [ ! -x "$program" ]; then
        : >"$file"
        return
    fi
    before=$(load)
    case $3 in
    # Its `serve --board` reads the board's password from the keychain: a private one, in a throwaway HOME.
    bench_boardevents) with_keychain "$program" >"$file" 2>"$file.err" </dev/null ;;
    *) "$program" >"$file" 2>"$file.err" </dev/null ;;
    esac
    echo "  $3 ($1, run $4): exit $?, load average $before before, $(load) after" >&2
}

for bench in $benches; do
    [ -n "${OUTPUTS:-}" ] && break
    r=1
    while [ "$r" -le "$rounds" ]; do
        run old "$old" "$bench" "$r"
        run new "$new" "$bench" "$r"
        r=$((r + 1))
    done
done

# The figure of each run of one tree, one a line.
values() { # tree-name bench section pattern
    for file in "$out/$2.$1".*; do
        case $file in *.err) continue ;; esac
        [ -e "$file" ] || continue
        SECTION=$3 PATTERN=$4 perl -ne '
            BEGIN { $in = $ENV{SECTION} eq "" }
            $in = 1 if !$in && /$ENV{SECTION}/;
            if ($in && /$ENV{PATTERN}/) { print "$1\n"; exit }' "$file"
    done
}

# "median count" of the numbers read, "- 0" for none.
median() {
    sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "- 0"; exit }
        print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), NR }'
}

echo "README's speed table, old: $old, new: $new, $rounds runs each, interleaved; the medians"
figures | while IFS='|' read -r label bench section pattern; do
    echo "$bench" | grep -qE "${ONLY:-.}" || continue
    before=$(values old "$bench" "$section" "$pattern" | median)
    after=$(values new "$bench" "$section" "$pattern" | median)
    echo "$label|$before|$after" | awk -F'|' '{
        split($2, o, " "); split($3, n, " ")
        ratio = (o[1] != "-" && n[1] != "-" && o[1] > 0) ? sprintf(", new/old %.2f", n[1] / o[1]) : ""
        printf "%s: old %s, new %s (runs with it: %d and %d)%s\n", $1, o[1], n[1], o[2], n[2], ratio }'
done
echo "raw outputs: $out"
