#!/usr/bin/env bash
# The thin-lens reference and the DoF scores, end to end:
# - the reference converges: its error against a 256-view reference falls as the views grow;
# - headless --dof-reference writes dof.png and reference.png and dof_quality in the JSON, the
#   post-process scoring below 1 against the reference (it is not the reference);
# - compute dof --reference: a picture against itself is perfect (PSNR null, SSIM 1), against
#   another picture it is not;
# - bad inputs: --dof-reference 0, 5000, abc, or without --headless exit 2; a missing or
#   mismatched --reference exits 1.
# Usage: dof_reference_test.sh SCANWORKS
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
size=160x90
run_ref() {   # views dir (--json's folder must exist; --dump makes its own)
    mkdir -p "$2" && "$bin" --headless --frames 1 --size $size --dof-reference "$1" --dump "$2" --json "$2/run.json" 2>"$tmp/err"
}
run_ref 256 "$tmp/r256"
rc=$?
if [ $rc != 0 ]; then
    if grep -q "headless OpenGL" "$tmp/err"; then echo "SKIPPED: no headless OpenGL here: $(cat "$tmp/err")"; exit 77; fi
    echo "FAIL: headless --dof-reference exited $rc"; cat "$tmp/err"; exit 1
fi
for f in dof.png reference.png frame_0000.png run.json; do
    [ -s "$tmp/r256/$f" ] || { echo "FAIL: $f missing"; fails=$((fails + 1)); }
done
python3 - "$tmp/r256/run.json" <<'PY' || fails=$((fails + 1))
import json, sys
q = json.load(open(sys.argv[1]))["dof_quality"]
ok = q["reference_views"] == 256 and 0.5 < q["ssim"] < 1.0 and 0.3 < q["band_ssim"] < 1.0
ok = ok and 0.0 < q["band_fraction"] < 1.0 and q["psnr"] is not None and 15 < q["psnr"] < 60
if not ok:
    print("FAIL: dof_quality", q)
    sys.exit(1)
PY
# A depth map of the picture's size for compute dof (aperture 0: the output is the input).
python3 - "$tmp/depth.npy" <<'PY'
import struct, sys
w, h = 160, 90
head = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (h, w)
head += " " * (64 - (10 + len(head) + 1) % 64) + "\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(head)) + head.encode())
    f.write(struct.pack("<%df" % (w * h), *([5.0] * (w * h))))
PY
score() {   # picture reference -> "psnr ssim"
    "$bin" compute dof --backend cpu --in "$1" --depth "$tmp/depth.npy" --focus 5 --aperture 0 \
        --out "$tmp/same.png" --reference "$2" | python3 -c 'import json,sys; q=json.load(sys.stdin); print(q["psnr"], q["ssim"])'
}
prev=0
for n in 4 16 64; do
    run_ref $n "$tmp/r$n" || { echo "FAIL: --dof-reference $n"; cat "$tmp/err"; fails=$((fails + 1)); continue; }
    read -r psnr ssim < <(score "$tmp/r$n/reference.png" "$tmp/r256/reference.png")
    echo "reference of $n views against 256: PSNR $psnr dB, SSIM $ssim"
    python3 -c "import sys; sys.exit(0 if float('$psnr') > $prev + 1.0 else 1)" ||
        { echo "FAIL: the reference does not converge: PSNR $psnr after $prev"; fails=$((fails + 1)); }
    prev=$psnr
done
# The post-processed frame does not depend on the reference's views.
cmp -s "$tmp/r4/dof.png" "$tmp/r256/dof.png" || { echo "FAIL: dof.png changed with the views"; fails=$((fails + 1)); }
read -r psnr ssim < <(score "$tmp/r256/reference.png" "$tmp/r256/reference.png")
[ "$psnr" = None ] && [ "$ssim" = 1.0 ] ||
    { echo "FAIL: a picture against itself: PSNR $psnr (expected null), SSIM $ssim"; fails=$((fails + 1)); }
# bad inputs
for bad in 0 5000 abc; do
    "$bin" --headless --frames 1 --size $size --dof-reference $bad 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] && grep -q -- "--dof-reference" "$tmp/err" || { echo "FAIL: --dof-reference $bad: exit $rc"; cat "$tmp/err"; fails=$((fails + 1)); }
done
"$bin" --frames 1 --dof-reference 4 2>"$tmp/err"
[ $? = 2 ] && grep -q headless "$tmp/err" || { echo "FAIL: --dof-reference in a window"; cat "$tmp/err"; fails=$((fails + 1)); }
"$bin" compute dof --backend cpu --in "$tmp/r256/dof.png" --depth "$tmp/depth.npy" --focus 5 --aperture 3 \
    --out "$tmp/o.png" --reference "$tmp/missing.png" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q missing.png "$tmp/err" || { echo "FAIL: missing --reference"; cat "$tmp/err"; fails=$((fails + 1)); }
"$bin" --headless --frames 1 --size 80x45 --dump "$tmp/small" 2>/dev/null
"$bin" compute dof --backend cpu --in "$tmp/r256/dof.png" --depth "$tmp/depth.npy" --focus 5 --aperture 3 \
    --out "$tmp/o.png" --reference "$tmp/small/frame_0000.png" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "must match" "$tmp/err" || { echo "FAIL: mismatched --reference"; cat "$tmp/err"; fails=$((fails + 1)); }
read -r psnr ssim < <(score "$tmp/r256/dof.png" "$tmp/r256/reference.png")
python3 -c "import sys; sys.exit(0 if $ssim < 0.9999 else 1)" || { echo "FAIL: different pictures score $ssim"; fails=$((fails + 1)); }
[ $fails = 0 ] && echo "dof reference: all checks passed"
exit $((fails > 0))
