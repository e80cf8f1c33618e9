# Sourced by the compact, sort and search parts (not a part itself: gpu-check runs
# *.sh only), with PART set to the part's name: checks BUILD and OUT, sets SW, counts
# failures in $fails through pass/fail ("PASS PART: ..." / "FAIL PART: ..."), and
# brings in sanitize_runs. part_end prints the verdict and exits 0 or 1.
BUILD=${BUILD:?set BUILD to a build folder}
OUT=${OUT:?set OUT to a results folder}
SW="$BUILD/scanworks"
mkdir -p "$OUT"
fails=0
pass() { echo "PASS $PART: $*"; }
fail() { echo "FAIL $PART: $*"; fails=$((fails + 1)); }
part_end() {
  [ $fails = 0 ] && echo "PASS $PART: all" || echo "FAIL $PART: $fails check(s) failed"
  exit $((fails > 0))
}
. scripts/gpu-check.d/sanitize.bash
