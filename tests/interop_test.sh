#!/usr/bin/env bash
# --interop: the GL-CUDA hand-over's flag and paths.
#   flags:    a bad value is a usage error (exit 2); where no CUDA takes part the run goes
#             on, says so, and the JSON has no gaps (null, with the reason), never zeros.
#   external: (a CUDA device) the external-memory path runs, says so in the JSON, and
#             its frames equal the map path's pixel for pixel, with host waits and with
#             SCANWORKS_EXTERNAL_SYNC=egl; the gaps are measured on every path; a GL
#             gather with --interop external falls back to map and says why.
# Usage: interop_test.sh flags|external SCANWORKS IMAGE_COMPARE
set -u
mode=$1 bin=$2 compare=$3
. "$(dirname "$0")/lib.sh"
run() { "$bin" --headless --size 320x180 "$@"; }

if [ "$mode" = flags ]; then
    run --frames 1 --interop sideways 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] || fail "--interop sideways: exit $rc, expected 2 (usage)"
    grep -q "expected map, external, auto or vulkan" "$tmp/err" || fail "--interop sideways: message: $(cat "$tmp/err")"
    run --frames 1 --interop 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] || fail "--interop with no value: exit $rc, expected 2"
    run --frames 2 --interop external --json "$tmp/run.json" 2>"$tmp/err"; rc=$?
    if [ $rc != 0 ]; then
        grep -q "headless OpenGL" "$tmp/err" && { echo "SKIPPED: no headless OpenGL here"; exit 77; }
        fail "--interop external: exit $rc: $(tail -2 "$tmp/err")"
    fi
    python3 - "$tmp/run.json" "$tmp/err" <<'PY' || fails=$((fails + 1))
import json, sys
r = json.load(open(sys.argv[1])); err = open(sys.argv[2]).read()
g = r["frame_gpu"]
assert g["interop_requested"] == "external", g
if r["sat"]["backend"] != "cuda":
    # No CUDA in the frame: nothing handed over, the run says so once, no gap is a number.
    assert "nothing is handed to CUDA" in err, err
    assert g["interop"] is None and g["interop_why"] is None, g
    assert g["gl_to_cuda_us"] is None and g["cuda_to_gl_us"] is None and g["cuda_span_ms"] is None, g
    assert g["gaps_unavailable_because"].startswith("the SAT is built by"), g
    assert all("gl_to_cuda_us" not in f for f in r["frames"]), "a per-frame gap without CUDA"
else:
    assert g["interop"] in ("map", "external") and g["interop_why"], g
print("flags ok:", {k: g[k] for k in ("interop", "interop_requested", "gaps_unavailable_because") if k in g})
PY
    [ $fails = 0 ] && echo "PASS" || { echo "$fails failure(s)"; exit 1; }
    exit 0
fi

# external: needs a CUDA device that drives the GL context.
# The external path runs the DoF at full size (its buffers are pitch-linear, and the half
# downsample gathers from arrays), so map is compared at full size.
run --frames 3 --warmup 2 --interop map --dof-scale full --dump "$tmp/map" --json "$tmp/map.json" 2>"$tmp/map.err" ||
    { echo "FAIL: --interop map run: $(tail -3 "$tmp/map.err")"; exit 1; }
if ! python3 -c "import json,sys; sys.exit(json.load(open('$tmp/map.json'))['sat']['backend'] != 'cuda')"; then
    echo "SKIPPED: the SAT is not built by CUDA here (no CUDA device)"; exit 77
fi
run --frames 3 --warmup 2 --interop external --dump "$tmp/ext" --json "$tmp/ext.json" 2>"$tmp/ext.err" ||
    { echo "FAIL: --interop external run: $(tail -3 "$tmp/ext.err")"; exit 1; }
# The same with the GPU-side EGL syncs in place of the host waits (where the driver has
# them; else the run says so and waits on the host: the frames must match either way).
SCANWORKS_EXTERNAL_SYNC=egl run --frames 3 --warmup 2 --interop external --dump "$tmp/egl" --json "$tmp/egl.json" \
    2>"$tmp/egl.err" || { echo "FAIL: SCANWORKS_EXTERNAL_SYNC=egl --interop external run: $(tail -3 "$tmp/egl.err")"; exit 1; }
grep -h -E "hand-over|EXTERNAL_SYNC" "$tmp/map.err" "$tmp/ext.err" "$tmp/egl.err"
python3 - "$tmp/map.json" "$tmp/ext.json" "$tmp/egl.json" <<'PY' || fails=$((fails + 1))
import json, sys
syncs = ((None,), ("host waits",), ("egl syncs", "host waits"))   # EGL syncs where the driver has them
for path, want, sync in zip(sys.argv[1:], ("map", "external", "external"), syncs):
    g = json.load(open(path))["frame_gpu"]
    print(want, {k: g.get(k) for k in ("interop", "interop_why", "gl_to_cuda_us", "cuda_to_gl_us", "cuda_span_ms",
                                      "gpu_busy_ms", "gpu_wall_ms", "clock")})
    assert g["interop"] == want, "%s: the %s path did not run: %s" % (path, want, g["interop_why"])
    assert g["interop_sync"] in sync, "%s: interop_sync %s, expected one of %s" % (path, g["interop_sync"], sync)
    for k in ("gl_to_cuda_us", "cuda_to_gl_us", "cuda_span_ms"):
        assert isinstance(g[k], float), "%s: %s not measured: %s" % (want, k, g.get("gaps_unavailable_because"))
    assert g["cuda_span_ms"] > 0 and g["gpu_busy_ms"] > 0 and g["gpu_wall_ms"] > 0, g
    assert g["clock"]["uncertainty_us"] >= 0 and g["clock"]["samples"] > 0, g
PY
for i in 0000 0001 0002; do
    "$compare" "$tmp/map/frame_$i.png" "$tmp/ext/frame_$i.png" --max-mean 0 --max-over 0:0 ||
        fail "frame $i: the external path's frame differs from the map path's"
    "$compare" "$tmp/map/frame_$i.png" "$tmp/egl/frame_$i.png" --max-mean 0 --max-over 0:0 ||
        fail "frame $i: the external path's frame with EGL syncs differs from the map path's"
done
# The GL gathers read the table from a registered buffer: external falls back to map, saying why.
run --frames 2 --interop external --gather compute --json "$tmp/gl.json" 2>"$tmp/gl.err" ||
    fail "--interop external --gather compute: $(tail -2 "$tmp/gl.err")"
grep -q "hand-over: map (the external path serves the cuda gather" "$tmp/gl.err" ||
    fail "no reason logged for map under --gather compute: $(grep -i hand-over "$tmp/gl.err")"
# --dof-scale half asked for where the external path takes the frame: full size, said once.
run --frames 1 --interop external --dof-scale half --json "$tmp/half.json" 2>"$tmp/half.err" ||
    fail "--interop external --dof-scale half: $(tail -2 "$tmp/half.err")"
grep -q -- "--dof-scale half: the DoF runs at full size here" "$tmp/half.err" ||
    fail "no word of the full size under --interop external --dof-scale half"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["dof"]; assert (d["scale"], d["scale_requested"]) == ("full", "half"), d' \
    "$tmp/half.json" || fail "--interop external --dof-scale half: the JSON's DoF scale is not full (half asked)"
[ $fails = 0 ] && echo "PASS: external frames equal map frames, gaps measured on both" || { echo "$fails failure(s)"; exit 1; }
