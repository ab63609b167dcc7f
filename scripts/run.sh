#!/usr/bin/env bash
# Installs what Tandem needs, builds it (optimised) and starts it. Arguments go to tandem.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh app
cmake --preset release >/dev/null
cmake --build --preset release
exec build/release/app/tandem "$@"
