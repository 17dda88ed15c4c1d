#!/usr/bin/env python3
"""Checks surfgraph's timeline exports against the run's -m top and -m folded figures.

check_json.py chrome FILE TOP FOLDED      Chrome trace-event JSON (-m chrome --keep all)
check_json.py speedscope FILE TOP FOLDED  speedscope's file format (-m speedscope --keep all)

TOP is `-m top` output, FOLDED `-m folded` output of the same run. Times are read as decimals
and compared in integer nanoseconds. Prints one line per failed check and exits 1 on any.
"""
import json
import sys
from collections import defaultdict
from decimal import Decimal

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def ns(us):
    v = us * 1000
    check(v == int(v), f"{us} us is not a whole number of ns")
    return int(v)


def read_top(path):
    rows = {}
    with open(path) as f:
        next(f)
        for line in f:
            c = line.split()
            rows[c[6]] = (int(c[0]), ns(Decimal(c[1])), ns(Decimal(c[2])))
    return rows


def read_folded(path):
    with open(path) as f:
        return {l.rsplit(" ", 1)[0]: int(l.rsplit(" ", 1)[1]) for l in f if l.strip()}


def nesting(track, slices):
    """Perfetto's rule: sorted by start (longest first on ties), no slice ends after the slice
    it starts in, unless that one ended at or before its start."""
    stack = []
    for start, end, name in sorted(slices, key=lambda s: (s[0], -(s[1] - s[0]))):
        while stack and stack[-1][1] <= start and not (stack[-1][0] == start == end):
            stack.pop()
        if stack:
            check(end <= stack[-1][1],
                  f"track {track}: {name} [{start}, {end}] overlaps "
                  f"{stack[-1][2]} [{stack[-1][0]}, {stack[-1][1]}]")
        stack.append((start, end, name))


def by_function(top, self_ns, calls, what):
    check(set(self_ns) == set(top), f"{what}: functions differ from -m top: "
          f"{sorted(set(self_ns) ^ set(top))[:5]}")
    for f, (c, _total, s) in top.items():
        check(self_ns.get(f) == s, f"{what}: {f} self {self_ns.get(f)} ns, -m top {s}")
        if calls is not None:
            check(calls.get(f) == c, f"{what}: {f} calls {calls.get(f)}, -m top {c}")


def chrome(path, top, folded):
    """Measured invocations (an "i" marker with "calls") have one slice per call, args only for
    what is the call's own; laid-out ones (marker with "laid_out") a slice per tree node with
    calls, total_ns and self_ns. Self times come from the recorded durations either way."""
    with open(path) as f:
        doc = json.load(f, parse_float=Decimal)
    names, slices = {}, defaultdict(list)
    roots, stacks, marker, clamped = [], defaultdict(list), {}, 0
    for e in doc["traceEvents"]:
        track = (e["pid"], e["tid"])
        if e["ph"] == "M":
            if e["name"] == "thread_name":
                names[track] = e["args"]["name"]
            continue
        if e["ph"] == "i":
            marker[track] = e["args"]
            check(isinstance(e["args"]["cpus"], list), f"{e['name']}: no cpus")
            check(("calls" in e["args"]) != ("laid_out" in e["args"]),
                  f"{e['name']}: neither measured nor laid out")
            stacks[track].clear()
            continue
        check(e["ph"] == "X", f"event of phase {e['ph']}")
        check(track in names, f"track {track} has no thread_name before its first slice")
        check(track in marker, f"track {track}: a slice before its invocation's marker")
        start, dur, a = ns(e["ts"]), ns(e["dur"]), e.get("args", {})
        measured = "calls" in marker.get(track, {})
        if measured:
            check("total_ns" not in a and "calls" not in a, f"{e['name']}: per-node args")
            rec = a.get("recorded_dur_ns", dur)
            clamped += "recorded_dur_ns" in a
            check(("recorded_dur_ns" in a) == (a.get("clamped") == 1), f"{e['name']}: clamp")
        else:
            check(dur == a["total_ns"] - a.get("cut_ns", 0), f"{e['name']}: dur is not total - cut")
            rec = a["total_ns"]
        slices[track].append((start, start + dur, e["name"]))
        # the file lists a caller before its callees: its call path, from the open slices
        st = stacks[track]
        if not st:
            roots.append(rec)
        else:
            while st and not (st[-1][0] <= start and start + dur <= st[-1][1]):
                st.pop()
            check(bool(st), f"{e['name']} at {start} is in no slice of its invocation")
        st.append((start, start + dur))
    for track, sl in slices.items():
        nesting(track, sl)
    for track, name in names.items():
        check(name.endswith(f"-{track[1]}") or name.startswith("unknown task"),
              f"track {track} named {name!r}, not comm-pid")
    check(len(roots) == doc["otherData"]["invocations"], "invocations in otherData")
    check(clamped == doc["otherData"]["clamped"], f"clamped: {clamped} slices say so, "
          f"otherData {doc['otherData']['clamped']}")
    return roots


def chrome_self(path, top, folded):
    """The self times of each function and call path, from the slices' recorded durations."""
    with open(path) as f:
        doc = json.load(f, parse_float=Decimal)
    self_ns, calls, paths = defaultdict(int), defaultdict(int), defaultdict(int)
    stacks, measured = defaultdict(list), {}

    def close(st):
        s = st.pop()
        own = s[5] if s[5] is not None else s[4] - s[3]
        self_ns[s[2]] += own
        paths[";".join(x[2] for x in st + [s])] += own

    for e in doc["traceEvents"]:
        track = (e["pid"], e["tid"])
        if e["ph"] == "i":
            while stacks[track]:
                close(stacks[track])
            measured[track] = "calls" in e["args"]
            continue
        if e["ph"] != "X":
            continue
        start, dur, a = ns(e["ts"]), ns(e["dur"]), e.get("args", {})
        rec = a.get("recorded_dur_ns", dur) if measured[track] else a["total_ns"]
        calls[e["name"]] += 1 if measured[track] else a["calls"]
        st = stacks[track]
        while st and not (st[-1][0] <= start and start + dur <= st[-1][1]):
            close(st)
        if st:
            st[-1][3] += rec
        st.append([start, start + dur, e["name"], 0, rec, None if measured[track] else a["self_ns"]])
    for st in stacks.values():
        while st:
            close(st)
    by_function(top, self_ns, calls, "chrome")
    check({p: w for p, w in paths.items() if w} == folded,
          "chrome: the call paths' self times differ from -m folded")


def speedscope(path, top, folded, calls_only=False):
    with open(path) as f:
        doc = json.load(f)
    check(doc["$schema"] == "https://www.speedscope.app/file-format-schema.json", "$schema")
    frames = [fr["name"] for fr in doc["shared"]["frames"]]
    self_ns, roots, sampled = defaultdict(int), [], None
    for p in doc["profiles"]:
        if p["type"] == "sampled":
            sampled = p
            continue
        check(p["type"] == "evented" and p["unit"] == "nanoseconds", f"profile {p['name']}")
        stack, last = [], p["startValue"]
        for ev in p["events"]:
            check(ev["at"] >= last, f"{p['name']}: events go back in time at {ev['at']}")
            last = ev["at"]
            if ev["type"] == "O":
                stack.append([ev["frame"], ev["at"], 0])
                continue
            check(stack and stack[-1][0] == ev["frame"],
                  f"{p['name']}: closes frame {ev['frame']} while another is open")
            fr, at, kids = stack.pop()
            self_ns[frames[fr]] += ev["at"] - at - kids
            if stack:
                stack[-1][2] += ev["at"] - at
            else:
                roots.append(ev["at"] - at)
                check(ev["at"] == p["endValue"], f"{p['name']}: the root ends before endValue")
        check(not stack, f"{p['name']}: frames left open")
    # the layout cuts nothing on these captures, and a measured timeline clamped nothing (else
    # "calls"): the drawn self times are the printed ones
    if not calls_only:
        by_function(top, self_ns, None, "speedscope evented")
    check(sampled is not None, "no sampled profile")
    got = defaultdict(int)
    for s, w in zip(sampled["samples"], sampled["weights"]):
        got[";".join(frames[i] for i in s)] += w
    check(len(sampled["samples"]) == len(sampled["weights"]), "samples and weights differ in length")
    check(dict(got) == folded, "speedscope sampled: paths and weights differ from -m folded")
    check(sampled["endValue"] == sum(sampled["weights"]), "sampled endValue is not the weights' sum")
    return roots


def main():
    kind, path, top, folded = sys.argv[1:5]
    # "calls": a trace whose callees outlast their callers (6.12 and later leave an interrupt out
    # of the interrupted call; abstime's microseconds): only the calls are -m top's
    calls_only = sys.argv[5:] == ["calls"]
    top, folded = read_top(top), read_folded(folded)
    roots = chrome(path, top, folded) if kind == "chrome" else speedscope(path, top, folded, calls_only)
    if kind == "chrome":
        n = len(failures)
        chrome_self(path, top, folded)
        if calls_only:
            del failures[n:]
    for f in failures[:20]:
        print(f"FAIL {kind} {path}: {f}")
    if failures:
        sys.exit(1)
    # the roots' durations, one a line, for the caller to compare with the trace's
    for r in roots:
        print(r)


main()
