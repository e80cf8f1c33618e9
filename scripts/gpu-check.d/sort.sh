#!/usr/bin/env bash
# GPU check for the radix sort: the sort part of the GPU test (every onesweep-v2 tile
# shape too), compute-sanitizer (memcheck, racecheck, synccheck) on small sorts with
# onesweep-v2 (keys and pairs, every key type; each other tile shape through
# SCANWORKS_SORT_TILE), and bench sort at 2^28 with both onesweep versions and every
# onesweep-v2 shape beside CUB. Run from the repository root with BUILD (a build for
# sm_90) and OUT set.
set -u
PART=sort
. scripts/gpu-check.d/part.bash

# onesweep-v2's other tile shapes (kernels/sort/radix_onesweep2.cu, os_shapes): for keys alone,
# and for pairs.
KEY_SHAPES="384x16 384x16-c 384x16-p 384x18 384x19 384x22 256x32 512x15"
PAIR_SHAPES="384x16-c 256x28 512x13"

if CSEARCH_TEST_ONLY=sort timeout 90 ctest --test-dir "$BUILD" -L gpu -R 'csearch_gpu' --output-on-failure \
     > "$OUT/sort-ctest.log" 2>&1 &&
   grep -q '100% tests passed' "$OUT/sort-ctest.log" && ! grep -q 'Skipped\|Not Run' "$OUT/sort-ctest.log"; then
  pass "ctest -L gpu -R csearch_gpu (sort part: every algorithm, key type, distribution, pairs, tile shape)"
else
  fail "ctest -L gpu -R csearch_gpu, sort part (see sort-ctest.log)"; tail -20 "$OUT/sort-ctest.log"
fi

# Small inputs for the sanitizer runs: several 6,144-key tiles, so that look-back runs,
# and a partial last tile.
tmp=$(mktemp -d)
python3 - "$tmp" <<'PY' || fail "could not write the sanitizer inputs"
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
  "compute sort --backend cuda --algo onesweep-v2 --in $tmp/u.npy --values $tmp/v.npy --out $tmp/o1.npy --out-values $tmp/o2.npy"
  "compute sort --backend cuda --algo onesweep-v2 --in $tmp/i.npy --out $tmp/o3.npy"
  "compute sort --backend cuda --algo onesweep-v2 --in $tmp/f.npy --values $tmp/v.npy --out $tmp/o4.npy --out-values $tmp/o5.npy"
)
sanitize_runs "$OUT/sort-sanitizer.log" 30 " (onesweep-v2)" "${runs[@]}"
# The sanitizer runs' results must equal the CPU backend's, file for file.
ok=1
for r in "${runs[@]}"; do
  cpu=$(echo "$r" | sed -e 's/--backend cuda --algo [a-z0-9-]*/--backend cpu/' -e 's/\(o[0-9]\)\.npy/\1-cpu.npy/g')
  $SW $cpu > /dev/null 2>&1 || { ok=0; echo "  cpu run failed: $cpu"; }
done
for i in 1 2 3 4 5; do cmp -s "$tmp/o$i.npy" "$tmp/o$i-cpu.npy" || { ok=0; echo "  o$i differs from the cpu backend"; }; done
[ $ok = 1 ] && pass "onesweep-v2 compute results equal the cpu backend's" || fail "onesweep-v2 results differ from the cpu backend's"

# The other tile shapes, chosen as a user would: keys alone (int32) for the key shapes,
# pairs (float32 with NaN and -0) for the pair shapes; results against the cpu backend's.
ok=1
# Each entry is keys:SHAPE or pairs:SHAPE (a shape in both lists runs both ways).
for entry in $(printf 'keys:%s ' $KEY_SHAPES) $(printf 'pairs:%s ' $PAIR_SHAPES); do
  shape=${entry#*:}
  case $entry in
    pairs:*) r="compute sort --backend cuda --algo onesweep-v2 --in $tmp/f.npy --values $tmp/v.npy --out $tmp/s1.npy --out-values $tmp/s2.npy"
             want="$tmp/o4-cpu.npy $tmp/o5-cpu.npy" ;;
    *) r="compute sort --backend cuda --algo onesweep-v2 --in $tmp/i.npy --out $tmp/s1.npy"; want="$tmp/o3-cpu.npy" ;;
  esac
  export SCANWORKS_SORT_TILE=$shape
  rm -f "$tmp/s1.npy" "$tmp/s2.npy"
  sanitize_runs "$OUT/sort-sanitizer.log" 30 " (onesweep-v2 $entry)" "$r"
  set -- $want
  cmp -s "$tmp/s1.npy" "$1" && { [ $# = 1 ] || cmp -s "$tmp/s2.npy" "$2"; } || { ok=0; echo "  $entry differs from the cpu backend"; }
done
unset SCANWORKS_SORT_TILE
[ $ok = 1 ] && pass "onesweep-v2 shapes $KEY_SHAPES $PAIR_SHAPES: results equal the cpu backend's" ||
  fail "onesweep-v2 shape results differ from the cpu backend's"
# An unknown shape is refused with a message that lists the known ones.
msg=$(SCANWORKS_SORT_TILE=384x17 $SW compute sort --backend cuda --algo onesweep-v2 --in $tmp/i.npy --out $tmp/s1.npy 2>&1)
if [ $? != 0 ] && echo "$msg" | grep -q '384x17.*384x16'; then pass "SCANWORKS_SORT_TILE=384x17 refused"
else fail "SCANWORKS_SORT_TILE=384x17 not refused as it should be: $msg"; fi
rm -rf "$tmp"

if SCANWORKS_SORT_SHAPES=all timeout 90 $SW bench sort --n 2^28 --reps 10 --json "$OUT/sort-bench.json" > "$OUT/sort-bench.txt" 2>&1 &&
   ! grep -q 'MISMATCH\|NOT SORTED' "$OUT/sort-bench.txt"; then
  pass "bench sort"; cat "$OUT/sort-bench.txt"
else
  fail "bench sort (see sort-bench.txt)"; tail -30 "$OUT/sort-bench.txt"
fi
# SUMMARY: median ms of onesweep-v2 (new), onesweep-v1 (old) and CUB, and their ratios.
[ -s "$OUT/sort-bench.json" ] && python3 - "$OUT/sort-bench.json" <<'PY'
import json, math, sys
rows = json.load(open(sys.argv[1]))["rows"]
ms = {(r["op"], r["n"], r["variant"]): r["median_ms"] for r in rows}
# "cub": CUB at its best offset type (rows cub-off32, cub-off64)
for op, n in {(r["op"], r["n"]) for r in rows}:
    refs = [t for (o, m, v), t in ms.items() if o == op and m == n and v.startswith("cub-")]
    if refs: ms.setdefault((op, n, "cub"), min(refs))
for op, n in sorted({(r["op"], r["n"]) for r in rows}, key=lambda x: (x[1], x[0])):
    g = lambda v: ms.get((op, n, v))
    new, old, cub, cp = g("onesweep-v2"), g("onesweep-v1"), g("cub"), g("memcpy")
    f = lambda x: "%.3f ms" % x if x else "n/a"
    r = lambda a, b: "%.2fx" % (a / b) if a and b else "n/a"
    print("SUMMARY sort %s n=2^%d: new onesweep-v2 %s, old onesweep-v1 %s, CUB %s, memcpy %s; "
          "speed vs CUB: new %s, old %s; new vs old %s" % (op, round(math.log2(n)), f(new), f(old), f(cub), f(cp),
                                                         r(cub, new), r(cub, old), r(old, new)))
# One line per onesweep-v2 tile shape: its median against CUB and the default shape's.
for op in ("sort-keys", "sort-pairs"):
    for n in sorted({r["n"] for r in rows}):
        cub, base = ms.get((op, n, "cub")), ms.get((op, n, "onesweep-v2"))
        for v in ["onesweep-v2"] + sorted(v for (o, m, v) in ms if o == op and m == n and v.startswith("onesweep-v2-")):
            t = ms[(op, n, v)]
            dflt = "384x20" if op == "sort-keys" else "384x16"
            print("SUMMARY sort %s n=2^%d shape %s: %.3f ms, CUB %s, speed vs CUB %s, vs default %s %s"
                  % (op, round(math.log2(n)), v[12:] or dflt + " (default)", t, f(cub), r(cub, t), dflt, r(base, t)))
PY
part_end
