#!/usr/bin/env python3
"""Prices the alternatives from sssp_sim's per-bucket and per-round counts.

usage: sssp_sim_eval.py BUCKETS.csv ROUNDS.csv [HYB_BUCKETS.csv HYB_ROUNDS.csv]

Cost model (us). Data: the kernel's own trace of R-MAT 22 at delta 0.031 (one root:
scans 0.50 ms in 66, light 1.82 in 118, light hubs 0.47 in 15, heavy 0.80 in 65, heavy
hubs 1.02 in 11; 5.02 ms measured, so 0.41 ms outside the trace), the simulated counts
of that delta (mean of the roots), and the measured delta sweep of the round-8 kernel
(0.031 / 0.045 / 0.0625 / 0.09: 5.80 / 6.07 / 6.52 / 7.55 ms, docs/perf/graphs.md).
  scan                     S = 7.6 a scan (barrier included)
  light round              aL + cq * queued + cL * arcs (hub phase: aL + cL * hub arcs)
  heavy round / hub phase  aH + cH * arcs of that phase
  model A (trace only):    cq = 0; (aL, cL) from the two light lines, (aH, cH) from the
                           two heavy lines, solved exactly.
  model B (trace + sweep): aL = 3 (barrier + ~2 trips), the rest least squares over the
                           four trace lines and the three sweep differences: it is the
                           model that reproduces "wider delta is slower" (A does not).
  pull, fused into the next bucket's scan: aP + cH * (arcs scanned + active vertices),
  plus one heavy-type phase (aH) when some vertex pulls over 32 arcs (warp segments).
  Bellman-Ford tail rounds (hybridization) cost as light rounds.
"""
SWEEP = {0.045: 6070 - 5800, 0.0625: 6520 - 5800, 0.09: 7550 - 5800}
import csv
import sys
from collections import defaultdict

S = 7.6
AP = 5.0          # the fused pull's extra over a scan: minw stream + ~3 dependent trips
OUTSIDE = 410.0   # 5.02 ms measured - 4.61 ms in the trace
TRACE = dict(light=(118, 1820.0), light_hub=(15, 470.0), heavy=(65, 800.0), heavy_hub=(11, 1020.0))


def load(bpath, rpath):
    runs = defaultdict(list)
    for r in csv.DictReader(open(bpath)):
        key = (round(float(r['delta']), 6), float(r.get('hyb', 0) or 0), int(r['root']))
        runs[key].append({k: (float(v) if k in ('lo', 'hi', 'delta', 'hyb', 'est', 'est2') else int(v))
                          for k, v in r.items()})
    rounds = defaultdict(lambda: defaultdict(list))
    for r in csv.DictReader(open(rpath)):
        key = (round(float(r['delta']), 6), float(r.get('hyb', 0) or 0), int(r['root']))
        rounds[key][int(r['b'])].append({k: int(v) for k, v in r.items() if k not in ('delta', 'hyb')})
    return runs, rounds


def lsq(M, y):
    n = len(M[0])
    N = [[sum(r[i] * r[j] for r in M) for j in range(n)] for i in range(n)]
    v = [sum(r[i] * t for r, t in zip(M, y)) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            f = N[j][i] / N[i][i]
            N[j] = [a - f * b for a, b in zip(N[j], N[i])]
            v[j] -= f * v[i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (v[i] - sum(N[i][k] * x[k] for k in range(i + 1, n))) / N[i][i]
    return x


def aggregates(runs, rounds, delta):
    keys = [k for k in runs if k[0] == delta and k[1] == 0]
    n = len(keys)
    a = defaultdict(float)
    for k in keys:
        for b in runs[k]:
            a['S'] += (b['jumps'] + 1) / n
            a['ph'] += 1 / n
            a['phh'] += b['heavy_hub'] / n
            a['H'] += (b['heavy_arcs'] - b['heavy_hub_arcs']) / n
            a['HH'] += b['heavy_hub_arcs'] / n
        a['S'] += 1 / n
        for lst in rounds[k].values():
            for r in lst:
                a['pl'] += 1 / n
                a['plh'] += r['hub'] / n
                a['q'] += r['queued'] / n
                a['L'] += (r['arcs'] - r['hub_arcs']) / n
                a['LH'] += r['hub_arcs'] / n
    return a


def fit(runs, rounds, deltas):
    d0 = min(deltas, key=lambda d: abs(d - 0.03125))
    a = aggregates(runs, rounds, d0)
    T = TRACE
    # model A: exact solves of the trace lines
    def two(p1, x1, t1, p2, x2, t2):
        det = p1 * x2 - p2 * x1
        return (t1 * x2 - t2 * x1) / det, (p1 * t2 - p2 * t1) / det
    aL, cL = two(T['light'][0], a['L'], T['light'][1], T['light_hub'][0], a['LH'], T['light_hub'][1])
    aH, cH = two(T['heavy'][0], a['H'], T['heavy'][1], T['heavy_hub'][0], a['HH'], T['heavy_hub'][1])
    A = dict(aL=aL, cq=0.0, cL=cL, aH=aH, cH=cH)
    # model B: aL fixed, unknowns cq, cL, aH, cH; the sweep as differences against d0
    aLB = 3.0
    feats = lambda g: [g['q'], g['L'] + g['LH'], g['ph'] + g['phh'], g['H'] + g['HH']]
    M = [[a['q'], a['L'], 0, 0], [0, a['LH'], 0, 0], [0, 0, a['ph'], a['H']], [0, 0, a['phh'], a['HH']]]
    y = [T['light'][1] - aLB * a['pl'], T['light_hub'][1] - aLB * a['plh'], T['heavy'][1], T['heavy_hub'][1]]
    for d, m in SWEEP.items():
        dd = [x for x in deltas if abs(x - d) < 1e-6]
        if not dd:
            continue
        g = aggregates(runs, rounds, dd[0])
        M.append([u - v for u, v in zip(feats(g), feats(a))])
        y.append(m - S * (g['S'] - a['S']) - aLB * (g['pl'] + g['plh'] - a['pl'] - a['plh']))
    cq, cLB, aHB, cHB = lsq(M, y)
    B = dict(aL=aLB, cq=cq, cL=cLB, aH=aHB, cH=cHB)
    return d0, a, A, B


class Cost:
    def __init__(self, m, aP=AP):
        self.aL, self.cq, self.cL, self.aH, self.cH, self.aP = m['aL'], m['cq'], m['cL'], m['aH'], m['cH'], aP
        self.reset()

    def reset(self):
        self.t = 0.0
        self.phases = 0
        self.light = self.heavy = self.pull = self.reads = 0
        self.scans = 0

    def scan(self, k=1):
        self.t += S * k
        self.phases += k
        self.scans += k

    def light_round(self, r):
        self.t += self.aL + self.cq * r['queued'] + self.cL * (r['arcs'] - r['hub_arcs'])
        self.phases += 1
        if r['hub']:
            self.t += self.aL + self.cL * r['hub_arcs']
            self.phases += 1
        self.light += r['arcs']
        self.reads += r['arcs']

    def push(self, b, arcs=None, hub_arcs=None):
        arcs = b['heavy_arcs'] if arcs is None else arcs
        hub_arcs = b['heavy_hub_arcs'] if hub_arcs is None else hub_arcs
        self.t += self.aH + self.cH * (arcs - hub_arcs)
        self.phases += 1
        if b['heavy_hub']:
            self.t += self.aH + self.cH * hub_arcs
            self.phases += 1
        self.heavy += arcs
        self.reads += arcs

    def push_time(self, b):
        return self.aH + self.cH * b['heavy_arcs'] + (self.aH if b['heavy_hub'] else 0)

    def pull_arcs(self, b, tight):
        if tight and b['tight'] >= 0:
            return b['tight']
        return b['pull_fin'] + b['pull_inf']

    def pull_time(self, b, tight):
        return self.aP + self.cH * (self.pull_arcs(b, tight) + b['pull_active']) + (self.aH if b['pull_max'] > 32 else 0)

    def do_pull(self, b, tight):
        self.t += self.pull_time(b, tight)
        self.phases += 1 if b['pull_max'] > 32 else 0   # the fused part rides on the next scan
        a = self.pull_arcs(b, tight)
        self.pull += a
        self.reads += a


def simulate(bk, rd, cost, mode, tight=False):
    """mode: push | oracle | est2 | sticky | est_sticky | prune | pull_all
    est2: pull where est2 < the members' heavy arcs (the GPU has both as counters);
    sticky: the same, and pull from then on (the first pull bucket is the giant one)"""
    cost.reset()
    pulling = False
    for b in bk:
        cost.scan(b['jumps'] + 1)
        for r in rd.get(b['b'], []):
            cost.light_round(r)
        if b['tail']:
            continue
        if mode == 'prune':
            cost.push(b, arcs=b['prune_arcs'], hub_arcs=min(b['heavy_hub_arcs'], b['prune_arcs']))
            continue
        if mode == 'push':
            use_pull = False
        elif mode == 'oracle':
            use_pull = cost.pull_time(b, tight) < cost.push_time(b)
        elif mode == 'pull_all':
            use_pull = True
        elif mode == 'est2':
            use_pull = b['est2'] < b['heavy_arcs']
        elif mode == 'sticky':
            use_pull = pulling or b['est2'] < b['heavy_arcs']
            pulling = use_pull
        elif mode == 'est_sticky':   # the scan-time histogram x mean heavy degree (isolated included)
            use_pull = pulling or b['est'] < b['heavy_arcs']
            pulling = use_pull
        if use_pull:
            cost.do_pull(b, tight)
        else:
            cost.push(b)
    cost.scan(1)   # the last scan finds nothing
    return dict(heavy=cost.heavy, pull=cost.pull, light=cost.light, reads=cost.reads, phases=cost.phases,
                scans=cost.scans, ms=(cost.t + OUTSIDE) / 1000)


def mean_over(runs, rounds, delta, hyb, costs, mode, tight=False, roots=None):
    keys = sorted(k for k in runs if k[0] == delta and k[1] == hyb and (roots is None or k[2] < roots))
    if not keys:
        return None
    tot = defaultdict(float)
    for k in keys:
        bk = sorted(runs[k], key=lambda b: b['b'])
        for ci, c in enumerate(costs):
            res = simulate(bk, rounds[k], c, mode, tight)
            tot['ms%d' % ci] += res.pop('ms') / len(keys)
            if ci == 0:
                for kk, v in res.items():
                    tot[kk] += v / len(keys)
    tot['roots'] = len(keys)
    return tot


def row(name, t):
    print(f"{name:40s} {t['heavy'] / 1e6:8.2f} {t['pull'] / 1e6:7.2f} {t['light'] / 1e6:7.2f} {t['reads'] / 1e6:8.2f} "
          f"{t['phases']:6.0f} {t['scans']:5.0f} {t['ms0']:6.2f} {t['ms1']:6.2f}  ({t['roots']:.0f} roots)")


def main():
    runs, rounds = load(sys.argv[1], sys.argv[2])
    if len(sys.argv) > 4:
        r2, d2 = load(sys.argv[3], sys.argv[4])
        for k, v in r2.items():
            if k[1] > 0:
                runs[k] = v
                rounds[k] = d2[k]
    deltas = sorted(set(k[0] for k in runs))
    d0, agg, A, B = fit(runs, rounds, deltas)
    print(f"counts at delta {d0}: light rounds {agg['pl']:.1f} ({agg['plh']:.1f} with hubs), queued {agg['q'] / 1e6:.2f} M, "
          f"light arcs {agg['L'] / 1e6:.2f} M + hub {agg['LH'] / 1e6:.2f} M; heavy rounds {agg['ph']:.1f} "
          f"({agg['phh']:.1f} with hubs), heavy arcs {agg['H'] / 1e6:.2f} M + hub {agg['HH'] / 1e6:.2f} M; scans {agg['S']:.1f}")
    for nm, m in (('A', A), ('B', B)):
        print(f"model {nm}: light phase {m['aL']:.2f} us + {m['cq'] * 1e6:.0f} ps/queued + {m['cL'] * 1e6:.1f} ps/arc; "
              f"heavy phase {m['aH']:.2f} us + {m['cH'] * 1e6:.2f} ps/arc; scan {S} us; fused pull +{AP} us; "
              f"+{OUTSIDE / 1000} ms outside the trace")
    costs = [Cost(A), Cost(B)]
    hdr = f"{'alternative':34s} {'heavyM':>8s} {'pullM':>7s} {'lightM':>7s} {'readsM':>8s} {'phases':>6s} {'scans':>5s} {'msA':>6s} {'msB':>6s}"
    print("\n(a) push-only, the delta sweep (measured round 8: 0.031/0.045/0.0625/0.09 = 5.80/6.07/6.52/7.55 ms)")
    print(hdr)
    for d in deltas:
        row(f"push d {d}", mean_over(runs, rounds, d, 0, costs, 'push'))
    print("\n(b, c) push-pull per bucket (pull: while w < dist[v] - lo; tight: also w < best - lo)")
    print(hdr)
    for d in deltas:
        for mode in ('oracle', 'est2', 'sticky', 'est_sticky', 'pull_all'):
            for tight in (False, True):
                row(f"{mode}{' tight' if tight else ''} d {d}", mean_over(runs, rounds, d, 0, costs, mode, tight))
    print("\n(d) push cut at the largest finite dist (rows sorted by weight), once all reachable are finite")
    print(hdr)
    for d in deltas:
        row(f"prune d {d}", mean_over(runs, rounds, d, 0, costs, 'prune'))
    hybs = sorted(set(k[1] for k in runs if k[1] > 0))
    if hybs:
        print("\n(d) hybridization: Bellman-Ford tail once finite unsettled <= HYB x settled (first 4 roots)")
        print(hdr)
        for d in deltas:
            if not any(k[0] == d and k[1] > 0 for k in runs):
                continue
            for h in [0.0] + hybs:
                for mode, tight in (('push', False), ('sticky', True)):
                    t = mean_over(runs, rounds, d, h, costs, mode, tight, roots=4)
                    if t:
                        row(f"{mode}{' tight' if tight else ''} d {d} hyb {h}", t)
    print("\nsensitivity: the fused pull at +10 us instead of +5 (sticky tight)")
    c2 = [Cost(A, aP=10.0), Cost(B, aP=10.0)]
    print(hdr)
    for d in deltas:
        row(f"sticky tight aP=10 d {d}", mean_over(runs, rounds, d, 0, c2, 'sticky', True))


if __name__ == '__main__':
    main()
