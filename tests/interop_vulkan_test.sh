#!/usr/bin/env bash
# --interop vulkan: the frame's textures are Vulkan images (gfx/vk_share.h).
#   textures: (any Vulkan device that is the GL context's: lavapipe under Mesa's llvmpipe
#             in CI) GL renders into Vulkan's memory and samples it: the run says so in
#             the JSON (frame_textures "vulkan"), and its frames equal those of GL's own
#             textures pixel for pixel, at half and full DoF size. The SAT is GL's here, so
#             that the test is about the textures, with or without CUDA.
#   handover: (a CUDA device) CUDA reads and writes those images and waits on Vulkan's
#             semaphores: the path runs ("vulkan", "semaphores"), its gaps are measured,
#             and its frames equal the map path's at half and full size, with one and two
#             frames in flight; a GL gather falls back to map and says why; --interop
#             auto takes vulkan where it runs, else map, saying why.
# Usage: interop_vulkan_test.sh textures|handover SCANWORKS IMAGE_COMPARE
set -u
mode=$1 bin=$2 compare=$3
. "$(dirname "$0")/lib.sh"
FRAMES=3
run() { "$bin" --headless --size 320x180 --frames $FRAMES --warmup 2 "$@"; }

# check JSON PATH TEXTURES [INTEROP SYNC]: what the run says it did
check() {
    python3 - "$@" <<'PY' || fails=$((fails + 1))
import json, sys
g = json.load(open(sys.argv[1]))["frame_gpu"]
assert g["frame_textures"] == sys.argv[2], "frame_textures %s, expected %s (%s)" % (
    g["frame_textures"], sys.argv[2], g["vulkan_unavailable_because"])
if len(sys.argv) > 3:
    assert g["interop"] == sys.argv[3], "%s: ran %s: %s" % (sys.argv[1], g["interop"], g["interop_why"])
    assert g["interop_sync"] == (None if sys.argv[4] == "-" else sys.argv[4]), g["interop_sync"]
    for k in ("gl_to_cuda_us", "cuda_to_gl_us", "cuda_span_ms"):
        assert isinstance(g[k], float), "%s not measured: %s" % (k, g.get("gaps_unavailable_because"))
PY
}

if [ "$mode" = textures ]; then
    for scale in half full; do
        run --sat-backend gl --dof-scale $scale --dump "$tmp/gl-$scale" --json "$tmp/gl-$scale.json" 2>"$tmp/err" || {
            grep -q "headless OpenGL" "$tmp/err" && { echo "SKIPPED: no headless OpenGL here"; exit 77; }
            echo "FAIL: the run with GL's textures: $(tail -2 "$tmp/err")"; exit 1; }
        run --sat-backend gl --dof-scale $scale --interop vulkan --dump "$tmp/vk-$scale" --json "$tmp/vk-$scale.json" \
            2>"$tmp/err" || { echo "FAIL: --interop vulkan: $(tail -2 "$tmp/err")"; exit 1; }
        grep -q "the frame's textures are Vulkan images" "$tmp/err" || fail "$scale: no log line says the textures are Vulkan's"
        check "$tmp/vk-$scale.json" vulkan
        check "$tmp/gl-$scale.json" gl
        same_frames "gl-$scale" "vk-$scale"
    done
    # auto: the fastest path that opens, so Vulkan's images here too
    run --sat-backend gl --interop auto --json "$tmp/auto.json" 2>"$tmp/err" || fail "--interop auto: $(tail -2 "$tmp/err")"
    check "$tmp/auto.json" vulkan
    [ $fails = 0 ] && echo "PASS: GL renders into Vulkan's images; the frames are GL's own textures' frames" ||
        { echo "$fails failure(s)"; exit 1; }
    exit 0
fi

"$bin" --headless --size 320x180 --frames 1 --interop map --json "$tmp/probe.json" 2>"$tmp/err" || { echo "FAIL: $(tail -2 "$tmp/err")"; exit 1; }
if ! python3 -c "import json,sys; sys.exit(json.load(open('$tmp/probe.json'))['sat']['backend'] != 'cuda')"; then
    echo "SKIPPED: the SAT is not built by CUDA here (no CUDA device)"; exit 77
fi
for scale in half full; do
    for n in 1 2; do
        run --interop map --dof-scale $scale --frames-in-flight $n --dump "$tmp/map-$scale-$n" \
            --json "$tmp/map-$scale-$n.json" 2>"$tmp/err" || { fail "map $scale x$n: $(tail -2 "$tmp/err")"; continue; }
        run --interop vulkan --dof-scale $scale --frames-in-flight $n --dump "$tmp/vk-$scale-$n" \
            --json "$tmp/vk-$scale-$n.json" 2>"$tmp/err" || { fail "vulkan $scale x$n: $(tail -2 "$tmp/err")"; continue; }
        grep -h "hand-over" "$tmp/err" | sort -u
        check "$tmp/vk-$scale-$n.json" vulkan vulkan semaphores
        same_frames "map-$scale-$n" "vk-$scale-$n"
    done
done
# auto: vulkan where it runs
run --interop auto --dump "$tmp/auto" --json "$tmp/auto.json" 2>"$tmp/err" || fail "--interop auto: $(tail -2 "$tmp/err")"
check "$tmp/auto.json" vulkan vulkan semaphores
same_frames map-half-1 auto
run --interop auto --gather compute --json "$tmp/auto-gl.json" 2>"$tmp/auto-gl.err" ||
    fail "--interop auto --gather compute: $(tail -2 "$tmp/auto-gl.err")"
grep -q "hand-over: map (--interop auto: map, as Vulkan cannot run (the Vulkan path serves the cuda gather" \
    "$tmp/auto-gl.err" || fail "auto under --gather compute: $(grep -i hand-over "$tmp/auto-gl.err")"
# The GL gathers read the table from a registered buffer: vulkan falls back to map, saying why.
run --interop vulkan --gather compute --json "$tmp/gl.json" 2>"$tmp/gl.err" ||
    fail "--interop vulkan --gather compute: $(tail -2 "$tmp/gl.err")"
grep -q "hand-over: map (the Vulkan path serves the cuda gather" "$tmp/gl.err" ||
    fail "no reason logged for map under --gather compute: $(grep -i hand-over "$tmp/gl.err")"
[ $fails = 0 ] && echo "PASS: the Vulkan hand-over's frames equal the map path's; gaps measured" ||
    { echo "$fails failure(s)"; exit 1; }
