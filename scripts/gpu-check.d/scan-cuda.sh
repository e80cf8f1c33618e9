#!/usr/bin/env bash
# CUDA scan on the GPU machine: the gpu-labelled scan tests, compute-sanitizer
# (memcheck, racecheck, synccheck) on a small run of every scan kernel, and the scan
# benchmark 2^10..2^28 into $OUT/scan-bench.json and $OUT/scan-bench.svg (its table
# goes to stdout). About 2-3 minutes. Logs of failed steps are copied into $OUT.
# Run from the repository root with BUILD (an sm_90 build) and OUT set.
set -uo pipefail
: "${BUILD:?set BUILD to the build folder}" "${OUT:?set OUT to the results folder}"
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"   # compute-sanitizer
logs=$(mktemp -d)
status=0
pass() { echo "PASS: scan-cuda $*"; }
fail() { echo "FAIL: scan-cuda $*"; status=1; }
keep() { tail -30 "$1"; cp "$1" "$OUT/"; }
t0=$SECONDS

# 1. Tests: every variant x type x op x kind on awkward sizes, 2^28+3, > 2^31.
log="$logs/scan-cuda-ctest.txt"
if ctest --test-dir "$BUILD" -L gpu -R scan_cuda --output-on-failure > "$log" 2>&1 &&
   grep -qE "100% tests passed|tests passed, 0 tests failed" "$log" && ! grep -q "Skipped\|Not Run" "$log"; then
  pass "tests ($((SECONDS - t0)) s)"
else
  keep "$log"
  fail "tests (log: $OUT/$(basename "$log"))"
fi

# 2. compute-sanitizer on the small run (SCANWORKS_TEST_SMALL=1: lengths < 10000).
if command -v compute-sanitizer > /dev/null; then
  for tool in memcheck racecheck synccheck; do
    t1=$SECONDS
    log="$logs/scan-cuda-$tool.txt"
    if SCANWORKS_TEST_SMALL=1 timeout 90 compute-sanitizer --tool "$tool" --error-exitcode 3 \
         "$BUILD/tests/test_scan_cuda" > "$log" 2>&1 &&
       grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$log"; then
      pass "compute-sanitizer $tool ($((SECONDS - t1)) s)"
    else
      keep "$log"
      fail "compute-sanitizer $tool (log: $OUT/$(basename "$log"))"
    fi
  done
else
  fail "compute-sanitizer not found on PATH"
fi

# 3. Benchmark (every output checked against the CPU scan first; MISMATCH exits 1).
t1=$SECONDS
log="$logs/scan-bench-progress.txt"
if "$BUILD/scanworks" bench scan --sizes 2^10..2^28 --type int32 --op add \
     --json "$OUT/scan-bench.json" --plot "$OUT/scan-bench.svg" 2> "$log"; then
  pass "bench scan ($((SECONDS - t1)) s)"
else
  keep "$log"
  fail "bench scan (log: $OUT/$(basename "$log"))"
fi
python3 - "$OUT/scan-bench.json" <<'PY' || true
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
big = {r["variant"]: r for r in rows if r["n"] == 2**28 and r["backend"] == "cuda"}
if "lookback" in big and "cub" in big:
    lb = big["lookback"]
    print("lookback 2^28 int32 add: %.3f ms, %.2fx CUB, %.2fx memcpy (target >= 1.25x CUB)"
          % (lb["median_ms"], lb["ratio_ref"], lb["ratio_memcpy"]))
PY
rm -rf "$logs"
echo "scan-cuda: $((SECONDS - t0)) s, $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status
