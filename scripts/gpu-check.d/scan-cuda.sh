#!/usr/bin/env bash
# CUDA scan on the GPU machine: the gpu-labelled scan tests, compute-sanitizer
# (memcheck, racecheck, synccheck) on a small run of every scan kernel, and the scan
# benchmark 2^10..2^28 into $OUT/scan-bench.json and $OUT/scan-bench.svg (its table
# goes to stdout), then the look-back sweep (every shape and option at 2^25 and 2^28:
# $OUT/scan-sweep.{txt,json,csv}) and SUMMARY lines (best configuration, x CUB,
# x memcpy). About 2.5 minutes. Logs of failed steps are copied into $OUT.
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

# 4. Look-back sweep: every compiled shape and option (kernels/scan_lookback_run.cuh)
#    at 2^25 and 2^28, each checked against the CPU scan before it is timed.
t1=$SECONDS
log="$logs/scan-sweep-progress.txt"
if timeout 120 "$BUILD/scanworks" bench scan --sizes 2^25,2^28 --type int32 --op add --reps 40 --no-gl \
     --lookback-sweep --json "$OUT/scan-sweep.json" --csv "$OUT/scan-sweep.csv" > "$OUT/scan-sweep.txt" 2> "$log"; then
  pass "bench scan --lookback-sweep ($((SECONDS - t1)) s; table: $OUT/scan-sweep.txt)"
else
  keep "$log"
  fail "bench scan --lookback-sweep (log: $OUT/$(basename "$log"))"
fi
python3 - "$OUT/scan-bench.json" "$OUT/scan-sweep.json" <<'PY' || true
import json, os, sys
def rows(path):
    if not os.path.exists(path): return []
    return [r for r in json.load(open(path))["rows"] if r["backend"] == "cuda"]
for path in sys.argv[1:]:
    for n in (2**25, 2**28):
        at = {r["variant"]: r["median_ms"] for r in rows(path) if r["n"] == n}
        if "cub" not in at or "memcpy" not in at: continue
        cub, mem = at["cub"], at["memcpy"]
        lbs = sorted((ms, v) for v, ms in at.items() if v.startswith("lookback"))
        if not lbs: continue
        if path.endswith("scan-sweep.json"):
            print("look-back sweep, n=2^%d (median ms, x CUB, x memcpy):" % (n.bit_length() - 1))
            for ms, v in lbs:
                print("  %-28s %8.4f  %5.2fx  %5.2fx" % (v, ms, cub / ms, mem / ms))
        ms, v = lbs[0]
        d = at.get("lookback")
        print("SUMMARY scan 2^%d int32 add (%s): best %s %.4f ms = %.2fx CUB (target >= 1.25x), %.2fx memcpy;"
              " default lookback %s; cub %.4f, memcpy %.4f ms"
              % (n.bit_length() - 1, os.path.basename(path), v, ms, cub / ms, mem / ms,
                 "%.4f ms = %.2fx CUB" % (d, cub / d) if d else "n/a", cub, mem))
PY

# 5. Nsight Compute on the default look-back and CUB's scan kernel at 2^26 (speed of
#    light, occupancy, warp stall reasons, memory): why the gap. Optional: a missing
#    ncu or profiling permission prints a NOTE, not a FAIL.
t1=$SECONDS
ncu_bin=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2> /dev/null || true)
if [ -n "$ncu_bin" ] &&
   timeout 45 "$ncu_bin" --section SpeedOfLight --section Occupancy --section LaunchStats \
     --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
     -k regex:"lookback_scan_kernel|DeviceScanKernel" --launch-skip 5 --launch-count 4 \
     "$BUILD/scanworks" bench scan --sizes 2^26 --reps 1 --no-gl > "$OUT/scan-ncu.txt" 2>&1; then
  echo "NOTE: scan-cuda ncu report in $OUT/scan-ncu.txt ($((SECONDS - t1)) s)"
  grep -E "^  [a-zA-Z_:<>]+.*(lookback_scan_kernel|DeviceScanKernel)|Memory Throughput|DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Warp Cycles Per Issued" \
    "$OUT/scan-ncu.txt" | head -60 || true
else
  echo "NOTE: scan-cuda ncu not run or failed (see $OUT/scan-ncu.txt if present)"
fi
rm -rf "$logs"
echo "scan-cuda: $((SECONDS - t0)) s, $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status
