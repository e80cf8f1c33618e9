#!/usr/bin/env python3
"""soak_check.py's verdicts on made-up runs: flat memory and transients pass; a leak of
the heap, of resident memory or of GPU memory fails, and so does a run whose heap is
not counted."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soak_check import verdict  # noqa: E402

MIB = 1024


def run(heap, rss=None, gpu=None, log=None):
    """A JSON report of 101 samples: lists (or functions of the sample's index) in KiB/MiB."""
    n = 101
    at = lambda v, i: v(i) if callable(v) else v
    mem = [{"frame": 10 * i, "heap_kib": at(heap, i), "heap_low_kib": at(heap, i),
            "rss_kib": at(rss, i) if rss is not None else 200 * MIB + at(heap, i),
            "frame_log_kib": at(log, i) if log is not None else 0,
            "gpu_used_mib": at(gpu, i) if gpu is not None else None} for i in range(n)]
    return {"memory": mem, "frames_measured": 1000, "median_ms": {"total": 1.0}}


fails = 0


def expect(name, report, failure):
    global fails
    _, why = verdict(report, 1.0, 8.0)
    ok = why is None if failure is None else (why is not None and failure in why)
    print("%s: %s (%s)" % ("ok" if ok else "FAIL", name, why or "passes"))
    fails += not ok


rng = random.Random(7)
expect("flat", run(100 * MIB), None)
expect("noise of 0.1 MiB", run(lambda i: 100 * MIB + rng.randint(-100, 100)), None)
# the driver's cache: 16 MiB held at most samples, freed at some
expect("a 16 MiB cache that comes and goes", run(lambda i: 100 * MIB + (0 if i % 3 else 16 * MIB)), None)
expect("the cache seen only at the end", run(lambda i: 100 * MIB + (16 * MIB if i > 80 and i % 2 else 0)), None)
expect("the frame log's resident pages", run(100 * MIB, rss=lambda i: 200 * MIB + 4 * i, log=lambda i: 4 * i), None)
expect("a heap leak of 6,000 bytes a frame", run(lambda i: 100 * MIB + i * 10 * 6000 // 1024), "live heap grew")
expect("a heap leak under the cache", run(lambda i: 100 * MIB + i * 40 + (0 if i % 3 else 16 * MIB)), "live heap grew")
expect("resident growth of 12 MiB", run(100 * MIB, rss=lambda i: 200 * MIB + i * 150), "resident memory grew")
expect("GPU growth of 40 MiB", run(100 * MIB, gpu=lambda i: 500.0 + 0.4 * i), "GPU memory grew")
expect("GPU flat", run(100 * MIB, gpu=500.0), None)
nulls = run(100 * MIB)
for s in nulls["memory"]:
    s["heap_low_kib"] = None
expect("no heap count", nulls, "not counted")
expect("too few samples", {"memory": run(100 * MIB)["memory"][:5], "frames_measured": 5, "median_ms": {"total": 1}},
       "too few")
sys.exit(1 if fails else 0)
