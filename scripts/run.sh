#!/usr/bin/env bash
# Installs what Tandem needs, builds it (optimised; only what runs: the window, and tandem-cli and its commands module,
# to which `tandem <command>` hands over; not the benchmarks) and starts it. Arguments go to tandem.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh app
cmake --preset release >/dev/null
cmake --build --preset release --target tandem tandem-cli tandem-commands tandem-keychain
exec build/release/app/tandem "$@"
