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
    with open(path) as f:
        doc = json.load(f, parse_float=Decimal)
    names, slices = {}, defaultdict(list)
    self_ns, calls, paths = defaultdict(int), defaultdict(int), defaultdict(int)
    roots, stacks = [], defaultdict(list)
    for e in doc["traceEvents"]:
        track = (e["pid"], e["tid"])
        if e["ph"] == "M":
            if e["name"] == "thread_name":
                names[track] = e["args"]["name"]
            continue
        check(e["ph"] == "X", f"event of phase {e['ph']}")
        check(track in names, f"track {track} has no thread_name before its first slice")
        start, dur, a = ns(e["ts"]), ns(e["dur"]), e["args"]
        check(dur == a["total_ns"] - a.get("cut_ns", 0), f"{e['name']}: dur is not total - cut")
        slices[track].append((start, start + dur, e["name"]))
        self_ns[e["name"]] += a["self_ns"]
        calls[e["name"]] += a["calls"]
        check(isinstance(a["cpus"], list) and a["cpus"], f"{e['name']}: no cpus")
        # the file lists a caller before its callees: its call path, from the open slices
        st = stacks[track]
        if "invocation" in a:
            roots.append(dur)
            st.clear()
        else:
            while st and not (st[-1][0] <= start and start + dur <= st[-1][1]):
                st.pop()
            check(bool(st), f"{e['name']} at {start} is in no slice of its invocation")
        st.append((start, start + dur, e["name"]))
        paths[";".join(s[2] for s in st)] += a["self_ns"]
    for track, sl in slices.items():
        nesting(track, sl)
    for track, name in names.items():
        check(name.endswith(f"-{track[1]}") or name.startswith("unknown task"),
              f"track {track} named {name!r}, not comm-pid")
    by_function(top, self_ns, calls, "chrome")
    check(len(roots) == doc["otherData"]["invocations"], "invocations in otherData")
    check({p: w for p, w in paths.items() if w} == folded,
          "chrome: the call paths' self times differ from -m folded")
    return roots


def speedscope(path, top, folded):
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
    # the layout cuts nothing on these captures: the drawn self times are the printed ones
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
    roots = (chrome if kind == "chrome" else speedscope)(path, read_top(top), read_folded(folded))
    for f in failures[:20]:
        print(f"FAIL {kind} {path}: {f}")
    if failures:
        sys.exit(1)
    # the roots' durations, one a line, for the caller to compare with the trace's
    for r in roots:
        print(r)


main()
