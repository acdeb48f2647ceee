// Package matrixgame solves two-player zero-sum matrix games: given the
// payoff m[i][j] to the row player when the row player picks i and the
// column player picks j, it finds both players' minimax mixed strategies and
// the game's value, and measures how exploitable a pair of mixtures is.
//
// It exists for the grand-strategic battle resolver, where each combat round
// the two sides secretly and simultaneously choose a posture and an
// equilibrium agent plays the minimax mixture of the round's payoff matrix.
//
// The solver is linear programming (the simplex method, falling back on
// Bland's rule against cycling) rather than an iterative scheme such as
// fictitious play or regret matching. Those only approach the equilibrium,
// so a mixture they return can always be beaten by some margin that depends
// on how long they ran; an LP vertex is an exact equilibrium, so the
// exploitability of its mixtures is zero up to floating-point rounding, and
// the matrices here (at most a few dozen strategies a side) are small
// enough for the simplex to be fast. Every result is checked against the
// original payoffs: if rounding in the tableau has made it measurably
// exploitable, which only long pivot sequences on big or near-degenerate
// games do, the tableau is rebuilt from the payoffs for the basis reached
// and the simplex resumes, so the guarantee holds at every size accepted.
//
// Sample turns a mixture into a posture with a caller-supplied uniform
// draw, keeping play reproducible under a seeded generator.
package matrixgame

import (
	"errors"
	"fmt"
	"math"
)

// MaxDim is the largest number of rows, and of columns, that Solve accepts.
// It bounds the tableau (and so the time and memory a call may take) well
// above any posture count the resolver uses.
const MaxDim = 64

// Errors returned by Solve and Solver.Solve, wrapped with the position of the
// offence; test for them with errors.Is.
var (
	// ErrEmpty reports a matrix with no rows or a row with no entries.
	ErrEmpty = errors.New("matrixgame: empty matrix")
	// ErrRagged reports rows of different lengths.
	ErrRagged = errors.New("matrixgame: ragged matrix")
	// ErrNotFinite reports a NaN or infinite entry.
	ErrNotFinite = errors.New("matrixgame: entry is NaN or infinite")
	// ErrTooLarge reports more than MaxDim rows or columns.
	ErrTooLarge = errors.New("matrixgame: matrix too large")
)

// errNoSolver and errNumerical guard against misuse and against a simplex
// run that goes wrong in floating point; neither should happen with valid
// input, but the solver reports rather than panics or loops.
var (
	errNoSolver  = errors.New("matrixgame: nil Solver or Solution")
	errNumerical = errors.New("matrixgame: simplex failed to reach an optimum (numerical trouble)")
)

// Solution is the equilibrium of a zero-sum matrix game.
type Solution struct {
	Row   []float64 // the row player's minimax mixed strategy (sums to 1)
	Col   []float64 // the column player's (the minimiser's) mixed strategy
	Value float64   // the game's value for the row player
}

// Solve finds an exact equilibrium of the zero-sum game with payoff m[i][j]
// to the row player (row i, column j), by linear programming (simplex,
// with Bland's rule against cycling) on the standard shift-to-positive
// formulation (the payoffs are mapped onto [1, 2], a shift and a scaling,
// which leaves the equilibria unchanged). It returns an error (never
// panics) for an empty or ragged matrix, NaN or Inf entries, or more than
// MaxDim (64) rows or columns. It could in principle also report numerical
// breakdown (a solution it cannot make unexploitable to 1e-9 of the
// payoffs' range), which no tested input has caused.
//
// Value is the expected payoff of Row against Col, so it is consistent with
// the returned mixtures to rounding; at an exact equilibrium it is the game's
// value. Solve allocates a fresh Solution; use a Solver to avoid that.
func Solve(m [][]float64) (Solution, error) {
	var s Solver
	var out Solution
	if err := s.Solve(m, &out); err != nil {
		return Solution{}, err
	}
	return out, nil
}

// Solver solves matrix games while keeping its working storage between
// calls, so that an agent solving a small matrix every combat round does
// not allocate once its buffers have grown to the size in use. The zero
// value is ready to use. A Solver must not be used by two goroutines at
// once.
type Solver struct {
	tab      []float64 // simplex tableau, row-major, (rows+1) x (cols+rows+1)
	basis    []int     // basis[r] is the variable basic in constraint row r
	want     []int     // the basis to rebuild, during reinvert
	done     []bool    // rows already given their basic variable, in reinvert
	raw      []float64 // the column LP's primal solution, before normalising
	row, col []float64 // the candidate mixtures read off the tableau
	bestRow  []float64 // the least exploitable candidate so far
	bestCol  []float64
	// The tableau holds m mapped to (m/scale - lo)/span + 1 (see load).
	scale, span float64
}

// Tolerances of the simplex, relative to a tableau whose constraint entries
// start in [1, 2] with unit right-hand sides (see load). A reduced cost or a
// pivot candidate within its tolerance of zero is treated as zero: small
// enough not to stop short of the optimum, large enough that rounding
// noise is not mistaken for a real improvement or a usable pivot. Pivoting
// on noise (an entry that is 0 in exact arithmetic but 1e-12 in floating
// point) is what wrecks a tableau; on 64x64 games with 0/1 payoffs that
// happened under pure Bland's rule with a pivot tolerance of 1e-12, while
// genuine pivots there are no smaller than about 1e-4. The ratio test
// (see ratioTest) is the second line of defence against such pivots.
const (
	costTol  = 1e-12 // a reduced cost must be below -costTol to enter
	pivotTol = 1e-9  // a pivot element must exceed pivotTol
	// tieTol is the step below which a pivot counts as degenerate.
	tieTol = 1e-12
	// harrisTol is how far below zero the ratio test lets a right-hand
	// side go for the sake of a larger pivot (see ratioTest).
	harrisTol = 1e-11
	// blandAfter is how many degenerate pivots in a row switch the
	// simplex to Bland's rule. Cycles need several; stretches of a few
	// degenerate pivots are common and harmless.
	blandAfter = 10
	// blandPivotRel is the smallest pivot Bland's rule may take, relative
	// to the largest available.
	blandPivotRel = 1e-3
	// acceptTol is the exploitability, relative to the payoffs' range,
	// below which a solution is returned without rebuilding the tableau.
	// Typical games come out near 1e-15; only big or near-degenerate
	// ones come near it.
	acceptTol = 1e-12
	// roundTol is the rounding error, relative to the largest payoff, of
	// the sums of up to 64 products that an expected payoff is.
	roundTol = 64 * 0x1p-52
	// rejectTol is the relative exploitability above which Solve reports
	// numerical failure rather than return the solution.
	rejectTol = 1e-9
	// maxReinversions bounds the rebuild-and-continue rounds.
	maxReinversions = 2
)

// Solve is the package-level Solve, writing the equilibrium into out. out.Row and out.Col are
// reused when they have the capacity, so with a Solver and a Solution kept
// across calls, repeated solves of same-sized matrices allocate nothing. On
// error out is left unchanged.
func (s *Solver) Solve(m [][]float64, out *Solution) error {
	if s == nil || out == nil {
		return errNoSolver
	}
	rows, cols, maxAbs, err := check(m)
	if err != nil {
		return err
	}
	s.load(m, rows, cols, maxAbs)
	for r := range rows {
		s.basis[r] = cols + r // the slacks: feasible, as y = 0 is
	}
	s.bestRow = grow(s.bestRow, rows)
	s.bestCol = grow(s.bestCol, cols)
	// Rounding accumulates in the tableau over the pivots, so the result
	// is checked against the original payoffs; if it is not accurate
	// enough, the tableau is rebuilt from the payoffs for the basis reached
	// (discarding the accumulated error) and the simplex resumes from there,
	// which also repairs an optimum that noise in a reduced cost faked.
	// The bar is relative to the range, because the range is what the
	// payoffs were divided by, plus the rounding of evaluating payoffs as
	// large as the largest, which no solution can get below (it dominates
	// when the payoffs differ only far down their digits). Multiplied in
	// this order so that it cannot overflow.
	accept := (acceptTol*s.span + roundTol) * s.scale
	best, bestValue := math.Inf(1), 0.0
	for attempt := range maxReinversions + 1 {
		if attempt > 0 && !s.reinvert(m, rows, cols) {
			break
		}
		if !s.simplex(rows, cols) || !s.extract(rows, cols) {
			continue
		}
		value := payoff(m, s.row, s.col)
		e := exploitability(m, s.row, s.col, value)
		if e < best {
			best, bestValue = e, value
			copy(s.bestRow, s.row)
			copy(s.bestCol, s.col)
		}
		if e <= accept {
			break
		}
	}
	if !(best <= rejectTol*s.span*s.scale) {
		// Better an error the caller can fall back from than a mixture
		// that can be beaten.
		return errNumerical
	}
	out.Row = grow(out.Row, rows)
	out.Col = grow(out.Col, cols)
	copy(out.Row, s.bestRow)
	copy(out.Col, s.bestCol)
	out.Value = bestValue
	return nil
}

// check validates m and returns its shape and its largest absolute entry.
func check(m [][]float64) (rows, cols int, maxAbs float64, err error) {
	rows = len(m)
	if rows == 0 {
		return 0, 0, 0, ErrEmpty
	}
	if rows > MaxDim {
		return 0, 0, 0, fmt.Errorf("%w: %d rows, at most %d allowed", ErrTooLarge, rows, MaxDim)
	}
	cols = len(m[0])
	if cols == 0 {
		return 0, 0, 0, fmt.Errorf("%w: row 0 has no entries", ErrEmpty)
	}
	if cols > MaxDim {
		return 0, 0, 0, fmt.Errorf("%w: %d columns, at most %d allowed", ErrTooLarge, cols, MaxDim)
	}
	for i, r := range m {
		if len(r) != cols {
			return 0, 0, 0, fmt.Errorf("%w: row %d has %d entries, row 0 has %d", ErrRagged, i, len(r), cols)
		}
		for j, v := range r {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, 0, 0, fmt.Errorf("%w: m[%d][%d] = %v", ErrNotFinite, i, j, v)
			}
			maxAbs = max(maxAbs, math.Abs(v))
		}
	}
	return rows, cols, maxAbs, nil
}

// load sizes the buffers and fills the tableau with the initial
// (slack-basis) tableau of the column player's LP
//
//	maximise sum_j y_j  subject to  sum_j a'_ij y_j <= 1 (each i),  y >= 0
//
// where a' is m under a positive affine map onto [1, 2]. Equilibrium
// strategies are unchanged by such a map, and making every entry positive
// gives the game a positive value, so the LP is feasible at y = 0 (the slack
// basis, no phase one needed) and bounded; at its optimum the y_j sum to
// 1/v' and the duals x_i of the constraints are the row player's strategy
// scaled the same way. Mapping onto a fixed range, rather than only shifting
// by the minimum, also keeps the tolerances meaningful whatever the scale of
// the payoffs and avoids overflow for huge ones. load leaves s.basis to the
// caller.
func (s *Solver) load(m [][]float64, rows, cols int, maxAbs float64) {
	width := cols + rows + 1
	s.tab = grow(s.tab, (rows+1)*width)
	s.basis = growInts(s.basis, rows)
	clear(s.tab)

	// Divide by the largest magnitude first, so that the range below
	// (at most 2 after this) cannot overflow.
	s.scale = maxAbs
	if s.scale == 0 {
		s.scale = 1
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range m {
		for _, v := range r {
			v /= s.scale
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	s.span = hi - lo
	if s.span == 0 {
		s.span = 1 // a constant game: every strategy is optimal
	}
	for i, r := range m {
		t := s.tab[i*width : (i+1)*width]
		for j, v := range r {
			t[j] = (v/s.scale-lo)/s.span + 1
		}
		t[cols+i] = 1 // slack
		t[width-1] = 1
	}
	obj := s.tab[rows*width : (rows+1)*width]
	for j := range cols {
		obj[j] = -1
	}
}

// reinvert rebuilds the tableau for the current basis from m: it reloads
// the initial tableau and brings each basic variable into the basis by
// Gauss-Jordan elimination with partial pivoting (the largest available
// entry of the variable's column as pivot), so that the result carries only
// the rounding of those few eliminations, not of the whole pivot history.
// It reports false if the basis has turned out (numerically) singular or
// infeasible, in which case the tableau is unusable.
func (s *Solver) reinvert(m [][]float64, rows, cols int) bool {
	width := cols + rows + 1
	s.want = growInts(s.want, rows)
	copy(s.want, s.basis)
	s.done = growBools(s.done, rows)
	clear(s.done)
	s.load(m, rows, cols, s.scale) // the scale load chose maps to itself
	for _, v := range s.want {
		leave, big := -1, 0.0
		for r := range rows {
			if a := math.Abs(s.tab[r*width+v]); !s.done[r] && a > big {
				leave, big = r, a
			}
		}
		if big <= pivotTol {
			return false
		}
		s.pivot(rows, width, leave, v, false)
		s.done[leave] = true
	}
	for r := range rows {
		rhs := &s.tab[r*width+width-1]
		if *rhs < -pivotTol {
			return false
		}
		*rhs = max(*rhs, 0)
	}
	return true
}

// simplex runs the primal simplex method on the loaded tableau until no
// reduced cost is negative. It reports false if it gave up, which only
// numerical breakdown could cause.
//
// Pricing is Dantzig's (the most negative reduced cost enters) and the
// ratio test is Harris's (of the rows within harrisTol of the minimum
// ratio, the one with the largest pivot leaves), because these choose big
// pivots: a pivot on an entry that is tiny, or zero but for rounding, wrecks
// the tableau, and pure Bland's rule (which ignores magnitudes) was seen to
// pick such pivots on near-degenerate games. Dantzig's rule can cycle on
// degenerate problems, which these games often are (duplicated or
// dominated postures, ties between payoffs), so after blandAfter pivots in
// a row that do not raise the objective it switches to Bland's rule (the
// lowest-numbered improving variable enters, the lowest-numbered basic
// variable among the tied rows leaves) until the objective rises again.
// Bland's rule cannot cycle (bar the one liberty ratioTest takes with it),
// so a degenerate stretch ends; each rise leaves every basis so far behind
// for good, so the method terminates.
func (s *Solver) simplex(rows, cols int) bool {
	width := cols + rows + 1
	nvars := cols + rows
	obj := s.tab[rows*width : (rows+1)*width]
	// The simplex terminates in exact arithmetic; the cap is only there so
	// that rounding can never turn it into an endless loop. It is far
	// above the pivot counts seen (at most about 600 on 64x64 games).
	limit := 100 * (rows + cols + 10)
	stalled := 0 // pivots in a row that left the objective where it was
	for range limit {
		bland := stalled >= blandAfter
		enter := -1
		if bland {
			for j := range nvars {
				if obj[j] < -costTol {
					enter = j
					break
				}
			}
		} else {
			most := -costTol
			for j := range nvars {
				if obj[j] < most {
					enter, most = j, obj[j]
				}
			}
		}
		if enter < 0 {
			return true
		}
		leave := s.ratioTest(rows, width, enter, bland)
		if leave < 0 {
			// Unbounded, impossible with every constraint entry >= 1;
			// only reachable if rounding wrecked the tableau.
			return false
		}
		if step := s.tab[leave*width+width-1] / s.tab[leave*width+enter]; step > tieTol {
			stalled = 0
		} else {
			stalled++
		}
		s.pivot(rows, width, leave, enter, true)
	}
	return false
}

// ratioTest picks the row to leave when variable enter enters, or -1 if no
// entry of its column is a usable pivot. It is Harris's two-pass test:
// the first pass finds the largest step that no row's right-hand side
// would go below -harrisTol for, the second picks among the rows that
// bind within that step. Treating near-ties as ties is what keeps a row
// whose right-hand side is rounding noise (1e-15 where 0 is true) over a
// tiny pivot from beating a row with a true 0 and a sound pivot; the price,
// a right-hand side at most harrisTol negative, is clamped away in pivot
// and removed for good by reinversion.
func (s *Solver) ratioTest(rows, width, enter int, bland bool) int {
	bound := math.Inf(1)
	for r := range rows {
		if a := s.tab[r*width+enter]; a > pivotTol {
			bound = min(bound, (s.tab[r*width+width-1]+harrisTol)/a)
		}
	}
	leave, big := -1, 0.0
	for r := range rows {
		a := s.tab[r*width+enter]
		if a <= pivotTol || s.tab[r*width+width-1]/a > bound {
			continue
		}
		if bland {
			// Lowest index, but not at the price of a pivot that is
			// small beside the best available (checked below).
			if leave < 0 || s.basis[r] < s.basis[leave] {
				leave = r
			}
			big = max(big, a)
		} else if a > big {
			leave, big = r, a
		}
	}
	if bland && leave >= 0 && s.tab[leave*width+enter] < blandPivotRel*big {
		// The lowest-numbered tied row has a poor pivot: take the
		// lowest-numbered of those with a good one instead. Bland's
		// argument needs the lowest of all tied rows, but a wrecked
		// tableau is worse than a theoretical risk of a cycle, which
		// the pivot cap and reinversion would catch anyway.
		leave = -1
		for r := range rows {
			a := s.tab[r*width+enter]
			if a < blandPivotRel*big || s.tab[r*width+width-1]/a > bound {
				continue
			}
			if leave < 0 || s.basis[r] < s.basis[leave] {
				leave = r
			}
		}
	}
	return leave
}

// pivot makes variable enter basic in constraint row leave. With clamp, it
// zeroes negative right-hand sides: in the simplex they are rounding error
// (the ratio test keeps the basis feasible), and a negative one would let a
// later ratio test pick a wrong row. Reinversion passes through infeasible
// intermediate tableaux, so it must not clamp.
func (s *Solver) pivot(rows, width, leave, enter int, clamp bool) {
	p := s.tab[leave*width : (leave+1)*width]
	inv := 1 / p[enter]
	for k := range p {
		p[k] *= inv
	}
	p[enter] = 1
	for r := range rows + 1 {
		if r == leave {
			continue
		}
		t := s.tab[r*width:][:len(p)] // as long as p: no bounds checks below
		f := t[enter]
		if f == 0 {
			continue
		}
		for k, pk := range p {
			t[k] -= f * pk
		}
		t[enter] = 0
		if clamp && r < rows && t[width-1] < 0 {
			t[width-1] = 0
		}
	}
	s.basis[leave] = enter
}

// extract reads both strategies off the optimal tableau into s.row and
// s.col, normalised. It reports false if either has no positive mass,
// which only a wrecked tableau could give.
func (s *Solver) extract(rows, cols int) bool {
	width := cols + rows + 1
	s.raw = grow(s.raw, cols)
	clear(s.raw)
	for r, b := range s.basis {
		if b < cols {
			s.raw[b] = s.tab[r*width+width-1]
		}
	}
	// The row player's strategy is the dual: the reduced costs of the
	// slacks in the objective row.
	dual := s.tab[rows*width+cols : rows*width+cols+rows]
	if !normalisable(s.raw) || !normalisable(dual) {
		return false
	}
	s.row = grow(s.row, rows)
	s.col = grow(s.col, cols)
	normalise(s.row, dual)
	normalise(s.col, s.raw)
	return true
}

// normalisable reports whether v has a positive, finite total once its
// negative entries are dropped.
func normalisable(v []float64) bool {
	sum := 0.0
	for _, x := range v {
		if x > 0 {
			sum += x
		}
	}
	return sum > 0 && !math.IsInf(sum, 0) && !math.IsNaN(sum)
}

// normalise writes src, with negatives (which can only be rounding error of
// a true zero) clamped to 0, scaled to sum to 1, into dst.
func normalise(dst, src []float64) {
	sum := 0.0
	for i, x := range src {
		x = max(x, 0)
		dst[i] = x
		sum += x
	}
	for i := range dst {
		dst[i] /= sum
	}
}

// payoff is row's expected payoff against col: sum_ij row_i m_ij col_j.
// Each inner sum is a convex combination of a row's entries, so nothing
// overflows for finite m.
func payoff(m [][]float64, row, col []float64) float64 {
	v := 0.0
	for i, r := range m {
		if row[i] == 0 {
			continue
		}
		e := 0.0
		for j, a := range r {
			e += a * col[j]
		}
		v += row[i] * e
	}
	return v
}

// Exploitability is how much a best pure response gains against the
// mixtures of s, measured against s.Value:
//
//	col side: max over columns j of (s.Value - sum_i s.Row[i]*m[i][j])
//	row side: max over rows i of (sum_j m[i][j]*s.Col[j] - s.Value)
//
// and it returns the larger. The first is how far a pure column pushes the
// row player below the claimed value, the second how far a pure row lifts
// the row player above it; 0 means neither mixture can be beaten by a pure
// strategy (and so by no mixed one either), i.e. s is an equilibrium. When
// s.Value is the mixtures' payoff against each other, as Solve sets it, the
// result is never negative (up to rounding).
//
// It returns +Inf, rather than panicking, if m is empty or ragged or the
// mixtures' lengths do not match it, and when the result is NaN (NaN
// entries): such a solution cannot be vouched for.
func Exploitability(m [][]float64, s Solution) float64 {
	if !shapeOK(m) || len(s.Row) != len(m) || len(s.Col) != len(m[0]) {
		return math.Inf(1)
	}
	if e := exploitability(m, s.Row, s.Col, s.Value); !math.IsNaN(e) {
		return e
	}
	return math.Inf(1)
}

// exploitability is Exploitability without the checks.
func exploitability(m [][]float64, row, col []float64, value float64) float64 {
	return max(colGain(m, row, value), rowGain(m, col, value))
}

// colGain is value - min_j sum_i row[i]*m[i][j], for a well-formed m.
func colGain(m [][]float64, row []float64, value float64) float64 {
	worst := math.Inf(1)
	for j := range m[0] {
		e := 0.0
		for i, r := range m {
			e += row[i] * r[j]
		}
		worst = min(worst, e)
	}
	return value - worst
}

// rowGain is max_i sum_j m[i][j]*col[j] - value, for a well-formed m.
func rowGain(m [][]float64, col []float64, value float64) float64 {
	best := math.Inf(-1)
	for _, r := range m {
		e := 0.0
		for j, a := range r {
			e += a * col[j]
		}
		best = max(best, e)
	}
	return best - value
}

// RowExploitability is how far the row mixture row falls short of value
// against the best pure counter:
//
//	value - min over columns j of sum_i row[i]*m[i][j]
//
// That is, the most a column player who knew row could push the row player's
// expected payoff below value. With value the game's value, it is 0 for a
// minimax row mixture and positive for any other, by exactly how much the
// mixture can be beaten; it is negative if row guarantees more than value
// (so value was understated). It is defined without any column mixture,
// so it is what to check of an agent that plays only the row side.
//
// It returns +Inf, rather than panicking, if m is empty or ragged or row's
// length does not match it, and when the result is NaN (NaN entries).
func RowExploitability(m [][]float64, row []float64, value float64) float64 {
	if !shapeOK(m) || len(row) != len(m) {
		return math.Inf(1)
	}
	if g := colGain(m, row, value); !math.IsNaN(g) {
		return g
	}
	return math.Inf(1)
}

// shapeOK reports whether m is a non-empty rectangular matrix.
func shapeOK(m [][]float64) bool {
	if len(m) == 0 || len(m[0]) == 0 {
		return false
	}
	for _, r := range m {
		if len(r) != len(m[0]) {
			return false
		}
	}
	return true
}

// Sample picks an index from the mixture mix with a uniform draw u in [0,1),
// deterministically: index i is picked when u falls in its share of the
// cumulative distribution, so the caller's seeded math/rand/v2 source alone
// decides and a replay with the same seed picks the same. Entries that are zero, negative or NaN are
// never picked. The weights need not sum to exactly 1 (u is scaled by their
// total), and a u at or past the end of the distribution, as rounding can
// produce for u close to 1, picks the last positive entry; u below 0 or NaN
// is treated as 0. It returns -1 if mix has no positive entry.
func Sample(mix []float64, u float64) int {
	total, last := 0.0, -1
	for i, w := range mix {
		if w > 0 {
			total += w
			last = i
		}
	}
	if last < 0 {
		return -1
	}
	// Scaling is only for weights so large that their total overflows;
	// otherwise scale stays 1 and the arithmetic is exactly the plain
	// cumulative sum.
	scale := 1.0
	if math.IsInf(total, 1) {
		big := 0.0
		for i, w := range mix {
			if math.IsInf(w, 1) {
				return i // an infinite weight's share is everything
			}
			big = max(big, w)
		}
		scale, total = 1/big, 0
		for _, w := range mix {
			if w > 0 {
				total += w * scale
			}
		}
	}
	if !(u > 0) {
		u = 0
	}
	target := u * total
	cum := 0.0
	for i, w := range mix {
		if w > 0 {
			cum += w * scale
			if target < cum {
				return i
			}
		}
	}
	return last
}

// grow returns v resized to n, reusing its storage when it has the capacity.
func grow(v []float64, n int) []float64 {
	if cap(v) >= n {
		return v[:n]
	}
	return make([]float64, n)
}

// growInts is grow for []int.
func growInts(v []int, n int) []int {
	if cap(v) >= n {
		return v[:n]
	}
	return make([]int, n)
}

// growBools is grow for []bool.
func growBools(v []bool, n int) []bool {
	if cap(v) >= n {
		return v[:n]
	}
	return make([]bool, n)
}
