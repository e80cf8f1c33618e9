#!/usr/bin/env bash
# GPU check for the batched search (the production tree beside binary and thrust):
# the CUDA search test, compute-sanitizer (memcheck, racecheck, synccheck) on small
# runs of the tree kernels (one index wholly in shared memory, one with global levels
# and a partial last leaf), their results against the cpu backend, bench search
# (2^20, 2^24, 2^28 keys, 2^22 queries) into $OUT/search-bench.{txt,json,svg}, and
# SUMMARY lines. About 60 s. Run from the repository root with BUILD (a build for
# sm_90) and OUT set.
set -u
PART=search
. scripts/gpu-check.d/part.bash
t0=$SECONDS

# 1. The CUDA search test (every algorithm against the CPU, awkward sizes and queries).
if timeout 90 ctest --test-dir "$BUILD" -L gpu -R 'test_search_cuda' --output-on-failure > "$OUT/search-ctest.log" 2>&1 &&
   grep -q '100% tests passed' "$OUT/search-ctest.log" && ! grep -q 'Skipped\|Not Run' "$OUT/search-ctest.log"; then
  pass "ctest test_search_cuda ($((SECONDS - t0)) s)"
else
  fail "ctest test_search_cuda (see search-ctest.log)"; tail -20 "$OUT/search-ctest.log"
fi

# 2. Sanitizer inputs: small keys with duplicates (the whole index in shared memory),
#    600001 keys (two index levels in global memory, the last leaf partial), queries
#    below the first key, above the last, equal to keys, and 3001 of them (the last
#    group of four partly empty); float32 keys with infinities, zeros and NaNs last.
t1=$SECONDS
tmp=$(mktemp -d)
python3 - "$tmp" <<'PY' || fail "could not write the sanitizer inputs"
import random, sys
sys.path.insert(0, "scripts/gpu-check.d")
import npy
d = sys.argv[1]; r = random.Random(7)
def save(name, vals, code="<u4", fmt="I"):
    npy.save(f"{d}/{name}.npy", code, fmt, vals)
small = sorted(r.randrange(5000, 9000) for _ in range(20011))
big = sorted(r.randrange(1000, 1 << 31) for _ in range(600001))
save("s1", small)
save("s2", big)
def queries(keys):
    q = [0, keys[0] - 1, keys[0], keys[-1], keys[-1] + 1, 0xFFFFFFFF]
    while len(q) < 3001:
        k = keys[r.randrange(len(keys))]
        q.append(r.choice([k, k - 1, k + 1, r.randrange(1 << 32)]))
    return q
save("q1", queries(small))
save("q2", queries(big))
nan, inf = float("nan"), float("inf")
fk = sorted(r.choice([-inf, -0.0, 0.0, inf, r.uniform(-1e6, 1e6)]) for _ in range(450007)) + [nan] * 77
save("s3", fk, "<f4", "f")
save("q3", [nan, -inf, inf, -0.0, 0.0] + [r.choice([r.choice(fk), r.uniform(-2e6, 2e6)]) for _ in range(2998)],
     "<f4", "f")
PY
runs=()
for algo in tree; do
  for i in 1 2 3; do
    runs+=("compute search --backend cuda --algo $algo --keys $tmp/s$i.npy --in $tmp/q$i.npy --out $tmp/o-$algo-$i.npy")
  done
done
sanitize_runs "$OUT/search-sanitizer.log" 60 "" "${runs[@]}"
# The CUDA results must equal the CPU backend's, file for file.
ok=1
for i in 1 2 3; do
  $SW compute search --backend cpu --keys "$tmp/s$i.npy" --in "$tmp/q$i.npy" --out "$tmp/cpu-$i.npy" > /dev/null 2>&1 ||
    { ok=0; echo "  cpu run $i failed"; }
  for algo in tree; do
    cmp -s "$tmp/o-$algo-$i.npy" "$tmp/cpu-$i.npy" || { ok=0; echo "  $algo on s$i differs from the cpu backend"; }
  done
done
[ $ok = 1 ] && pass "tree results equal the cpu backend's ($((SECONDS - t1)) s)" ||
  fail "tree results differ from the cpu backend's"
rm -rf "$tmp"

# 3. The benchmark. Rows: thrust, binary, pary, single-key and tree timed searching
#    alone (their index built beforehand, once per keys array), tree*-build (the build
#    alone) and tree*-total (build + search: what thrust's time compares with when the
#    keys are searched once). Each row is checked against keys[i] = 2i first.
t1=$SECONDS
if timeout 150 $SW bench search --reps 20 --json "$OUT/search-bench.json" --plot "$OUT/search-bench.svg" \
     > "$OUT/search-bench.txt" 2>&1 && ! grep -q 'MISMATCH' "$OUT/search-bench.txt"; then
  pass "bench search ($((SECONDS - t1)) s)"; cat "$OUT/search-bench.txt"
else
  fail "bench search (see search-bench.txt)"; tail -30 "$OUT/search-bench.txt"
fi
python3 - "$OUT/search-bench.json" <<'PY' || echo "NOTE: search summary failed (see search-bench.json)"
import json, sys
rows = [r for r in json.load(open(sys.argv[1]))["rows"] if r["op"] == "search"]
for n in sorted({r["n"] for r in rows}):
    at = {r["variant"]: r["median_ms"] for r in rows if r["n"] == n}
    th = min([at[v] for v in ("thrust", "thrust-nosync") if v in at] or [0]) or None   # thrust at its best
    def show(v):
        if v not in at: return "%s n/a" % v
        return "%s %.3f ms (%.2fx thrust)" % (v, at[v], th / at[v]) if th else "%s %.3f ms" % (v, at[v])
    extra = ""
    if n == 1 << 28 and "tree" in at:
        extra = "; before the cut tree 0.354 ms: %+.1f%% (within 2%%: %s)" % (100 * (at["tree"] / 0.354 - 1), at["tree"] <= 0.354 * 1.02)
    print("SUMMARY search 2^%d keys: %s; %s; build + search %s; build alone %s%s" % (
        n.bit_length() - 1, ", ".join(show(v) for v in ("thrust", "binary")), show("tree"), show("tree-total"),
        "%.3f ms" % at["tree-build"] if "tree-build" in at else "n/a", extra))
PY
echo "search: all done in $((SECONDS - t0)) s"
part_end
