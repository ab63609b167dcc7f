#!/bin/sh
# An outside analyst (tests/integration/tst_outsideoutput.cpp) that accepts its handoff, shows what the person wrote to
# it (the part of its prompt after "## Messages from the person"), and exits 5 without handing the work on: the work
# stays with it.
set -eu
prompt=$(cat)
curl -sS -f -o /dev/null -X POST "$DASHBOARD_URL/api/handoffs" -H "Authorization: Bearer $TANDEM_TOKEN" \
    -H 'Content-Type: application/json' -d "{\"action\": \"accept\", \"handoffId\": $HANDOFF_ID}"
echo "analyst: accepted handoff $HANDOFF_ID"
printf '%s\n' "$prompt" | sed -n '/^## Messages from the person/,$p'
exit 5
