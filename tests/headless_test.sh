#!/usr/bin/env bash
# Headless rendering under the machine's GL (Mesa llvmpipe in CI): a frame is
# compared with the committed golden image, checked for being black, flat or empty,
# and the JSON report is checked for its fields.
# Usage: headless_test.sh SCANWORKS IMAGE_COMPARE GOLDEN.png
set -u
bin=$1 compare=$2 golden=$3
. "$(dirname "$0")/lib.sh"
"$bin" --headless --frames 3 --warmup 1 --size 320x180 --view nodof --dump "$tmp/frames" --json "$tmp/run.json" 2>"$tmp/err"
rc=$?
if [ $rc != 0 ]; then
    if grep -q "headless OpenGL" "$tmp/err"; then echo "SKIPPED: no headless OpenGL here: $(cat "$tmp/err")"; exit 77; fi
    echo "FAIL: headless run exited $rc"; cat "$tmp/err"; exit 1
fi
grep -q "frame 4/4" "$tmp/err" || { echo "FAIL: no progress on stderr"; fails=$((fails + 1)); }
# Without a CUDA device the run goes on with gl and says why in exactly one line.
if ! grep -q "^scanworks: CUDA " "$tmp/err"; then
    n=$(grep -ci "cuda" "$tmp/err")
    [ "$n" = 1 ] || { echo "FAIL: expected one line about CUDA being unavailable, got $n"; cat "$tmp/err"; fails=$((fails + 1)); }
fi
for i in 0000 0001 0002; do
    [ -s "$tmp/frames/frame_$i.png" ] || { echo "FAIL: frame_$i.png missing"; fails=$((fails + 1)); }
done
[ -e "$tmp/frames/frame_0003.png" ] && { echo "FAIL: warm-up frame was dumped too"; fails=$((fails + 1)); }
"$compare" --sanity "$tmp/frames/frame_0000.png" || fails=$((fails + 1))
"$compare" --orientation "$tmp/frames/frame_0000.png" || fails=$((fails + 1))
# Tolerance: llvmpipe is deterministic, but other Mesa versions and GPUs filter and
# rasterize edges a little differently: mean difference up to 3/255, and at most 2%
# of pixels off by more than 48/255.
"$compare" "$tmp/frames/frame_0000.png" "$golden" --max-mean 3 --max-over 48:0.02 || {
    echo "FAIL: frame differs from $golden (kept as $PWD/headless_frame_0000.png)"
    cp "$tmp/frames/frame_0000.png" headless_frame_0000.png; fails=$((fails + 1)); }
# Frames 0 and 2 differ: the animation moves.
if "$compare" "$tmp/frames/frame_0000.png" "$tmp/frames/frame_0002.png" --max-mean 0 --max-over 0:0 >/dev/null; then
    echo "FAIL: the animation did not move between frames"; fails=$((fails + 1))
fi
python3 - "$tmp/run.json" <<'PY' || fails=$((fails + 1))
import json, sys
r = json.load(open(sys.argv[1]))
env = r["environment"]
assert env["gl_renderer"] and env["gl_version"], "GL strings missing"
assert "cuda_device" in env, "cuda_device missing"
assert r["width"] == 320 and r["height"] == 180, "size"
assert r["frames_measured"] == 3 and len(r["frames"]) == 3, "frame count"
assert [f["frame"] for f in r["frames"]] == [0, 1, 2] and r["warmup"] == 1, "frames numbered as the dumped files, the warm-up frame not measured"
for stage in ("render", "present", "total"):
    assert r["median_ms"][stage] > 0, "median of %s is not positive" % stage
# The frame's GPU busy and wall time, always; the hand-over's gaps only where CUDA took
# part, else null with the reason (never a zero that reads as "no gap").
g = r["frame_gpu"]
assert g["gpu_busy_ms"] > 0 and g["gpu_wall_ms"] > 0, "GPU busy/wall medians: %s" % g
assert g["gpu_wall_ms"] >= 0.999 * g["gpu_busy_ms"] or env["cuda_device"] != "none", "GL-only: busy <= wall: %s" % g
for f in r["frames"]:
    assert f["gpu_busy_ms"] > 0 and f["gpu_wall_ms"] > 0, "per-frame GPU busy/wall: %s" % f
for k in ("gl_to_cuda_us", "cuda_to_gl_us", "cuda_span_ms"):
    assert k in g, "frame_gpu.%s missing" % k
    if g[k] is None:
        assert g["gaps_unavailable_because"], "a null gap without a reason"
        assert all(k not in f for f in r["frames"]), "a frame has %s although the median is null" % k
if env["cuda_device"] == "none":
    assert g["interop"] is None and g["gl_to_cuda_us"] is None and g["cuda_to_gl_us"] is None, "gaps without CUDA: %s" % g
    assert "gl" in g["gaps_unavailable_because"], g["gaps_unavailable_because"]
print("json ok:", env["gl_renderer"], r["median_ms"], "| frame_gpu:", g)
PY
# The depth view renders too, and differs from the colour view. The --dump folder does not
# exist yet and the JSON goes into it: the run makes the folder before checking the outputs.
"$bin" --headless --frames 1 --size 320x180 --view depth --dump "$tmp/depth" --json "$tmp/depth/run.json" \
    2>"$tmp/err" || { echo "FAIL: --dump NEW --json NEW/run.json: $(tail -1 "$tmp/err")"; fails=$((fails + 1)); }
[ -s "$tmp/depth/run.json" ] || { echo "FAIL: no JSON written into the new --dump folder"; fails=$((fails + 1)); }
"$compare" "$tmp/frames/frame_0000.png" "$tmp/depth/frame_0000.png" --max-mean 5 --max-over 48:0.5 >/dev/null &&
    { echo "FAIL: depth view looks like the colour view"; fails=$((fails + 1)); }
# --boxes, --guard: the chapter's kernel (one box, no guard) and the default (three boxes, guard)
# give different blurs of the same frame, and the JSON says which.
"$bin" --headless --frames 1 --size 320x180 --boxes 1 --guard off --dump "$tmp/box1" --json "$tmp/box1.json" \
    2>/dev/null || fails=$((fails + 1))
"$bin" --headless --frames 1 --size 320x180 --boxes 3 --dump "$tmp/box3" 2>/dev/null || fails=$((fails + 1))
"$compare" "$tmp/box1/frame_0000.png" "$tmp/box3/frame_0000.png" --max-mean 0 --max-over 0:0 >/dev/null &&
    { echo "FAIL: --boxes 1 and --boxes 3 give the same frame"; fails=$((fails + 1)); }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["dof"]; assert d["boxes"] == 1 and not d["guard"], d' \
    "$tmp/box1.json" || { echo "FAIL: the JSON does not record --boxes 1 --guard off"; fails=$((fails + 1)); }
# --dof-scale: half by default (the layer tables too), full when asked; the JSON records
# both, and the log says nothing nobody asked for. (Where half falls back to full, the
# cuda SAT through external memory, interop_external checks the message.)
for run in "default|half|half|" "full --dof-scale full|full|full|" "layers --near layers|half|half|" \
           "layers-full --near layers --dof-scale full|full|full|"; do
    IFS='|' read -r args want asked says <<< "$run"
    name=${args%% *}
    # shellcheck disable=SC2086
    "$bin" --headless --frames 1 --size 64x36 --json "$tmp/scale-$name.json" ${args#"$name"} 2>"$tmp/scale-$name.err" ||
        { echo "FAIL: --dof-scale run $name: $(tail -1 "$tmp/scale-$name.err")"; fails=$((fails + 1)); continue; }
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["dof"]; assert (d["scale"], d["scale_requested"]) == (sys.argv[2], sys.argv[3]), d' \
        "$tmp/scale-$name.json" "$want" "$asked" || { echo "FAIL: $name: the JSON's DoF scale is not $want ($asked asked)"; fails=$((fails + 1)); }
    if [ -n "$says" ]; then
        grep -q -- "--dof-scale half: the DoF $says" "$tmp/scale-$name.err" || { echo "FAIL: $name: no word of the full size"; fails=$((fails + 1)); }
    else
        ! grep -q -- "--dof-scale" "$tmp/scale-$name.err" || { echo "FAIL: $name: a --dof-scale message nobody asked for"; fails=$((fails + 1)); }
    fi
done
[ "$fails" = 0 ] && echo "headless_test: all passed" || echo "headless_test: $fails failure(s)"
exit $((fails > 0))
