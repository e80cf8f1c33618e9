# Sourced by the test scripts after their skip checks (. "$(dirname "$0")/lib.sh"): $tmp,
# a scratch folder removed on exit, and fail, which prints "FAIL: ..." and counts into
# $fails. Each script prints its own verdict and exit code.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
