#!/usr/bin/env bash
# Window mode under Xvfb: opens, renders, answers keys (F12 writes a screenshot,
# Space pauses, H shows help, Esc quits), and writes a screenshot with the HUD on
# exit, with no GL errors. Usage: window_test.sh SCANWORKS IMAGE_COMPARE
set -u
bin=$1 compare=$2
command -v xvfb-run >/dev/null || { echo "SKIPPED: xvfb-run is not installed (scripts/bootstrap installs it)"; exit 77; }
. "$(dirname "$0")/lib.sh"

# 1. A fixed number of frames, then a screenshot of the last one.
timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$bin" --frames 8 --size 640x360 --gl-debug \
    --screenshot "$tmp/window.png" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "FAIL: window run exited $rc"; cat "$tmp/err"; fails=$((fails + 1)); }
grep -qi "GL error" "$tmp/err" && { echo "FAIL: GL errors reported"; cat "$tmp/err"; fails=$((fails + 1)); }
"$compare" --sanity "$tmp/window.png" || fails=$((fails + 1))
"$compare" --orientation "$tmp/window.png" || fails=$((fails + 1))

# 1b. The same with two frames in flight (the screenshot is the last frame rendered, after
#     the held frame is composited); HUD on, so its "2 in flight" line is drawn too.
timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$bin" --frames 3 --size 320x180 --gl-debug \
    --frames-in-flight 2 --screenshot "$tmp/window2.png" 2>"$tmp/err2"
rc=$?
[ $rc = 0 ] || { echo "FAIL: window run with 2 frames in flight exited $rc"; cat "$tmp/err2"; fails=$((fails + 1)); }
grep -qi "GL error" "$tmp/err2" && { echo "FAIL: GL errors with 2 frames in flight"; cat "$tmp/err2"; fails=$((fails + 1)); }
"$compare" --sanity "$tmp/window2.png" || fails=$((fails + 1))
"$compare" --orientation "$tmp/window2.png" || fails=$((fails + 1))

# 1c. In batches of three, over five frames (one batch whole, one cut short by the end).
timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$bin" --frames 5 --size 320x180 --gl-debug \
    --handover-batch 3 --screenshot "$tmp/window3.png" 2>"$tmp/err3"
rc=$?
[ $rc = 0 ] || { echo "FAIL: window run in batches of 3 exited $rc"; cat "$tmp/err3"; fails=$((fails + 1)); }
grep -qi "GL error" "$tmp/err3" && { echo "FAIL: GL errors in batches of 3"; cat "$tmp/err3"; fails=$((fails + 1)); }
"$compare" --sanity "$tmp/window3.png" || fails=$((fails + 1))

# 2. Keys, sent by xdotool: F12 screenshot, Space pause, H help, V vsync, K kernel, F guard,
#    L thin-lens reference (and back), Esc quit.
if command -v xdotool >/dev/null; then
    cat >"$tmp/keys.sh" <<KEYS
#!/usr/bin/env bash
cd "$tmp"
"$bin" --size 480x270 --gl-debug 2>"$tmp/keys.err" &
pid=\$!
win=\$(timeout 60 xdotool search --sync --name '^scanworks\$' | head -1)
sleep 1
for k in F12 space h v k f l l; do xdotool key --window "\$win" \$k; sleep 0.7; done
xdotool key --window "\$win" Escape
for i in \$(seq 1 100); do kill -0 \$pid 2>/dev/null || break; sleep 0.1; done
if kill -0 \$pid 2>/dev/null; then kill \$pid; echo "Esc did not quit"; exit 1; fi
wait \$pid
KEYS
    chmod +x "$tmp/keys.sh"
    timeout 120 xvfb-run -a -s "-screen 0 1024x768x24" "$tmp/keys.sh" || { echo "FAIL: key session"; fails=$((fails + 1)); }
    shot=$(ls "$tmp"/scanworks-*.png 2>/dev/null | head -1)
    [ -n "$shot" ] && "$compare" --orientation "$shot" || { echo "FAIL: F12 wrote no upright screenshot"; fails=$((fails + 1)); }
    for msg in "saved scanworks-" "animation paused" "vsync off" "DoF kernel: 3 boxes" "foreground guard off" \
        "thin-lens reference: 256 views" "post-process depth of field"; do
        grep -q "$msg" "$tmp/keys.err" || { echo "FAIL: no '$msg' after its key"; cat "$tmp/keys.err"; fails=$((fails + 1)); }
    done
else
    echo "note: xdotool not installed; key handling not exercised (scripts/bootstrap installs it)"
fi
[ "$fails" = 0 ] && echo "window_test: all passed" || echo "window_test: $fails failure(s)"
exit $((fails > 0))
