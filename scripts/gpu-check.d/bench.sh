#!/usr/bin/env bash
# GPU check for the benchmarks against their references at their best: every `bench`
# once at the sizes the README reports (no sweeps), with CUB's sort and scan at 32-bit
# and 64-bit offsets, thrust's lower_bound with thrust::device and par_nosync, the
# skewed search queries, and the cub::BlockScan SAT (compute-sanitizer on it first);
# then scripts/torch-compare.py (torch and CuPy on the same sizes). JSON in $OUT
# (bench-*.json, torch-compare.json); the SUMMARY lines say which reference won each
# (op, n) and how every scanworks row and every Python row compare with it.
# Run from the repository root with BUILD (a build for sm_90) and OUT set; about 6
# minutes on an H200 (PART_TIMEOUT=560 for gpu-check). BENCH_SCAN_CASES (default
# "int32:add int64:add": 4-byte and 8-byte elements) picks the scan types and operators.
set -u
PART=bench
. scripts/gpu-check.d/part.bash

# One bench: NAME, TIMEOUT, then its arguments. Its table goes to bench-NAME.txt, its
# JSON to bench-NAME.json; a MISMATCH anywhere fails it.
run_bench() {
  local name=$1 limit=$2 t1=$SECONDS
  shift 2
  if timeout "$limit" "$SW" bench "$@" --json "$OUT/bench-$name.json" > "$OUT/bench-$name.txt" 2>&1 &&
     ! grep -q 'MISMATCH\|NOT SORTED' "$OUT/bench-$name.txt"; then
    pass "bench $name ($((SECONDS - t1)) s)"
    grep '^reference ' "$OUT/bench-$name.txt" | sed 's/^/  /'
  else
    fail "bench $name (see bench-$name.txt)"; grep -m5 'MISMATCH\|rror' "$OUT/bench-$name.txt"; tail -5 "$OUT/bench-$name.txt"
  fi
}

# The new kernel first: the cub::BlockScan SAT reference under the sanitizers (bench
# sat at its fewest repetitions, the reference and the memcpy floor alone).
sanitize_runs "$OUT/bench-sanitizer.log" 150 " (bench sat --ref-only: the cub::BlockScan SAT reference)" \
  "bench sat --reps 3 --no-cpu --no-gl --ref-only"

for c in ${BENCH_SCAN_CASES:-int32:add int64:add}; do
  run_bench "scan-${c%%:*}-${c##*:}" 120 scan --sizes 2^24,2^28 --type "${c%%:*}" --op "${c##*:}" --reps 20 --no-gl
done
run_bench compact 90 compact --n 2^24,2^28 --reps 20
run_bench sort 150 sort --n 2^24,2^28 --reps 10
run_bench search 150 search --n 2^24,2^28 --reps 20
run_bench sat 150 sat --reps 20 --plot "$OUT/bench-sat.svg"
run_bench bfs 60 bfs --scales 18..18 --sources 4 --plot "$OUT/bench-bfs.svg"

t1=$SECONDS
if timeout 240 python3 scripts/torch-compare.py --json "$OUT/torch-compare.json" > "$OUT/torch-compare.txt" 2>&1; then
  pass "torch-compare.py ($((SECONDS - t1)) s)"
else
  fail "torch-compare.py (see torch-compare.txt)"; tail -15 "$OUT/torch-compare.txt"
fi

# SUMMARY: per (op, n) the winning reference and the others, each scanworks row's
# ratio to the winner (the best scanworks row marked), and the Python rows beside them.
timeout 60 python3 - "$OUT" <<'PY' || fail "bench summary"
import glob, json, os, sys
out = sys.argv[1]
is_ref = lambda v, fam: v == fam or v.startswith(fam + "-")
size = lambda r: (" " + r["note"].split(" ")[0]) if r["op"] == "sat" else ""   # "1920x1080"
best_ours = {}   # (op, n, size) -> the fastest scanworks row, for the Python rows
for path in sorted(glob.glob(os.path.join(out, "bench-*.json"))):
    name = os.path.basename(path)[len("bench-"):-len(".json")]
    rows = json.load(open(path))["rows"]
    for r in rows:
        if not r.get("best_ref"): continue
        fam = r["variant"].split("-")[0]
        at = [x for x in rows if (x["op"], x["n"]) == (r["op"], r["n"]) and size(x) == size(r)]
        others = [x for x in at if x is not r and is_ref(x["variant"], fam)]
        ours = [x for x in at if x["backend"] == "cuda" and x["ratio_ref"] and not is_ref(x["variant"], fam)
                and x["variant"] != "memcpy" and not x["variant"].startswith("floor")
                and not x["variant"].endswith("-build")]
        print("SUMMARY %s %s n=%d%s: reference %s %.4f ms won%s" % (
            name, r["op"], r["n"], size(r), r["variant"], r["median_ms"],
            " (over %s)" % ", ".join("%s %.4f ms" % (x["variant"], x["median_ms"]) for x in others) if others else ""))
        if not ours: continue
        ours.sort(key=lambda x: x["median_ms"])
        b = ours[0]
        if name in ("scan-int32-add", "compact", "sort", "search", "sat"):
            best_ours[(r["op"], r["n"], size(r))] = b
        print("SUMMARY %s %s n=%d%s: best scanworks %s %.4f ms = %.2fx %s; all: %s" % (
            name, r["op"], r["n"], size(r), b["variant"], b["median_ms"], b["ratio_ref"], r["variant"],
            ", ".join("%s %.2fx" % (x["variant"], x["ratio_ref"]) for x in ours)))
tc = os.path.join(out, "torch-compare.json")
if os.path.exists(tc):
    for r in json.load(open(tc))["rows"]:
        b = best_ours.get((r["op"], r["n"], size(r)))
        print("SUMMARY python %s n=%d%s: %s %.4f ms (%s)%s" % (
            r["op"], r["n"], size(r), r["variant"], r["median_ms"], r["check"],
            "; scanworks %s %.4f ms, %.2fx faster" % (b["variant"], b["median_ms"], r["median_ms"] / b["median_ms"])
            if b else ""))
PY
part_end
