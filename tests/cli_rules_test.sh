#!/usr/bin/env bash
# The command line's rules, case by case (docs/reliability.md lists them): usage errors
# exit 2 and runtime errors 1, one message style "scanworks compute OP: ...", bytes from
# files shown escaped, --flag=value, a repeated flag refused, outputs checked before
# any work, extensions that match what is written, help that lists every flag with its
# default, data kept as given (16-bit PNGs, float arrays), depths checked, the headless
# JSON's fields, and a named SAT backend that cannot run refused unless --fallback.
# Usage: cli_rules_test.sh SCANWORKS
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
cd "$tmp"
run() { "$@" >out 2>err; echo $? > rc; }
# expect CODE WHAT -- command...: exit code and exactly one line on stderr for an error
expect() {
    local want=$1 what=$2; shift 3
    run "$@"
    local got; got=$(cat rc)
    if [ "$got" != "$want" ]; then fail "$what: exit $got, expected $want: $(head -c 300 err)"; return; fi
    if [ "$want" != 0 ] && [ "$(grep -c . err)" != 1 ]; then fail "$what: expected one line on stderr, got:"; cat err; return; fi
    echo "ok: $what (exit $got)"
}
says() { grep -qF -- "$1" err || fail "$2: the message lacks '$1': $(cat err)"; }
never() { ! grep -qF -- "$1" "${3:-err}" || fail "$2: the output has '$1': $(head -c 300 "${3:-err}")"; }

python3 - <<'PY'
import struct, zlib
def npy(path, descr, fmt, vals, shape):
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ", ".join(map(str, shape)) + ("," if len(shape) == 1 else ""))
    hdr += " " * (63 - (10 + len(hdr)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
npy("i32.npy", "<i4", "i", [3, 1, 2, 7], (4,))
npy("i16.npy", "<i2", "h", [3, 1, 2], (3,))
npy("f32.npy", "<f4", "f", [0.5, 1.25, -2.0, 4.0, 0.1, 8.0], (2, 3))
npy("f64.npy", "<f8", "d", [0.5, 1e-300, -2.0, 4.0], (2, 2))
npy("depth_neg.npy", "<f4", "f", [1.0, 2.0, 3.0, -0.5, 1.0, 1.0], (2, 3))
def png(path, w, h, bits, channels, rows):
    fmt = ">H" if bits == 16 else ">B"
    raw = b"".join(b"\x00" + b"".join(struct.pack(fmt, v) for v in row) for row in rows)
    ch = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    ctype = {1: 0, 3: 2, 4: 6}[channels]
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + ch(b"IHDR", struct.pack(">IIBBBBB", w, h, bits, ctype, 0, 0, 0)) +
                ch(b"IDAT", zlib.compress(raw)) + ch(b"IEND", b""))
png("g16.png", 3, 1, 16, 1, [[32768, 1, 65535]])
png("photo.png", 3, 2, 8, 3, [[10, 20, 30] * 3, [40, 50, 60] * 3])
open("bad.mtx", "wb").write(b"%%MatrixMarket matrix coord\x17nate r\xffal general\n2 2 1\n1 2\n")
PY
mkdir adir adir.npy

echo "--- exit codes: usage 2, runtime 1"
expect 2 "scan: unknown algorithm" -- "$bin" compute scan --backend cpu --algo warp --in i32.npy --out o.npy
never "scan: scan:" "scan: unknown algorithm"; says "no scan algorithm 'warp'" "scan: unknown algorithm"
expect 2 "bfs: an algorithm the backend lacks" -- "$bin" compute bfs --backend cpu --algo frontier --graph rmat:4:4 --source 0 --out l.npy
says "scanworks compute bfs: " "bfs: unknown algorithm"
expect 2 "sssp: an algorithm the backend lacks" -- "$bin" compute sssp --backend cpu --algo near --graph rmat:4:4 --source 0 --out d.npy
says "scanworks compute sssp: " "sssp: unknown algorithm"
expect 2 "rmat with a negative scale" -- "$bin" compute bfs --backend cpu --graph rmat:-3:8 --source 0 --out l.npy
expect 2 "rmat without an edge factor" -- "$bin" compute bfs --backend cpu --graph rmat:10 --source 0 --out l.npy
says "scanworks compute bfs: " "rmat spec"
expect 1 "bfs: source past the graph" -- "$bin" compute bfs --backend cpu --graph rmat:4:4 --source 99 --out l.npy
says "scanworks compute bfs: --source 99" "bfs: source past the graph"
expect 1 "sssp: missing graph file" -- "$bin" compute sssp --backend cpu --graph nofile.mtx --source 0 --out d.npy
says "scanworks compute sssp: " "sssp: missing file"
[ ! -e l.npy ] && [ ! -e d.npy ] || fail "a failed graph run left an output"

echo "--- messages that say what is wrong, with what, and how to fix it"
expect 1 "scan of int16" -- "$bin" compute scan --backend cpu --in i16.npy --out o.npy
says "int32, uint32, int64 or float32" "scan of int16"; never "float64" "scan of int16"; never "bool" "scan of int16"
expect 1 "--in a folder" -- "$bin" compute scan --backend cpu --in adir --out o.npy
says "is a folder" "--in a folder"; never "9223372036854775807" "--in a folder"
expect 2 "--source -1" -- "$bin" compute bfs --backend cpu --graph rmat:4:4 --source -1 --out l.npy
says "--source '-1'" "--source -1"; never "size" "--source -1"
expect 2 "compact --keep with a word" -- "$bin" compute compact --backend cpu --in i32.npy --keep gt:x --out k.npy
never "a int32" "compact --keep"; says "whole number" "compact --keep"
expect 1 "a corrupted .mtx header" -- "$bin" compute bfs --backend cpu --graph bad.mtx --source 0 --out l.npy
says 'coord\x17nate' "corrupted .mtx"
LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f\x80-\xff]' err && fail "corrupted .mtx: raw control or invalid bytes in the message"

echo "--- one parser: --flag=value, repeats, stray words"
expect 0 "--backend=cpu --in=... --out=..." -- "$bin" compute scan --backend=cpu --in=i32.npy --out=o.npy
expect 2 "a repeated flag" -- "$bin" compute scan --backend cpu --backend gl --in i32.npy --out o.npy
says "--backend is given twice" "a repeated flag"
expect 2 "a repeated viewer flag" -- "$bin" --headless --frames 1 --frames 2
expect 2 "a switch with a value" -- "$bin" compute scan --backend cpu --inclusive=yes --in i32.npy --out o.npy
expect 2 "a stray word" -- "$bin" compute scan --backend cpu stray --in i32.npy --out o.npy

echo "--- outputs checked before any work"
expect 1 "--out into a missing folder" -- "$bin" compute scan --backend cpu --in i32.npy --out nodir/o.npy
says "does not exist" "--out into a missing folder"
expect 1 "--out is a folder" -- "$bin" compute scan --backend cpu --in i32.npy --out adir.npy
expect 2 "--out x.jpg for a PNG" -- "$bin" compute dof --backend cpu --in photo.png --depth depth_neg.npy --focus 1 --aperture 2 --out x.jpg
says "ending in .png" "--out x.jpg"
expect 2 "--out x.txt for an .npy" -- "$bin" compute sat --backend cpu --in f32.npy --out x.txt
for op in sort compact search; do
    start=$SECONDS
    expect 1 "bench $op --json into a missing folder" -- "$bin" bench $op --json nodir/r.json
    says "does not exist" "bench $op --json"
    [ $((SECONDS - start)) -le 5 ] || fail "bench $op --json: the missing folder was found after the run"
done
expect 1 "bench scan --plot into a missing folder" -- "$bin" bench scan --plot nodir/p.svg
expect 0 "bench scan with the CPU rows" -- "$bin" bench scan --sizes 1000 --reps 2 --no-gl
grep -q "^scan  *sequential  *cpu" out || fail "bench scan: no sequential CPU row: $(head -c 300 out)"
expect 0 "bench scan --no-cpu" -- "$bin" bench scan --sizes 1000 --reps 2 --no-gl --no-cpu
never " cpu " "bench scan --no-cpu" out
expect 2 "bench sat --plot with the wrong extension" -- "$bin" bench sat --plot p.png
expect 1 "headless --json into a missing folder" -- "$bin" --headless --frames 1 --size 32x18 --json nodir/r.json
expect 2 "headless --screenshot x.jpg" -- "$bin" --headless --frames 1 --size 32x18 --screenshot x.jpg

echo "--- help: every flag, its default, aligned, once"
for op in scan sat dof compact sort search bfs sssp; do
    "$bin" compute $op --help > help.txt 2>&1 || fail "compute $op --help exits $?"
    never "sage: usage" "compute $op --help" help.txt
    python3 - help.txt "compute $op" <<'PY' || fails=$((fails + 1))
import re, sys
lines = open(sys.argv[1]).read().split("\n")
rows = [l for l in lines if re.match(r"  --[a-z]", l)]
bad = []
cols = set()
for l in rows:
    m = re.match(r"  (--\S+(?: \S+)?)\s{2,}(\S.*)$", l)
    if not m: continue   # a flag so long that its text follows one space or the next line
    cols.add(l.index(m.group(2)))
    text = m.group(2)
    if not any(w in text for w in ("default", "required")) and " " in m.group(1):
        bad.append(m.group(1))
if len(cols) > 1: print("FAIL: %s --help: description columns differ: %s" % (sys.argv[2], sorted(cols))); sys.exit(1)
if bad: print("FAIL: %s --help: no default given for %s" % (sys.argv[2], bad)); sys.exit(1)
PY
done
for op in compact sort search scan sat bfs sssp; do
    "$bin" bench $op --help > help.txt 2>&1 || fail "bench $op --help exits $?"
    never "sage: usage" "bench $op --help" help.txt
done
"$bin" compute bfs --help > help.txt
grep -E "^  --backend" help.txt | grep -q "(required)" || fail "bfs --help: --backend is not shown as required"
never "default cpu" "bfs --help" help.txt
"$bin" --help > help.txt
for p in scan compact radix search bfs; do grep -q "names: .*$p" help.txt || fail "--help does not name the panel $p"; done
grep -q -- "--fallback" help.txt || fail "--help does not list --fallback"

echo "--- data kept as given"
expect 0 "sat of a 16-bit PNG" -- "$bin" compute sat --backend cpu --in g16.png --out s16.npy
python3 -c "
import struct; d = open('s16.npy', 'rb').read()[-24:]
v = struct.unpack('<3d', d); assert v == (32768.0, 32769.0, 98304.0), v" || fail "16-bit PNG: the table is not of the 16-bit values"
expect 0 "sat of float32" -- "$bin" compute sat --backend cpu --in f32.npy --out sf.npy
python3 -c "
import struct; d = open('sf.npy', 'rb').read()[-48:]
v = struct.unpack('<6d', d); want = (0.5, 1.75, -0.25, 4.5, 5.85, 11.85)
assert all(abs(a - b) < 1e-6 for a, b in zip(v, want)), v" || fail "float32 SAT: wrong table"
expect 0 "sat of float64" -- "$bin" compute sat --backend cpu --in f64.npy --out sd.npy
expect 2 "sat of floats on gl" -- "$bin" compute sat --backend gl --in f32.npy --out sg.npy
"$bin" compute sat --help | grep -q "2^-53" || fail "compute sat --help does not state the float error bound"
expect 1 "a negative depth" -- "$bin" compute dof --backend cpu --in photo.png --depth depth_neg.npy --focus 1 --aperture 2 --out o.png
says "row 1, column 0" "a negative depth"
[ ! -e o.png ] || fail "a refused depth map left an output"
# the half-resolution DoF: cpu, gl (either GL gather), cuda with its own gather
expect 2 "dof --scale half on cuda with a GL gather" -- "$bin" compute dof --backend cuda --gather compute --in photo.png --depth depth_neg.npy --focus 1 --aperture 2 --scale half --out o.png
says "--gather cuda" "dof --scale half on cuda with a GL gather"
expect 2 "dof --scale quarter" -- "$bin" compute dof --backend cpu --in photo.png --depth depth_neg.npy --focus 1 --aperture 2 --scale quarter --out o.png

echo "--- headless: a named backend runs or fails; the JSON's fields"
"$bin" --headless --frames 3 --warmup 2 --size 32x18 --dump fr --json run.json --sat-backend cuda --fallback > out 2> err
rc=$?
[ $rc = 0 ] || fail "--sat-backend cuda --fallback exits $rc: $(tail -2 err)"
python3 - run.json fr <<'PY' > sat_backend || fail "headless JSON"
import json, os, sys
r = json.load(open(sys.argv[1]))
files = sorted(os.listdir(sys.argv[2]))
frames = [f["frame"] for f in r["frames"]]
assert files == ["frame_%04d.png" % f for f in frames], (files, frames)
assert [m["frame"] for m in r["memory"]] == frames, r["memory"]
cuda = r["environment"]["cuda_device"] != "none"
for m in r["memory"]:
    assert (m["gpu_used_mib"] is None) == (not cuda), m
    # glibc (mallinfo2) or the sanitizer counts the live heap; without
    # SCANWORKS_WATCH_HEAP the least since the last sample is the sample's own
    assert isinstance(m["heap_kib"], int) and 0 < m["heap_low_kib"] == m["heap_kib"], m
assert r["sat"]["backend"] in ("cuda", "gl") and r["sat"]["variant"] == "tiled", r["sat"]
assert r["sat"]["backend_requested"] == "cuda" and r["sat"]["fallback_allowed"] is True, r["sat"]
print(r["sat"]["backend"])
PY
if [ "$(cat sat_backend)" = gl ]; then
    grep -q "SAT on gl" err || fail "--fallback does not say what ran instead"
    expect 1 "--sat-backend cuda where CUDA cannot run" -- "$bin" --headless --frames 1 --size 32x18 --sat-backend cuda
    says "--fallback" "--sat-backend cuda without CUDA"
    expect 1 "--gather cuda where CUDA cannot run" -- "$bin" --headless --frames 1 --size 32x18 --gather cuda
else
    expect 0 "--sat-backend cuda where CUDA runs" -- "$bin" --headless --frames 1 --size 32x18 --sat-backend cuda
    expect 2 "--gather cuda with the gl SAT" -- "$bin" --headless --frames 1 --size 32x18 --sat-backend gl --gather cuda
fi
expect 2 "--hud with --no-hud" -- "$bin" --headless --frames 1 --hud --no-hud
expect 2 "--cuda-stages split with the gl SAT" -- "$bin" --headless --frames 1 --sat-backend gl --cuda-stages split
says "--sat-backend cuda" "--cuda-stages split with the gl SAT"
expect 2 "--cuda-stages split with the compute gather" -- "$bin" --headless --frames 1 --gather compute --cuda-stages split
expect 2 "--cuda-stages with a bad value" -- "$bin" --headless --frames 1 --cuda-stages some
says "expected whole or split" "--cuda-stages with a bad value"

[ $fails = 0 ] && echo "cli_rules: all checks passed" || echo "cli_rules: $fails check(s) failed"
exit $((fails > 0))
