#!/usr/bin/env bash
# GPU check for the host-side launches (src/prim/*_plan_cuda.c, src/dof/dof_layers_cuda.c,
# cuda_cooperative_launch): the GPU tests of every primitive whose kernels the host
# launches through cudaLaunchKernel / cudaLaunchKernelExC / a cooperative grid (onesweep's
# passes, the search tree, tiled-v2's three kernels and its programmatic dependent launch,
# the DoF layer tables, BFS's level loop and delta-stepping), none of them skipped.
# Run from the repository root with BUILD (a build for sm_90) and OUT set.
set -u
PART=launchers
. scripts/gpu-check.d/part.bash

tests='^(test_csearch_gpu|test_search_cuda|test_sat_cuda|test_sat_api_cuda|test_dof_cuda|test_dof_api_cuda|test_graph_cuda|test_graph_api_cuda|test_graph_streams|test_scan_steps_cuda|test_scan_cuda)$'
if timeout 400 ctest --test-dir "$BUILD" -L gpu -R "$tests" --timeout 300 --output-on-failure \
     > "$OUT/launchers-ctest.log" 2>&1 &&
   grep -q '100% tests passed' "$OUT/launchers-ctest.log" && ! grep -q 'Skipped\|Not Run' "$OUT/launchers-ctest.log"; then
  pass "ctest -L gpu: sort, search, SAT, DoF, graph, scan-steps and scan tests, none skipped"
else
  fail "ctest -L gpu (see launchers-ctest.log)"; tail -30 "$OUT/launchers-ctest.log"
fi
part_end
