#!/usr/bin/env bash
# Smoke test of a built bundle; builds nothing.
#
#   packaging/smoke_test.sh [BUNDLE_DIR]    (default: build/dist/aleth-inspector)
#
# Runs the bundled binary headless: --version, verify on the demo file (exit 0,
# PASS), and the GUI offscreen with --screenshot (exit 0, a PNG written), which
# exercises the frozen multiprocessing-spawn worker. Prints the bundle's size.
set -euo pipefail
cd "$(dirname "$0")/.."

BUNDLE=${1:-build/dist/aleth-inspector}
BIN=$BUNDLE/aleth-inspector
[ -x "$BIN" ] || { echo "smoke: no bundle at $BUNDLE (run: make package)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
bad() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }

echo "== $BIN --version"
if out=$(timeout 60 "$BIN" --version 2>&1); then
    echo "$out"
    if grep -q '^aleth-inspector [0-9]' <<<"$out" && grep -q '^Qt [0-9]' <<<"$out"; then
        ok "--version prints the versions"
    else
        bad "--version output lacks the application or Qt version"
    fi
else
    echo "$out"; bad "--version exited non-zero"
fi

echo "== $BIN verify resources/demo.aleth --passphrase-file resources/demo.passphrase"
rc=0
out=$(timeout 300 "$BIN" verify resources/demo.aleth --passphrase-file resources/demo.passphrase 2>&1) || rc=$?
echo "$out" | tail -n 5
if [ "$rc" = 0 ] && grep -q 'PASS' <<<"$out"; then ok "verify: exit 0, PASS"; else bad "verify: exit $rc"; fi

echo "== QT_QPA_PLATFORM=offscreen $BIN gui resources/demo.aleth ... --screenshot"
shot=$tmp/screenshot.png
rc=0
out=$(QT_QPA_PLATFORM=offscreen timeout 300 "$BIN" gui resources/demo.aleth \
      --passphrase-file resources/demo.passphrase --screenshot "$shot" 2>&1) || rc=$?
[ -n "$out" ] && echo "$out" | tail -n 5
if [ "$rc" = 0 ] && [ -s "$shot" ] && [ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
    ok "gui --screenshot: exit 0, PNG written ($(wc -c <"$shot") bytes)"
else
    bad "gui --screenshot: exit $rc, $( [ -s "$shot" ] && echo 'file is not a PNG' || echo 'no PNG written')"
fi
if [ -n "${SMOKE_KEEP_SCREENSHOT:-}" ] && [ -s "$shot" ]; then cp "$shot" "$SMOKE_KEEP_SCREENSHOT"; fi

echo "== bundle size"
du -sh "$BUNDLE"

echo "smoke: $passed passed, $failed failed"
[ "$failed" = 0 ]
