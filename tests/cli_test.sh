#!/usr/bin/env bash
# Command-line behaviour of the viewer: --help, usage errors (exit 2, one line on
# stderr), runtime errors (exit 1) and no stray files. Usage: cli_test.sh SCANWORKS
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
expect() {   # expect CODE DESCRIPTION -- command...
    local want=$1 what=$2; shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: $what: exit $got, expected $want"; cat "$tmp/err"; fails=$((fails + 1))
    else
        echo "ok: $what (exit $got)"
    fi
}
one_line_stderr() {
    local lines
    lines=$(wc -l <"$tmp/err")
    if [ "$lines" != 1 ]; then echo "FAIL: $1: expected one line on stderr, got $lines"; cat "$tmp/err"; fails=$((fails + 1)); fi
}
expect 0 "--help" -- "$bin" --help
for flag in --headless --size --frames --warmup --dump --json --screenshot --panels --no-vsync --device --hud \
    --boxes --guard --kernel --dof-reference; do
    grep -q -- "$flag" "$tmp/out" || { echo "FAIL: --help does not list $flag"; fails=$((fails + 1)); }
done
expect 0 "--version" -- "$bin" --version
expect 2 "unknown flag" -- "$bin" --bogus; one_line_stderr "unknown flag"
grep -q -- "--bogus" "$tmp/err" || { echo "FAIL: message does not name the flag"; fails=$((fails + 1)); }
expect 2 "bad size" -- "$bin" --headless --size 0x10 --frames 1; one_line_stderr "bad size"
expect 2 "malformed size" -- "$bin" --headless --size big --frames 1
expect 2 "size too large" -- "$bin" --headless --size 99999x10 --frames 1
expect 2 "negative frames" -- "$bin" --headless --frames -3
expect 2 "boxes out of range" -- "$bin" --headless --frames 1 --boxes 4; one_line_stderr "boxes out of range"
expect 2 "boxes not a number" -- "$bin" --headless --frames 1 --boxes two
expect 2 "guard neither on nor off" -- "$bin" --headless --frames 1 --guard maybe; one_line_stderr "guard neither on nor off"
expect 2 "kernel neither disc nor boxes" -- "$bin" --headless --frames 1 --kernel cone; one_line_stderr "kernel neither disc nor boxes"
expect 2 "missing value" -- "$bin" --headless --frames
expect 2 "unknown panel" -- "$bin" --headless --frames 1 --panels nosuchpanel
expect 2 "stray argument" -- "$bin" foo
expect 2 "compute without op" -- "$bin" compute
expect 2 "unknown compute op" -- "$bin" compute nosuchop

touch "$tmp/afile"
expect 1 "dump into a file" -- "$bin" --headless --frames 1 --size 64x36 --dump "$tmp/afile"
grep -q "not a folder" "$tmp/err" || { echo "FAIL: dump-into-file message"; fails=$((fails + 1)); }
mkdir -p "$tmp/ro"; chmod 500 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then
    expect 1 "unwritable dump folder" -- "$bin" --headless --frames 1 --size 64x36 --dump "$tmp/ro"
fi
expect 1 "dump folder under a missing parent" -- "$bin" --headless --frames 1 --size 64x36 --dump "$tmp/missing/deeper"
expect 1 "json in a missing folder" -- "$bin" --headless --frames 1 --size 64x36 --json "$tmp/missing/t.json"
grep -q "cannot write" "$tmp/err" || { echo "FAIL: json message"; fails=$((fails + 1)); }
if ls "$tmp"/missing* >/dev/null 2>&1 || ls "$tmp"/*.tmp.* >/dev/null 2>&1; then
    echo "FAIL: a partial output was left behind"; fails=$((fails + 1))
fi
expect 1 "no display without --headless" -- env -u DISPLAY -u WAYLAND_DISPLAY "$bin" --frames 1
one_line_stderr "no display"
grep -q -- "--headless" "$tmp/err" || { echo "FAIL: no-display message does not suggest --headless"; fails=$((fails + 1)); }

# A corrupt asset (SCANWORKS_DATA_DIR files take precedence over the built-in ones)
# is a runtime error that names the file, not a crash.
mkdir -p "$tmp/data/assets"
echo "not a png" >"$tmp/data/assets/floor.png"
expect 1 "corrupt floor texture" -- env SCANWORKS_DATA_DIR="$tmp/data" "$bin" --headless --frames 1 --size 64x36
if ! grep -q "floor.png" "$tmp/err"; then
    if grep -q "headless OpenGL" "$tmp/err"; then echo "note: no headless GL here; asset checks skipped"
    else echo "FAIL: corrupt asset message does not name floor.png"; cat "$tmp/err"; fails=$((fails + 1)); fi
fi
rm "$tmp/data/assets/floor.png"
printf 'patches 1\n4 0 1 2\n' >"$tmp/data/assets/teapot_patches.txt"
expect 1 "corrupt teapot data" -- env SCANWORKS_DATA_DIR="$tmp/data" "$bin" --headless --frames 1 --size 64x36
grep -q "teapot_patches.txt:2" "$tmp/err" || grep -q "headless OpenGL" "$tmp/err" ||
    { echo "FAIL: corrupt teapot message does not name the file and line"; cat "$tmp/err"; fails=$((fails + 1)); }

[ "$fails" = 0 ] && echo "cli_test: all passed" || echo "cli_test: $fails failure(s)"
exit $((fails > 0))
