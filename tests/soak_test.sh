#!/usr/bin/env bash
# Soak: FRAMES headless frames with every panel open; no GL or CUDA errors, and memory
# flat from the run's second to fourth tenths to its last three: the live heap (every
# allocation not yet freed, the GL driver's too: src/util/process_memory.h) grows under
# 1 MiB (SOAK_HEAP_LIMIT_MIB), the resident size under 8 MiB (SOAK_RSS_LIMIT_MIB), GPU
# memory under 16 MiB.
# Usage: soak_test.sh SCANWORKS FRAMES [SIZE] [JSON_OUT]
# llvmpipe renders on the app's own thread here (LP_NUM_THREADS=0; other drivers ignore
# it). With its threads it keeps up to two scenes of binned draws in flight, each about
# 16 MiB with the scan panel's 2^20-element GL timing runs, and how many are alive when a
# sample is taken depends on the pace: CI failed at +17.1 MiB resident on 2026-12-06, on
# a build whose CUDA kernels alone had changed, and the live heap moved between 87, 103
# and 119 MiB within one run. On the app's thread it is flat to the KiB. The app reads
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
python3 - "$json" "${SOAK_HEAP_LIMIT_MIB:-1}" "${SOAK_RSS_LIMIT_MIB:-8}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
heap_limit, rss_limit = float(sys.argv[2]), float(sys.argv[3])
m = r["memory"]
assert len(m) >= 10, "too few memory samples"
assert all(s.get("heap_low_kib") is not None for s in m), \
    "the live heap is not counted on this platform (src/util/process_memory.h: glibc 2.33 or AddressSanitizer)"
n = len(m)
# After warm-up: the second to fourth tenths against the last three. Each sample's
# heap_low_kib is the least live heap over the frames since the sample before; a window's
# least is the floor (the driver's cache freed), its most the level with the cache. A
# leak raises both; the smaller growth counts, so that a transient that one window happens
# to miss is not taken for growth.
base_w, end_w = m[n // 10 : 4 * n // 10], m[7 * n // 10 :]
def growth(key, less=lambda s: 0):
    v = lambda s: s[key] - less(s)
    return min(min(map(v, end_w)) - min(map(v, base_w)), max(map(v, end_w)) - max(map(v, base_w))) / 1024.0
heap_growth = growth("heap_low_kib")   # the frame log is reserved up front: the heap holds it from the start
# The run keeps every frame's stage times for its JSON report (~0.4 KiB a frame), which
# become resident as they are written: by design, so taken out of the resident size.
rss_growth = growth("rss_kib", lambda s: s.get("frame_log_kib", 0))
base, end = max(base_w, key=lambda s: s["rss_kib"]), max(end_w, key=lambda s: s["rss_kib"])
gpu_growth = (end["gpu_used_mib"] - base["gpu_used_mib"]) if base["gpu_used_mib"] is not None else 0.0   # null: no CUDA device
print("soak: %d frames, live heap floor %d -> %d KiB (%+.2f MiB), resident %d -> %d KiB, less the frame log "
      "%+.2f MiB, gpu used %+.1f MiB, median frame %.3f ms GPU" % (r["frames_measured"],
      min(s["heap_low_kib"] for s in base_w), min(s["heap_low_kib"] for s in end_w), heap_growth,
      base["rss_kib"], end["rss_kib"], rss_growth, gpu_growth, r["median_ms"]["total"]))
assert heap_growth < heap_limit, "live heap grew %.2f MiB (limit %g)" % (heap_growth, heap_limit)
assert rss_growth < rss_limit, "resident memory grew %.2f MiB (limit %g)" % (rss_growth, rss_limit)
assert gpu_growth < 16.0, "GPU memory grew %.1f MiB" % gpu_growth
PY
