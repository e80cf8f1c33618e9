#!/usr/bin/env bash
# --frames-in-flight: the frames written with two frame sets in flight equal, pixel for
# pixel and index for index, the frames of the single set.
#   host: bad values are usage errors (exit 2, naming the range); the gl and the cpu SAT
#         backends with 1 and 2 in flight give the same frames (and frames that change
#         with the index, so a frame shown one late would be caught); the JSON says
#         which is on and has a GPU wall time (the period between frames' ends).
#   cuda: (a CUDA device) the same for the map path and the external path, with the
#         hand-over's gaps measured; skipped (77) where the SAT is not CUDA's.
# Usage: frames_in_flight_test.sh host|cuda SCANWORKS IMAGE_COMPARE
set -u
mode=$1 bin=$2 compare=$3
. "$(dirname "$0")/lib.sh"
FRAMES=4
run() { "$bin" --headless --size 200x112 --frames $FRAMES --warmup 1 "$@"; }

# Runs NAME with the flags after it, dumping into $tmp/NAME.
dump() {
    local name=$1; shift
    run "$@" --dump "$tmp/$name" --json "$tmp/$name.json" 2>"$tmp/$name.err" ||
        { fail "$name ($*): exit $?: $(tail -3 "$tmp/$name.err")"; return 1; }
}

# JSON of NAME: frames_in_flight is N, the wall time measured, the SAT on BACKEND.
check_json() {
    python3 - "$tmp/$1.json" "$2" "$3" <<'PY' || fails=$((fails + 1))
import json, sys
r = json.load(open(sys.argv[1])); g = r["frame_gpu"]
assert g["frames_in_flight"] == int(sys.argv[2]), g
assert r["sat"]["backend"] == sys.argv[3], r["sat"]
assert g["gpu_wall_ms"] > 0 and g["gpu_busy_ms"] > 0 and g["gpu_span_ms"] > 0, g
periods = [f["gpu_wall_ms"] for f in r["frames"]]
assert all(p > 0 for p in periods), "a measured frame without a period: %s" % periods
if int(sys.argv[2]) == 1:
    # One set: a frame's GL work starts after the frame before ends, so the period (wall)
    # covers the frame's own span; less would mean the wall left out part of the frame.
    short = [(f["frame"], f["gpu_wall_ms"], f["gpu_span_ms"]) for f in r["frames"] if f["gpu_wall_ms"] < f["gpu_span_ms"] - 1e-3]
    assert not short, "wall shorter than the frame's span: %s" % short
PY
}

if [ "$mode" = host ]; then
    for bad in 0 3 two ""; do
        run --frames-in-flight $bad 2>"$tmp/err"; rc=$?
        [ $rc = 2 ] || fail "--frames-in-flight '$bad': exit $rc, expected 2"
    done
    "$bin" --headless --frames-in-flight 3 2>"$tmp/err"
    grep -q "frames-in-flight '3': expected a whole number in 1..2" "$tmp/err" || fail "message: $(cat "$tmp/err")"
    for bad in 0 5 two ""; do
        run --handover-batch $bad 2>"$tmp/err"; rc=$?
        [ $rc = 2 ] || fail "--handover-batch '$bad': exit $rc, expected 2"
    done
    "$bin" --headless --handover-batch 5 2>"$tmp/err"
    grep -q "handover-batch '5': expected auto or a whole number in 1..4" "$tmp/err" || fail "message: $(cat "$tmp/err")"
    run --handover-batch 3 --frames-in-flight 2 2>"$tmp/err"; rc=$?
    [ $rc != 0 ] && grep -q "handover-batch 3: holds 3 frames in flight; drop --frames-in-flight 2" "$tmp/err" ||
        fail "--handover-batch 3 --frames-in-flight 2: exit $rc, want a clear refusal: $(tail -2 "$tmp/err")"
    for b in gl cpu; do
        dump $b-1 --sat-backend $b --frames-in-flight 1 || continue
        if grep -q "headless OpenGL" "$tmp/$b-1.err"; then echo "SKIPPED: no headless OpenGL here"; exit 77; fi
        dump $b-2 --sat-backend $b --frames-in-flight 2 || continue
        same_frames $b-1 $b-2
        check_json $b-1 1 $b
        check_json $b-2 2 $b
        # In pairs: each frame shown two frames late, the lone last frame (an odd count) flushed,
        # and the output (the screenshot) left showing the last frame.
        dump $b-p --sat-backend $b --handover-batch 2 --screenshot "$tmp/$b-p.png" && same_frames $b-1 $b-p &&
            check_json $b-p 2 $b
        "$compare" "$tmp/$b-1/frame_0003.png" "$tmp/$b-p.png" --max-mean 0 --max-over 0:0 >/dev/null ||
            fail "$b in pairs: the screenshot is not the last frame"
    done
    # An even count (6 frames with the warmup one): the last pair is flushed in order.
    FRAMES=5
    dump gl-1-even --sat-backend gl --frames-in-flight 1 && dump gl-p-even --sat-backend gl --handover-batch 2 &&
        same_frames gl-1-even gl-p-even
    # Batches of 3 and 4 over 9 frames (three whole batches; two and one cut short), each
    # frame shown N frames late, and the screenshot the last frame.
    FRAMES=8
    dump gl-1-8 --sat-backend gl --frames-in-flight 1
    for n in 3 4; do
        dump gl-b$n --sat-backend gl --handover-batch $n --screenshot "$tmp/gl-b$n.png" && same_frames gl-1-8 gl-b$n
        "$compare" "$tmp/gl-1-8/frame_0007.png" "$tmp/gl-b$n.png" --max-mean 0 --max-over 0:0 >/dev/null ||
            fail "gl in batches of $n: the screenshot is not the last frame"
    done
    FRAMES=4
    python3 - "$tmp" <<'PY' || fails=$((fails + 1))
import json, sys
for name, batch, sets, late in (("gl-1", 1, 1, 0), ("gl-2", 1, 2, 1), ("gl-p", 2, 2, 2), ("cpu-p", 2, 2, 2),
                                ("gl-b3", 3, 3, 3), ("gl-b4", 4, 4, 4)):
    r = json.load(open("%s/%s.json" % (sys.argv[1], name))); g = r["frame_gpu"]
    assert g["handover_batch"] == batch and g["frames_in_flight"] == sets, (name, g)
    # each frame shows the frame LATE before it (the batch's latency); the JSON counts
    # frames from the first measured one, after the one warmup frame
    bad = [(f["frame"], f.get("frames_late")) for f in r["frames"] if f["frame"] + 1 >= late and f.get("frames_late") != late]
    assert not bad, "%s: frames not %d late: %s" % (name, late, bad)
PY
    # auto (the default) batches only where CUDA takes the frame: here, with the gl SAT, one set.
    dump gl-auto --sat-backend gl --handover-batch auto && same_frames gl-1 gl-auto && python3 - "$tmp/gl-auto.json" <<'PY' ||
import json, sys
g = json.load(open(sys.argv[1]))["frame_gpu"]
assert g["handover_batch"] == 1 and g["frames_in_flight"] == 1 and g["handover_batch_auto"] is False, g
PY
        fails=$((fails + 1))
    # The view without DoF and the depth view go through the held set as well.
    dump nodof-1 --sat-backend gl --view depth --frames-in-flight 1 && dump nodof-2 --sat-backend gl --view depth --frames-in-flight 2 &&
        same_frames nodof-1 nodof-2
    [ $fails = 0 ] && echo "PASS: 2 in flight, and batches of 2-4, give the single set's frames (gl, cpu)" || { echo "$fails failure(s)"; exit 1; }
    exit 0
fi

# cuda: needs a CUDA device that drives the GL context.
dump map-1 --interop map --frames-in-flight 1 || exit 1
if ! python3 -c "import json,sys; sys.exit(json.load(open('$tmp/map-1.json'))['sat']['backend'] != 'cuda')"; then
    echo "SKIPPED: the SAT is not built by CUDA here (no CUDA device)"; exit 77
fi
dump map-2 --interop map --frames-in-flight 2 && same_frames map-1 map-2   # at half size, the default
dump full-1 --interop map --frames-in-flight 1 --dof-scale full && dump full-2 --interop map --frames-in-flight 2 \
    --dof-scale full && same_frames full-1 full-2
run --interop external --frames-in-flight 2 --dump "$tmp/ext-2" 2>"$tmp/ext-2.err"; rc=$?
[ $rc != 0 ] && grep -q "needs --interop map" "$tmp/ext-2.err" ||
    fail "--interop external --frames-in-flight 2: exit $rc, want a clear refusal: $(tail -2 "$tmp/ext-2.err")"
dump map-d --interop map   # map's default with the cuda SAT: 2 in flight
dump map-p --interop map --handover-batch 2 && same_frames map-1 map-p   # in pairs: one switch a frame
dump vk-p --interop vulkan --handover-batch 2 && same_frames map-1 vk-p
dump vk-b3 --interop vulkan --handover-batch 3 && same_frames map-1 vk-b3
dump vk-b4 --interop vulkan --handover-batch 4 && same_frames map-1 vk-b4
dump def && same_frames map-1 def   # the default: Vulkan's semaphores in batches of 3 (map, 2, where Vulkan cannot open)
dump vk-1 --handover-batch 1 && same_frames map-1 vk-1   # Vulkan, one set
dump gl-gather-2 --gather compute --frames-in-flight 2 && dump gl-gather-1 --gather compute --frames-in-flight 1 &&
    same_frames gl-gather-1 gl-gather-2
dump gl-gather-d --gather compute && same_frames gl-gather-1 gl-gather-d   # a GL gather: by map, so 2 sets, no batch
python3 - "$tmp" <<'PY' || fails=$((fails + 1))
import json, sys
d = json.load(open("%s/def.json" % sys.argv[1]))["frame_gpu"]
vk = d["frame_textures"] == "vulkan"
print("default:", "vulkan" if vk else "map (%s)" % d["vulkan_unavailable_because"])
for name, n, path in (("map-1", 1, "map"), ("map-2", 2, "map"), ("map-d", 2, "map"), ("gl-gather-2", 2, "map"),
                      ("def", 3 if vk else 2, "vulkan" if vk else "map"), ("vk-1", 1 if vk else 2, "vulkan" if vk else "map"),
                      ("map-p", 2, "map"), ("gl-gather-d", 2, "map"),
                      ("vk-p", 2, "vulkan" if vk else "map"), ("vk-b3", 3, "vulkan" if vk else "map"),
                      ("vk-b4", 4, "vulkan" if vk else "map")):
    g = json.load(open("%s/%s.json" % (sys.argv[1], name)))["frame_gpu"]
    batch = 2 if name.endswith("-p") else int(name[-1]) if "-b" in name else 3 if name == "def" and vk else 1
    assert g["handover_batch"] == batch and g["handover_batch_auto"] == (name == "def" and vk), (name, g)
    print(name, {k: g.get(k) for k in ("frames_in_flight", "interop", "gl_to_cuda_us", "cuda_to_gl_us", "cuda_span_ms",
                                      "gpu_busy_ms", "gpu_wall_ms")})
    assert g["frames_in_flight"] == n and g["interop"] == path, (name, g)
    for k in ("gl_to_cuda_us", "cuda_to_gl_us", "cuda_span_ms"):
        assert isinstance(g[k], float), "%s: %s not measured: %s" % (name, k, g.get("gaps_unavailable_because"))
    assert g["gpu_wall_ms"] > 0 and g["gpu_busy_ms"] > 0, (name, g)
PY
[ $fails = 0 ] && echo "PASS: 2 in flight and batches of 2-4 give the single set's frames (map, vulkan, GL gather); the default (vulkan, batches of 3); external refused" ||
    { echo "$fails failure(s)"; exit 1; }
