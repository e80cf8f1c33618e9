#!/usr/bin/env python3
"""What a Python user would use instead of scanworks, timed on the same GPU.

Times torch.cumsum, torch.sort, torch.searchsorted, x[x > 0] (compaction), CuPy's
cumsum, sort and compaction, and a summed-area table built by two cumsums (torch and
CuPy), on the sizes `scanworks bench` uses: 2^20, 2^24 and 2^28 int32 elements;
2^22 queries (uniform, and the skewed Zipf-like set of `bench search`) into n sorted
keys keys[i] = 2i; RGBA int32 images of 1280x720, 1920x1080 and 3840x2160. Each time
is the median of CUDA-event timings after a warm-up; each output is checked (against
the CPU, or a closed form) after the last timed run. Writes a table to stdout and, with
--json, the rows as JSON (the shape of `scanworks bench --json`).

Usage: scripts/torch-compare.py [--json FILE] [--reps R] [--sizes 2^20,2^24,2^28]
                                [--queries 2^22] [--sat-sizes 1280x720,...] [--no-sat]
Needs torch with CUDA; CuPy rows are left out (and said so) where CuPy is missing.
Exit codes: 0 every check passed, 1 a check failed or no GPU, 2 usage error.
"""
import argparse
import json
import statistics
import sys
import time

QUERIES = 1 << 22
SAT_SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]


def parse_images(text):
    out = []
    for tok in text.split(","):
        w, _, h = tok.strip().partition("x")
        if not (w.isdigit() and h.isdigit() and 1 <= int(w) <= 16384 and 1 <= int(h) <= 16384):
            raise argparse.ArgumentTypeError("image size %s: expected WxH, each 1 to 16384" % tok)
        out.append((int(w), int(h)))
    return out


def parse_sizes(text):
    sizes = []
    for tok in text.split(","):
        tok = tok.strip()
        v = 2 ** int(tok[2:]) if tok.startswith("2^") else int(tok)
        if not 1 <= v <= 1 << 30:
            raise argparse.ArgumentTypeError("size %s: sizes go from 1 to 2^30" % tok)
        sizes.append(v)
    return sizes


class Timer:
    """Medians of event timings of a call, for torch or CuPy events."""

    def __init__(self, torch, cupy):
        self.torch, self.cupy = torch, cupy

    def run(self, fn, reps, lib="torch", warmup=3):
        for _ in range(warmup):
            out = fn()
        times = []
        for _ in range(reps):
            if lib == "torch":
                a = self.torch.cuda.Event(enable_timing=True)
                b = self.torch.cuda.Event(enable_timing=True)
                a.record()
                out = fn()
                b.record()
                b.synchronize()
                times.append(a.elapsed_time(b))
            else:
                a, b = self.cupy.cuda.Event(), self.cupy.cuda.Event()
                a.record()
                out = fn()
                b.record()
                b.synchronize()
                times.append(self.cupy.cuda.get_elapsed_time(a, b))
        return statistics.median(times), min(times), out


class Report:
    def __init__(self):
        self.rows, self.failures = [], 0

    def add(self, op, variant, n, timing, ok, note):
        med, lo, _ = timing
        self.rows.append({"op": op, "variant": variant, "backend": "python", "n": n, "median_ms": round(med, 6),
                          "min_ms": round(lo, 6), "check": "ok" if ok else "MISMATCH", "note": note})
        if not ok:
            self.failures += 1
            print("*** MISMATCH: %s %s n=%d: %s ***" % (op, variant, n, note), file=sys.stderr)
        print("  %-14s %-22s %12d %10.4f ms  %s" % (op, variant, n, med, "ok" if ok else "MISMATCH"), flush=True)


def free(torch, cupy):
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    if cupy is not None:
        cupy.get_default_memory_pool().free_all_blocks()


def random_int32(torch, n, gen):
    """N random 32-bit patterns as int32 (drawn as int64, whose range holds 2^31)."""
    return torch.randint(-(1 << 31), 1 << 31, (n,), dtype=torch.int64, device="cuda", generator=gen).to(torch.int32)


def from_cupy(torch, a):
    """A CuPy array as a torch tensor on the host, for comparing."""
    return torch.from_dlpack(a).cpu()


def bench_scan_compact(torch, cupy, t, rep, n, reps, gen):
    # Values 0..7: an int32 inclusive sum of 2^28 of them stays below 2^31, so every
    # implementation must agree exactly.
    x = torch.randint(0, 8, (n,), dtype=torch.int32, device="cuda", generator=gen)
    want = x.cpu().cumsum(0, dtype=torch.int32)
    r = t.run(lambda: torch.cumsum(x, 0, dtype=torch.int32), reps)
    rep.add("scan", "torch.cumsum", n, r, torch.equal(r[2].cpu(), want), "inclusive, int32 out")
    if cupy is not None:
        cx = cupy.asarray(x)
        r = t.run(lambda: cupy.cumsum(cx, dtype=cupy.int32), reps, "cupy")
        rep.add("scan", "cupy.cumsum", n, r, torch.equal(from_cupy(torch, r[2]), want),
                "inclusive, int32 out")
        del cx
    del want
    # Compaction: keep > 0 of random int32 (about half), predicate included, as bench compact.
    y = random_int32(torch, n, gen)
    ycpu = y.cpu()
    keep = ycpu[ycpu > 0]
    r = t.run(lambda: y[y > 0], reps)
    rep.add("compact", "torch x[x > 0]", n, r, torch.equal(r[2].cpu(), keep), "kept %d" % keep.numel())
    if cupy is not None:
        cy = cupy.asarray(y)
        r = t.run(lambda: cy[cy > 0], reps, "cupy")
        rep.add("compact", "cupy x[x > 0]", n, r, torch.equal(from_cupy(torch, r[2]), keep),
                "kept %d" % keep.numel())
        del cy
    del x, y, ycpu, keep
    free(torch, cupy)


def bench_sort(torch, cupy, t, rep, n, reps, gen):
    # Random uint32 bits as int32 (torch has no uint32 sort on every version).
    x = random_int32(torch, n, gen)
    r = t.run(lambda: torch.sort(x), reps)
    v, idx = r[2]
    ok = bool((v[1:] >= v[:-1]).all()) and torch.equal(x[idx], v) and \
        torch.equal(torch.sort(idx).values, torch.arange(n, device="cuda"))
    rep.add("sort-keys", "torch.sort", n, r, ok, "int32; values and int64 indices (a permutation)")
    del idx, r
    if cupy is not None:
        cx = cupy.asarray(x)
        r = t.run(lambda: cupy.sort(cx), reps, "cupy")
        rep.add("sort-keys", "cupy.sort", n, r, torch.equal(torch.from_dlpack(r[2]), v),
                "int32, keys only; equals torch.sort's values")
        del cx, r
    del x, v
    free(torch, cupy)


def lower_bound_ok(torch, q, out, n):
    want = torch.clamp((q.to(torch.int64) + 1) // 2, max=n)
    return torch.equal(out, want)


def bench_search(torch, t, rep, n, reps, gen, queries):
    keys = torch.arange(0, 2 * n, 2, dtype=torch.int32, device="cuda")   # keys[i] = 2i
    span = 2 * n + 2
    uniform = torch.randint(0, span, (queries,), dtype=torch.int64, device="cuda", generator=gen).to(torch.int32)
    # bench search's skewed set: u^8 of a uniform u, so that about 42% of the queries
    # fall in the lowest 0.1% of the key range.
    u = torch.rand(queries, dtype=torch.float64, device="cuda", generator=gen)
    skewed = torch.clamp(torch.floor(u ** 8 * span), max=span - 1).to(torch.int32)
    for op, q in (("search", uniform), ("search-skewed", skewed)):
        r = t.run(lambda: torch.searchsorted(keys, q), reps)
        rep.add(op, "torch.searchsorted", n, r, lower_bound_ok(torch, q, r[2], n),
                "%d queries, int64 lower bounds" % queries)
    del keys, uniform, skewed, u
    free(torch, None)


def bench_sat(torch, cupy, t, rep, w, h, reps, gen):
    # 8-bit values: the 4K table's last sum stays below 2^31, so int32 sums are exact.
    img = torch.randint(0, 256, (h, w, 4), dtype=torch.int32, device="cuda", generator=gen)
    cpu = img.cpu()
    want = cpu.cumsum(0, dtype=torch.int32).cumsum(1, dtype=torch.int32)
    ok_corner = torch.equal(want[-1, -1], cpu.sum(dim=(0, 1), dtype=torch.int64).to(torch.int32))
    r = t.run(lambda: img.cumsum(0, dtype=torch.int32).cumsum(1, dtype=torch.int32), reps)
    rep.add("sat", "torch two cumsums", w * h, r, ok_corner and torch.equal(r[2].cpu(), want),
            "%dx%d RGBA int32" % (w, h))
    if cupy is not None:
        ci = cupy.asarray(img)
        r = t.run(lambda: cupy.cumsum(cupy.cumsum(ci, axis=0, dtype=cupy.int32), axis=1, dtype=cupy.int32), reps,
                  "cupy")
        rep.add("sat", "cupy two cumsums", w * h, r, torch.equal(from_cupy(torch, r[2]), want),
                "%dx%d RGBA int32" % (w, h))
        del ci
    del img, cpu, want
    free(torch, cupy)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="write the rows as JSON to this file")
    ap.add_argument("--reps", type=int, default=20, help="timed repetitions per row (default 20)")
    ap.add_argument("--sizes", type=parse_sizes, default=parse_sizes("2^20,2^24,2^28"),
                    help="element counts (default 2^20,2^24,2^28)")
    ap.add_argument("--queries", type=lambda v: parse_sizes(v)[0], default=QUERIES,
                    help="search queries (default 2^22, as bench search)")
    ap.add_argument("--sat-sizes", type=parse_images, default=SAT_SIZES,
                    help="SAT images, WxH list (default 1280x720,1920x1080,3840x2160, as bench sat)")
    ap.add_argument("--no-sat", action="store_true", help="leave out the SAT rows")
    args = ap.parse_args()
    if args.reps < 1:
        ap.error("--reps: at least 1")
    try:
        import torch
    except ImportError as e:
        print("torch-compare: torch is not installed (%s)" % e, file=sys.stderr)
        return 1
    if not torch.cuda.is_available():
        print("torch-compare: torch sees no CUDA device", file=sys.stderr)
        return 1
    try:
        import cupy
    except ImportError as e:
        cupy = None
        print("torch-compare: no CuPy (%s): its rows are left out" % e, file=sys.stderr)
    env = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "torch_cuda": torch.version.cuda,
           "cupy": cupy.__version__ if cupy is not None else None}
    print("torch-compare: %s" % ", ".join("%s %s" % kv for kv in env.items()))
    t, rep = Timer(torch, cupy), Report()
    gen = torch.Generator(device="cuda")
    gen.manual_seed(2026)
    start = time.time()
    for n in args.sizes:
        bench_scan_compact(torch, cupy, t, rep, n, args.reps, gen)
        bench_sort(torch, cupy, t, rep, n, args.reps, gen)
        bench_search(torch, t, rep, n, args.reps, gen, args.queries)
    if not args.no_sat:
        for w, h in args.sat_sizes:
            bench_sat(torch, cupy, t, rep, w, h, args.reps, gen)
    print("\n%-14s %-22s %12s %11s %11s  %s" % ("op", "variant", "n", "median ms", "min ms", "check, note"))
    for r in rep.rows:
        print("%-14s %-22s %12d %11.4f %11.4f  %s, %s" % (r["op"], r["variant"], r["n"], r["median_ms"], r["min_ms"],
                                                          r["check"], r["note"]))
    print("torch-compare: %d rows in %.0f s, %d mismatch(es)" % (len(rep.rows), time.time() - start, rep.failures))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"title": "what a Python user would use instead (torch, CuPy)", "environment": env,
                       "rows": rep.rows}, f, indent=1)
    return 1 if rep.failures else 0


if __name__ == "__main__":
    sys.exit(main())
