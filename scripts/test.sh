#!/usr/bin/env bash
# Installs what the tests need, builds with warnings as errors, and runs every test (ctest) on real parts:
# SQLite files, the Secret Service of gnome-keyring on a private session bus in a temporary HOME, loopback HTTP,
# widgets on the offscreen platform. Then, on a full run (no arguments), builds what the README's other set-up
# commands build (the release preset, tests off: `scripts/run.sh`'s tandem and the package instructions' .deb) and
# runs `tandem --version` from it, and builds the fuzzers (the fuzz preset: clang, ASan, UBSan) and runs each for a
# few seconds from its committed corpus. Extra arguments go to ctest (e.g. -R database) and skip both.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
# The fuzzers (run last) need clang 16 with libFuzzer and the sanitizer runtimes: fail now, and say so, rather than
# after the whole suite.
if [ $# -eq 0 ]; then
    runtime=$(clang++-16 -print-runtime-dir 2>/dev/null || true)
    for library in fuzzer asan ubsan_standalone; do
        if [ ! -f "$runtime/libclang_rt.$library-$(uname -m).a" ]; then
            echo "scripts/test.sh: the fuzzers need clang++-16 with libFuzzer, ASan and UBSan (Debian's clang-16," \
                "libfuzzer-16-dev and libclang-rt-16-dev; scripts/install-deps.sh test installs them):" \
                "libclang_rt.$library-$(uname -m).a not found${runtime:+ in $runtime}" >&2
            exit 1
        fi
    done
fi

cmake --preset ci >/dev/null
cmake --build --preset ci
# The house style is part of the build: an unformatted file fails like a warning does.
cmake --build --preset ci --target format-check
if [ -f tests/spec/package.json ]; then
    npm ci --prefix tests/spec --no-audit --no-fund --loglevel=error
fi
# The MCP reference servers the integration.mcp* tests talk to (tests/mcp/package-lock.json).
if [ -f tests/mcp/package.json ]; then
    npm ci --prefix tests/mcp --no-audit --no-fund --loglevel=error
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run"
export XDG_DATA_HOME="$HOME/.local/share" XDG_CACHE_HOME="$HOME/.cache" XDG_CONFIG_HOME="$HOME/.config"
mkdir -p "$HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
export TANDEM_REQUIRE_KEYCHAIN=1 QT_QPA_PLATFORM=offscreen
unset DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS

dbus-run-session -- sh -c 'echo -n tandem-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' \
    sh ctest --preset ci --parallel 2 "$@"

if [ $# -eq 0 ]; then
    # The README's `scripts/run.sh` and package instructions, on this clone: a target that uses something only the
    # tests' build brought in (QtSql's headers through the test support library, once) fails here, not on a
    # person's first command.
    cmake --preset release >/dev/null
    cmake --build --preset release --target tandem tandem-cli tandem-commands tandem-keychain
    cmake --build --preset release --target package
    build/release/app/tandem --version
    ls build/release/tandem_*_"$(dpkg --print-architecture)".deb >/dev/null

    cmake --preset fuzz >/dev/null
    cmake --build --preset fuzz
    ctest --preset fuzz --parallel 2
fi
