#!/usr/bin/env bash
# Remakes docs/screenshots/ with the real window under Xvfb (the app's own QWidget::grab()), against the scripted
# fake LLM server of the tests. Usage: scripts/screenshots.sh [light|dark]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
cmake --preset dev >/dev/null
cmake --build --preset dev --target tandem_screenshots
xvfb-run -a -s "-screen 0 1280x800x24" build/dev/tests/tandem_screenshots docs/screenshots "${1:-light}"
