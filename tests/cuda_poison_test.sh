#!/usr/bin/env bash
# SCANWORKS_CUDA_POISON=1 (a CUDA device): every intermediate of the frame's CUDA DoF (the
# table and its scratch, the half-size images, the near field's scratch) has every bit
# set before the frame's kernels, so a kernel that reads one before its writer is done
# (a programmatic dependent launch read too early: kernels/common/pdl.cuh) changes the
# picture, or makes a NaN that compute dof refuses. The pictures must be the same with
# and without it: the app's frames at half and full size, near on and with the layer
# tables, and compute dof on a photograph. Skipped (77) where the SAT is not CUDA's.
# Usage: cuda_poison_test.sh SCANWORKS IMAGE_COMPARE PHOTO
set -u
bin=$1 compare=$2 photo=$3
. "$(dirname "$0")/lib.sh"
FRAMES=4

# NAME then the flags: the app's frames into $tmp/NAME, then again poisoned into $tmp/NAME-p.
frames() {
    local name=$1; shift
    for p in 0 1; do
        local out=$tmp/$name; [ $p = 1 ] && out=$tmp/$name-p
        SCANWORKS_CUDA_POISON=$p "$bin" --headless --size 640x360 --frames $FRAMES --warmup 1 --sat-backend cuda \
            --gather cuda "$@" --dump "$out" 2>"$out.err" || { fail "$name poison=$p ($*): exit $?: $(tail -3 "$out.err")"; return 1; }
    done
    same_frames "$name" "$name-p"
}

# The same for compute dof on the photograph (its own grey as the depth), NAME then flags.
picture() {
    local name=$1; shift
    for p in 0 1; do
        SCANWORKS_CUDA_POISON=$p "$bin" compute dof --backend cuda --gather cuda --in "$photo" --depth "$photo" \
            --focus 0.4 --aperture 12 "$@" --out "$tmp/$name-$p.png" 2>"$tmp/$name-$p.err" ||
            { fail "compute dof $* poison=$p: exit $?: $(tail -3 "$tmp/$name-$p.err")"; return 1; }
    done
    "$compare" "$tmp/$name-0.png" "$tmp/$name-1.png" --max-mean 0 --max-over 0:0 >/dev/null ||
        fail "compute dof $*: poisoned intermediates changed the picture"
}

if ! SCANWORKS_CUDA_POISON=1 "$bin" --headless --size 64x36 --frames 1 --sat-backend cuda --gather cuda \
    --dump "$tmp/probe" 2>"$tmp/probe.err"; then
    grep -q "CUDA is unavailable here" "$tmp/probe.err" && { echo "SKIPPED: no CUDA device here"; exit 77; }
    fail "probe: $(tail -3 "$tmp/probe.err")"
fi
# a bad value: compute dof refuses it (exit 1), the app says why and takes the gl SAT
SCANWORKS_CUDA_POISON=2 "$bin" compute dof --backend cuda --gather cuda --in "$photo" --depth "$photo" \
    --focus 0.4 --aperture 12 --out "$tmp/bad.png" 2>"$tmp/bad.err"
[ $? = 1 ] || fail "compute dof with SCANWORKS_CUDA_POISON=2: exit code not 1"
SCANWORKS_CUDA_POISON=2 "$bin" --headless --size 64x36 --frames 1 --sat-backend cuda --gather cuda \
    --dump "$tmp/bad" 2>>"$tmp/bad.err"
[ "$(grep -c "SCANWORKS_CUDA_POISON=2: expected 0 or 1" "$tmp/bad.err")" -ge 2 ] ||
    fail "SCANWORKS_CUDA_POISON=2 not named: $(tail -3 "$tmp/bad.err")"
frames half --dof-scale half
frames half-split --dof-scale half --cuda-stages split
frames full --dof-scale full
frames layers --near layers
picture half-near --scale half --near on
picture full-near --near on
[ $fails = 0 ] && echo "PASS: poisoned intermediates change no picture" || { echo "$fails failure(s)"; exit 1; }
