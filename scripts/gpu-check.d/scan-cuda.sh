#!/usr/bin/env bash
# CUDA scan on the GPU machine: the scan tests (small lengths: every algorithm, type,
# operator and look-back configuration; then the 2^28+3 cases, the pipelined,
# bulk-copy, warp-specialized and register-path configurations included),
# compute-sanitizer (memcheck, racecheck, synccheck; racecheck without the
# warp-specialized and register-path kernels, whose handovers between warps it cannot
# follow) on the
# pipelined, bulk-copy, warp-specialized and register-path look-back and the
# benchmark's copy floors (SCANWORKS_TEST_SMEM_ONLY=1, small lengths, grids of 1..3
# blocks) and the pipelined compaction (grids of 1..3 blocks against the CPU backend),
# the look-back sweep (every shape and option at 2^25 and 2^28, beside CUB, memcpy and
# the copy floors: $OUT/scan-sweep.{txt,json,csv}), `bench compact` at 2^28
# (single-pass, old and new, beside CUB: $OUT/compact-bench.{txt,json}) and SUMMARY
# lines; then, while time is left, the compaction part of the csearch GPU test. About
# 215-285 s (the 2^28+3 tests alone ~140 s); every step has a timeout. Logs of failed steps
# are copied into $OUT.
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

# 1. Tests (the whole ctest run takes over 200 s on the H200, so in parts):
#    a. SCANWORKS_TEST_SMALL=1: every algorithm and look-back configuration, lengths
#       under 10000 plus the pipelined grids of 1..3 blocks at 70001 (about 5 s);
#    b. SCANWORKS_TEST_LARGE_ONLY=1: 2^28+3 elements (lookback, tuned, large, every
#       pipelined configuration of the sweep);
#    (the compaction's GPU test runs in step 5, after the benchmarks.)
run_test() {   # NAME LOG LIMIT ENV=... timeout LIMIT BINARY
  local name=$1 log=$2 limit=$3 t1=$SECONDS rc
  shift 3
  env "$@" > "$log" 2>&1 < /dev/null
  rc=$?
  if [ $rc = 0 ] && ! grep -q "SKIPPED" "$log"; then
    pass "$name ($((SECONDS - t1)) s)"
  else
    keep "$log"
    fail "$name (exit $rc$([ $rc = 124 ] && echo ", over ${limit} s"); log: $OUT/$(basename "$log"))"
  fi
}
run_test "tests, small lengths" "$logs/scan-cuda-test-small.txt" 60 \
  SCANWORKS_TEST_SMALL=1 timeout 60 "$BUILD/tests/test_scan_cuda"
run_test "tests, 2^28+3 elements" "$logs/scan-cuda-test-large.txt" 240 \
  SCANWORKS_TEST_LARGE_ONLY=1 timeout 240 stdbuf -oL "$BUILD/tests/test_scan_cuda"

# 2. compute-sanitizer on the newer kernels (SCANWORKS_TEST_SMEM_ONLY=1: floor-bulk, lengths
#    <= 1000003, then the bulk-copy and pipelined configurations, lengths <= 70001, grids of
#    1..3 blocks).
if command -v compute-sanitizer > /dev/null; then
  for tool in memcheck racecheck synccheck; do
    t1=$SECONDS
    log="$logs/scan-cuda-$tool.txt"
    # racecheck follows neither mbarrier waits (the warp-specialized kernels) nor a
    # bar.arrive -> bar.sync pair on a named barrier (the register-path kernel, whose
    # ordering PTX guarantees: "prior memory accesses requested by this thread are
    # performed relative to all threads participating in the barrier"), so it would
    # report every handover between their warps.
    no_ws=0
    if [ "$tool" = racecheck ]; then
      no_ws=1
      echo "NOTE: scan-cuda racecheck leaves out the warp-specialized and register-path kernels" \
           "(memcheck and synccheck cover them)"
    fi
    if SCANWORKS_TEST_NO_WS=$no_ws SCANWORKS_TEST_SMEM_ONLY=1 timeout 150 \
         compute-sanitizer --tool "$tool" --error-exitcode 3 \
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

# 2b. compute-sanitizer on the pipelined compaction: 50000 elements (13 tiles) on a
#     grid of 2 blocks (each loops over several tiles; the ring wraps), kept by value
#     and by flags, outputs compared with the CPU backend's.
if command -v compute-sanitizer > /dev/null; then
  tmp=$(mktemp -d)
  timeout 20 python3 - "$tmp" <<'PY' || fail "could not write the compaction inputs"
import random, sys
sys.path.insert(0, "scripts/gpu-check.d")
from npy import save
r = random.Random(7)
save("%s/a.npy" % sys.argv[1], "<i4", "i", [r.randint(-1000, 999) for _ in range(50000)])
save("%s/f.npy" % sys.argv[1], "|b1", "?", [r.random() < 0.3 for _ in range(50000)])
PY
  runs=("--in $tmp/a.npy --keep gt:10 --out $tmp/o1" "--in $tmp/a.npy --flags $tmp/f.npy --out $tmp/o2")
  for tool in memcheck racecheck synccheck; do
    t1=$SECONDS
    ok=1
    for r in "${runs[@]}"; do
      SCANWORKS_COMPACT_PIPE_GRID=2 timeout 30 compute-sanitizer --tool $tool --error-exitcode 9 \
        "$BUILD/scanworks" compute compact --backend cuda --algo single-pass-pipe $r-$tool.npy \
        >> "$logs/compact-sanitizer.txt" 2>&1 || ok=0
    done
    if [ $ok = 1 ]; then pass "compute-sanitizer $tool single-pass-pipe compaction ($((SECONDS - t1)) s)"
    else keep "$logs/compact-sanitizer.txt"; fail "compute-sanitizer $tool single-pass-pipe compaction"; fi
  done
  ok=1
  for i in 1 2; do
    r=${runs[$((i - 1))]}
    timeout 20 "$BUILD/scanworks" compute compact --backend cpu $r-cpu.npy > /dev/null 2>&1 || ok=0
    for g in 1 3; do
      SCANWORKS_COMPACT_PIPE_GRID=$g timeout 20 "$BUILD/scanworks" compute compact --backend cuda \
        --algo single-pass-pipe $r-g$g.npy > /dev/null 2>&1 || ok=0
    done
    for tool in memcheck racecheck synccheck g1 g3; do cmp -s "$tmp/o$i-$tool.npy" "$tmp/o$i-cpu.npy" || ok=0; done
  done
  if [ $ok = 1 ]; then pass "single-pass-pipe compaction on 1, 2 and 3 blocks equals the cpu backend"
  else fail "single-pass-pipe compaction on 1, 2 and 3 blocks differs from the cpu backend"; fi
  rm -rf "$tmp"
fi

# 3. Look-back sweep: every compiled shape and option (kernels/scan/scan_lookback_run.cuh)
#    at 2^25 and 2^28, each checked against the CPU scan before it is timed; memcpy
#    and floor-bulk (the 128x48 bulk scan's tile traffic, no scan) checked against the
#    input.
t1=$SECONDS
log="$logs/scan-sweep-progress.txt"
if timeout 90 "$BUILD/scanworks" bench scan --sizes 2^25,2^28 --type int32 --op add --reps 30 --no-gl \
     --lookback-sweep --json "$OUT/scan-sweep.json" --csv "$OUT/scan-sweep.csv" > "$OUT/scan-sweep.txt" 2> "$log"; then
  pass "bench scan --lookback-sweep ($((SECONDS - t1)) s; table: $OUT/scan-sweep.txt)"
else
  keep "$log"
  fail "bench scan --lookback-sweep (log: $OUT/$(basename "$log"))"
fi

# 4. Compaction at 2^28: single-pass (the default), single-pass-pipe (new), single-pass-tile
#    (old), flag-scan-scatter, CUB.
t1=$SECONDS
log="$logs/compact-bench-progress.txt"
if timeout 45 "$BUILD/scanworks" bench compact --n 2^28 --reps 20 --json "$OUT/compact-bench.json" \
     > "$OUT/compact-bench.txt" 2> "$log"; then
  pass "bench compact ($((SECONDS - t1)) s; table: $OUT/compact-bench.txt)"
else
  keep "$log"
  fail "bench compact (log: $OUT/$(basename "$log"))"
fi

timeout 20 python3 - "$OUT/scan-sweep.json" "$OUT/compact-bench.json" <<'PY' || true
import json, os, sys
sweep, comp = sys.argv[1:3]
if os.path.exists(sweep):
    rows = [r for r in json.load(open(sweep))["rows"] if r["backend"] == "cuda"]
    for n in (2**25, 2**28):
        at = {r["variant"]: r["median_ms"] for r in rows if r["n"] == n}
        refs = [ms for v, ms in at.items() if v.startswith("cub-")]   # CUB at its best offset type
        if refs: at.setdefault("cub", min(refs))
        if "cub" not in at or "memcpy" not in at: continue
        cub, mem = at["cub"], at["memcpy"]
        lbs = sorted((ms, v) for v, ms in at.items() if v.startswith("lookback"))
        if not lbs: continue
        print("look-back sweep, n=2^%d (median ms, x CUB, x memcpy):" % (n.bit_length() - 1))
        for ms, v in lbs:
            print("  %-30s %8.4f  %5.2fx  %5.2fx" % (v, ms, cub / ms, mem / ms))
        def best(pred):
            c = [(ms, v) for ms, v in lbs if pred(v)]
            return c[0] if c else None
        ws, bulk, pipe = best(lambda v: "-ws" in v), best(lambda v: "bulk" in v), best(lambda v: "pipe" in v)
        rp = best(lambda v: "-rp" in v)
        old = best(lambda v: all(k not in v for k in ("pipe", "bulk", "-ws", "-rp")) and v != "lookback")
        fmt = lambda b: "%s %.4f ms = %.2fx CUB, %.2fx memcpy" % (b[1], b[0], cub / b[0], mem / b[0]) if b else "n/a"
        d = at.get("lookback")
        print("SUMMARY scan 2^%d int32 add: register path best %s; warp-specialized best %s; bulk copy best %s;"
              " pipelined best %s; register tiles best %s; default lookback %s; cub %.4f, memcpy %.4f ms"
              " (target >= 1.25x CUB)"
              % (n.bit_length() - 1, fmt(rp), fmt(ws), fmt(bulk), fmt(pipe), fmt(old),
                 "%.4f ms = %.2fx CUB" % (d, cub / d) if d else "n/a", cub, mem))
        f = at.get("floor-bulk")
        if f: print("SUMMARY scan 2^%d int32 floor-bulk (128x48 bulk tile traffic, no scan) %.4f ms = %.2fx memcpy;"
                    " memcpy %.4f ms; default lookback %s; cub %.4f ms" % (n.bit_length() - 1, f, mem / f, mem,
                    "%.4f ms = %.2fx the floor's time" % (d, d / f) if d else "n/a", cub))
        r = at.get("floor-regs")
        if r and d: print("SUMMARY scan 2^%d int32 floor-regs (register-path tile traffic, no scan)"
                          " %.4f ms = %.2fx memcpy; default lookback %.4f ms = %.2fx the register floor's time"
                          % (n.bit_length() - 1, r, mem / r, d, d / r))
        floors = sorted((ms, v) for v, ms in at.items() if v.startswith("floor-"))
        if floors: print("SUMMARY scan 2^%d int32 copy floors: %s" % (n.bit_length() - 1, ", ".join(
                         "%s %.4f ms = %.2fx memcpy" % (v, ms, mem / ms) for ms, v in floors)))
if os.path.exists(comp):
    at = {r["variant"]: r["median_ms"] for r in json.load(open(comp))["rows"] if r["n"] == 2**28}
    print("compaction 2^28 int32 keep > 0 (median ms): " +
          ", ".join("%s %.4f" % kv for kv in sorted(at.items(), key=lambda kv: kv[1])))
    cub = at.get("cub")
    for v, what in (("single-pass-pipe", "new"), ("single-pass-tile", "old"), ("single-pass", "default")):
        if v in at and cub:
            print("SUMMARY compact 2^28 int32 (%s) %s %.4f ms = %.2fx CUB (cub %.4f ms; target >= 1.0x)"
                  % (what, v, at[v], cub / at[v], cub))
PY

# 5. The compaction part of the csearch GPU test (CSEARCH_TEST_ONLY=compact: every
#    compaction algorithm, single-pass-pipe included, on awkward sizes up to 2^24+3,
#    against the CPU) when under 100 s so far; csearch.sh runs it in any case.
if [ $((SECONDS - t0)) -lt 100 ] && [ -x "$BUILD/tests/test_csearch_gpu" ]; then
  run_test "compaction tests (every algorithm, awkward sizes)" "$logs/scan-cuda-test-compact.txt" 40 \
    CSEARCH_TEST_ONLY=compact timeout 40 "$BUILD/tests/test_csearch_gpu"
else
  echo "NOTE: scan-cuda compaction tests left to csearch.sh ($((SECONDS - t0)) s so far, or not built)"
fi

# 6. Nsight Compute (only when under 90 s so far) on the pipelined look-back (256x32,
#    2 stages, as "lookback" through SCANWORKS_LOOKBACK_CONFIG) and CUB's scan kernel
#    at 2^26 (speed of light, occupancy, warp stall reasons, memory): why the gap.
#    Optional: a missing ncu or profiling permission prints a NOTE, not a FAIL.
t1=$SECONDS
ncu_bin=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2> /dev/null || true)
if [ -n "$ncu_bin" ] && [ $((SECONDS - t0)) -lt 90 ] &&
   timeout 30 "$ncu_bin" --section SpeedOfLight --section Occupancy --section LaunchStats \
     --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis \
     -k regex:"lookback_pipe_kernel|DeviceScanKernel" --launch-skip 5 --launch-count 4 \
     env SCANWORKS_LOOKBACK_CONFIG=256x32,pipe,s2,cs "$BUILD/scanworks" bench scan --sizes 2^26 --reps 1 --no-gl \
     > "$OUT/scan-ncu.txt" 2>&1; then
  echo "NOTE: scan-cuda ncu report in $OUT/scan-ncu.txt ($((SECONDS - t1)) s)"
  grep -E "^  [a-zA-Z_:<>]+.*(lookback_pipe_kernel|DeviceScanKernel)|Memory Throughput|DRAM Throughput|Achieved Occupancy|Registers Per|Duration|Warp Cycles Per Issued" \
    "$OUT/scan-ncu.txt" | head -60 || true
else
  echo "NOTE: scan-cuda ncu not run or failed (see $OUT/scan-ncu.txt if present)"
fi
rm -rf "$logs"
echo "scan-cuda: $((SECONDS - t0)) s, $([ $status = 0 ] && echo PASS || echo FAIL)"
exit $status
