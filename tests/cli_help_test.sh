#!/usr/bin/env bash
# Every help text against its parser: each flag a --help lists is one the parser takes
# (never "unknown flag"), listed once, and a flag it does not list is refused. The
# compute and bench helps are printed from the parser's own flag table, the viewer's
# from its table of flags; this test keeps it so. Usage: cli_help_test.sh SCANWORKS
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
cd "$tmp"
checked=0
check_help() {   # check_help NAME PREFIX-ARGS...
    local name=$1; shift
    "$@" --help > help.txt 2>&1 || { fail "$name --help exits $?"; return; }
    local flags
    flags=$(grep -oE '^  (-h, )?--[a-z0-9-]+' help.txt | sed 's/^  //; s/^-h, //' | sort)
    [ -n "$flags" ] || { fail "$name --help lists no flags"; return; }
    local dup
    dup=$(echo "$flags" | uniq -d)
    [ -z "$dup" ] || fail "$name --help lists twice: $dup"
    for f in $flags; do
        [ "$f" = --help ] && continue
        # a value the parser refuses, or a stray word after a switch: either way the
        # flag itself must be one it knows. 10 s: a value it takes may start the work.
        timeout 10 "$@" "$f" x > /dev/null 2> err < /dev/null
        if grep -q "unknown flag" err; then fail "$name: --help lists $f, the parser does not take it: $(cat err)"; fi
        checked=$((checked + 1))
    done
    timeout 10 "$@" --no-such-flag > /dev/null 2> err
    grep -q "unknown flag '--no-such-flag'" err || fail "$name takes a flag its help does not list: $(cat err)"
}
check_help "scanworks" "$bin"
for op in scan sat dof dof-scene compact sort search bfs sssp; do check_help "compute $op" "$bin" compute $op; done
for op in scan sat compact sort search bfs sssp; do check_help "bench $op" "$bin" bench $op; done
echo "cli_help: $checked flags checked"
[ $fails = 0 ] && echo "cli_help: all checks passed" || echo "cli_help: $fails check(s) failed"
exit $((fails > 0))
