#!/usr/bin/env bash
# GPU check for the radix sort: the sort part of the GPU test (every onesweep-v2
# configuration of the sweep included), compute-sanitizer (memcheck, racecheck,
# synccheck) on small sorts with onesweep-v2 in its default configuration (keys and
# pairs, every key type) and in two new ones, and bench sort --onesweep-sweep at 2^24
# and 2^28 (every configuration, keys and pairs, and the histogram step alone) beside
# onesweep-v1 and CUB. Run from the repository root with BUILD (a build for sm_90) and
# OUT set.
set -u
BUILD=${BUILD:?set BUILD to a build folder}
OUT=${OUT:?set OUT to a results folder}
SW="$BUILD/scanworks"
mkdir -p "$OUT"
fails=0
pass() { echo "PASS sort: $*"; }
fail() { echo "FAIL sort: $*"; fails=$((fails + 1)); }

t0=$SECONDS
if CSEARCH_TEST_ONLY=sort timeout 75 ctest --test-dir "$BUILD" -L gpu -R 'csearch_gpu' --output-on-failure \
     > "$OUT/sort-ctest.log" 2>&1 &&
   grep -q '100% tests passed' "$OUT/sort-ctest.log" && ! grep -q 'Skipped\|Not Run' "$OUT/sort-ctest.log"; then
  pass "ctest -L gpu -R csearch_gpu (sort part: every algorithm and onesweep-v2 configuration, key type, distribution, pairs; $((SECONDS - t0)) s)"
else
  fail "ctest -L gpu -R csearch_gpu, sort part (see sort-ctest.log)"; tail -20 "$OUT/sort-ctest.log"
fi

# Small inputs for the sanitizer runs: several 6,144-key tiles, so that look-back runs,
# and a partial last tile.
tmp=$(mktemp -d)
timeout 30 python3 - "$tmp" <<'PY' || fail "could not write the sanitizer inputs"
import random, sys
sys.path.insert(0, "scripts/gpu-check.d")
from npy import save
d = sys.argv[1]; r = random.Random(7)
n = 30001
save(f"{d}/u.npy", "<u4", "I", [r.randrange(1 << 32) for _ in range(n)])
save(f"{d}/i.npy", "<i4", "i", [r.randint(-5000, 5000) for _ in range(n)])
fl = [r.random() - 0.5 for _ in range(n)]
fl[5], fl[6], fl[7] = float("nan"), -0.0, 0.0
save(f"{d}/f.npy", "<f4", "f", fl)
save(f"{d}/v.npy", "<u4", "I", list(range(n)))
PY
runs=(
  "--in $tmp/u.npy --values $tmp/v.npy --out $tmp/o1.npy --out-values $tmp/o2.npy"
  "--in $tmp/i.npy --out $tmp/o3.npy"
  "--in $tmp/f.npy --values $tmp/v.npy --out $tmp/o4.npy --out-values $tmp/o5.npy"
)
# Two new configurations besides the default (all three inputs): 384 x 20, the largest
# tile that keeps three blocks per SM for keys, with the widest look-back (keys and
# pairs), and 512 x 16 (over 48 KB of dynamic shared memory) with streaming loads and
# packed-digit pairs (pairs only, to stay in time). The last runs' outputs are compared
# with the cpu backend's below.
new_configs=(384-20-w8 512-16-cs-pk)
t0=$SECONDS
for tool in memcheck racecheck synccheck; do
  ok=1
  for r in "${runs[@]}"; do
    if ! timeout 30 compute-sanitizer --tool $tool --error-exitcode 9 $SW compute sort --backend cuda \
         --algo onesweep-v2 $r >> "$OUT/sort-sanitizer.log" 2>&1; then
      ok=0; echo "  $tool failed: scanworks compute sort --algo onesweep-v2 $r"
    fi
  done
  for cfg in "${new_configs[@]}"; do
    for r in "${runs[1]}" "${runs[0]}"; do
      [ "$cfg" = 512-16-cs-pk ] && [ "$r" = "${runs[1]}" ] && continue   # its pairs kernel only: time
      if ! SCANWORKS_ONESWEEP_CONFIG=$cfg timeout 30 compute-sanitizer --tool $tool --error-exitcode 9 $SW compute sort \
           --backend cuda --algo onesweep-v2 $r >> "$OUT/sort-sanitizer.log" 2>&1; then
        ok=0; echo "  $tool failed: SCANWORKS_ONESWEEP_CONFIG=$cfg scanworks compute sort --algo onesweep-v2 $r"
      fi
    done
  done
  if [ $ok = 1 ]; then pass "compute-sanitizer $tool (onesweep-v2: default, ${new_configs[*]})"
  else fail "compute-sanitizer $tool (see sort-sanitizer.log)"; fi
done
echo "  sanitizer runs: $((SECONDS - t0)) s"
# The sanitizer runs' results must equal the CPU backend's, file for file.
ok=1
for r in "${runs[@]}"; do
  cpu=$(echo "$r" | sed -e 's/\(o[0-9]\)\.npy/\1-cpu.npy/g')
  timeout 20 $SW compute sort --backend cpu $cpu > /dev/null 2>&1 || { ok=0; echo "  cpu run failed: $cpu"; }
done
for i in 1 2 3 4 5; do cmp -s "$tmp/o$i.npy" "$tmp/o$i-cpu.npy" || { ok=0; echo "  o$i differs from the cpu backend"; }; done
[ $ok = 1 ] && pass "onesweep-v2 compute results equal the cpu backend's" || fail "onesweep-v2 results differ from the cpu backend's"
rm -rf "$tmp"

t0=$SECONDS
if timeout 120 $SW bench sort --onesweep-sweep --n 2^24,2^28 --reps 12 --json "$OUT/sort-bench.json" \
     > "$OUT/sort-bench.txt" 2>&1 &&
   ! grep -q 'MISMATCH\|NOT SORTED' "$OUT/sort-bench.txt"; then
  pass "bench sort --onesweep-sweep ($((SECONDS - t0)) s)"; cat "$OUT/sort-bench.txt"
else
  fail "bench sort (see sort-bench.txt)"; tail -30 "$OUT/sort-bench.txt"
fi
# SUMMARY: median ms of onesweep-v2 today (default), the best sweep configuration,
# onesweep-v1 (old) and CUB, with ratios; then every configuration at the largest size,
# and the histogram step alone (a pass then costs about (total - histogram) / 4).
[ -s "$OUT/sort-bench.json" ] && timeout 20 python3 - "$OUT/sort-bench.json" <<'PY'
import json, math, sys
rows = json.load(open(sys.argv[1]))["rows"]
ms = {(r["op"], r["n"], r["variant"]): r["median_ms"] for r in rows}
bad = {(r["op"], r["n"], r["variant"]) for r in rows if "MISMATCH" in r.get("note", "")}
f = lambda x: "%.3f ms" % x if x else "n/a"
r = lambda a, b: "%.2fx" % (a / b) if a and b else "n/a"
ops = sorted({(r["op"], r["n"]) for r in rows}, key=lambda x: (x[1], x[0]))
for op, n in ops:
    g = lambda v: ms.get((op, n, v))
    new, old, cub, cp = g("onesweep-v2"), g("onesweep-v1"), g("cub"), g("memcpy")
    cfgs = {v: t for (o, m, v), t in ms.items() if o == op and m == n and v.startswith("onesweep-v2-")
            and v != "onesweep-v2-hist" and (o, m, v) not in bad}
    best = min(cfgs, key=cfgs.get) if cfgs else None
    bt = cfgs.get(best)
    print("SUMMARY sort %s n=2^%d: best %s %s, onesweep-v2 today %s, old onesweep-v1 %s, CUB %s, memcpy %s; "
          "speed vs CUB: best %s, today %s, old %s; best vs today %s" % (
              op, round(math.log2(n)), best, f(bt), f(new), f(old), f(cub), f(cp), r(cub, bt), r(cub, new),
              r(cub, old), r(new, bt)))
    h = g("onesweep-v2-hist")
    if h and new:
        print("SUMMARY sort %s n=2^%d: histogram step %s (%.0f%% of today's sort), so one digit pass ~%.3f ms today"
              % (op, round(math.log2(n)), f(h), 100 * h / new, (new - h) / 4))
nmax = max(n for _, n in ops)
for op in ("sort-keys", "sort-pairs"):
    cub = ms.get((op, nmax, "cub"))
    line = sorted((t, v) for (o, m, v), t in ms.items() if o == op and m == nmax and v.startswith("onesweep-v2-")
                  and v != "onesweep-v2-hist")
    if line:
        print("SUMMARY sort %s n=2^%d sweep (ms, vs CUB): %s" % (op, round(math.log2(nmax)), "; ".join(
            "%s %.3f %s%s" % (v[12:], t, r(cub, t), " MISMATCH" if (op, nmax, v) in bad else "") for t, v in line)))
PY
[ $fails = 0 ] && echo "PASS sort: all" || echo "FAIL sort: $fails check(s) failed"
exit $((fails > 0))
