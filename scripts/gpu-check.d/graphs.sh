#!/usr/bin/env bash
# Graphs on the GPU machine: the gpu-labelled graph tests, compute-sanitizer
# (memcheck, racecheck, synccheck) on small runs of every BFS and SSSP kernel, and
# `bench bfs` / `bench sssp` up to scale 22 into $OUT/bfs-bench.json, sssp-bench.json
# (+ .svg). Run from the repository root with BUILD and OUT set; about 3 minutes.
set -uo pipefail
BUILD=${BUILD:?set BUILD to an sm_90 build}
OUT=${OUT:?set OUT to a results folder}
mkdir -p "$OUT"
SW="$BUILD/scanworks"
status=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; status=1; }

if ctest --test-dir "$BUILD" -L gpu -R graph --output-on-failure > "$OUT/graphs-ctest.txt" 2>&1 &&
   grep -q "100% tests passed" "$OUT/graphs-ctest.txt" && ! grep -q "Skipped" "$OUT/graphs-ctest.txt"; then
  pass "graph GPU tests"
else
  tail -30 "$OUT/graphs-ctest.txt"; fail "graph GPU tests (see graphs-ctest.txt)"
fi

CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
tmp=$(mktemp -d)
for tool in memcheck racecheck synccheck; do
  ok=1
  for algo in direction-optimizing frontier edge-parallel; do
    for g in rmat:10:8:3 tests/data/graphs/tiny.mtx; do
      "$CS" --tool $tool --error-exitcode 9 "$SW" compute bfs --backend cuda --algo $algo --graph $g \
          --source 1 --out "$tmp/l.npy" > "$tmp/cs.txt" 2>&1 || { ok=0; tail -15 "$tmp/cs.txt"; }
    done
  done
  for algo in near-far bellman-ford bellman-ford-ro bellman-ford-seg; do
    "$CS" --tool $tool --error-exitcode 9 "$SW" compute sssp --backend cuda --algo $algo --graph rmat:10:8:3 \
        --source 1 --out "$tmp/d.npy" > "$tmp/cs.txt" 2>&1 || { ok=0; tail -15 "$tmp/cs.txt"; }
  done
  [ $ok = 1 ] && pass "compute-sanitizer $tool on every BFS and SSSP kernel" || fail "compute-sanitizer $tool"
done
rm -rf "$tmp"

if "$SW" bench bfs --scales 16..22 --sources 8 --json "$OUT/bfs-bench.json" --plot "$OUT/bfs-bench.svg" \
     > "$OUT/bfs-bench.txt" 2>&1; then
  pass "bench bfs"; grep "scale 22" "$OUT/bfs-bench.txt" | grep -v "^R-MAT"
else
  tail -5 "$OUT/bfs-bench.txt"; fail "bench bfs"
fi
if "$SW" bench sssp --scales 16..22 --sources 4 --cpu-max-scale 18 --json "$OUT/sssp-bench.json" \
     --plot "$OUT/sssp-bench.svg" > "$OUT/sssp-bench.txt" 2>&1; then
  pass "bench sssp"; grep "scale 22" "$OUT/sssp-bench.txt" | grep -v "^R-MAT"
else
  tail -5 "$OUT/sssp-bench.txt"; fail "bench sssp"
fi
exit $status
