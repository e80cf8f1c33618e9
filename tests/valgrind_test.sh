#!/usr/bin/env bash
# The headless mode under valgrind memcheck: no invalid accesses, no use of
# uninitialised values, no definite leaks. tests/valgrind.supp names the only
# exceptions (inside the Mesa driver and the dynamic loader).
# Usage: valgrind_test.sh SCANWORKS
set -u
bin=$1
command -v valgrind >/dev/null || { echo "SKIPPED: valgrind is not installed"; exit 77; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
timeout 600 valgrind --keep-debuginfo=yes --leak-check=full --show-leak-kinds=definite \
    --errors-for-leak-kinds=definite --error-exitcode=9 --suppressions="$(dirname "$0")/valgrind.supp" \
    "$bin" --headless --frames 2 --size 32x18 --panels scan,compact,radix,search,bfs >"$log" 2>&1
rc=$?
grep -E "ERROR SUMMARY|definitely lost|suppressed:" "$log"
if [ $rc = 9 ]; then echo "FAIL: valgrind found errors"; grep -B2 -A20 "Invalid\|uninitialised\|definitely lost in" "$log" | head -60; exit 1; fi
if grep -q "headless OpenGL" "$log"; then echo "SKIPPED: no headless OpenGL here"; exit 77; fi
[ $rc = 0 ] || { echo "FAIL: exit $rc"; tail -20 "$log"; exit 1; }
echo "valgrind_test: clean"
