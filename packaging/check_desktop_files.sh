#!/usr/bin/env bash
# Validate the desktop integration files in packaging/. Installs nothing: CI
# installs desktop-file-utils, appstream (which brings shared-mime-info) and
# libxml2-utils first. Runs every check, then exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

DESKTOP=packaging/aleth-inspector.desktop
METAINFO=packaging/io.github.alethinspector.AlethInspector.metainfo.xml
MIME=packaging/aleth-inspector-mime.xml

failed=0
fail() { echo "FAIL: $*" >&2; failed=1; }

for tool in desktop-file-validate appstreamcli xmllint; do
    command -v "$tool" >/dev/null || fail "$tool not found (apt-get install desktop-file-utils appstream libxml2-utils)"
done
[ "$failed" = 0 ] || exit 1

echo "== desktop-file-validate $DESKTOP"
out=$(desktop-file-validate "$DESKTOP" 2>&1); rc=$?
[ -n "$out" ] && echo "$out"
# errors make it exit 1; warnings do not, but we treat them as failures too
if [ "$rc" != 0 ] || grep -q ': warning:' <<<"$out"; then fail "desktop-file-validate $DESKTOP"; fi

echo "== appstreamcli validate --no-net $METAINFO"
appstreamcli validate --no-net --explain "$METAINFO" || fail "appstreamcli validate $METAINFO"

echo "== xmllint --noout $MIME"
xmllint --noout "$MIME" || fail "xmllint $MIME"

# shared-mime-info's own compiler, into a throwaway database: it reports
# semantic errors (bad offsets, bad match types) on stderr but still exits 0.
if command -v update-mime-database >/dev/null; then
    echo "== update-mime-database (temporary XDG_DATA_HOME)"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/mime/packages"
    cp "$MIME" "$tmp/mime/packages/"
    err=$(XDG_DATA_HOME="$tmp" update-mime-database "$tmp/mime" 2>&1 >/dev/null)
    if [ -n "$err" ]; then echo "$err"; fail "update-mime-database rejected $MIME"; fi
    grep -qx '[0-9]*:application/x-aleth:\*\.aleth' "$tmp/mime/globs2" \
        || fail "glob *.aleth not registered for application/x-aleth"
    for m in ALETH001 ALETH002; do
        grep -aq "$m" "$tmp/mime/magic" || fail "magic $m not registered"
    done
    grep -aq '^\[[0-9]*:application/x-aleth\]' "$tmp/mime/magic" || fail "no magic section for application/x-aleth"
    # Content sniffing of files whose names say nothing (magic only), when a
    # shared-mime-info client is installed (gio from libglib2.0-bin, or mimetype).
    printf 'ALETH001\0\0\0\0' >"$tmp/sample-v1.bin"
    printf 'ALETH002\0\0\0\0' >"$tmp/sample-v2.bin"
    for f in "$tmp/sample-v1.bin" "$tmp/sample-v2.bin"; do
        if command -v gio >/dev/null; then
            got=$(XDG_DATA_HOME="$tmp" gio info -a standard::content-type "$f" | sed -n 's/.*standard::content-type: //p')
        elif command -v mimetype >/dev/null; then
            got=$(XDG_DATA_HOME="$tmp" mimetype -b -M "$f")
        else
            echo "(no gio or mimetype: content sniffing not exercised)"; break
        fi
        echo "$(head -c 8 "$f") -> $got"
        [ "$got" = application/x-aleth ] || fail "$(head -c 8 "$f") file detected as '$got'"
    done
else
    echo "(update-mime-database not installed: shared-mime-info compile check skipped)"
fi

if [ "$failed" = 0 ]; then echo "desktop files: all checks passed"; fi
exit "$failed"
