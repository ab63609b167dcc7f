#!/bin/sh
# An agent outside Tandem, as tst_outsideagents runs one per turn: it knows nothing of the board but the curl lines of
# its own exported prompt (`tandem agents export-prompts`). It picks a line by what it does, fills in the words in
# capitals (HANDOFF_ID, PAYLOAD, REASON) and runs it; the token comes from the environment, as the prompt says.
#
#   outside_agent.sh PROMPT hand-on TARGET PAYLOAD_FILE   accept the waiting handoff, then hand the work to TARGET
#                                                         with the JSON object of PAYLOAD_FILE as its payload
#   outside_agent.sh PROMPT reject REASON_FILE            reject the waiting handoff with the JSON string of REASON_FILE
#   outside_agent.sh PROMPT rework TARGET PAYLOAD_FILE    after a rejection (the story says the work is back with this
#                                                         agent), hand the work to TARGET again
#
# Each answer of the board is printed on its own line. Exit status: 0 done, 3 no handoff waits, 4 the board refused.
set -eu

prompt=$1
what=$2

# The prompt's curl line that contains the fixed string $1.
line() {
    found=$(grep -F -e "$1" "$prompt" | grep -e '^curl ' | head -n 1)
    if [ -z "$found" ]; then
        echo "the prompt has no curl line with $1" >&2
        exit 2
    fi
    printf '%s\n' "$found"
}

# $1 with every $2 in it replaced by $3, as they are (awk reads them from the environment, which escapes nothing).
replace() {
    TEXT=$1 FROM=$2 TO=$3 awk 'BEGIN {
        t = ENVIRON["TEXT"]; f = ENVIRON["FROM"]; r = ENVIRON["TO"]; out = ""
        while ((i = index(t, f)) > 0) { out = out substr(t, 1, i - 1) r; t = substr(t, i + length(f)) }
        printf "%s", out t
    }'
}

# $1 made safe inside the prompt's single-quoted -d '…' (a quote closes, is escaped and opens again).
quoted() {
    replace "$1" "'" "'\\''"
}

# Runs the curl line $1, prints the answer and fails (4) unless it contains $2.
run() {
    answer=$(eval "$1")
    printf '%s\n' "$answer"
    case $answer in
    *"$2"*) ;;
    *)
        echo "the board refused: $answer" >&2
        exit 4
        ;;
    esac
}

if [ "$what" = rework ]; then
    me=$(sed -n 's/^id: //p' "$prompt" | head -n 1)
    run "$(line '/api/stories/')" "\"currentAgent\":\"$me\""
    payload=$(cat "$4")
    run "$(replace "$(line "\"toAgent\": \"$3\"")" PAYLOAD "$(quoted "$payload")")" '"handoff":{'
    exit 0
fi

# The handoff waiting for this agent: its id, from the answer's first "id" (the board writes its keys in order).
waiting=$(eval "$(line '/api/handoffs?storyId=')")
printf '%s\n' "$waiting"
id=$(printf '%s\n' "$waiting" | sed -n 's/^{"handoff":{"created_at":"[^"]*","from_agent":"[^"]*","id":\([0-9][0-9]*\),.*/\1/p')
if [ -z "$id" ]; then
    echo "no handoff waits: $waiting" >&2
    exit 3
fi

case $what in
hand-on)
    target=$3
    payload=$(cat "$4")
    run "$(replace "$(line '"action": "accept"')" HANDOFF_ID "$id")" '"status":"accepted"'
    create=$(line "\"toAgent\": \"$target\"")
    run "$(replace "$create" PAYLOAD "$(quoted "$payload")")" '"handoff":{'
    ;;
reject)
    reason=$(cat "$3")
    reject=$(replace "$(line '"action": "reject"')" HANDOFF_ID "$id")
    run "$(replace "$reject" REASON "$(quoted "$reason")")" '"status":"rejected"'
    ;;
*)
    echo "usage: outside_agent.sh PROMPT hand-on|rework TARGET PAYLOAD_FILE | reject REASON_FILE" >&2
    exit 2
    ;;
esac
