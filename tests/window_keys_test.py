#!/usr/bin/env python3
"""Runs the window under an X server (xvfb-run gives one), opens each panel, sends
every key of the key table (read from `scanworks --list-keys`) with xdotool, and the
mouse gestures, and checks from --state-log that each changes the state it names.
A panel key must be taken by some panel, or say on screen why not (C without CUDA);
no key may do nothing silently. Esc must quit. Usage: window_keys_test.py SCANWORKS"""
import os, shutil, subprocess, sys, tempfile, time

binary = os.path.abspath(sys.argv[1])
failures = []


def fail(msg):
    print("FAIL:", msg)
    failures.append(msg)


def xdo(*args):
    subprocess.run(["xdotool", *args], check=True, timeout=30)


def parse(line):
    fields = dict(f.split("=", 1) for f in line.split())
    return fields


table = []
for row in subprocess.run([binary, "--list-keys"], capture_output=True, text=True, check=True).stdout.splitlines():
    keys, kind, state, names = row.split("\t")
    table.append({"keys": keys, "kind": kind, "state": state, "names": names.split()})
if len(table) < 10:
    sys.exit("FAIL: --list-keys printed %d bindings" % len(table))

tmp = tempfile.mkdtemp()
log = os.path.join(tmp, "state.log")
err = open(os.path.join(tmp, "stderr"), "w")
proc = subprocess.Popen([binary, "--size", "960x540", "--no-vsync", "--gl-debug", "--state-log", log], cwd=tmp,
                        stderr=err)
win = subprocess.run(["xdotool", "search", "--sync", "--name", "^scanworks$"], capture_output=True, text=True,
                     timeout=60).stdout.split()[0]
time.sleep(1.0)


def lines():
    if not os.path.exists(log):   # the window appears before the app has started
        return []
    with open(log) as f:
        return [l for l in f.read().splitlines() if l]


def wait_for(count):
    # Up to 60 s: under AddressSanitizer on a loaded 2-core machine a frame that writes a
    # screenshot or lays out the help takes seconds, and a line that comes after the wait
    # would be read as the next key's.
    for _ in range(1200):
        ls = lines()
        if len(ls) >= count:
            return ls
        time.sleep(0.05)
    return lines()


def press(name):
    """Sends key NAME; returns the state before and after."""
    before = lines()
    xdo("key", "--window", win, name)
    after = wait_for(len(before) + 1)
    if len(after) <= len(before):
        fail("key %s: no state line after it" % name)
        return None, None
    return parse(before[-1]), parse(after[len(before)])


def mouse(gesture):
    before = lines()
    if gesture == "left click":
        xdo("mousemove", "--window", win, "480", "470", "click", "1")
    elif gesture == "wheel":
        xdo("mousemove", "--window", win, "480", "300", "click", "4")
    else:
        button = "1" if gesture == "left drag" else "3"
        xdo("mousemove", "--window", win, "300", "300")
        time.sleep(0.3)
        xdo("mousedown", button)
        time.sleep(0.3)
        for step in range(1, 7):
            xdo("mousemove", "--window", win, str(300 + 20 * step), str(300 + 10 * step))
            time.sleep(0.15)
        xdo("mouseup", button)
    after = wait_for(len(before) + 1)
    if len(after) <= len(before):
        fail("%s: no state line after it" % gesture)
        return None, None
    return parse(before[-1]), parse(after[len(before)])


if not wait_for(1):
    proc.kill()
    sys.exit("FAIL: no state line from --state-log %s within 60 s" % log)
panel_keys = [b for b in table if b["kind"] == "panel"]
panel_toggles = next(b for b in table if b["state"] == "panels")
checked = 0
for b in table:
    if b["state"] == "quit" or b["kind"] == "panel":
        continue
    for name in (b["names"] if b["kind"] != "mouse" else [b["keys"]]):
        before, after = mouse(name) if b["kind"] == "mouse" else press(name)
        # X may deliver a synthetic drag's motion before the press reaches the window;
        # a gesture gets two more tries (a key gets none).
        for retry in range(2):
            if b["kind"] != "mouse" or before is None or before[b["state"]] != after[b["state"]]:
                break
            print("note: %s changed nothing, trying again" % name)
            before, after = mouse(name)
        if before is None:
            continue
        checked += 1
        if before[b["state"]] == after[b["state"]]:
            fail("%s (%s) left %s at %s" % (name, b["keys"], b["state"], before[b["state"]]))

# Each panel in turn: close and reopen it (it then has the keys), then every panel key.
taken = {}
cuda = None
for digit in panel_toggles["names"]:
    for _ in range(2):
        before, after = press(digit)
        if before and before["panels"] == after["panels"]:
            fail("key %s did not open or close its panel" % digit)
    for b in panel_keys:
        for name in b["names"]:
            before, after = press(name)
            if before is None:
                continue
            checked += 1
            cuda = after["cuda"]
            used = before["panel_keys"] != after["panel_keys"]
            said = before["unused_keys"] != after["unused_keys"]
            if used:
                taken[name] = taken.get(name, 0) + 1
            if not used and not said:
                fail("panel %s: key %s did nothing and said nothing" % (digit, name))
for b in panel_keys:
    for name in b["names"]:
        if name == "c" and cuda == "0":
            if taken.get(name):
                fail("C was taken by a panel in a build without CUDA")
        elif not taken.get(name):
            fail("no panel took key %s (%s)" % (name, b["keys"]))

shots = [f for f in os.listdir(tmp) if f.startswith("scanworks-") and f.endswith(".png")]
if not shots:
    fail("F12 wrote no screenshot")
xdo("key", "--window", win, "Escape")
try:
    proc.wait(timeout=10)
except subprocess.TimeoutExpired:
    proc.kill()
    fail("Esc did not quit")
err.close()
text = open(os.path.join(tmp, "stderr")).read()
if "GL error" in text:
    fail("GL errors: " + text[-2000:])
if proc.returncode not in (0, None):
    fail("exit code %s" % proc.returncode)
shutil.rmtree(tmp, ignore_errors=True)
print("window_keys: %d keys and gestures checked, %d failure(s)" % (checked, len(failures)))
sys.exit(1 if failures else 0)
