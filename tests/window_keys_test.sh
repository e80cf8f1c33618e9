#!/usr/bin/env bash
# Every key of the key table in a real window under Xvfb (window_keys_test.py does
# the work). Usage: window_keys_test.sh SCANWORKS
set -u
command -v xvfb-run >/dev/null || { echo "SKIPPED: xvfb-run is not installed (scripts/bootstrap installs it)"; exit 77; }
command -v xdotool >/dev/null || { echo "SKIPPED: xdotool is not installed (scripts/bootstrap installs it)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIPPED: python3 is not installed (scripts/bootstrap installs it)"; exit 77; }
exec timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" python3 "$(dirname "$0")/window_keys_test.py" "$1"
