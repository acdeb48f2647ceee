package stats

import (
	"errors"
	"fmt"
	"math"
)

// EloCap is the Elo gap FitRatings puts in place of an infinite one: an
// agent that won every game against the rest of the field is rated
// anchorElo + EloCap, one that lost every game anchorElo - EloCap.
const EloCap = 2000

// eloPerNat converts a difference of logistic strengths (natural log-odds)
// into Elo: 400/ln 10 = 173.7178.
var eloPerNat = 400 / math.Ln10

// Game is the result of one game between agents A and B: ScoreA is A's
// score, 1, 0.5 or 0.
type Game struct {
	A, B   int
	ScoreA float64
}

// Matrix gathers games between n agents into the matrix form FitRatings
// takes: m[i][j] counts the results of i against j, and m[j][i] is always
// m[i][j].Swap(). It is an error for an agent to be outside [0, n), for a
// game to have the same agent on both sides, or for a score other than 1,
// 0.5 or 0.
func Matrix(n int, games []Game) ([][]WDL, error) {
	if n < 0 {
		return nil, fmt.Errorf("stats: %d agents", n)
	}
	m := make([][]WDL, n)
	for i := range m {
		m[i] = make([]WDL, n)
	}
	for k, g := range games {
		if g.A < 0 || g.A >= n || g.B < 0 || g.B >= n || g.A == g.B {
			return nil, fmt.Errorf("stats: game %d: agents %d and %d with %d agents", k, g.A, g.B, n)
		}
		r, err := m[g.A][g.B].AddGame(g.ScoreA)
		if err != nil {
			return nil, fmt.Errorf("stats: game %d: %w", k, err)
		}
		m[g.A][g.B] = r
		m[g.B][g.A] = r.Swap()
	}
	return m, nil
}

// Rating is one agent's joint rating from FitRatings.
type Rating struct {
	Elo   float64 // rating, anchored; capped at EloCap per infinite gap (see FitRatings)
	Lo    float64 // lower end of the 95% interval; -Inf when open below
	Hi    float64 // upper end of the 95% interval; +Inf when open above
	Games int     // games the agent played
	Score float64 // the agent's mean score per game over all its games
}

// FitRatings rates n agents jointly from their head-to-head results:
// wdl[i][j] counts the results of agent i against agent j, wdl[j][i] must
// be wdl[i][j].Swap(), and wdl[i][i] must be empty. The agent anchor is
// rated anchorElo and every other rating is relative to it.
//
// The model is Bradley-Terry in logistic Elo (the model of BayesElo and
// Ordo without their priors): agent i scores against agent j with
// probability p_ij = 1/(1+10^((R_j-R_i)/400)), a draw counting as half a win
// and half a loss. The ratings maximise the log-likelihood
//
//	sum over pairs i<j of  s_ij*ln p_ij + s_ji*ln p_ji,    s_ij = W_ij + D_ij/2
//
// found by Newton's method with a backtracking line search (the likelihood
// is concave, so this converges where the MM algorithm of Hunter 2004, "MM
// algorithms for generalized Bradley-Terry models", would, only faster).
// With two agents the fit is EloFromScore of the head-to-head score. The
// 95% interval of each agent is R_i ± 1.959964*sd_i, sd_i the square root of
// the diagonal of the inverse of the observed Fisher information (in
// natural units I_ii = sum_j n_ij p_ij p_ji, I_ij = -n_ij p_ij p_ji, n_ij
// the games between i and j) with the anchor's row and column removed,
// converted to Elo by 400/ln 10. The anchor's own interval is
// [anchorElo, anchorElo].
//
// Infinite ratings. The maximum likelihood ratings exist only if the
// agents cannot be split into two groups one of which scored nothing (no
// win, no draw) against the other (Zermelo 1929, Ford 1957). When it
// fails, for instance for an agent that won or lost every game, the agents
// are split into the strongly connected components of the graph with an
// edge i→j whenever i scored against j. Each component is fitted on its
// own games, which is the limit of the maximum likelihood as the gaps
// between components grow without bound. Components are then layered: a
// component's depth is the length of the longest chain of components above
// it (a component is above another when it scored against it and never
// conceded anything in return, directly or through others), and a
// component d levels below the anchor's is shifted so that the mean of its
// ratings is anchorElo - d*EloCap (above: + d*EloCap). So an agent that won
// every game is rated anchorElo+2000, one that lost every game
// anchorElo-2000, and a chain A beat B beat C (always) anchored at C rates
// B at 2000 and A at 4000. The ratings inside the anchor's component keep
// their intervals. A component above the anchor's has Hi = +Inf and Lo the
// shift of the component at which its results against the anchor's
// component (all wins) would have had probability 2.5%, the exact one-sided
// bound for a binomial with no losses (Clopper-Pearson), other ratings held
// fixed; Lo is -Inf when it played no game against the anchor's component.
// (Lo stays below the capped rating unless the component has some 370,000
// straight wins against the anchor's component, where even a 2000 Elo gap
// would make them improbable.)
// A component below is the mirror image (Lo = -Inf, Hi from its losses).
// A component neither above nor below the anchor's (related to it only
// through a third component) has Lo = -Inf and Hi = +Inf.
//
// Errors: n < 2, a matrix that is not n by n, a negative count, games of an
// agent against itself, wdl[j][i] not the Swap of wdl[i][j], an anchor
// outside [0, n), an anchorElo that is not finite, an agent with no games,
// or a comparison graph (an edge for every pair that played) that is not
// connected.
func FitRatings(n int, wdl [][]WDL, anchor int, anchorElo float64) ([]Rating, error) {
	if err := checkMatrix(n, wdl, anchor, anchorElo); err != nil {
		return nil, err
	}
	games := make([][]float64, n) // n_ij
	score := make([][]float64, n) // s_ij
	out := make([]Rating, n)
	for i := range n {
		games[i] = make([]float64, n)
		score[i] = make([]float64, n)
		var tot WDL
		for j := range n {
			r := wdl[i][j]
			games[i][j] = float64(r.N())
			score[i][j] = float64(r.W) + float64(r.D)/2
			tot = tot.Add(r)
		}
		if tot.N() == 0 {
			return nil, fmt.Errorf("stats: agent %d has no games", i)
		}
		out[i] = Rating{Games: tot.N(), Score: tot.Score()}
	}
	if !connected(games) {
		return nil, errors.New("stats: the comparison graph is not connected: some agents are not linked to others by any chain of games")
	}

	comps, compOf := components(score)
	ac := compOf[anchor]

	// Fit each component on its own games.
	theta := make([]float64, n) // natural units, relative within the component
	sd := make([]float64, n)    // natural units, only for the anchor's component
	for c, members := range comps {
		ref := members[0]
		if c == ac {
			ref = anchor
		}
		th, s, err := fitComponent(members, ref, games, score, c == ac)
		if err != nil {
			return nil, err
		}
		for k, i := range members {
			theta[i] = th[k]
			sd[i] = s[k]
		}
	}

	// Place the components.
	depth := depths(comps, compOf, score)
	for c, members := range comps {
		if c == ac {
			for _, i := range members {
				out[i].Elo = anchorElo + eloPerNat*(theta[i]-theta[anchor])
				half := Z95 * eloPerNat * sd[i]
				out[i].Lo, out[i].Hi = out[i].Elo-half, out[i].Elo+half
			}
			continue
		}
		mean := 0.0
		for _, i := range members {
			mean += theta[i]
		}
		mean /= float64(len(members))
		centre := anchorElo - float64(depth[c]-depth[ac])*EloCap
		for _, i := range members {
			out[i].Elo = centre + eloPerNat*(theta[i]-mean)
		}
	}
	out[anchor].Lo, out[anchor].Hi = anchorElo, anchorElo

	// Intervals of the capped components.
	reach := reachability(comps, compOf, score)
	for c, members := range comps {
		if c == ac {
			continue
		}
		lo, hi := math.Inf(-1), math.Inf(1)
		switch {
		case reach[c][ac]: // above the anchor's component
			if d, ok := cappedShift(members, comps[ac], games, out, +1); ok {
				lo = d
			}
		case reach[ac][c]: // below
			if d, ok := cappedShift(members, comps[ac], games, out, -1); ok {
				hi = d
			}
		}
		for _, i := range members {
			out[i].Lo, out[i].Hi = lo, hi
			if !math.IsInf(lo, 0) {
				out[i].Lo = out[i].Elo + lo
			}
			if !math.IsInf(hi, 0) {
				out[i].Hi = out[i].Elo + hi
			}
		}
	}
	return out, nil
}

func checkMatrix(n int, wdl [][]WDL, anchor int, anchorElo float64) error {
	if n < 2 {
		return fmt.Errorf("stats: %d agents: need at least 2 to rate", n)
	}
	if len(wdl) != n {
		return fmt.Errorf("stats: results matrix has %d rows for %d agents", len(wdl), n)
	}
	for i, row := range wdl {
		if len(row) != n {
			return fmt.Errorf("stats: results matrix row %d has %d columns for %d agents", i, len(row), n)
		}
	}
	for i := range n {
		if wdl[i][i] != (WDL{}) {
			return fmt.Errorf("stats: agent %d has results against itself", i)
		}
		for j := range n {
			if !wdl[i][j].valid() {
				return fmt.Errorf("stats: negative count in results of %d against %d: %+v", i, j, wdl[i][j])
			}
			if wdl[j][i] != wdl[i][j].Swap() {
				return fmt.Errorf("stats: results of %d against %d (%+v) are not the swap of %d against %d (%+v)", j, i, wdl[j][i], i, j, wdl[i][j])
			}
		}
	}
	if anchor < 0 || anchor >= n {
		return fmt.Errorf("stats: anchor %d outside [0, %d)", anchor, n)
	}
	if math.IsNaN(anchorElo) || math.IsInf(anchorElo, 0) {
		return fmt.Errorf("stats: anchor rating %v is not finite", anchorElo)
	}
	return nil
}

// connected reports whether every agent is linked to agent 0 by a chain of
// pairs that played.
func connected(games [][]float64) bool {
	n := len(games)
	seen := make([]bool, n)
	stack := []int{0}
	seen[0] = true
	count := 1
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j := range n {
			if games[i][j] > 0 && !seen[j] {
				seen[j] = true
				count++
				stack = append(stack, j)
			}
		}
	}
	return count == n
}

// components returns the strongly connected components of the graph with
// an edge i→j when score[i][j] > 0 (Tarjan's algorithm), in reverse
// topological order (a component comes before every component above it),
// and the component of each agent.
func components(score [][]float64) (comps [][]int, compOf []int) {
	n := len(score)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	compOf = make([]int, n)
	var stack []int
	next := 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for w := range n {
			if score[v][w] <= 0 {
				continue
			}
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var c []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				compOf[w] = len(comps)
				c = append(c, w)
				if w == v {
					break
				}
			}
			comps = append(comps, c)
		}
	}
	for v := range n {
		if index[v] < 0 {
			visit(v)
		}
	}
	return comps, compOf
}

// depths is, for each component, the length of the longest chain of
// components above it. comps is in reverse topological order, so walking
// it backwards visits every component after all those above it.
func depths(comps [][]int, compOf []int, score [][]float64) []int {
	d := make([]int, len(comps))
	for c := len(comps) - 1; c >= 0; c-- {
		for _, i := range comps[c] {
			for j, s := range score[i] {
				if s > 0 && compOf[j] != c {
					d[compOf[j]] = max(d[compOf[j]], d[c]+1)
				}
			}
		}
	}
	return d
}

// reachability is reach[a][b]: component a reaches component b along
// scoring edges (a is above b). reach[a][a] is true.
func reachability(comps [][]int, compOf []int, score [][]float64) [][]bool {
	k := len(comps)
	reach := make([][]bool, k)
	for c := range k {
		reach[c] = make([]bool, k)
		reach[c][c] = true
	}
	// In reverse topological order every component below c comes first.
	for c := range k {
		for _, i := range comps[c] {
			for j, s := range score[i] {
				if d := compOf[j]; s > 0 && d != c {
					for e := range k {
						if reach[d][e] {
							reach[c][e] = true
						}
					}
				}
			}
		}
	}
	return reach
}

// cappedShift finds the shift (in Elo) of the ratings of the component
// members, all others fixed, at which the probability of its results
// against the anchor's component would be 2.5%. For dir = +1 those results
// are all wins, and the shift is the lower bound: the sum over i in
// members, j in anchors of n_ij*ln p(R_i + shift - R_j) equals ln 0.025.
// For dir = -1 they are all losses and it is the upper bound. ok is false
// when the component played no game against the anchor's component.
func cappedShift(members, anchors []int, games [][]float64, r []Rating, dir float64) (float64, bool) {
	played := false
	logP := func(shift float64) float64 {
		s := 0.0
		for _, i := range members {
			for _, j := range anchors {
				if games[i][j] > 0 {
					s += games[i][j] * logSigmoid(dir*(r[i].Elo+shift-r[j].Elo)/eloPerNat)
				}
			}
		}
		return s
	}
	for _, i := range members {
		for _, j := range anchors {
			played = played || games[i][j] > 0
		}
	}
	if !played {
		return 0, false
	}
	// dir*shift is what raises the probability: logP(dir*x) increases in x
	// from -Inf to 0, and the bound is where it crosses ln 0.025.
	target := math.Log(0.025)
	f := func(x float64) float64 { return logP(dir*x) - target }
	lo, hi := -1.0, 1.0
	for f(lo) > 0 {
		lo *= 2
	}
	for f(hi) < 0 {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) < 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return dir * (lo + hi) / 2, true
}

// logSigmoid is ln(1/(1+e^-x)) without overflow or loss of precision.
func logSigmoid(x float64) float64 {
	if x >= 0 {
		return -math.Log1p(math.Exp(-x))
	}
	return x - math.Log1p(math.Exp(x))
}

// sigmoid is 1/(1+e^-x).
func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// fitComponent fits the Bradley-Terry strengths (natural units) of the
// members of one strongly connected component on the games among them,
// with the strength of ref fixed at 0, by Newton's method with a
// backtracking line search. With wantSD it also returns each member's
// standard deviation from the inverse Fisher information (0 for ref).
func fitComponent(members []int, ref int, games, score [][]float64, wantSD bool) (theta, sd []float64, err error) {
	m := len(members)
	theta = make([]float64, m)
	sd = make([]float64, m)
	if m == 1 {
		return theta, sd, nil
	}
	// Free parameters: every member but ref, in order.
	free := make([]int, 0, m-1)
	for k, i := range members {
		if i != ref {
			free = append(free, k)
		}
	}
	logLik := func(th []float64) float64 {
		l := 0.0
		for a := range m {
			for b := a + 1; b < m; b++ {
				i, j := members[a], members[b]
				if games[i][j] == 0 {
					continue
				}
				d := th[a] - th[b]
				l += score[i][j]*logSigmoid(d) + score[j][i]*logSigmoid(-d)
			}
		}
		return l
	}
	// gradInfo returns the gradient and the Fisher information over the
	// free parameters.
	gradInfo := func(th []float64) ([]float64, [][]float64) {
		g := make([]float64, m)
		info := make([][]float64, m)
		for a := range info {
			info[a] = make([]float64, m)
		}
		for a := range m {
			for b := range m {
				i, j := members[a], members[b]
				if a == b || games[i][j] == 0 {
					continue
				}
				p := sigmoid(th[a] - th[b])
				g[a] += score[i][j] - games[i][j]*p
				w := games[i][j] * p * (1 - p)
				info[a][a] += w
				info[a][b] -= w
			}
		}
		gf := make([]float64, len(free))
		inf := make([][]float64, len(free))
		for x, a := range free {
			gf[x] = g[a]
			inf[x] = make([]float64, len(free))
			for y, b := range free {
				inf[x][y] = info[a][b]
			}
		}
		return gf, inf
	}
	totalGames := 0.0
	for _, i := range members {
		for _, j := range members {
			totalGames += games[i][j]
		}
	}
	converged := false
	for iter := 0; iter < 500 && !converged; iter++ {
		g, info := gradInfo(theta)
		gmax := 0.0
		for _, v := range g {
			gmax = max(gmax, math.Abs(v))
		}
		if gmax <= 1e-13*(1+totalGames) {
			converged = true
			break
		}
		chol, ok := cholesky(info)
		if !ok {
			return nil, nil, errors.New("stats: Fisher information is singular")
		}
		step := chol.solve(g)
		l0 := logLik(theta)
		slope := 0.0
		for x := range g {
			slope += g[x] * step[x]
		}
		next := make([]float64, m)
		t := 1.0
		for range 60 {
			copy(next, theta)
			for x, a := range free {
				next[a] += t * step[x]
			}
			if logLik(next) >= l0+1e-4*t*slope {
				break
			}
			t /= 2
		}
		smax := 0.0
		for x := range step {
			smax = max(smax, math.Abs(t*step[x]))
		}
		theta = next
		if smax < 1e-13 {
			converged = true
		}
	}
	if !converged {
		return nil, nil, errors.New("stats: rating fit did not converge")
	}
	if wantSD {
		_, info := gradInfo(theta)
		chol, ok := cholesky(info)
		if !ok {
			return nil, nil, errors.New("stats: Fisher information is singular")
		}
		for x, a := range free {
			e := make([]float64, len(free))
			e[x] = 1
			sd[a] = math.Sqrt(chol.solve(e)[x])
		}
	}
	return theta, sd, nil
}

// choleskyFactor is the lower triangular L with A = L*L^T.
type choleskyFactor [][]float64

// cholesky factors a symmetric positive definite matrix; ok is false when
// it is not positive definite.
func cholesky(a [][]float64) (choleskyFactor, bool) {
	n := len(a)
	l := make([][]float64, n)
	for i := range l {
		l[i] = make([]float64, n)
	}
	for i := range n {
		for j := 0; j <= i; j++ {
			s := a[i][j]
			for k := range j {
				s -= l[i][k] * l[j][k]
			}
			if i == j {
				if !(s > 0) {
					return nil, false
				}
				l[i][i] = math.Sqrt(s)
			} else {
				l[i][j] = s / l[j][j]
			}
		}
	}
	return l, true
}

// solve returns x with L*L^T*x = b.
func (l choleskyFactor) solve(b []float64) []float64 {
	n := len(l)
	y := make([]float64, n)
	for i := range n {
		s := b[i]
		for k := range i {
			s -= l[i][k] * y[k]
		}
		y[i] = s / l[i][i]
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < n; k++ {
			s -= l[k][i] * x[k]
		}
		x[i] = s / l[i][i]
	}
	return x
}
