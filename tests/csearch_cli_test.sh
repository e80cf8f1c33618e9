#!/usr/bin/env bash
# scanworks compute compact|sort|search: results against Python's own, and every bad
# input: usage errors exit 2, runtime errors exit 1 naming the file, one line on
# stderr, and no output file left behind. Usage: csearch_cli_test.sh SCANWORKS
set -u
bin=$1
command -v python3 >/dev/null || { echo "SKIPPED: python3 is needed to write .npy inputs"; exit 77; }
. "$(dirname "$0")/lib.sh"
expect() {   # expect CODE DESCRIPTION -- command...
    local want=$1 what=$2; shift 3
    rm -f "$tmp/out.npy" "$tmp/outv.npy"
    "$@" >"$tmp/stdout" 2>"$tmp/err"
    local got=$?
    if [ "$got" != "$want" ]; then fail "$what: exit $got, expected $want"; cat "$tmp/err"; return; fi
    echo "ok: $what (exit $got)"
    if [ "$want" != 0 ]; then
        [ "$(wc -l <"$tmp/err")" = 1 ] || { fail "$what: expected one line on stderr"; cat "$tmp/err"; }
        if ls "$tmp"/out*.npy "$tmp"/*.tmp.* >/dev/null 2>&1; then fail "$what: left an output behind"; fi
    fi
}
mentions() { grep -q -- "$1" "$tmp/err" || { fail "message does not mention '$1'"; cat "$tmp/err"; }; }

# Inputs, written by Python's struct module (numpy not needed), and the expected results.
python3 - "$tmp" <<'PY'
import bisect, random, struct, sys
d = sys.argv[1]; r = random.Random(7)
def save(name, code, fmt, vals, shape=None):
    shape = shape or (len(vals),)
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (code, "".join("%d," % s for s in shape))
    hdr += " " * (63 - (10 + len(hdr)) % 64) + "\n"
    with open(f"{d}/{name}.npy", "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
a = [r.randint(-50, 50) for _ in range(5000)]
save("a", "<i4", "i", a)
save("a_keep", "<i4", "i", [x for x in a if x > 7])
fl = [r.random() < 0.3 for _ in range(5000)]
save("flags", "|b1", "?", fl)
save("a_flags", "<i4", "i", [x for x, f in zip(a, fl) if f])
save("flags_short", "|b1", "?", fl[:10])
save("flags_f32", "<f4", "f", [float(f) for f in fl])
k = [r.choice([-2.5, -0.5, 0.0, 1.0, 3.25, 1e9]) for _ in range(3001)]
save("k", "<f4", "f", k)
order = sorted(range(len(k)), key=lambda i: k[i])   # Python's sort is stable
save("k_sorted", "<f4", "f", [k[i] for i in order])
save("v", "<u4", "I", list(range(len(k))))
save("v_sorted", "<u4", "I", order)
save("v_i32", "<i4", "i", list(range(len(k))))
save("v_short", "<u4", "I", list(range(5)))
s = sorted(r.randrange(0, 1000) for _ in range(2000))
q = [r.randrange(-5, 1005) for _ in range(777)]
save("s", "<i4", "i", s)
save("q", "<i4", "i", q)
save("q_u32", "<u4", "I", [abs(x) for x in q])
save("idx", "<i8", "q", [bisect.bisect_left(s, x) for x in q])
save("unsorted", "<i4", "i", [1, 2, 9, 4, 5])
save("a_i64", "<i8", "q", a)
save("a_2d", "<i4", "i", a[:100], (10, 10))
save("empty", "<i4", "i", [])
open(f"{d}/garbage.npy", "wb").write(b"not an npy file")
PY

# ---- results -----------------------------------------------------------------------
expect 0 "compact --keep" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --keep gt:7 --out "$tmp/out.npy"
cmp -s "$tmp/out.npy" "$tmp/a_keep.npy" || fail "compact --keep result differs from Python's"
expect 0 "compact --flags" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --flags "$tmp/flags.npy" --out "$tmp/out.npy"
cmp -s "$tmp/out.npy" "$tmp/a_flags.npy" || fail "compact --flags result differs from Python's"
for algo in lsd split; do
    expect 0 "sort $algo with values" -- "$bin" compute sort --backend cpu --algo $algo --in "$tmp/k.npy" \
        --values "$tmp/v.npy" --out "$tmp/out.npy" --out-values "$tmp/outv.npy"
    cmp -s "$tmp/out.npy" "$tmp/k_sorted.npy" || fail "sort $algo keys differ from Python's stable sort"
    cmp -s "$tmp/outv.npy" "$tmp/v_sorted.npy" || fail "sort $algo values differ from Python's stable sort"
done
expect 0 "search" -- "$bin" compute search --backend cpu --keys "$tmp/s.npy" --in "$tmp/q.npy" --out "$tmp/out.npy"
cmp -s "$tmp/out.npy" "$tmp/idx.npy" || fail "search result differs from bisect_left"
expect 0 "search in no keys" -- "$bin" compute search --backend cpu --keys "$tmp/empty.npy" --in "$tmp/q.npy" --out "$tmp/out.npy"
expect 0 "compact of nothing" -- "$bin" compute compact --backend cpu --in "$tmp/empty.npy" --keep eq:1 --out "$tmp/out.npy"
expect 0 "compact --help" -- "$bin" compute compact --help

# ---- usage errors (exit 2) -------------------------------------------------------------
expect 2 "compact: no --keep or --flags" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --out "$tmp/out.npy"
expect 2 "compact: both --keep and --flags" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --keep gt:1 \
    --flags "$tmp/flags.npy" --out "$tmp/out.npy"
expect 2 "compact: bad operator" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --keep zz:1 --out "$tmp/out.npy"
mentions "gt, ge"
expect 2 "compact: value not an int32" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --keep gt:1.5 --out "$tmp/out.npy"
expect 2 "compact: value out of range" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --keep gt:3000000000 --out "$tmp/out.npy"
expect 2 "compact: missing --out" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --keep gt:1
expect 2 "compact: unknown backend" -- "$bin" compute compact --backend tpu --in "$tmp/a.npy" --keep gt:1 --out "$tmp/out.npy"
expect 2 "compact: unknown algorithm" -- "$bin" compute compact --backend cpu --algo fast --in "$tmp/a.npy" --keep gt:1 --out "$tmp/out.npy"
mentions sequential
expect 2 "sort: --values without --out-values" -- "$bin" compute sort --backend cpu --in "$tmp/k.npy" --values "$tmp/v.npy" --out "$tmp/out.npy"
expect 2 "sort: unknown algorithm" -- "$bin" compute sort --backend cpu --algo bogo --in "$tmp/k.npy" --out "$tmp/out.npy"
expect 2 "sort: unknown flag" -- "$bin" compute sort --backend cpu --in "$tmp/k.npy" --out "$tmp/out.npy" --descending
expect 2 "search: missing --keys" -- "$bin" compute search --backend cpu --in "$tmp/q.npy" --out "$tmp/out.npy"
expect 2 "search: unknown algorithm" -- "$bin" compute search --backend cpu --algo linear --keys "$tmp/s.npy" --in "$tmp/q.npy" --out "$tmp/out.npy"

# ---- runtime errors (exit 1, the file named) ----------------------------------------------
expect 1 "compact: missing input" -- "$bin" compute compact --backend cpu --in "$tmp/nope.npy" --keep gt:1 --out "$tmp/out.npy"
mentions nope.npy
expect 1 "compact: not an npy file" -- "$bin" compute compact --backend cpu --in "$tmp/garbage.npy" --keep gt:1 --out "$tmp/out.npy"
mentions garbage.npy
expect 1 "compact: int64 input" -- "$bin" compute compact --backend cpu --in "$tmp/a_i64.npy" --keep gt:1 --out "$tmp/out.npy"
mentions a_i64.npy
expect 1 "compact: 2-D input" -- "$bin" compute compact --backend cpu --in "$tmp/a_2d.npy" --keep gt:1 --out "$tmp/out.npy"
expect 1 "compact: flags of the wrong length" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --flags "$tmp/flags_short.npy" --out "$tmp/out.npy"
mentions flags_short.npy
expect 1 "compact: float flags" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --flags "$tmp/flags_f32.npy" --out "$tmp/out.npy"
expect 1 "compact: output in a missing folder" -- "$bin" compute compact --backend cpu --in "$tmp/a.npy" --keep gt:1 --out "$tmp/no/out.npy"
[ -e "$tmp/no" ] && fail "a folder was created for the output"
expect 1 "sort: values of the wrong length" -- "$bin" compute sort --backend cpu --in "$tmp/k.npy" --values "$tmp/v_short.npy" --out "$tmp/out.npy" --out-values "$tmp/outv.npy"
mentions v_short.npy
expect 1 "sort: int32 values" -- "$bin" compute sort --backend cpu --in "$tmp/k.npy" --values "$tmp/v_i32.npy" --out "$tmp/out.npy" --out-values "$tmp/outv.npy"
expect 1 "sort: values output in a missing folder (no keys output either)" -- "$bin" compute sort --backend cpu --in "$tmp/k.npy" --values "$tmp/v.npy" --out "$tmp/out.npy" --out-values "$tmp/no/outv.npy"
expect 1 "search: unsorted keys" -- "$bin" compute search --backend cpu --keys "$tmp/unsorted.npy" --in "$tmp/q.npy" --out "$tmp/out.npy"
mentions "not sorted"; mentions unsorted.npy
expect 1 "search: queries of another dtype" -- "$bin" compute search --backend cpu --keys "$tmp/s.npy" --in "$tmp/q_u32.npy" --out "$tmp/out.npy"
mentions q_u32.npy
if ! "$bin" compute search --backend cuda --keys "$tmp/s.npy" --in "$tmp/q.npy" --out "$tmp/out.npy" 2>/dev/null; then
    expect 1 "cuda backend without a GPU" -- "$bin" compute sort --backend cuda --in "$tmp/k.npy" --out "$tmp/out.npy"
    mentions "cuda"
fi

[ "$fails" = 0 ] && echo "csearch_cli_test: all passed" || echo "csearch_cli_test: $fails failure(s)"
exit $((fails > 0))
