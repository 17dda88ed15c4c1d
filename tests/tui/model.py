#!/usr/bin/env python3
"""tests/tui/model.py - what surfgraph tui should show, worked out from paths.awk's per-path
figures (from the trace, not from surfgraph): the visible rows for a set of expanded nodes and
a sort key, the hottest path, a search's matches and their share of the root.

  model.py PATHS rows [--sort total|self|calls|name] [--expand PATH]... [--hot PATH]
      one row a line: "name total self calls %root %parent" as the TUI prints them;
      --hot: the path from PATH down the largest totals expanded, and "cursor N" (1-based row)
  model.py PATHS search REGEX      "K matches, P%" (a match inside another counted once)
  model.py PATHS next REGEX [--expand PATH]...
      the first match after the first root in the displayed order, revealed: "cursor N of M"
"""
import re
import sys


def human(ns):
    # ms and s rounded half up on the integer ns, the unit chosen after rounding
    if ns < 1000:
        return "%d ns" % ns
    if ns < 1000000:
        return "%d.%03d us" % (ns // 1000, ns % 1000)
    ms = (ns + 500) // 1000
    if ms < 1000000:
        return "%d.%03d ms" % (ms // 1000, ms % 1000)
    s = (ns + 500000) // 1000000
    return "%d.%03d s" % (s // 1000, s % 1000)


def pct(part, whole):
    return "%.2f" % (100.0 * part / whole) if whole else "-"


def load(path):
    calls, total = {}, {}
    for line in open(path):
        p, c, t = line.rstrip("\n").split("\t")
        calls[p], total[p] = int(c), int(t)
    kids = {}
    for p in calls:
        parent = p.rsplit(";", 1)[0] if ";" in p else None
        kids.setdefault(parent, []).append(p)
    self_ = {p: total[p] - sum(total[k] for k in kids.get(p, [])) for p in calls}
    return calls, total, self_, kids


def name(p):
    return p.rsplit(";", 1)[-1]


def order(kids, calls, total, self_, key, parent):
    ks = kids.get(parent, [])
    if key == "name":
        return sorted(ks, key=lambda p: (name(p).encode(), -total[p]))
    val = {"total": total, "self": self_, "calls": calls}[key]
    return sorted(ks, key=lambda p: (-val[p], name(p).encode(), -total[p]))


def preorder(model, key, expanded):
    calls, total, self_, kids = model
    out, stack = [], list(reversed(order(kids, calls, total, self_, key, None)))
    while stack:
        p = stack.pop()
        out.append(p)
        if expanded is None or p in expanded:
            stack.extend(reversed(order(kids, calls, total, self_, key, p)))
    return out


def row(model, p):
    calls, total, self_, kids = model
    root = p.split(";")[0]
    parent = p.rsplit(";", 1)[0] if ";" in p else p
    return "%s %s %s %d %s %s" % (name(p), human(total[p]), human(self_[p]), calls[p],
                                  pct(total[p], total[root]), pct(total[p], total[parent]))


def main():
    model = load(sys.argv[1])
    calls, total, self_, kids = model
    cmd, args = sys.argv[2], sys.argv[3:]
    key, expanded, hot = "total", set(kids.get(None, [])), None
    while args and args[0].startswith("--"):
        opt, val = args[0], args[1]
        args = args[2:]
        if opt == "--sort":
            key = val
        elif opt == "--expand":
            expanded.add(val)
        elif opt == "--hot":
            hot = val
    if hot:
        while kids.get(hot):
            expanded.add(hot)
            hot = max(order(kids, calls, total, self_, key, hot), key=lambda p: total[p])
    if cmd == "rows":
        rows = preorder(model, key, expanded)
        for p in rows:
            print(row(model, p))
        if hot:
            print("cursor %d of %d" % (rows.index(hot) + 1, len(rows)))
    elif cmd in ("search", "next"):
        rx = re.compile(args[0])
        match = [p for p in calls if rx.search(name(p))]
        outer = [p for p in match
                 if not any(rx.search(a) for a in p.split(";")[:-1])]
        roots = sum(total[p] for p in kids.get(None, []))
        if cmd == "search":
            print("%d match%s, %s%%" % (len(match), "" if len(match) == 1 else "es",
                                        pct(sum(total[p] for p in outer), roots)))
            return
        full = preorder(model, key, None)
        first = next(p for p in full[1:] + full[:1] if p in match)
        parts = first.split(";")
        expanded.update(";".join(parts[:i]) for i in range(1, len(parts)))
        rows = preorder(model, key, expanded)
        print("cursor %d of %d" % (rows.index(first) + 1, len(rows)))


main()
