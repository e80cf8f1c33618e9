# Sourced by the GPU check parts (not a part itself: gpu-check runs *.sh only).
# sanitize_runs LOG LIMIT WHAT RUN...: each RUN (the arguments of one `$SW` call) under
# compute-sanitizer memcheck, racecheck and synccheck, LIMIT seconds each, output
# appended to LOG. Per tool, one `pass "compute-sanitizer TOOL WHAT"` or one `fail`
# naming LOG; every failed run is listed. The caller defines SW, pass and fail.
sanitize_runs() {
  local log=$1 limit=$2 what=$3 tool r ok
  shift 3
  for tool in memcheck racecheck synccheck; do
    ok=1
    for r in "$@"; do
      if ! timeout "$limit" compute-sanitizer --tool "$tool" --error-exitcode 9 "$SW" $r >> "$log" 2>&1; then
        ok=0; echo "  $tool failed: scanworks $r"
      fi
    done
    if [ $ok = 1 ]; then pass "compute-sanitizer $tool$what"; else fail "compute-sanitizer $tool (see $(basename "$log"))"; fi
  done
}
