#!/usr/bin/env bash
# Soak: FRAMES headless frames with every panel open; no GL or CUDA errors, and memory
# flat from the run's second to fourth tenths to its last three: the live heap (every
# allocation not yet freed, the GL driver's too: src/util/process_memory.h) grows under
# 1 MiB (SOAK_HEAP_LIMIT_MIB), the resident size under 4 MiB (SOAK_RSS_LIMIT_MIB), GPU
# memory under 16 MiB (tests/soak_check.py, itself checked by soak_check_test.py).
# Usage: soak_test.sh SCANWORKS FRAMES [SIZE] [JSON_OUT]
# llvmpipe renders on the app's own thread here (LP_NUM_THREADS=0; other drivers ignore
# it). With its threads it keeps up to two scenes of binned draws in flight, each about
# 16 MiB with the scan panel's 2^20-element GL timing runs, and how many are alive when a
# sample is taken depends on the pace: CI failed at +17.1 MiB resident on 2026-12-06, on
# a build whose CUDA kernels alone had changed, and the live heap moved between 87, 103
# and 119 MiB within one run. On the app's thread it is flat to 0.13 MiB. The app reads
# the live heap after every frame all the same (SCANWORKS_WATCH_HEAP=1) and each sample
# keeps the least since the one before, so a transient that some driver frees within a
# few frames is not taken for growth: a leak raises that floor.
set -u
bin=$1 frames=$2 size=${3:-160x90}
. "$(dirname "$0")/lib.sh"
json=${4:-$tmp/soak.json}
# On its one thread llvmpipe allocates and frees its binned draws every frame, and glibc
# gave the top of its heap back to the system and took it again each time (12,000 brk
# calls in 100 frames, 3x the frame time): it keeps up to 256 MiB free here instead.
LP_NUM_THREADS=0 SCANWORKS_WATCH_HEAP=1 GLIBC_TUNABLES=glibc.malloc.trim_threshold=268435456 \
"$bin" --headless --gl-debug --frames "$frames" --warmup 10 --size "$size" --panels all --json "$json" 2>"$tmp/err"
rc=$?
if [ $rc != 0 ]; then
    grep -q "headless OpenGL" "$tmp/err" && { echo "SKIPPED: no headless OpenGL: $(tail -1 "$tmp/err")"; exit 77; }
    echo "FAIL: soak run exited $rc"; tail -5 "$tmp/err"; exit 1
fi
if grep -qiE "GL error|CUDA error|failed" "$tmp/err"; then echo "FAIL: errors during the soak"; grep -iE "error|failed" "$tmp/err" | head; exit 1; fi
python3 "$(dirname "$0")/soak_check.py" "$json" "${SOAK_HEAP_LIMIT_MIB:-1}" "${SOAK_RSS_LIMIT_MIB:-4}"
