# Sourced by the test scripts after their skip checks (. "$(dirname "$0")/lib.sh"): $tmp,
# a scratch folder removed on exit; fail, which prints "FAIL: ..." and counts into
# $fails; same_frames, for scripts that set $compare and FRAMES. Each script prints its
# own verdict and exit code.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# same_frames A B: the frames $tmp/A/frame_NNNN.png and $tmp/B/... (0 .. FRAMES - 1) are
# the same pixels, index for index, by $compare (image_compare); B wrote no frame too many;
# and A's first and last frames differ, or the comparison proves nothing.
same_frames() {
    local a=$1 b=$2 f
    for i in $(seq 0 $((FRAMES - 1))); do
        f=$(printf frame_%04d.png "$i")
        [ -f "$tmp/$b/$f" ] || { fail "$b: $f was not written"; continue; }
        "$compare" "$tmp/$a/$f" "$tmp/$b/$f" --max-mean 0 --max-over 0:0 >/dev/null ||
            fail "$f: $b differs from $a"
    done
    "$compare" "$tmp/$a/frame_0000.png" "$tmp/$a/frame_$(printf %04d $((FRAMES - 1))).png" --max-mean 0 \
        --max-over 0:0 >/dev/null 2>&1 && fail "$a: the first and last frames are equal: nothing moves, the test proves nothing"
    [ -f "$tmp/$b/$(printf frame_%04d.png $FRAMES)" ] && fail "$b: one frame too many written"
    return 0
}
