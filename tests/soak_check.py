#!/usr/bin/env python3
"""The soak's verdict on a headless run's JSON (tests/soak_test.sh says why each check).

Memory flat from the run's second to fourth tenths to its last three: the live heap's
floor grows under HEAP_LIMIT MiB, the resident size (less the frame log) under RSS_LIMIT
MiB, GPU memory under 16 MiB. Prints one line; exits 1 with the reason where a check
fails. Usage: soak_check.py JSON HEAP_LIMIT_MIB RSS_LIMIT_MIB
"""
import json
import sys

GPU_LIMIT_MIB = 16.0


def verdict(r, heap_limit, rss_limit):
    """The line to print and the failure (None where the run passes)."""
    m = r["memory"]
    if len(m) < 10:
        return "", "too few memory samples (%d)" % len(m)
    if any(s.get("heap_low_kib") is None for s in m):
        return "", "the live heap is not counted on this platform (src/util/process_memory.h: glibc 2.33 or AddressSanitizer)"
    n = len(m)
    base_w, end_w = m[n // 10 : 4 * n // 10], m[7 * n // 10 :]

    # Each sample's heap_low_kib is the least live heap over the frames since the sample
    # before; a window's least is the floor, its most the level with whatever the driver
    # holds at times. A leak raises both; the smaller growth counts, so that a transient
    # that one window happens to miss is not taken for growth.
    def growth(key, less=lambda s: 0):
        v = lambda s: s[key] - less(s)
        return min(min(map(v, end_w)) - min(map(v, base_w)), max(map(v, end_w)) - max(map(v, base_w))) / 1024.0

    heap = growth("heap_low_kib")   # the frame log is reserved up front: the heap holds it from the start
    # The run keeps every frame's stage times (~0.4 KiB a frame), resident as they are written.
    rss = growth("rss_kib", lambda s: s.get("frame_log_kib", 0))
    cuda = base_w[0]["gpu_used_mib"] is not None   # null: no CUDA device
    gpu = max(s["gpu_used_mib"] for s in end_w) - max(s["gpu_used_mib"] for s in base_w) if cuda else 0.0
    line = ("soak: %d frames, live heap floor %d -> %d KiB (%+.2f MiB), resident less the frame log %+.2f MiB, "
            "gpu used %+.1f MiB, median frame %.3f ms GPU" % (r["frames_measured"], min(s["heap_low_kib"] for s in base_w),
            min(s["heap_low_kib"] for s in end_w), heap, rss, gpu, r["median_ms"]["total"]))
    if heap >= heap_limit:
        return line, "live heap grew %.2f MiB (limit %g)" % (heap, heap_limit)
    if rss >= rss_limit:
        return line, "resident memory grew %.2f MiB (limit %g)" % (rss, rss_limit)
    if gpu >= GPU_LIMIT_MIB:
        return line, "GPU memory grew %.1f MiB (limit %g)" % (gpu, GPU_LIMIT_MIB)
    return line, None


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    line, why = verdict(json.load(open(argv[1])), float(argv[2]), float(argv[3]))
    if line:
        print(line)
    if why:
        print("FAIL: " + why)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
