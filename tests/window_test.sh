#!/usr/bin/env bash
# Window mode under Xvfb: opens, renders, writes a screenshot with the HUD, exits 0
# with no GL errors. Usage: window_test.sh SCANWORKS IMAGE_COMPARE
set -u
bin=$1 compare=$2
command -v xvfb-run >/dev/null || { echo "SKIPPED: xvfb-run is not installed (scripts/bootstrap installs it)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$bin" --frames 8 --size 640x360 --gl-debug \
    --screenshot "$tmp/window.png" 2>"$tmp/err"
rc=$?
cat "$tmp/err"
[ $rc = 0 ] || { echo "FAIL: window run exited $rc"; exit 1; }
grep -qi "GL error" "$tmp/err" && { echo "FAIL: GL errors reported"; exit 1; }
"$compare" --sanity "$tmp/window.png" || exit 1
echo "window_test: all passed"
