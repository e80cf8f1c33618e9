#!/usr/bin/env bash
# A resize storm in window mode under Xvfb: many random sizes, tiny ones included,
# and minimize/restore, while the app renders; it must keep running, report no GL
# errors and quit cleanly on Esc. FLAGS go to the app (--frames-in-flight 2: each resize
# composites the held frame before its textures go). Usage: resize_test.sh SCANWORKS [RESIZES [FLAGS...]]
set -u
bin=$1 count=${2:-60}
shift $(($# < 2 ? $# : 2))
flags="$*"
command -v xvfb-run >/dev/null && command -v xdotool >/dev/null ||
    { echo "SKIPPED: needs xvfb-run and xdotool (scripts/bootstrap installs them)"; exit 77; }
. "$(dirname "$0")/lib.sh"
cat >"$tmp/storm.sh" <<STORM
#!/usr/bin/env bash
"$bin" --size 400x300 --gl-debug --no-vsync $flags 2>"$tmp/err" &
pid=\$!
win=\$(timeout 60 xdotool search --sync --name '^scanworks\$' | head -1)
RANDOM=7
for i in \$(seq 1 $count); do
    case \$((i % 10)) in
        0) xdotool windowsize "\$win" 1 1 ;;
        5) xdotool windowminimize "\$win"; sleep 0.1; xdotool windowmap "\$win" ;;
        *) xdotool windowsize "\$win" \$((RANDOM % 900 + 1)) \$((RANDOM % 700 + 1)) ;;
    esac
    sleep 0.05
    kill -0 \$pid 2>/dev/null || { echo "app died after \$i resizes"; cat "$tmp/err"; exit 1; }
done
xdotool windowsize "\$win" 320 200; sleep 0.5
xdotool key --window "\$win" Escape
# 30 s: under ASan on llvmpipe, with the other tests (or anything else) on the two
# cores, a frame at the storm's larger sizes can take seconds (seen: 18 s to quit)
for i in \$(seq 1 300); do kill -0 \$pid 2>/dev/null || break; sleep 0.1; done
kill -0 \$pid 2>/dev/null && { kill \$pid; echo "Esc did not quit within 30 s"; exit 1; }
wait \$pid
STORM
chmod +x "$tmp/storm.sh"
timeout 300 xvfb-run -a -s "-screen 0 1024x768x24" "$tmp/storm.sh"
rc=$?
if grep -qi "GL error\|resizing failed" "$tmp/err"; then cat "$tmp/err"; rc=1; fi
[ $rc = 0 ] && echo "resize_test: $count resizes survived" || echo "resize_test: FAILED (exit $rc)"
exit $rc
