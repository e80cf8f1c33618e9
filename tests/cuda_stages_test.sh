#!/usr/bin/env bash
# --cuda-stages (a CUDA device): with the cuda gather the frame's CUDA kernels are one
# stage, "sat + dof (cuda)", in the JSON by default (whole); split gives the half DoF's
# downsample, the table and the DoF passes as stages of their own and no whole one. The
# pixels are the same either way, at half and at full size. Skipped (77) where the SAT
# is not CUDA's.
# Usage: cuda_stages_test.sh SCANWORKS IMAGE_COMPARE
set -u
bin=$1 compare=$2
. "$(dirname "$0")/lib.sh"
FRAMES=6

# Runs NAME with the flags after it: frames into $tmp/NAME, the JSON into $tmp/NAME.json.
dump() {
    local name=$1; shift
    "$bin" --headless --size 200x112 --frames $FRAMES --warmup 2 --sat-backend cuda --gather cuda "$@" \
        --dump "$tmp/$name" --json "$tmp/$name.json" 2>"$tmp/$name.err" ||
        { fail "$name ($*): exit $?: $(tail -3 "$tmp/$name.err")"; return 1; }
}

# The JSON of NAME holds the stages in WANT ('|'-separated, each above 0 in the medians
# and in most frames) and none of those in NOT.
stages() {
    python3 - "$tmp/$1.json" "$2" "$3" <<'PY' || fails=$((fails + 1))
import json, sys
r = json.load(open(sys.argv[1]))
want = [s for s in sys.argv[2].split("|") if s]
never = [s for s in sys.argv[3].split("|") if s]
m, frames = r["median_ms"], r["frames"]
for s in want:
    assert m.get(s, 0) > 0, "%s: stage '%s' missing or 0 in the medians: %s" % (sys.argv[1], s, m)
    seen = sum(1 for f in frames if f.get(s, 0) > 0)
    assert 2 * seen >= len(frames), "%s: stage '%s' in %d of %d frames" % (sys.argv[1], s, seen, len(frames))
for s in never:
    assert all(s not in f for f in frames) and s not in m, "%s: stage '%s' should not be there" % (sys.argv[1], s)
print(sys.argv[1].rsplit("/", 1)[-1], {k: round(v * 1e3, 1) for k, v in m.items() if "cuda" in k})
PY
}

if ! dump half-whole --dof-scale half; then
    grep -q "CUDA is unavailable here" "$tmp/half-whole.err" && { echo "SKIPPED: no CUDA device here"; exit 77; }
    exit 1
fi
dump half-split --dof-scale half --cuda-stages split &&
    stages half-whole "sat + dof (cuda)" "dof downsample (cuda)|dof (cuda)|tiled-v2 (3 kernels, overlapped)" &&
    stages half-split "dof downsample (cuda)|dof (cuda)|tiled-v2 (3 kernels, overlapped)" "sat + dof (cuda)" &&
    same_frames half-whole half-split
dump full-whole --dof-scale full && dump full-split --dof-scale full --cuda-stages split &&
    stages full-whole "sat + dof (cuda)" "dof (cuda)|tiled-v2 (3 kernels, overlapped)" &&
    stages full-split "dof (cuda)|tiled-v2 (3 kernels, overlapped)" "sat + dof (cuda)|dof downsample (cuda)" &&
    same_frames full-whole full-split
[ $fails = 0 ] && echo "PASS: --cuda-stages whole and split, the same frames" || { echo "$fails failure(s)"; exit 1; }
