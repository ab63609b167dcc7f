#!/bin/sh
# An outside agent as Tandem runs one (tests/integration/tst_outsiderunner.cpp): it reads its prompt on standard input
# and DASHBOARD_URL, STORY_ID, HANDOFF_ID and the token from its environment, accepts its handoff and hands the work
# on to the implementer through the local API with curl. It never prints the token.
set -eu
prompt=$(cat)
case "$prompt" in
*"Handoff $HANDOFF_ID from orchestrator"*) echo "analyst: read the prompt of handoff $HANDOFF_ID" ;;
*) echo "analyst: the prompt does not name handoff $HANDOFF_ID"; exit 2 ;;
esac
post() {
    curl -sS -f -o /dev/null -X POST "$DASHBOARD_URL/api/handoffs" -H "Authorization: Bearer $TANDEM_TOKEN" \
        -H 'Content-Type: application/json' -d "$1"
}
post "{\"action\": \"accept\", \"handoffId\": $HANDOFF_ID}"
echo "analyst: accepted handoff $HANDOFF_ID of story $STORY_ID"
post "{\"action\": \"create\", \"storyId\": \"$STORY_ID\", \"fromAgent\": \"analyst\", \"toAgent\": \"implementer\",
       \"payload\": {\"plan\": \"written by the outside analyst\"}}"
echo "analyst: handed the plan to the implementer"
