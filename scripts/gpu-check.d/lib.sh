#!/usr/bin/env bash
# GPU check for the library's graph.h and dof.h (include/scanworks/): the gpu-labelled
# tests of their cuda backends (test_graph_api_cuda: sw_bfs, sw_sssp and the device
# entries against the CPU references on the generated graphs; test_graph_streams: two
# threads on two streams running sw_bfs_device; test_dof_api_cuda: sw_dof and
# sw_dof_gather_device against the C gather; test_sat_api_cuda), then compute-sanitizer:
# memcheck on the graph API test (small cases: the new kernels, the row split and the
# width's sums, and the stream-plumbed level loops) and on the two-stream test; memcheck,
# racecheck and synccheck on the DoF API test (the pointer gather's shared near tile).
# The CLI's BFS and SSSP, which run the same device code, are the graphs part's
# (test_graph_cuda, the benchmarks). About 2-3 minutes. Run from the repository root
# with BUILD (an sm_90 build) and OUT set.
set -u
PART=lib
. scripts/gpu-check.d/part.bash
export PATH="$PATH:/usr/local/cuda/bin"   # compute-sanitizer
t0=$SECONDS

# 1. The tests (each must run, not skip).
if timeout 200 ctest --test-dir "$BUILD" -R '^(test_graph_api_cuda|test_graph_streams|test_dof_api_cuda|test_sat_api_cuda)$' \
     --output-on-failure > "$OUT/lib-ctest.log" 2>&1 &&
   grep -qE '100% tests passed(, 0 tests failed)? out of 4' "$OUT/lib-ctest.log" && ! grep -q 'Skipped\|Not Run' "$OUT/lib-ctest.log"; then
  pass "ctest graph.h, dof.h and sat.h on cuda ($((SECONDS - t0)) s)"
else
  fail "ctest (see lib-ctest.log)"; tail -30 "$OUT/lib-ctest.log"
fi

# 2. compute-sanitizer on the test programs.
san() {   # TOOL LOG LIMIT ENV... -- PROGRAM ARGS...
  local tool=$1 log=$2 limit=$3 t1=$SECONDS
  shift 3
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  if env "${envs[@]}" timeout "$limit" compute-sanitizer --tool "$tool" --error-exitcode 9 "$@" > "$OUT/$log" 2>&1 &&
     grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$OUT/$log" && ! grep -q "SKIPPED" "$OUT/$log"; then
    pass "compute-sanitizer $tool $(basename "$1") ${*:2} ($((SECONDS - t1)) s)"
  else
    fail "compute-sanitizer $tool $(basename "$1") (see $log)"; tail -20 "$OUT/$log"
  fi
}
if command -v compute-sanitizer > /dev/null; then
  san memcheck lib-graph-memcheck.log 180 SCANWORKS_TEST_SMALL=1 -- "$BUILD/tests/test_graph_api" cuda
  san memcheck lib-streams-memcheck.log 90 SCANWORKS_TEST_SMALL=1 -- "$BUILD/tests/test_graph_streams"
  for tool in memcheck racecheck synccheck; do
    san "$tool" "lib-dof-$tool.log" 60 SCANWORKS_TEST_SMALL=1 -- "$BUILD/tests/test_dof_api" cuda
  done
else
  fail "compute-sanitizer not found"
fi
echo "SUMMARY lib: $((SECONDS - t0)) s"
part_end
