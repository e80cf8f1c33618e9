#!/usr/bin/env bash
# CUDA scan on the GPU machine: the gpu-labelled scan tests, compute-sanitizer
# (memcheck, racecheck, synccheck) on a small run of every scan kernel, and the scan
# benchmark 2^10..2^28 into $OUT/scan-bench.{json,svg,csv}. About 2-3 minutes.
# Run from the repository root with BUILD (an sm_90 build) and OUT set.
set -uo pipefail
: "${BUILD:?set BUILD to the build folder}" "${OUT:?set OUT to the results folder}"
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"   # compute-sanitizer
status=0
pass() { echo "PASS: scan-cuda $*"; }
fail() { echo "FAIL: scan-cuda $*"; status=1; }
t0=$SECONDS

# 1. Tests: every variant x type x op x kind on awkward sizes, 2^28+3, > 2^31.
if ctest --test-dir "$BUILD" -L gpu -R scan_cuda --output-on-failure > "$OUT/scan-cuda-ctest.txt" 2>&1 &&
   grep -q "tests passed, 0 tests failed" "$OUT/scan-cuda-ctest.txt" && ! grep -q "Skipped\|Not Run" "$OUT/scan-cuda-ctest.txt"; then
  pass "tests ($((SECONDS - t0)) s)"
else
  tail -40 "$OUT/scan-cuda-ctest.txt"
  fail "tests (log: $OUT/scan-cuda-ctest.txt)"
fi

# 2. compute-sanitizer on the small run (SCANWORKS_TEST_SMALL=1: lengths < 10000).
if command -v compute-sanitizer > /dev/null; then
  for tool in memcheck racecheck synccheck; do
    t1=$SECONDS
    log="$OUT/scan-cuda-$tool.txt"
    if SCANWORKS_TEST_SMALL=1 timeout 90 compute-sanitizer --tool "$tool" --error-exitcode 3 \
         "$BUILD/tests/test_scan_cuda" > "$log" 2>&1 &&
       grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$log"; then
      pass "compute-sanitizer $tool ($((SECONDS - t1)) s)"
    else
      tail -30 "$log"
      fail "compute-sanitizer $tool (log: $log)"
    fi
  done
else
  fail "compute-sanitizer not found on PATH"
fi

# 3. Benchmark (every output checked against the CPU scan first; MISMATCH exits 1).
t1=$SECONDS
if "$BUILD/scanworks" bench scan --sizes 2^10..2^28 --type int32 --op add \
     --json "$OUT/scan-bench.json" --plot "$OUT/scan-bench.svg" --csv "$OUT/scan-bench.csv" \
     > "$OUT/scan-bench.txt" 2> "$OUT/scan-bench-progress.txt"; then
  pass "bench scan ($((SECONDS - t1)) s)"
else
  tail -20 "$OUT/scan-bench-progress.txt"
  fail "bench scan (log: $OUT/scan-bench-progress.txt)"
fi
# The rows that matter most: 2^28 int32 add.
grep -E "^scan +(memcpy|cub|lookback|tuned|large|sequential|threaded) .* 268435456 " "$OUT/scan-bench.txt" || true
python3 - "$OUT/scan-bench.json" <<'PY' || true
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
big = {r["variant"]: r for r in rows if r["n"] == 2**28 and r["backend"] == "cuda"}
if "lookback" in big and "cub" in big:
    lb = big["lookback"]
    print("lookback 2^28 int32 add: %.3f ms, %.2fx CUB, %.2fx memcpy (target >= 1.25x CUB)"
          % (lb["median_ms"], lb["ratio_ref"], lb["ratio_memcpy"]))
PY
echo "scan-cuda: $((SECONDS - t0)) s, $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status
