#!/usr/bin/env bash
# scan-host: the cpu and OpenGL scans on the GPU machine (NVIDIA's GL driver instead of
# llvmpipe). Run from the repository root with BUILD (a build for sm_90) and OUT (a
# folder for results). It runs the scan tests (the gl one on the NVIDIA driver), then
# `scanworks compute scan` on 2^24 int32 with every cpu and gl algorithm (timed, the
# outputs compared with each other; host_call_ms is the scan_host call: for gl it
# includes the upload, the first-use shader compiles and the read-back), then a few
# headless frames of the scan panel.
# Prints PASS/FAIL lines; the exit status is 1 when anything failed.
set -u
: "${BUILD:?set BUILD to a build folder}" "${OUT:?set OUT to a results folder}"
mkdir -p "$OUT"
LOG="$OUT/scan-host.log"
: >"$LOG"
EXE="$BUILD/scanworks"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
pass() { echo "PASS scan-host: $*"; }
fail() { echo "FAIL scan-host: $*"; failures=$((failures + 1)); }

# 1. Tests: cpu, cli, and gl (which prints the GL_RENDERER it ran on and whether the
# compute scan used subgroup arithmetic); the gl test again with subgroups turned off,
# so that both workgroup scans (subgroup and shared memory) run on the NVIDIA driver.
if timeout 120 ctest --test-dir "$BUILD" -R '^test_scan_(cpu|gl|cli)$' --output-on-failure -V >>"$LOG" 2>&1; then
    pass "ctest test_scan_cpu test_scan_gl test_scan_cli"
else
    fail "ctest test_scan_cpu test_scan_gl test_scan_cli (see $LOG)"
fi
renderer=$(grep -m1 -o 'GL_RENDERER .*' "$LOG" || true)
echo "scan-host: test_scan_gl ran on: ${renderer:-unknown}"
case "$renderer" in *NVIDIA*) pass "gl test on the NVIDIA driver" ;; *) fail "gl test did not run on the NVIDIA driver" ;; esac
if SCANWORKS_GL_SUBGROUPS=0 timeout 120 "$BUILD/tests/test_scan_gl" >>"$LOG" 2>&1; then
    pass "test_scan_gl with SCANWORKS_GL_SUBGROUPS=0 (shared-memory workgroup scan)"
else
    fail "test_scan_gl with SCANWORKS_GL_SUBGROUPS=0 (see $LOG)"
fi

# 2. A 2^24 int32 .npy written with bash alone (no numpy): header padded to 64 bytes.
n=16777216
header="{'descr': '<i4', 'fortran_order': False, 'shape': ($n,), }"
pad=$(( (64 - (10 + ${#header} + 1) % 64) % 64 ))
hlen=$(( ${#header} + pad + 1 ))
{
    printf '\x93NUMPY\x01\x00'
    printf "\\x$(printf %02x $((hlen & 255)))\\x$(printf %02x $((hlen >> 8)))"
    printf '%s%*s\n' "$header" "$pad" ''
    head -c $((4 * n)) /dev/urandom
} >"$TMP/in.npy"

json="$OUT/scan-host-cli.json"
echo "{\"n\": $n, \"dtype\": \"int32\", \"op\": \"add\", \"runs\": [" >"$json"
first=1
for spec in "cpu sequential" "cpu threaded" "gl compute" "gl fragment"; do
    set -- $spec
    out="$TMP/out-$1-$2.npy"
    start=$(date +%s%N)
    line=$(timeout 60 "$EXE" compute scan --backend "$1" --algo "$2" --in "$TMP/in.npy" --out "$out" --time 2>>"$LOG")
    rc=$?
    wall=$(( ($(date +%s%N) - start) / 1000000 ))
    echo "$line (process wall $wall ms)" | tee -a "$LOG"
    ms=$(echo "$line" | sed -n 's/.*: \([0-9.]*\) ms$/\1/p')
    [ $first = 1 ] || echo "," >>"$json"
    first=0
    echo "{\"backend\": \"$1\", \"algo\": \"$2\", \"exit\": $rc, \"host_call_ms\": ${ms:-null}, \"process_ms\": $wall}" >>"$json"
    if [ $rc -eq 0 ]; then pass "compute scan --backend $1 --algo $2 at 2^24"; else fail "compute scan --backend $1 --algo $2 (exit $rc)"; fi
done
echo "]}" >>"$json"
for other in cpu-threaded gl-compute gl-fragment; do
    if cmp -s "$TMP/out-cpu-sequential.npy" "$TMP/out-$other.npy"; then
        pass "$other output equals cpu sequential bit for bit"
    else
        fail "$other output differs from cpu sequential"
    fi
done

# 3. The panel, headless: its last frame shows the bars and the CUDA ladder.
if timeout 100 "$EXE" --headless --frames 60 --size 1600x900 --panels scan --dump "$TMP/frames" >>"$LOG" 2>&1; then
    last=$(ls "$TMP/frames"/frame_*.png | tail -1)
    cp "$last" "$OUT/scan-host-panel.png" && pass "scan panel headless (last frame in scan-host-panel.png)"
else
    fail "scan panel headless run"
fi

echo "scan-host: $failures failure(s); log in $LOG"
[ $failures -eq 0 ]
