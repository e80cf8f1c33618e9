#!/usr/bin/env bash
# GPU check for stream compaction, and compute-sanitizer on the kernels of compaction,
# sort and search that the newer parts (sort.sh: onesweep-v2; search.sh: tree) do not
# cover: the compaction tests (test_csearch_gpu, CSEARCH_TEST_ONLY=compact),
# memcheck/racecheck/synccheck on small runs (several tiles, so look-back runs) of
# single-pass-tile, flag-scan-scatter, onesweep-v1, split, sampled, pary, single-key and
# binary, every result against the cpu backend, and `bench compact` at 2^24 and 2^28
# beside CUB DeviceSelect::If ($OUT/compact-bench.{txt,json,svg}). About 60 s.
# Run from the repository root with BUILD (a build for sm_90) and OUT set.
set -u
BUILD=${BUILD:?set BUILD to a build folder}
OUT=${OUT:?set OUT to a results folder}
SW="$BUILD/scanworks"
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
fails=0
pass() { echo "PASS compact: $*"; }
fail() { echo "FAIL compact: $*"; fails=$((fails + 1)); }
. scripts/gpu-check.d/sanitize.bash

if CSEARCH_TEST_ONLY=compact timeout 120 "$BUILD/tests/test_csearch_gpu" > "$OUT/compact-test.log" 2>&1 &&
   grep -q 'all checks passed' "$OUT/compact-test.log"; then
  pass "test_csearch_gpu, compaction part"
else
  fail "test_csearch_gpu, compaction part (see compact-test.log)"; tail -20 "$OUT/compact-test.log"
fi

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
  "compute compact --backend cuda --algo single-pass-tile --in $tmp/a.npy --keep gt:10 --out $tmp/o1.npy"
  "compute compact --backend cuda --algo flag-scan-scatter --in $tmp/a.npy --flags $tmp/f.npy --out $tmp/o2.npy"
  "compute sort --backend cuda --algo onesweep-v1 --in $tmp/k.npy --values $tmp/v.npy --out $tmp/o3.npy --out-values $tmp/o4.npy"
  "compute sort --backend cuda --algo split --in $tmp/k.npy --out $tmp/o5.npy"
  "compute search --backend cuda --algo sampled --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o6.npy"
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
for i in 1 2 3 4 5 6 7 8 9; do cmp -s "$tmp/o$i.npy" "$tmp/o$i-cpu.npy" || { ok=0; echo "  o$i differs from the cpu backend"; }; done
[ $ok = 1 ] && pass "cuda compute results equal the cpu backend's" || fail "cuda compute results differ from the cpu backend's"

if timeout 90 $SW bench compact --n 2^24,2^28 --reps 20 --json "$OUT/compact-bench.json" --plot "$OUT/compact-bench.svg" \
     > "$OUT/compact-bench.txt" 2>&1 && ! grep -q 'MISMATCH' "$OUT/compact-bench.txt"; then
  pass "bench compact"; grep -E "^compact" "$OUT/compact-bench.txt"
else
  fail "bench compact (see compact-bench.txt)"; tail -20 "$OUT/compact-bench.txt"
fi
[ $fails = 0 ] && echo "PASS compact: all" || echo "FAIL compact: $fails check(s) failed"
exit $((fails > 0))
