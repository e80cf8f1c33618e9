#!/usr/bin/env bash
# `scanworks bench bfs|sssp` on small graphs: every row is validated ("valid N/N", no
# INVALID), the JSON is written and parses, Gunrock's count is twice Graph500's on an
# undirected graph, and bad graphs or flags exit 1 or 2 with one line naming them.
# With CUDA the GPU rows run and are checked too. Usage: test_graph_bench.sh SCANWORKS DATA_DIR
set -u
bin=$1 data=$2
. "$(dirname "$0")/lib.sh"
for kind in bfs sssp; do
  if "$bin" bench $kind --graph "grid:31:17:4,rmat:10:8,$data/graphs/tiny.mtx,$data/graphs/tiny.gr,$data/graphs/tiny.txt" \
       --sources 16 --cpu-sources 4 \
       --json "$tmp/$kind.json" > "$tmp/$kind.txt" 2> "$tmp/$kind.err"; then
    echo "ok: bench $kind ran"
  else
    fail "bench $kind exited $?"; cat "$tmp/$kind.err"
  fi
  rows=$(grep -c " valid " "$tmp/$kind.txt")
  [ "$rows" -ge 5 ] || fail "bench $kind: $rows rows, expected at least one per graph"
  grep -q INVALID "$tmp/$kind.txt" && fail "bench $kind: a row is INVALID"
  # the CPU row is timed on 4 roots, every other on all 16
  awk '/ valid / { split($NF, v, "/"); if (v[1] != v[2]) bad = 1 } END { exit bad }' "$tmp/$kind.txt" ||
    fail "bench $kind: a row with failed runs"
  grep -qE "^  cpu +(queue|dijkstra) +grid:31:17:4 .* valid 4/4" "$tmp/$kind.txt" || fail "bench $kind: no CPU row on the grid"
  # undirected grid: gunrock's count (each direction) is twice the Graph500 count (the
  # table prints GTEPS to 3 decimals: a slow GPU row on this small grid rounds to 0.00x)
  awk '$3 == "grid:31:17:4" { if ($10 < 1.9 * $7 - 0.002 || $10 > 2.1 * $7 + 0.002) bad = 1; seen = 1 }
       END { exit !(seen && !bad) }' \
      "$tmp/$kind.txt" || fail "bench $kind: gunrock count is not twice the Graph500 count on the grid"
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert len(r['rows']) >= 3" "$tmp/$kind.json" 2>/dev/null ||
    grep -q '"rows"' "$tmp/$kind.json" || fail "bench $kind: JSON without rows"
done
# with CUDA: delta-stepping's rows show the bucket width it ran with, before "valid"
if grep -q "^  cuda " "$tmp/sssp.txt"; then
  awk '$1 == "cuda" && $2 == "delta-stepping" { seen = 1; if ($0 !~ / width [0-9.e+-]+  valid [0-9]+\/[0-9]+/) bad = 1 }
       END { exit !(seen && !bad) }' "$tmp/sssp.txt" || fail "bench sssp: delta-stepping rows without their bucket width"
fi
"$bin" bench bfs --graph grid:1:1 > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 1 ] && grep -q "no root with edges" "$tmp/e" || fail "graph without edges: exit $rc, $(cat "$tmp/e")"
"$bin" bench bfs --graph grid:0:5 > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 1 ] && grep -q "grid:0:5" "$tmp/e" || fail "bad grid spec: exit $rc, $(cat "$tmp/e")"
"$bin" bench bfs --graph "$tmp/none.mtx" > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 1 ] && grep -q "none.mtx" "$tmp/e" || fail "missing file: exit $rc"
"$bin" bench sssp --graph "" > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 2 ] || fail "empty --graph: exit $rc"
"$bin" bench bfs --sources 65 > "$tmp/o" 2> "$tmp/e"; rc=$?
[ $rc = 2 ] || fail "--sources 65: exit $rc"
[ $fails = 0 ] && echo "test_graph_bench: all checks passed" || echo "test_graph_bench: $fails check(s) failed"
exit $((fails > 0))
