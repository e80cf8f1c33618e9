#!/usr/bin/env bash
# GPU check for compaction, radix sort and search: the GPU tests, compute-sanitizer
# (memcheck, racecheck, synccheck) on small runs of every new kernel, and the three
# benchmarks. Run from the repository root with BUILD (a build for sm_90) and OUT set.
set -u
BUILD=${BUILD:?set BUILD to a build folder}
OUT=${OUT:?set OUT to a results folder}
SW="$BUILD/scanworks"
mkdir -p "$OUT"
fails=0
pass() { echo "PASS csearch: $*"; }
fail() { echo "FAIL csearch: $*"; fails=$((fails + 1)); }

if timeout 150 ctest --test-dir "$BUILD" -L gpu -R 'csearch' --output-on-failure > "$OUT/csearch-ctest.log" 2>&1 &&
   grep -q '100% tests passed' "$OUT/csearch-ctest.log" && ! grep -q 'Skipped\|Not Run' "$OUT/csearch-ctest.log"; then
  pass "ctest -L gpu -R csearch"
else
  fail "ctest -L gpu -R csearch (see csearch-ctest.log)"; tail -20 "$OUT/csearch-ctest.log"
fi

# Small inputs for the sanitizer runs (each kernel, several tiles so that look-back runs).
tmp=$(mktemp -d)
python3 - "$tmp" <<'PY' || fail "could not write the sanitizer inputs"
import random, struct, sys
d = sys.argv[1]; r = random.Random(1)
def save(name, code, fmt, vals):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (code, len(vals))
    hdr += " " * (63 - (10 + len(hdr)) % 64) + "\n"
    with open(f"{d}/{name}.npy", "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
save("a", "<i4", "i", [r.randint(-1000, 999) for _ in range(50000)])
save("f", "|b1", "?", [r.random() < 0.5 for _ in range(50000)])
save("k", "<f4", "f", [r.random() - 0.5 for _ in range(40000)])
save("v", "<u4", "I", list(range(40000)))
save("s", "<u4", "I", sorted(r.randrange(1 << 30) for _ in range(70000)))
save("q", "<u4", "I", [r.randrange(1 << 30) for _ in range(3000)])
PY
runs=(
  "compute compact --backend cuda --algo single-pass --in $tmp/a.npy --keep gt:10 --out $tmp/o1.npy"
  "compute compact --backend cuda --algo flag-scan-scatter --in $tmp/a.npy --flags $tmp/f.npy --out $tmp/o2.npy"
  "compute sort --backend cuda --algo onesweep --in $tmp/k.npy --values $tmp/v.npy --out $tmp/o3.npy --out-values $tmp/o4.npy"
  "compute sort --backend cuda --algo split --in $tmp/k.npy --out $tmp/o5.npy"
  "compute search --backend cuda --algo sampled --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o6.npy"
  "compute search --backend cuda --algo pary --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o7.npy"
  "compute search --backend cuda --algo single-key --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o8.npy"
  "compute search --backend cuda --algo binary --keys $tmp/s.npy --in $tmp/q.npy --out $tmp/o9.npy"
)
for tool in memcheck racecheck synccheck; do
  ok=1
  for r in "${runs[@]}"; do
    if ! timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $SW $r >> "$OUT/csearch-sanitizer.log" 2>&1; then
      ok=0; echo "  $tool failed: scanworks $r"
    fi
  done
  if [ $ok = 1 ]; then pass "compute-sanitizer $tool"; else fail "compute-sanitizer $tool (see csearch-sanitizer.log)"; fi
done
# The CUDA results must equal the CPU backend's, file for file.
ok=1
for r in "${runs[@]}"; do
  cpu=$(echo "$r" | sed -e 's/--backend cuda/--backend cpu/' -e 's/--algo [a-z-]*//' -e 's/\(o[0-9]\)\.npy/\1-cpu.npy/g')
  $SW $cpu > /dev/null 2>&1 || { ok=0; echo "  cpu run failed: $cpu"; }
done
for i in 1 2 3 4 5 6 7 8 9; do cmp -s "$tmp/o$i.npy" "$tmp/o$i-cpu.npy" || { ok=0; echo "  o$i differs from the cpu backend"; }; done
[ $ok = 1 ] && pass "cuda compute results equal the cpu backend's" || fail "cuda compute results differ from the cpu backend's"
rm -rf "$tmp"

for b in compact sort search; do
  if timeout 120 $SW bench $b --reps 20 --json "$OUT/$b-bench.json" --plot "$OUT/$b-bench.svg" > "$OUT/$b-bench.txt" 2>&1 &&
     ! grep -q 'MISMATCH\|NOT SORTED' "$OUT/$b-bench.txt"; then
    pass "bench $b"; cat "$OUT/$b-bench.txt"
  else
    fail "bench $b (see $b-bench.txt)"; tail -30 "$OUT/$b-bench.txt"
  fi
done
[ $fails = 0 ] && echo "PASS csearch: all" || echo "FAIL csearch: $fails check(s) failed"
exit $((fails > 0))
