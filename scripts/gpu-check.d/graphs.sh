#!/usr/bin/env bash
# Graphs on the GPU machine: the gpu-labelled graph tests, compute-sanitizer
# (memcheck, racecheck, synccheck) on small runs of the delta-stepping SSSP kernel
# (default delta: heavy hub segments; delta 1e30: light hub segments) and of top-down
# BFS and near-far SSSP on a graph with hubs, then
# `bench bfs` at scale 22 and `bench sssp` at scales 20..22 (and a sweep of delta-stepping's
# knobs at 22) into $OUT/bfs-bench.json,
# $OUT/sssp-bench.json (+ .svg, .txt), and SUMMARY lines: delta-stepping against
# near-far and the seed's Bellman-Ford, BFS GTEPS. Run from the repository root with
# BUILD and OUT set; about 3 minutes.
set -uo pipefail
BUILD=${BUILD:?set BUILD to an sm_90 build}
OUT=${OUT:?set OUT to a results folder}
mkdir -p "$OUT"
SW="$BUILD/scanworks"
status=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; status=1; }

if ctest --test-dir "$BUILD" -L gpu -R graph --timeout 240 --output-on-failure > "$OUT/graphs-ctest.txt" 2>&1 &&
   grep -q "100% tests passed" "$OUT/graphs-ctest.txt" && ! grep -q "Skipped" "$OUT/graphs-ctest.txt"; then
  pass "graph GPU tests"
else
  tail -30 "$OUT/graphs-ctest.txt"; fail "graph GPU tests (see graphs-ctest.txt)"
fi

CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
tmp=$(mktemp -d)
for tool in memcheck racecheck synccheck; do
  ok=1
  for run in "rmat:12:16:7 0 64:256" "rmat:12:16:7 1e30 64:256" "rmat:12:16:7 0 4:8" "tests/data/graphs/tiny.mtx 0 0:1" \
             "rmat:9:8:7 1e-30 64:256"; do
    set -- $run
    SCANWORKS_SSSP_DS_DELTA=$2 SCANWORKS_SSSP_DS_HUB=$3 timeout 120 "$CS" --tool $tool --error-exitcode 9 "$SW" \
        compute sssp --backend cuda --algo delta-stepping --graph $1 --source 1 --out "$tmp/d.npy" > "$tmp/cs.txt" 2>&1 ||
      { ok=0; echo "$tool on $1 (delta $2, hubs $3):"; head -20 "$tmp/cs.txt"; }
  done
  [ $ok = 1 ] && pass "compute-sanitizer $tool on the delta-stepping kernel" || fail "compute-sanitizer $tool"
  # top-down BFS and near-far list their hubs warp by warp (rmat:12:16:7 has 13 vertices
  # of more than 1024 arcs)
  ok=1
  for run in "bfs frontier" "bfs direction-optimizing" "sssp near-far"; do
    set -- $run
    timeout 120 "$CS" --tool $tool --error-exitcode 9 "$SW" compute $1 --backend cuda --algo $2 --graph rmat:12:16:7 \
        --source 1 --out "$tmp/h.npy" > "$tmp/cs.txt" 2>&1 || { ok=0; echo "$tool on $1 $2:"; head -20 "$tmp/cs.txt"; }
  done
  [ $ok = 1 ] && pass "compute-sanitizer $tool on the hub lists of BFS and near-far" ||
    fail "compute-sanitizer $tool (BFS, near-far)"
done
rm -rf "$tmp"

if "$SW" bench bfs --scales 22..22 --sources 4 --json "$OUT/bfs-bench.json" --plot "$OUT/bfs-bench.svg" \
     > "$OUT/bfs-bench.txt" 2>&1; then
  pass "bench bfs"
else
  tail -5 "$OUT/bfs-bench.txt"; fail "bench bfs"
fi
if "$SW" bench sssp --scales 20..22 --sources 4 --cpu-max-scale 18 --json "$OUT/sssp-bench.json" \
     --plot "$OUT/sssp-bench.svg" > "$OUT/sssp-bench.txt" 2>&1; then
  pass "bench sssp"
else
  tail -5 "$OUT/sssp-bench.txt"; fail "bench sssp"
fi

# Bench lines read: "  cuda  ALGO  scale S  MS ms  G GTEPS".
ms_of() { awk -v a="$2" -v s="$3" '$1 == "cuda" && $2 == a && $3 == "scale" && $4 == s { print $5; exit }' "$1"; }
gteps_of() { awk -v a="$2" -v s="$3" '$1 == "cuda" && $2 == a && $3 == "scale" && $4 == s { print $7; exit }' "$1"; }
for s in 20 21 22; do
  new=$(ms_of "$OUT/sssp-bench.txt" delta-stepping $s); old=$(ms_of "$OUT/sssp-bench.txt" near-far $s)
  bf=$(ms_of "$OUT/sssp-bench.txt" bellman-ford $s); seg=$(ms_of "$OUT/sssp-bench.txt" bellman-ford-seg $s)
  if [ -n "$new" ] && [ -n "$old" ] && [ -n "$bf" ]; then
    awk -v s=$s -v n="$new" -v o="$old" -v b="$bf" -v g="${seg:-0}" 'BEGIN {
      f = "SUMMARY: sssp scale %d median ms: delta-stepping %.3f, near-far %.3f, bellman-ford %.3f, "
      f = f "bellman-ford-seg %.3f; bellman-ford / delta-stepping %.2fx (target >= 5x), near-far / delta-stepping %.2fx\n"
      rb = n > 0 ? b / n : 0; ro = n > 0 ? o / n : 0
      printf f, s, n, o, b, g, rb, ro }'
  else
    echo "SUMMARY: sssp scale $s: no result (see sssp-bench.txt)"
  fi
done
new=$(ms_of "$OUT/sssp-bench.txt" delta-stepping 22); bf=$(ms_of "$OUT/sssp-bench.txt" bellman-ford 22)
if [ -n "$new" ] && [ -n "$bf" ] && awk -v n="$new" -v b="$bf" 'BEGIN { exit !(n > 0 && b / n >= 5) }'; then
  pass "delta-stepping >= 5x bellman-ford at scale 22"
else
  echo "NOTE: delta-stepping under 5x bellman-ford at scale 22 (or no result)"
fi
# Delta-stepping's knobs at scale 22 (ALGO,VAR=VALUE: its hub shape
# SCANWORKS_SSSP_DS_HUB=BIG:SEG, its delta, its blocks per SM), each with the trace of where the time goes
# (the last source's line).
for run in ${DS_SWEEP-delta-stepping,SCANWORKS_SSSP_DS_HUB=16:64 \
    delta-stepping,SCANWORKS_SSSP_DS_BLOCKS_PER_SM=2 delta-stepping,SCANWORKS_SSSP_DS_BLOCKS_PER_SM=3}; do
  algo=${run%%,*}; kv=${run#*,}
  f="$OUT/sssp-sweep-$algo-$(echo "${kv#SCANWORKS_SSSP_}" | tr ':=' '-_').txt"
  env SCANWORKS_GRAPH_TRACE=1 "$kv" timeout 60 "$SW" bench sssp --scales 22..22 --sources 4 --cpu-max-scale 0 \
      --algo $algo > "$f" 2>&1
  ms=$(ms_of "$f" $algo 22)
  echo "SUMMARY: sssp scale 22 $algo $kv: ${ms:-?} ms"
  grep "^delta-stepping:" "$f" | tail -1 | sed 's/^/SUMMARY:   /'
done
for a in direction-optimizing frontier edge-parallel; do
  ms=$(ms_of "$OUT/bfs-bench.txt" $a 22); g=$(gteps_of "$OUT/bfs-bench.txt" $a 22)
  echo "SUMMARY: bfs scale 22 $a: ${ms:-?} ms, ${g:-?} GTEPS"
done
exit $status
