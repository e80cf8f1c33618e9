#!/usr/bin/env bash
# Graphs on the GPU machine, the R-MAT half (the grid, the tests and the sanitizers are
# graphs.sh): `bench bfs` (64 roots) and `bench sssp` (4 roots) on rmat:22:16 and
# rmat:23:16 with the CPU references in the same run, every timed run checked, into
# $OUT/bfs-rmatS.{txt,json} and $OUT/sssp-rmatS.{txt,json} (S = 22, 23). Most of its time is the host's:
# generating and sorting the graphs, the CPU references (all cores) and the checks.
# SUMMARY lines give the targets against what was measured; a wrong result is a FAIL,
# a missed target a NOTE. Run from the repository root with BUILD and OUT set.
set -uo pipefail
PART=graphs-rmat
. scripts/gpu-check.d/part.bash
. scripts/gpu-check.d/graphs.bash

for s in 22 23; do
  bench bfs-rmat$s bfs --graph rmat:$s:16 --sources 64 --cpu-sources 4
  bench sssp-rmat$s sssp --graph rmat:$s:16 --sources 4 --cpu-sources 2
done
for f in bfs-rmat22 bfs-rmat23 sssp-rmat22 sssp-rmat23; do
  [ -f "$OUT/$f.txt" ] && grep -E "^  (cpu|cuda) " "$OUT/$f.txt" | sed "s/^/SUMMARY: $f /"
done
for s in 22 23; do
  read -r a ms hm <<< "$(awk -v g="rmat:$s:16" '$1 == "cuda" && $3 == g && $7 > h { h = $7; a = $2; ms = $4 } END { print a, ms, h }' \
    "$OUT/bfs-rmat$s.txt" 2>/dev/null)"
  echo "SUMMARY: bfs rmat:$s:16 best harmonic mean: ${a:-?} ${hm:-?} GTEPS (${ms:-?} ms median)"
  target "bfs rmat:$s:16 >= $([ $s = 22 ] && echo 120 || echo 150) GTEPS" "x >= $([ $s = 22 ] && echo 120 || echo 150)" "${hm:-0}"
done
read -r a ms hm <<< "$(best sssp-rmat22 rmat:22:16)"
echo "SUMMARY: sssp rmat:22:16 fastest: ${a:-?} ${ms:-?} ms"
target "sssp rmat:22:16 <= 4 ms" "x > 0 && x <= 4" "${ms:-0}"

part_end
