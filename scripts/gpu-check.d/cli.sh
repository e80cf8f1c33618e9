#!/usr/bin/env bash
# GPU check for the command line's reliability work (docs/reliability.md):
#   1. the stress build of the register-path look-back scan (test_scan_stress: random
#      delays at every hand-over and look-back point, every ring size, grids of 1..3
#      blocks and the full grid, bit-exact against the CPU, at least a million tiles);
#   2. the float SAT on cuda: test_sat_float_cuda (the cuda table is the cpu table's
#      bits) and `compute sat` of float32 and float64 arrays on cuda against cpu, byte
#      for byte, plus compute-sanitizer (memcheck, racecheck, synccheck) on its kernels;
#   3. a named SAT backend on a machine with CUDA: --sat-backend cuda runs and the JSON
#      says so; --gather cuda with --sat-backend gl is refused (exit 2), and with
#      --fallback runs the compute shader.
# About 5 minutes (the stress test stops after 240 s). Run from the repository root
# with BUILD (scripts/gpu-build: SCANWORKS_SCAN_STRESS=ON) and OUT set.
set -u
PART=cli
. scripts/gpu-check.d/part.bash
t0=$SECONDS

# 1. The stress build.
# STRESS_TILES and STRESS_SECONDS shorten it (default: CTest's two million tiles or 240 s;
# fewer than a million tiles fails).
if [ ! -x "$BUILD/tests/test_scan_stress" ] && [ ! -x "$BUILD/test_scan_stress" ]; then
  fail "test_scan_stress not built (configure with -DSCANWORKS_SCAN_STRESS=ON)"
elif stress=$(ls "$BUILD"/tests/test_scan_stress "$BUILD"/test_scan_stress 2>/dev/null | head -1) &&
   timeout 400 "$stress" "${STRESS_TILES:-2000000}" "${STRESS_SECONDS:-240}" > "$OUT/cli-stress.log" 2>&1; then
  pass "test_scan_stress: $(grep -o 'stress: .*' "$OUT/cli-stress.log" | tail -1) ($((SECONDS - t0)) s)"
else
  fail "test_scan_stress (see cli-stress.log)"; tail -25 "$OUT/cli-stress.log"
fi

# 2. The float SAT on cuda.
t1=$SECONDS
if timeout 120 ctest --test-dir "$BUILD" -R '^test_sat_float_cuda$' --output-on-failure > "$OUT/cli-sat-float.log" 2>&1 &&
   grep -q '100% tests passed' "$OUT/cli-sat-float.log" && ! grep -q 'Skipped\|Not Run' "$OUT/cli-sat-float.log"; then
  pass "test_sat_float_cuda ($((SECONDS - t1)) s)"
else
  fail "test_sat_float_cuda (see cli-sat-float.log)"; tail -20 "$OUT/cli-sat-float.log"
fi
tmp=$(mktemp -d)
python3 - "$tmp" <<'PY' || fail "could not write the float SAT inputs"
import random, struct, sys
d = sys.argv[1]; r = random.Random(11)
def save(name, descr, fmt, shape, vals):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, ", ".join(map(str, shape)))
    hdr += " " * (63 - (10 + len(hdr)) % 64) + "\n"
    with open(f"{d}/{name}.npy", "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
for name, descr, fmt, (h, w, c) in [("f32", "<f4", "f", (1081, 1921, 3)), ("f64", "<f8", "d", (257, 129, 4)),
                                    ("small", "<f4", "f", (33, 65, 2))]:
    save(name, descr, fmt, (h, w, c), [r.uniform(-1, 1) * 10 ** r.randint(-6, 6) for _ in range(h * w * c)])
PY
for a in f32 f64; do
  if "$SW" compute sat --backend cuda --in "$tmp/$a.npy" --out "$tmp/$a-cuda.npy" > "$OUT/cli-sat-$a.txt" 2>&1 &&
     "$SW" compute sat --backend cpu --in "$tmp/$a.npy" --out "$tmp/$a-cpu.npy" >> "$OUT/cli-sat-$a.txt" 2>&1 &&
     cmp -s "$tmp/$a-cuda.npy" "$tmp/$a-cpu.npy"; then
    pass "compute sat of $a: cuda and cpu tables are the same bytes"
  else
    fail "compute sat of $a: cuda differs from cpu or failed (see cli-sat-$a.txt)"; cat "$OUT/cli-sat-$a.txt"
  fi
done
sanitize_runs "$OUT/cli-sanitize.txt" 120 " (float SAT kernels)" \
  "compute sat --backend cuda --in $tmp/small.npy --out $tmp/s.npy" \
  "compute sat --backend cuda --in $tmp/f64.npy --out $tmp/s64.npy"

# 3. A named backend on a machine with CUDA.
if "$SW" --headless --frames 2 --size 320x180 --sat-backend cuda --json "$tmp/cuda.json" > "$OUT/cli-named.txt" 2>&1 &&
   python3 -c "
import json, sys; r = json.load(open(sys.argv[1]))
assert r['sat']['backend'] == 'cuda' and r['sat']['backend_requested'] == 'cuda', r['sat']
assert all(isinstance(m['gpu_used_mib'], float) for m in r['memory']), r['memory']
assert [f['frame'] for f in r['frames']] == [0, 1], [f['frame'] for f in r['frames']]" "$tmp/cuda.json" >> "$OUT/cli-named.txt" 2>&1; then
  pass "--sat-backend cuda runs cuda; the JSON records it, GPU memory as numbers, frames 0..1"
else
  fail "--sat-backend cuda (see cli-named.txt)"; tail -5 "$OUT/cli-named.txt"
fi
"$SW" --headless --frames 1 --size 320x180 --sat-backend gl --gather cuda >> "$OUT/cli-named.txt" 2>&1
rc=$?
[ $rc = 2 ] && pass "--gather cuda with --sat-backend gl is refused (exit 2)" || fail "--gather cuda with the gl SAT: exit $rc, expected 2"
if "$SW" --headless --frames 1 --size 320x180 --sat-backend gl --gather cuda --fallback --json "$tmp/fb.json" >> "$OUT/cli-named.txt" 2>&1 &&
   python3 -c "
import json, sys; r = json.load(open(sys.argv[1])); assert r['dof']['gather'] == 'compute', r['dof']" "$tmp/fb.json"; then
  pass "--fallback runs the compute shader instead and says so"
else
  fail "--gather cuda --fallback (see cli-named.txt)"
fi
rm -rf "$tmp"
echo "SUMMARY cli: $((SECONDS - t0)) s"
part_end
