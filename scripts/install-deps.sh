#!/usr/bin/env bash
# Installs the Debian 12 packages Tandem needs, by name, and only those missing. Idempotent.
# Usage: scripts/install-deps.sh [app|test]
set -euo pipefail

purpose=${1:-app}
packages=(
    cmake ninja-build g++ git
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6 libqt6sql6-sqlite libqt6sql6-psql
    qt6-svg-dev qt6-charts-dev libqt6opengl6-dev qt6-httpserver-dev qt6-websockets-dev qtkeychain-qt6-dev libgl-dev
    qt6-qpa-plugins qt6-translations-l10n gnome-keyring dbus dbus-x11
    fonts-dejavu-core libdtl-dev bubblewrap
)
if [ "$purpose" = test ]; then
    # a session bus with an unlocked gnome-keyring, Xvfb for screenshots, Node for the OpenAPI schema checks,
    # poppler-utils (pdftotext, pdfinfo) to read back the PDF exports, curl to run the examples of docs/api.md,
    # clang 16 with libFuzzer and the sanitizer runtimes for the fuzzers (the fuzz preset; libclang-rt is only a
    # recommendation of clang-16)
    packages+=(libsecret-tools xvfb xauth clang-format poppler-utils curl clang-16 libfuzzer-16-dev libclang-rt-16-dev)
    # the package checks: dpkg-shlibdeps for CPack, Debian's linters for the .deb, its desktop entry and AppStream
    # data, `man` to render the man page, bash-completion to run the completion
    packages+=(dpkg-dev lintian desktop-file-utils appstream man-db bash-completion)
    # PostgreSQL 15 for the team board's tests: each test program starts its own throwaway cluster (initdb)
    packages+=(postgresql-15)
    command -v node >/dev/null 2>&1 || packages+=(nodejs)
    command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
