#!/usr/bin/env python3
# runtest.py ROOT BEFORE1.txt BEFORE2.txt -- AFTER1.txt AFTER2.txt: diff's test across runs
# (docs/diff.md) worked out by hand for ROOT's total time, from the traces alone: each complete
# ROOT call's printed duration ("} /* ROOT */", funcgraph-tail; its entry seen on that CPU
# first), its log2(1 + us) in 1/65536ths rounded as surfgraph's sg_logtime, each run's sums,
# each side's F test of a run effect (one-way ANOVA, at 25%), Welch's t, its p (two-sided,
# doubled: the time test runs at half the level) and the 99.5% interval as ns per invocation.
# The incomplete beta function is Numerical Recipes' continued fraction, written here anew.
import math
import re
import sys

ONE = 65536


def runs_of(path, root):
    opened, lg = {}, []
    ent = re.compile(r'^ *(\d+)\).*\| +' + re.escape(root) + r'\([^;{]*\) \{')
    ext = re.compile(r'^ *(\d+)\)[ +!#*@$]+([0-9]+\.[0-9]+) us +\| +\} /\* ' + re.escape(root) + r' \*/')
    for line in open(path):
        m = ent.match(line)
        if m:
            opened[m.group(1)] = 1
            continue
        m = ext.match(line)
        if m and opened.pop(m.group(1), 0):
            ns = round(float(m.group(2)) * 1000)
            lg.append(math.floor(math.log2(1 + ns / 1000) * ONE + 0.5))
    return lg


def betacf(a, b, x):
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / d
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 / (1 + aa * d)
        c = 1 + aa / c
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 / (1 + aa * d)
        c = 1 + aa / c
        de = d * c
        h *= de
        if abs(de - 1) < 1e-15:
            break
    return h


def betai(a, b, x):
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    bt = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
                  a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return bt * betacf(a, b, x) / a
    return 1 - bt * betacf(b, a, 1 - x) / b


def t_tail(t, df):  # P(T > |t|), one tail
    return 0.5 * betai(df / 2, 0.5, df / (df + t * t))


def t_quantile(p, df):  # bisection on the tail
    lo, hi = 0.0, 1e4
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_tail(mid, df) > 1 - p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def side(runs):
    n = [len(r) for r in runs]
    lg = [sum(r) for r in runs]
    lq = [sum(v * v for v in r) for r in runs]
    N, k = sum(n), len(runs)
    grand = sum(lg) / N
    m = [lg[i] / n[i] for i in range(k)]
    ssw = sum(lq[i] - lg[i] ** 2 / n[i] for i in range(k))
    ssb = sum(n[i] * (m[i] - grand) ** 2 for i in range(k))
    f = (ssb / (k - 1)) / (ssw / (N - k))
    fp = betai((N - k) / 2, (k - 1) / 2, (N - k) / (N - k + (k - 1) * f))
    for i in range(k):
        print("  run %d: %d invocations, lg %d, lq %d, mean log2 %.4f" % (i + 1, n[i], lg[i], lq[i], m[i] / ONE))
    if fp < 0.25:
        mm = sum(m) / k
        s2 = sum((x - mm) ** 2 for x in m) / (k - 1)
        print("  F %.3f (df %d, %d), p %.3f: the runs are the samples" % (f, k - 1, N - k, fp))
        return mm, s2 / k, k - 1
    print("  F %.3f (df %d, %d), p %.3f: the invocations pooled" % (f, k - 1, N - k, fp))
    return grand, (ssw + ssb) / (N - 1) / N, N - 1


root = sys.argv[1]
files = sys.argv[2:]
cut = files.index('--')
sides = []
for name, fs in (("before", files[:cut]), ("after", files[cut + 1:])):
    print(name + ":")
    sides.append(side([runs_of(f, root) for f in fs]))
(m0, e0, d0), (m1, e1, d1) = sides
se2 = e0 + e1
df = se2 * se2 / (e0 * e0 / d0 + e1 * e1 / d1)
t = (m1 - m0) / math.sqrt(se2)
p = min(1, 2 * (2 * t_tail(t, df)))
q = t_quantile(1 - 0.01 / 2 / 2, df)
lo, hi = (m1 - m0 - q * math.sqrt(se2)) / ONE, (m1 - m0 + q * math.sqrt(se2)) / ONE
print("t %.3f, df %.1f, p %.3g, interval log2 [%.4f, %.4f]" % (t, df, p, lo, hi))
if len(sys.argv) and 'BEFORE_NS' in __import__('os').environ:
    b = int(__import__('os').environ['BEFORE_NS'])
    print("ci_ns %d %d" % (math.floor(b * (2 ** lo - 1)), math.floor(b * (2 ** hi - 1))))
