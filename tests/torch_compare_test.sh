#!/usr/bin/env bash
# scripts/torch-compare.py against numpy stand-ins for torch and CuPy
# (tests/torch_compare/): on right answers every row passes, its JSON has every op; each
# wrong answer (TORCH_STANDIN_BREAK) is reported as a MISMATCH and exits 1.
set -u
here=$(cd "$(dirname "$0")" && pwd)
script="$here/../scripts/torch-compare.py"
py=""
for p in python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null && "$p" -c "import numpy" 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "SKIPPED: no python3 with numpy (scripts/bootstrap installs python3-numpy)"; exit 77; }
. "$here/lib.sh"
args=(--sizes 1000,2^12 --reps 2 --queries 3000 --no-sat)
if PYTHONPATH="$here/torch_compare" "$py" "$script" "${args[@]}" --json "$tmp/r.json" > "$tmp/ok.txt" 2>&1; then
  "$py" - "$tmp/r.json" <<'PY' || fails=$((fails + 1))
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
ops = {(r["op"], r["variant"]) for r in rows}
want = {("scan", "torch.cumsum"), ("scan", "cupy.cumsum"), ("compact", "torch x[x > 0]"), ("sort-keys", "torch.sort"),
        ("sort-keys", "cupy.sort"), ("search", "torch.searchsorted"), ("search-skewed", "torch.searchsorted")}
assert want <= ops, "rows missing: %s" % (want - ops)
assert len(rows) == 2 * 8, "two sizes of eight rows, got %d" % len(rows)
assert all(r["check"] == "ok" and r["median_ms"] > 0 for r in rows), rows
PY
else
  echo "FAIL: right answers did not pass"; cat "$tmp/ok.txt"; fails=$((fails + 1))
fi
# A SAT of one small size through the same checks.
if ! PYTHONPATH="$here/torch_compare" "$py" "$script" --sizes 64 --reps 1 --queries 10 --sat-sizes 64x48,33x17 > "$tmp/sat.txt" 2>&1 ||
   ! grep -q "sat  *torch two cumsums .*ok, 33x17" "$tmp/sat.txt"; then
  echo "FAIL: the SAT rows"; tail -5 "$tmp/sat.txt"; fails=$((fails + 1))
fi
for b in searchsorted cumsum sort; do
  TORCH_STANDIN_BREAK=$b PYTHONPATH="$here/torch_compare" "$py" "$script" "${args[@]}" > "$tmp/$b.txt" 2>&1
  rc=$?
  if [ $rc != 1 ] || ! grep -q "MISMATCH" "$tmp/$b.txt"; then
    echo "FAIL: a wrong $b was not caught (exit $rc)"; tail -5 "$tmp/$b.txt"; fails=$((fails + 1))
  fi
done
[ $fails = 0 ] && echo "torch_compare_test: all checks passed"
exit $((fails > 0))
