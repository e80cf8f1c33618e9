#!/usr/bin/env bash
# Graphs on the GPU machine, the tests and the grid (R-MAT: graphs-rmat.sh):
#  1. the GPU graph tests (test_graph_cuda: every algorithm against the CPU on the awkward
#     graphs; test_graph_bench: bench bfs|sssp end to end, every row validated);
#  2. compute-sanitizer memcheck, racecheck and synccheck on the one-block BFS and SSSP
#     kernels (adaptive: a grid that stays in the block, a thin grid, an R-MAT that
#     leaves it; an R-MAT where the SSSP block hands over to delta-stepping);
#  3. `bench bfs` (64 roots) and `bench sssp` (8) on grid:1500:1500 with the CPU
#     references in the same run, every timed run checked, into $OUT/bfs-grid.json and
#     $OUT/sssp-grid.json (+ .txt); then the bucket widths of delta-stepping and of the
#     adaptive SSSP's one-block rounds on the grid. R-MAT: graphs-rmat.sh.
# SUMMARY lines give each target against what was measured. A wrong result (INVALID),
# a crash or a sanitizer report is a FAIL; a target not met is a NOTE.
# Run from the repository root with BUILD and OUT set.
set -uo pipefail
PART=graphs
. scripts/gpu-check.d/part.bash
. scripts/gpu-check.d/graphs.bash

log="$OUT/graphs-sanitize.txt"
if ctest --test-dir "$BUILD" -R '^(test_graph_cuda|test_graph_bench)$' --timeout 300 --output-on-failure \
     > "$OUT/graphs-ctest.txt" 2>&1 &&
   grep -q "100% tests passed" "$OUT/graphs-ctest.txt" && ! grep -q "Skipped" "$OUT/graphs-ctest.txt"; then
  pass "graph GPU tests"
else
  tail -30 "$OUT/graphs-ctest.txt"; fail "graph GPU tests (see graphs-ctest.txt)"
fi

tmp=$(mktemp -d)
sanitize_runs "$log" 180 " on the one-block BFS and SSSP kernels (adaptive)" \
  "compute bfs --backend cuda --algo adaptive --graph grid:60:40:3 --source 5 --out $tmp/a.npy" \
  "compute bfs --backend cuda --algo adaptive --graph grid:700:3:3 --source 1 --out $tmp/b.npy" \
  "compute bfs --backend cuda --algo adaptive --graph rmat:12:16:7 --source 1 --out $tmp/c.npy" \
  "compute sssp --backend cuda --algo adaptive --graph grid:60:40:3 --source 5 --out $tmp/f.npy" \
  "compute sssp --backend cuda --algo adaptive --graph rmat:12:16:7 --source 1 --out $tmp/g.npy"
# one bucket for everything: the frontier outgrows the block and delta-stepping finishes
export SCANWORKS_SSSP_BLOCK_DELTA=1e30 SCANWORKS_GRAPH_TRACE=1
sanitize_runs "$log" 180 " on the SSSP hand-over (the block, then delta-stepping)" \
  "compute sssp --backend cuda --algo adaptive --graph rmat:14:16:7 --source 1 --out $tmp/h.npy"
unset SCANWORKS_SSSP_BLOCK_DELTA SCANWORKS_GRAPH_TRACE
grep -q "sssp block: .*frontier too large\|sssp block: .*near queue full" "$log" ||
  echo "NOTE $PART: the SSSP hand-over run did not show a hand-over in its trace (see $(basename "$log"))"
rm -rf "$tmp"

bench bfs-grid bfs --graph grid:1500:1500 --sources 64 --cpu-sources 64
bench sssp-grid sssp --graph grid:1500:1500 --sources 8 --cpu-sources 8

for f in bfs-grid sssp-grid; do
  [ -f "$OUT/$f.txt" ] && grep -E "^  (cpu|cuda) " "$OUT/$f.txt" | sed "s/^/SUMMARY: $f /"
done
cpu=$(field bfs-grid queue grid:1500:1500 4); read -r a ms hm <<< "$(best bfs-grid grid:1500:1500)"
echo "SUMMARY: bfs grid:1500:1500 fastest: ${a:-?} ${ms:-?} ms, CPU queue ${cpu:-?} ms"
target "bfs grid <= 10 ms" "x > 0 && x <= 10" "${ms:-0}"
target "bfs grid >= 5x the CPU queue BFS" "x >= 5" "$(awk -v c="${cpu:-0}" -v m="${ms:-0}" 'BEGIN { print m > 0 ? c / m : 0 }')"
cpu=$(field sssp-grid dijkstra grid:1500:1500 4); read -r a ms hm <<< "$(best sssp-grid grid:1500:1500)"
echo "SUMMARY: sssp grid:1500:1500 fastest: ${a:-?} ${ms:-?} ms, CPU Dijkstra ${cpu:-?} ms"
target "sssp grid <= 40 ms" "x > 0 && x <= 40" "${ms:-0}"
target "sssp grid >= 10x Dijkstra" "x >= 10" "$(awk -v c="${cpu:-0}" -v m="${ms:-0}" 'BEGIN { print m > 0 ? c / m : 0 }')"
# Bucket widths on the grid (default for both: 2 x mean weight / mean degree = 25):
# delta-stepping's (SCANWORKS_SSSP_DS_DELTA) and the one-block rounds' of adaptive
# (SCANWORKS_SSSP_BLOCK_DELTA), two roots each
for run in delta-stepping,SCANWORKS_SSSP_DS_DELTA=100 delta-stepping,SCANWORKS_SSSP_DS_DELTA=400 \
           adaptive,SCANWORKS_SSSP_BLOCK_DELTA=15 adaptive,SCANWORKS_SSSP_BLOCK_DELTA=35 \
           adaptive,SCANWORKS_SSSP_BLOCK_DELTA=50; do
  algo=${run%%,*}; kv=${run#*,}
  f="$OUT/sssp-grid-$algo-${kv#*=}.txt"
  env SCANWORKS_GRAPH_TRACE=1 "$kv" timeout 60 "$SW" bench sssp --graph grid:1500:1500 --sources 2 --cpu-sources 0 \
      --algo $algo > "$f" 2>&1 || fail "$algo with $kv on the grid (see $(basename "$f"))"
  echo "SUMMARY: sssp grid $algo $kv: $(awk '$1 == "cuda" { print $4, "ms,", $NF; exit }' "$f")"
  grep -m1 "^sssp block:" "$f" | sed 's/^/SUMMARY:   /'
done
part_end
