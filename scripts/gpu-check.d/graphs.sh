#!/usr/bin/env bash
# Graphs on the GPU machine (about 4-5 minutes):
#  1. the GPU graph tests (test_graph_cuda: every algorithm against the CPU on the awkward
#     graphs; test_graph_bench: bench bfs|sssp end to end, every row validated);
#  2. compute-sanitizer memcheck, racecheck and synccheck on the one-block BFS and SSSP
#     kernels (adaptive: a grid that stays in the block, a thin grid, an R-MAT that
#     leaves it) and, as regressions, on delta-stepping and direction-optimizing;
#  3. `bench bfs` (64 roots) and `bench sssp` on grid:1500:1500, rmat:22:16 and
#     rmat:23:16 with the CPU references in the same run, every timed run checked,
#     into $OUT/bfs-*.json and $OUT/sssp-*.json (+ .txt); then the bucket widths of
#     delta-stepping and of the adaptive SSSP's one-block rounds on the grid.
# SUMMARY lines give each target against what was measured. A wrong result (INVALID),
# a crash or a sanitizer report is a FAIL; a target not met is a NOTE.
# Run from the repository root with BUILD and OUT set.
set -uo pipefail
PART=graphs
. scripts/gpu-check.d/part.bash

log="$OUT/graphs-sanitize.txt"
if ctest --test-dir "$BUILD" -R '^(test_graph_cuda|test_graph_bench)$' --timeout 300 --output-on-failure \
     > "$OUT/graphs-ctest.txt" 2>&1 &&
   grep -q "100% tests passed" "$OUT/graphs-ctest.txt" && ! grep -q "Skipped" "$OUT/graphs-ctest.txt"; then
  pass "graph GPU tests"
else
  tail -30 "$OUT/graphs-ctest.txt"; fail "graph GPU tests (see graphs-ctest.txt)"
fi

tmp=$(mktemp -d)
sanitize_runs "$log" 180 " on the one-block BFS and SSSP (adaptive) and regressions" \
  "compute bfs --backend cuda --algo adaptive --graph grid:60:40:3 --source 5 --out $tmp/a.npy" \
  "compute bfs --backend cuda --algo adaptive --graph grid:700:3:3 --source 1 --out $tmp/b.npy" \
  "compute bfs --backend cuda --algo adaptive --graph rmat:12:16:7 --source 1 --out $tmp/c.npy" \
  "compute bfs --backend cuda --algo direction-optimizing --graph rmat:12:16:7 --source 1 --out $tmp/d.npy" \
  "compute sssp --backend cuda --algo delta-stepping --graph rmat:12:16:7 --source 1 --out $tmp/e.npy" \
  "compute sssp --backend cuda --algo adaptive --graph grid:60:40:3 --source 5 --out $tmp/f.npy" \
  "compute sssp --backend cuda --algo adaptive --graph rmat:12:16:7 --source 1 --out $tmp/g.npy"
rm -rf "$tmp"

# bench NAME KIND ARGS...: one bench run into $OUT/NAME.{txt,json}; exit 1 = an INVALID row
bench() {
  local name=$1 kind=$2; shift 2
  if timeout 300 "$SW" bench "$kind" "$@" --json "$OUT/$name.json" > "$OUT/$name.txt" 2> "$OUT/$name.err"; then
    pass "bench $kind $* (every run valid)"
  else
    grep INVALID "$OUT/$name.err" | head -5; tail -3 "$OUT/$name.err"; fail "bench $kind $* (see $name.err)"
  fi
}
bench bfs-grid bfs --graph grid:1500:1500 --sources 64 --cpu-sources 64
bench bfs-rmat bfs --graph rmat:22:16,rmat:23:16 --sources 64 --cpu-sources 4
bench sssp-grid sssp --graph grid:1500:1500 --sources 8 --cpu-sources 8
bench sssp-rmat sssp --graph rmat:22:16,rmat:23:16 --sources 4 --cpu-sources 2

# Bench lines: "  BACKEND ALGO GRAPH MS ms hm GTEPS GTEPS gunrock GTEPS2 GTEPS valid V/N"
field() { awk -v a="$2" -v g="$3" -v f="$4" '$2 == a && $3 == g { print $f; exit }' "$OUT/$1.txt"; }
best() {   # best FILE GRAPH: the cuda row with the smallest median ms: "ALGO MS HM"
  awk -v g="$2" '$1 == "cuda" && $3 == g && (!n++ || $4 < ms) { ms = $4; a = $2; hm = $7 } END { if (n) print a, ms, hm }' \
    "$OUT/$1.txt"
}
target() {   # target WHAT CONDITION (awk expression on x)
  if awk -v x="$3" "BEGIN { exit !($2) }" 2>/dev/null; then echo "SUMMARY: $1: met"; else echo "SUMMARY: $1: NOT met"; fi
}
for f in bfs-grid bfs-rmat sssp-grid sssp-rmat; do
  [ -f "$OUT/$f.txt" ] && grep -E "^  (cpu|cuda) " "$OUT/$f.txt" | sed "s/^/SUMMARY: $f /"
done
cpu=$(field bfs-grid queue grid:1500:1500 4); read -r a ms hm <<< "$(best bfs-grid grid:1500:1500)"
echo "SUMMARY: bfs grid:1500:1500 fastest: ${a:-?} ${ms:-?} ms, CPU queue ${cpu:-?} ms"
target "bfs grid <= 10 ms" "x > 0 && x <= 10" "${ms:-0}"
target "bfs grid >= 5x the CPU queue BFS" "x >= 5" "$(awk -v c="${cpu:-0}" -v m="${ms:-0}" 'BEGIN { print m > 0 ? c / m : 0 }')"
for s in 22 23; do
  read -r a ms hm <<< "$(awk -v g="rmat:$s:16" '$1 == "cuda" && $3 == g && $7 > h { h = $7; a = $2; ms = $4 } END { print a, ms, h }' \
    "$OUT/bfs-rmat.txt" 2>/dev/null)"
  echo "SUMMARY: bfs rmat:$s:16 best harmonic mean: ${a:-?} ${hm:-?} GTEPS (${ms:-?} ms median)"
  target "bfs rmat:$s:16 >= $([ $s = 22 ] && echo 120 || echo 150) GTEPS" "x >= $([ $s = 22 ] && echo 120 || echo 150)" "${hm:-0}"
done
cpu=$(field sssp-grid dijkstra grid:1500:1500 4); read -r a ms hm <<< "$(best sssp-grid grid:1500:1500)"
echo "SUMMARY: sssp grid:1500:1500 fastest: ${a:-?} ${ms:-?} ms, CPU Dijkstra ${cpu:-?} ms"
target "sssp grid <= 40 ms" "x > 0 && x <= 40" "${ms:-0}"
target "sssp grid >= 10x Dijkstra" "x >= 10" "$(awk -v c="${cpu:-0}" -v m="${ms:-0}" 'BEGIN { print m > 0 ? c / m : 0 }')"
read -r a ms hm <<< "$(best sssp-rmat rmat:22:16)"
echo "SUMMARY: sssp rmat:22:16 fastest: ${a:-?} ${ms:-?} ms"
target "sssp rmat:22:16 <= 4 ms" "x > 0 && x <= 4" "${ms:-0}"

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
