#!/usr/bin/env bash
# GPU check for stream compaction, and compute-sanitizer on the kernels of compaction,
# sort and search that the newer parts (sort.sh: onesweep; search.sh: tree) do not
# cover: the compaction tests (test_csearch_gpu, CSEARCH_TEST_ONLY=compact, every
# algorithm, and =compact-shapes, single-pass at every row of kernels/compact/tune.h,
# against the CPU), memcheck/racecheck/synccheck on small runs (several tiles, so
# look-back runs) of single-pass, flag-scan-scatter, split, pary, single-key and
# binary, every result against the cpu backend; the three tools again on every tune.h
# row (the shape part of the test at small sizes, CSEARCH_TEST_SMALL=1); and `bench
# compact --tune-sweep` at 2^24 and 2^28 beside CUB DeviceSelect::If
# ($OUT/compact-bench.{txt,json,svg}), ending in SUMMARY lines. About 80 s.
# Run from the repository root with BUILD (a build for sm_90) and OUT set.
set -u
PART=compact
. scripts/gpu-check.d/part.bash
export PATH="$PATH:/usr/local/cuda/bin"

# PART LIMIT LABEL: one part of the GPU test (CSEARCH_TEST_ONLY), LIMIT seconds.
for t in "compact 120 compaction" "compact-shapes 60 compaction tile shapes"; do
  set -- $t; part=$1 limit=$2; shift 2
  if CSEARCH_TEST_ONLY=$part timeout "$limit" "$BUILD/tests/test_csearch_gpu" > "$OUT/$part-test.log" 2>&1 &&
     grep -q 'all checks passed' "$OUT/$part-test.log"; then
    pass "test_csearch_gpu, $* part"
  else
    fail "test_csearch_gpu, $* part (see $part-test.log)"; tail -20 "$OUT/$part-test.log"
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY' || fail "could not write the sanitizer inputs"
import random, sys
sys.path.insert(0, "scripts/gpu-check.d")
from npy import save
d = sys.argv[1]; r = random.Random(1)
save(f"{d}/a.npy", "<i4", "i", [r.randint(-1000, 999) for _ in range(50000)])
save(f"{d}/f.npy", "|b1", "?", [r.random() < 0.5 for _ in range(50000)])
save(f"{d}/k.npy", "<f4", "f", [r.random() - 0.5 for _ in range(40000)])
save(f"{d}/v.npy", "<u4", "I", list(range(40000)))
save(f"{d}/s.npy", "<u4", "I", sorted(r.randrange(1 << 30) for _ in range(70000)))
save(f"{d}/q.npy", "<u4", "I", [r.randrange(1 << 30) for _ in range(3000)])
PY
runs=(
  "compute compact --backend cuda --algo single-pass --in $tmp/a.npy --keep gt:10 --out $tmp/o1.npy"
  "compute compact --backend cuda --algo flag-scan-scatter --in $tmp/a.npy --flags $tmp/f.npy --out $tmp/o2.npy"
  "compute sort --backend cuda --algo split --in $tmp/k.npy --values $tmp/v.npy --out $tmp/o3.npy --out-values $tmp/o4.npy"
  "compute sort --backend cuda --algo split --in $tmp/k.npy --out $tmp/o5.npy"
  "compute search --backend cuda --algo pary --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o7.npy"
  "compute search --backend cuda --algo single-key --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o8.npy"
  "compute search --backend cuda --algo binary --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o9.npy"
)
sanitize_runs "$OUT/compact-sanitizer.log" 60 "" "${runs[@]}"
# The CUDA results must equal the CPU backend's, file for file.
ok=1
for r in "${runs[@]}"; do
  cpu=$(echo "$r" | sed -e 's/--backend cuda/--backend cpu/' -e 's/--algo [a-z0-9-]*//' -e 's/\(o[0-9]\)\.npy/\1-cpu.npy/g')
  $SW $cpu > /dev/null 2>&1 || { ok=0; echo "  cpu run failed: $cpu"; }
done
for i in 1 2 3 4 5 7 8 9; do cmp -s "$tmp/o$i.npy" "$tmp/o$i-cpu.npy" || { ok=0; echo "  o$i differs from the cpu backend"; }; done
[ $ok = 1 ] && pass "cuda compute results equal the cpu backend's" || fail "cuda compute results differ from the cpu backend's"

# The tune.h rows under the three tools: every row, sizes up to 50000 (0, 1, one and
# two tiles +-1, 7919), one predicate and type per size, all of them across the sizes.
for tool in memcheck racecheck synccheck; do
  log="$OUT/compact-shapes-$tool.log"
  if CSEARCH_TEST_ONLY=compact-shapes CSEARCH_TEST_SMALL=1 timeout 40 compute-sanitizer --tool "$tool" \
       --error-exitcode 9 "$BUILD/tests/test_csearch_gpu" > "$log" 2>&1 && grep -q 'all checks passed' "$log"; then
    pass "compute-sanitizer $tool, single-pass at every tune.h row"
  else
    fail "compute-sanitizer $tool, tune.h rows (see $(basename "$log"))"; tail -5 "$log"
  fi
done

# Every row (CUB, each algorithm, each tune.h row) is checked against the CPU before
# it is timed; 10 reps per row keep the sweep under a minute.
if timeout 100 $SW bench compact --n 2^24,2^28 --reps 10 --tune-sweep --json "$OUT/compact-bench.json" \
     --plot "$OUT/compact-bench.svg" > "$OUT/compact-bench.txt" 2>&1 && ! grep -q 'MISMATCH' "$OUT/compact-bench.txt"; then
  pass "bench compact"; grep -E "^compact" "$OUT/compact-bench.txt"
else
  fail "bench compact (see compact-bench.txt)"; tail -20 "$OUT/compact-bench.txt"
fi
# SUMMARY: per size, single-pass (and each tune.h row) against CUB in the same run; at
# 2^28 against the time before the cut (0.492 ms).
python3 - "$OUT/compact-bench.json" <<'PY' || true
import json, sys
try:
    rows = json.load(open(sys.argv[1]))["rows"]
except Exception as e:
    print("NOTE compact: no results (%s)" % e); sys.exit(0)
for n in sorted({r["n"] for r in rows}):
    at = {r["variant"]: r["median_ms"] for r in rows if r["n"] == n}
    cub = at.get("cub")
    size = "2^%d" % (n.bit_length() - 1) if n & (n - 1) == 0 else str(n)
    for v in sorted(v for v in at if v.startswith("single-pass") or v == "flag-scan-scatter"):
        extra = ""
        if v == "single-pass" and n == 2**28:
            extra = "; before the cut 0.492 ms: %+.1f%% (within 2%%: %s)" % (100 * (at[v] / 0.492 - 1), at[v] <= 0.492 * 1.02)
        print("SUMMARY compact %s int32 keep>0: %-20s %.4f ms%s%s" % (
            size, v, at[v], " = %.2fx CUB (%.4f)" % (cub / at[v], cub) if cub else "", extra))
PY
part_end
