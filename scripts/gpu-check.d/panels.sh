#!/usr/bin/env bash
# GPU check for the overlay panels: the scan panel's figure levels on CUDA
# (test_scan_steps_cuda) and on NVIDIA's GL (test_scan_steps), each level against the
# CPU model; compute-sanitizer (memcheck, racecheck, synccheck) on the level kernel;
# then a headless run with every panel open on the NVIDIA EGL device (1920x1080, 150
# frames at 0.1 s a frame, so that each panel steps several times), whose JSON must
# hold each panel's CUDA stage with a time above zero (the HUD's times), and a short
# headless run under compute-sanitizer memcheck (the panels' interop kernels). Writes
# $OUT/panels-headless.json and $OUT/panels-1080p.png. About 60 s.
# Run from the repository root with BUILD (a build for sm_90) and OUT set.
set -u
PART=panels
. scripts/gpu-check.d/part.bash
export PATH="$PATH:/usr/local/cuda/bin"   # compute-sanitizer
t0=$SECONDS

# 1. The figure's levels: CUDA (gpu label) and GL on the NVIDIA driver.
for t in test_scan_steps_cuda test_scan_steps; do
  log="$OUT/panels-$t.log"
  if timeout 120 "$BUILD/tests/$t" > "$log" 2>&1 && ! grep -q SKIPPED "$log" && grep -q "levels checked" "$log"; then
    pass "$t: $(grep -m1 'levels checked' "$log")"
  else
    fail "$t (see $(basename "$log"))"; tail -15 "$log"
  fi
done
grep -m1 GL_RENDERER "$OUT/panels-test_scan_steps.log" || true

# 2. compute-sanitizer on the level kernel (every phase, n = 2 .. 64).
for tool in memcheck racecheck synccheck; do
  log="$OUT/panels-sanitize-$tool.log"
  if timeout 240 compute-sanitizer --tool "$tool" --error-exitcode 9 "$BUILD/tests/test_scan_steps_cuda" > "$log" 2>&1 &&
     grep -qE "(ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards)" "$log"; then
    pass "compute-sanitizer $tool test_scan_steps_cuda"
  else
    fail "compute-sanitizer $tool test_scan_steps_cuda (see $(basename "$log"))"; tail -15 "$log"
  fi
done

# 3. Every panel open, headless on NVIDIA's GL: each panel's GPU work reaches the HUD.
json="$OUT/panels-headless.json"
if timeout 180 "$SW" --headless --frames 150 --warmup 10 --dt 0.1 --size 1920x1080 --panels all --json "$json" \
     --screenshot "$OUT/panels-1080p.png" > "$OUT/panels-headless.log" 2>&1; then
  pass "headless --panels all, 150 frames (last frame in panels-1080p.png)"
  if python3 - "$json" <<'PY'; then
import json, sys
r = json.load(open(sys.argv[1]))
print("renderer:", r["environment"]["gl_renderer"])
print("panel medians (ms):", {k: v for k, v in r["median_ms"].items() if k in ("scan", "compact", "radix", "search", "bfs")})
seen = {}
for f in r["frames"]:
    for k, v in f.items():
        if isinstance(v, (int, float)) and "(cuda)" in k:
            seen[k] = max(seen.get(k, 0.0), v)
print("largest CUDA stage times (ms):", seen)
want = ["scan level (cuda)", "scan bars (cuda)", "compact (cuda)", "radix pass (cuda)", "search latency (cuda)",
        "bfs level (cuda)", "bfs colours (cuda)"]
missing = [k for k in want if seen.get(k, 0.0) <= 0]
assert "NVIDIA" in r["environment"]["gl_renderer"], "not on the NVIDIA EGL device"
assert not missing, f"no time above 0 for {missing}"
PY
    pass "every panel's CUDA work has a time in the frame report"
  else
    fail "a panel's CUDA stage is missing or 0 in $(basename "$json")"
  fi
else
  fail "headless --panels all (see panels-headless.log)"; tail -15 "$OUT/panels-headless.log"
fi

# 4. The panels' kernels (interop included) under memcheck, a few frames.
log="$OUT/panels-sanitize-headless.log"
if timeout 240 compute-sanitizer --tool memcheck --error-exitcode 9 "$SW" --headless --frames 20 --warmup 2 --dt 0.5 \
     --size 640x360 --panels all > "$log" 2>&1 && grep -qE "(ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards)" "$log"; then
  pass "compute-sanitizer memcheck, headless --panels all"
else
  fail "compute-sanitizer memcheck, headless --panels all (see $(basename "$log"))"; tail -15 "$log"
fi
echo "panels: $((SECONDS - t0)) s"
part_end
