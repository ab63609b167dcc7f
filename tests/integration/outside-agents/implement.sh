#!/bin/sh
# An outside implementer (tests/integration/tst_outsiderunner.cpp) that the engine's analyst hands the work to: it
# accepts its handoff once the analyst's run has ended (the board refuses while a turn runs) and hands its work to the
# reviewer.
set -eu
cat >/dev/null
post() {
    curl -sS -f -o /dev/null -X POST "$DASHBOARD_URL/api/handoffs" -H "Authorization: Bearer $TANDEM_TOKEN" \
        -H 'Content-Type: application/json' -d "$1"
}
tries=0
until post "{\"action\": \"accept\", \"handoffId\": $HANDOFF_ID}" 2>/dev/null; do
    tries=$((tries + 1))
    [ "$tries" -lt 50 ] || { echo "implementer: the handoff could not be accepted"; exit 4; }
    sleep 0.1
done
echo "implementer: accepted handoff $HANDOFF_ID"
post "{\"action\": \"create\", \"storyId\": \"$STORY_ID\", \"fromAgent\": \"implementer\", \"toAgent\": \"reviewer\",
       \"payload\": {\"summary\": \"implemented outside\"}}"
echo "implementer: handed the work to the reviewer"
