#!/usr/bin/env python3
"""Independent values for normalized_test.go (normalized Elo and the
normalized-Elo SPRT). Standard library only; run with python3.

Nothing here is taken from this package. The formulas are re-implemented
from their definitions in fishtest (server/fishtest/stats/LLRcalc.py:
regularize, results_to_pdf, secular, MLE_t_value, LLR_normalized,
LLR_normalized_alt) and fastchess (app/src/matchmaking/elo/elo_wdl.cpp and
elo_pentanomial.cpp: scoreToNeloDiff and the +/- error), using different
numerical methods from the Go code:

  * nelo: fastchess's formula literally, the error as half the difference
    of the normalized Elo of the two ends of the score's 95% interval;
  * llr_fixed: fishtest's fixed-point iteration for the maximum
    likelihood distribution with t-value (mu - 1/2)/sigma = t, started from
    the uniform distribution, with the secular equation solved by bisection
    and the iteration run to convergence (1e-12 in every probability)
    instead of fishtest's 10 rounds; it fails (None) for large t, where
    fishtest's fails too, and on some one-sided samples;
  * llr_direct (trinomial): no Lagrange multipliers at all. A
    distribution on {0, 1/2, 1} with mean mu = 1/2 + t*sigma and standard
    deviation sigma is fixed by sigma: p_D = 4(mu - sigma^2 - mu^2),
    p_W = mu - p_D/2, p_L = 1 - p_W - p_D, so the constrained likelihood
    is maximised over sigma alone by a grid and a golden-section search;
  * llr_direct5 (pentanomial): the same idea with two more free
    probabilities, p1 and p3, over which the likelihood is concave (nested
    golden-section searches inside the outer search over sigma). It takes
    several seconds a case;
  * llr_direct_decimal: llr_direct with the decimal module at 60 digits,
    for samples of millions of one-sided games.

The output of a run is kept in normalized_elo.out (about two minutes).

The Go code instead minimises, over sigma, the dual of the maximum
likelihood with the mean and the variance both fixed (a 2-D Newton
iteration), so an agreement is a check of the method as well as of the
arithmetic.
"""
import math
from statistics import NormalDist

Z = NormalDist().inv_cdf(0.975)
NT = 800 / math.log(10)  # normalized Elo per unit of t-value (per game)


def nelo(counts):
    """counts: (L, D, W) or the five pentanomial cells, lowest score first."""
    k = len(counts) - 1
    n = sum(counts)
    a = [i / k for i in range(k + 1)]  # per-game score of each outcome
    mu = sum(c * x for c, x in zip(counts, a)) / n
    var = sum(c * (x - mu) ** 2 for c, x in zip(counts, a)) / n
    sd_game = math.sqrt(var) if k == 2 else math.sqrt(2 * var)  # a pair is two games
    f = lambda s: (s - 0.5) / sd_game * NT
    lo_s, hi_s = mu - Z * math.sqrt(var / n), mu + Z * math.sqrt(var / n)
    e, err = f(mu), (f(hi_s) - f(lo_s)) / 2
    return e, e - err, e + err


def reg(c):
    return [x if x > 0 else 1e-3 for x in c]


def secular(d, p):
    lo, hi = -1 / max(d), -1 / min(d)
    f = lambda x: sum(pi * di / (1 + x * di) for pi, di in zip(p, d))
    for _ in range(400):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mle_t(a, ph, ref, t):
    n = len(a)
    p = [1 / n] * n
    for _ in range(10000):
        mu = sum(pi * ai for pi, ai in zip(p, a))
        s = math.sqrt(sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a)))
        c = [ai - ref - t * s * (1 + ((mu - ai) / s) ** 2) / 2 for ai in a]
        if not min(c) < 0 < max(c):
            return None
        x = secular(c, ph)
        q = [pi / (1 + x * ci) for pi, ci in zip(ph, c)]
        done = max(abs(u - v) for u, v in zip(p, q)) < 1e-12
        p = q
        if done:
            mu = sum(pi * ai for pi, ai in zip(p, a))
            s = math.sqrt(sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a)))
            assert abs((mu - ref) / s - t) < 1e-10
            return p
    return None


def scale(counts):
    # fishtest's LLR_normalized: t = nt for games, nt*sqrt(2) for pairs
    return 1.0 if len(counts) == 3 else math.sqrt(2)


def llr_fixed(counts, nelo0, nelo1):
    w = reg(counts)
    N = sum(w)
    ph = [x / N for x in w]
    k = len(w) - 1
    a = [i / k for i in range(k + 1)]
    p0 = mle_t(a, ph, 0.5, nelo0 / NT * scale(counts))
    p1 = mle_t(a, ph, 0.5, nelo1 / NT * scale(counts))
    if p0 is None or p1 is None:
        return None
    return sum(wi * (math.log(q1) - math.log(q0)) for wi, q0, q1 in zip(w, p0, p1))


def loglik_tri(ph, t, s):
    mu = 0.5 + t * s
    pd = 4 * (mu - s * s - mu * mu)
    pw = mu - pd / 2
    pl = 1 - pw - pd
    if min(pl, pd, pw) <= 0:
        return -math.inf, None
    p = (pl, pd, pw)
    return sum(f * math.log(q) for f, q in zip(ph, p)), p


def fit_tri(ph, t):
    K = 20000
    best = max(range(1, K), key=lambda j: loglik_tri(ph, t, 0.5 * j / K)[0])
    lo, hi = 0.5 * (best - 1) / K, 0.5 * (best + 1) / K
    lo, hi, _ = golden_bracket(lambda s: loglik_tri(ph, t, s)[0], lo, hi, 200, (math.sqrt(5) - 1) / 2)
    return loglik_tri(ph, t, (lo + hi) / 2)[1]


def llr_direct(counts, nelo0, nelo1):
    w = reg(counts)
    N = sum(w)
    ph = [x / N for x in w]
    p0, p1 = fit_tri(ph, nelo0 / NT), fit_tri(ph, nelo1 / NT)
    return sum(wi * (math.log(q1) - math.log(q0)) for wi, q0, q1 in zip(w, p0, p1))


def golden_bracket(F, lo, hi, iters, g):
    """Golden-section search for the maximum of F on [lo, hi]: the final
    bracket and the best value seen at its inner points (g is 1/phi, in
    the arithmetic of lo and hi)."""
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = F(x1), F(x2)
    for _ in range(iters):
        if f1 > f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = F(x1)
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = F(x2)
    return lo, hi, max(f1, f2)


def golden_max(F, lo, hi, iters):
    return golden_bracket(F, lo, hi, iters, (math.sqrt(5) - 1) / 2)[2]


def penta_cells(mu, m2, p1, p3):
    # the three linear conditions sum p = 1, E a = mu, E a^2 = m2 on
    # a = 0, 1/4, 1/2, 3/4, 1 solved for p0, p2, p4
    p2 = 4 * (mu - m2) - 0.75 * (p1 + p3)
    p4 = m2 - 0.0625 * p1 - 0.5625 * p3 - 0.25 * p2
    p0 = 1 - p1 - p2 - p3 - p4
    return (p0, p1, p2, p3, p4)


def loglik_penta(ph, t, s):
    """max of sum ph*log p over the pentanomial distributions with mean
    1/2 + t*s and standard deviation s: each p_k is affine in (p1, p3), so
    the set is a polygon on which the log-likelihood is concave; nested
    golden-section searches over p1 and then p3 (the bounds of p3 at a
    given p1 come from the five conditions p_k > 0)."""
    mu = 0.5 + t * s
    m2 = s * s + mu * mu
    base = penta_cells(mu, m2, 0, 0)
    d1 = [x - y for x, y in zip(penta_cells(mu, m2, 1, 0), base)]
    d3 = [x - y for x, y in zip(penta_cells(mu, m2, 0, 1), base)]

    def p3range(p1):
        lo, hi = 0.0, 1.0
        for b, e1, e3 in zip(base, d1, d3):
            c = b + e1 * p1  # c + e3*p3 > 0
            if e3 > 0:
                lo = max(lo, -c / e3)
            elif e3 < 0:
                hi = min(hi, -c / e3)
            elif c <= 0:
                return None
        return (lo, hi) if lo < hi else None

    def ll(p1, p3):
        p = [b + e1 * p1 + e3 * p3 for b, e1, e3 in zip(base, d1, d3)]
        if min(p) <= 0:
            return -math.inf
        return sum(f * math.log(q) for f, q in zip(ph, p))

    def best_p3(p1):
        r = p3range(p1)
        if r is None:
            return -math.inf
        return golden_max(lambda p3: ll(p1, p3), r[0], r[1], 70)

    # the range of p1 over the polygon: the extremes of p1 over its vertices,
    # the feasible intersections of two of the lines p_k = 0
    vs = []
    rows = list(zip(base, d1, d3))
    for i in range(5):
        for j in range(i + 1, 5):
            (b1, a1, c1), (b2, a2, c2) = rows[i], rows[j]
            det = a1 * c2 - a2 * c1
            if det == 0:
                continue
            p1 = (-b1 * c2 + b2 * c1) / det
            p3 = (-a1 * b2 + a2 * b1) / det
            if all(b + e1 * p1 + e3 * p3 >= -1e-15 for b, e1, e3 in rows):
                vs.append(p1)
    if len(vs) < 2 or max(vs) <= min(vs):
        return -math.inf
    return golden_max(best_p3, min(vs), max(vs), 70)


def llr_direct5(counts, nelo0, nelo1):
    """pentanomial LLR without Lagrange multipliers: the constrained
    maximum over s (grid, then golden section) of loglik_penta."""
    w = reg(counts)
    N = sum(w)
    ph = [x / N for x in w]

    def fit(t):
        K = 200
        smax = 0.5 / math.sqrt(1 + t * t)
        vals = [(loglik_penta(ph, t, smax * j / K), j) for j in range(1, K)]
        _, j = max(vals)
        return golden_max(lambda s: loglik_penta(ph, t, s), smax * (j - 1) / K, smax * (j + 1) / K, 60)

    t0, t1 = nelo0 / NT * math.sqrt(2), nelo1 / NT * math.sqrt(2)
    return N * (fit(t1) - fit(t0))


def llr_direct_decimal(counts, nelo0, nelo1):
    """llr_direct to 60 digits (decimal module), for the huge one-sided
    samples whose fitted distributions have cells of 1e-10 next to poles."""
    from decimal import Decimal as Dec, getcontext

    getcontext().prec = 60
    nt = Dec(800) / Dec(10).ln()
    w = [Dec(c) if c > 0 else Dec("0.001") for c in counts]
    N = sum(w)
    ph = [x / N for x in w]

    def ll(t, s):
        mu = Dec("0.5") + t * s
        pd = 4 * (mu - s * s - mu * mu)
        pw = mu - pd / 2
        pl = 1 - pw - pd
        if min(pl, pd, pw) <= 0:
            return Dec("-1e100"), None
        p = (pl, pd, pw)
        return sum(f * q.ln() for f, q in zip(ph, p)), p

    def fit(t):
        K = 4000
        _, j = max((ll(t, Dec(j) / K / 2)[0], j) for j in range(1, K))
        lo, hi = Dec(j - 1) / K / 2, Dec(j + 1) / K / 2
        lo, hi, _ = golden_bracket(lambda s: ll(t, s)[0], lo, hi, 260, (Dec(5).sqrt() - 1) / 2)
        return ll(t, (lo + hi) / 2)[1]

    p0, p1 = fit(Dec(nelo0) / nt), fit(Dec(nelo1) / nt)
    return sum(wi * (q1.ln() - q0.ln()) for wi, q0, q1 in zip(w, p0, p1))


def llr_alt(counts, nelo0, nelo1):
    """fishtest's LLR_normalized_alt (section 4.2 of normalized_elo_practical)."""
    w = reg(counts)
    N = sum(w)
    k = len(w) - 1
    a = [i / k for i in range(k + 1)]
    mu = sum(x * ai for x, ai in zip(w, a)) / N
    var = sum(x * (ai - mu) ** 2 for x, ai in zip(w, a)) / N
    sd_game, games = (math.sqrt(var), N) if k == 2 else (math.sqrt(2 * var), 2 * N)
    nt, nt0, nt1 = (mu - 0.5) / sd_game, nelo0 / NT, nelo1 / NT
    return games / 2 * math.log((1 + (nt - nt0) ** 2) / (1 + (nt - nt1) ** 2))


NELO = [  # counts lowest score first: (L, D, W) or the pentanomial cells
    (20, 40, 30),
    (200, 200, 600),
    (4900, 3000, 5000),
    (2, 8, 20, 14, 6),
    (10, 40, 150, 200, 100),
    (39, 2226, 31451, 2412, 40),
    (4900, 0, 5100),
    (0, 0, 20, 17, 0),
    (0, 0, 20, 17, 1),
]

LLR = [  # (counts, nelo0, nelo1)
    ((20, 40, 30), 0, 5),
    ((20, 40, 30), -5, 5),
    ((200, 200, 600), 0, 5),
    ((600, 200, 200), 0, 5),
    ((0, 0, 1), 0, 5),
    ((0, 10, 0), 0, 5),
    ((5800, 8000, 6200), 0, 2),
    ((6000, 8000, 6000), 0, 2),
    ((20, 40, 30), 0, 200),
    ((20, 40, 30), 0, 500),
    ((200, 200, 600), -1000, 1000),
    ((2, 8, 20, 14, 6), 0, 5),
    ((10, 40, 150, 200, 100), 0, 5),
    ((100, 200, 150, 40, 10), 0, 5),
    ((0, 0, 3, 4, 5), -5, 5),
    ((0, 0, 0, 0, 5), 0, 5),
    ((39, 2226, 31451, 2412, 40), 0.764, 3.439),
    ((39, 2226, 31451, 2412, 40), 0, 2),
    ((300, 2200, 5000, 2300, 200), 0, 2),
    ((2, 8, 20, 14, 6), 0, 200),
    ((2, 8, 20, 14, 6), 0, 500),
    ((10, 40, 150, 200, 100), -1000, 1000),
    ((93, 78, 53, 1, 52), 0, 650),  # two valleys in sigma
    ((10, 98, 78, 96, 94), 0, 280),  # two valleys in sigma
    ((0, 0, 1000), 0, 5),
    ((1000, 0, 0), 0, 5),
    ((0, 0, 0, 0, 1000), 0, 5),
    ((0, 0, 0, 0, 10000000), 0, 5),
    ((3, 0, 1000000, 0, 3), 0, 5),
    ((0, 0, 206), 0, 5),
    ((0, 0, 207), 0, 5),
    ((203, 0, 0), 0, 5),
    ((204, 0, 0), 0, 5),
]

HUGE = [  # 60-digit trinomial checks
    ((0, 0, 10000000), 0, 5),
    ((5000000, 0, 0), 0, 5),
    ((0, 10000000, 0), 0, 5),
]

if __name__ == "__main__":
    print("normalized Elo: counts, nElo, lo, hi")
    for c in NELO:
        print(c, *(repr(x) for x in nelo(c)))
    print("LLR: counts, nelo0, nelo1, fixed point, direct, alt")
    for c, e0, e1 in LLR:
        try:
            f = llr_fixed(c, e0, e1)
        except AssertionError:  # the iteration stalled off the constraint
            f = None
        d = llr_direct(c, e0, e1) if len(c) == 3 else llr_direct5(c, e0, e1)
        print(c, e0, e1, repr(f), repr(d), repr(llr_alt(c, e0, e1)))
    print("LLR to 60 digits: counts, nelo0, nelo1, direct")
    for c, e0, e1 in HUGE:
        print(c, e0, e1, llr_direct_decimal(c, e0, e1))
    print("interval half-width Z*NT/sqrt(games) for 10 and 14 games:", repr(Z * NT / math.sqrt(10)), repr(Z * NT / math.sqrt(14)))
