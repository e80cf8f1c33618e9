#!/usr/bin/env bash
# The overlay on the GPU machine: the SAT view (Tab; each pixel the mean of a 5x5 box
# from four table reads) from the CUDA gather against the GL compute gather's on the
# same frame, and against the frame without DoF; compute-sanitizer on the CUDA
# gather's SAT view; and the HUD, the help and all five panels at 1280x720 on the
# NVIDIA EGL device into $OUT/overlay-1280x720.png with the per-stage GPU times
# (each panel's among them) in $OUT/overlay-1280x720.json. About 30 seconds.
# Run from the repository root with BUILD (an sm_90 build) and OUT set.
PART=overlay
. scripts/gpu-check.d/part.bash
cmp="$BUILD/tests/image_compare"
dir="$OUT/overlay"
mkdir -p "$dir"
frame() {   # NAME FLAGS...: one paused 640x360 frame into $dir/NAME/frame_0000.png
  local name=$1
  shift
  "$SW" --headless --pause --frames 1 --warmup 2 --size 640x360 --dump "$dir/$name" "$@" 2> "$dir/$name.err"
}
cuda=$("$SW" --version | grep -c "CUDA backend built")
if [ "$cuda" = 1 ] && frame sat-cuda --view sat --sat-backend cuda --gather cuda &&
   frame sat-gl --view sat --sat-backend gl --gather compute && frame nodof --view nodof; then
  grep -q "CUDA unavailable" "$dir/sat-cuda.err" && fail "SAT view: CUDA unavailable ($(head -1 "$dir/sat-cuda.err"))"
  # Same table sums (exact integers), same box: only float rounding to 8 bits apart.
  "$cmp" "$dir/sat-cuda/frame_0000.png" "$dir/sat-gl/frame_0000.png" --max-mean 0.5 --max-over 3:0.001 &&
    pass "SAT view: CUDA gather matches the GL compute gather" || fail "SAT view: CUDA and GL gathers differ"
  # A 5x5 box of the frame: near the frame itself (mean 12.7 on Mesa at 640x360, the
  # floor's checks blurred), not the old uniform beige.
  "$cmp" "$dir/sat-cuda/frame_0000.png" "$dir/nodof/frame_0000.png" --max-mean 16 --max-over 32:0.15 &&
    pass "SAT view: the frame rebuilt from the table" || fail "SAT view: far from the frame it was built from"
  sanitize_runs "$dir/sanitizer.txt" 60 " (SAT view, CUDA gather)" \
    "--headless --pause --frames 1 --warmup 1 --size 320x180 --view sat --sat-backend cuda --gather cuda"
else
  fail "SAT view frames (CUDA backend built: $cuda; logs: $dir/*.err)"
fi
if "$SW" --headless --hud --keys-overlay --panels all --frames 60 --warmup 30 --size 1280x720 \
     --screenshot "$OUT/overlay-1280x720.png" --json "$OUT/overlay-1280x720.json" 2> "$dir/overlay.err"; then
  python3 - "$OUT/overlay-1280x720.json" <<'PY' && pass "overlay frame with every panel" || fail "overlay frame JSON"
import json, sys
r = json.load(open(sys.argv[1]))
m = r["median_ms"]
print("overlay 1280x720 median GPU ms:", m)
for name in ("scan", "compact", "radix", "search", "bfs", "hud"):
    assert name in m, "no %s stage in the report" % name
PY
else
  fail "overlay frame (log: $dir/overlay.err)"
fi
part_end
