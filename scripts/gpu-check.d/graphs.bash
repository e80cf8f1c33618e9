# Sourced by the graphs parts (graphs.sh, graphs-rmat.sh; not a part itself: gpu-check
# runs *.sh only) after part.bash: one bench run checked, and the readers of its lines.
# bench NAME KIND ARGS...: one bench run into $OUT/NAME.{txt,json}; exit 1 = an INVALID row
bench() {
  local name=$1 kind=$2; shift 2
  if timeout 300 "$SW" bench "$kind" "$@" --json "$OUT/$name.json" > "$OUT/$name.txt" 2> "$OUT/$name.err"; then
    pass "bench $kind $* (every run valid)"
  else
    grep INVALID "$OUT/$name.err" | head -5; tail -3 "$OUT/$name.err"; fail "bench $kind $* (see $name.err)"
  fi
}
# Bench lines: "  BACKEND ALGO GRAPH MS ms hm GTEPS GTEPS gunrock GTEPS2 GTEPS valid V/N"
field() { awk -v a="$2" -v g="$3" -v f="$4" '$2 == a && $3 == g { print $f; exit }' "$OUT/$1.txt"; }
best() {   # best FILE GRAPH: the cuda row with the smallest median ms: "ALGO MS HM"
  awk -v g="$2" '$1 == "cuda" && $3 == g && (!n++ || $4 < ms) { ms = $4; a = $2; hm = $7 } END { if (n) print a, ms, hm }' \
    "$OUT/$1.txt"
}
target() {   # target WHAT CONDITION (awk expression on x)
  if awk -v x="$3" "BEGIN { exit !($2) }" 2>/dev/null; then echo "SUMMARY: $1: met"; else echo "SUMMARY: $1: NOT met"; fi
}
