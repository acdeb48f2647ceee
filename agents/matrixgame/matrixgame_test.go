package matrixgame

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

const tol = 1e-9

// TestSolveHandSolved checks Solve against games solved by hand. Where the
// equilibrium is unique both mixtures are compared; where it is not, only
// the value is, and the mixtures must be optimal (exploitability ~ 0).
func TestSolveHandSolved(t *testing.T) {
	third := 1.0 / 3
	for _, tc := range []struct {
		name     string
		m        [][]float64
		row, col []float64 // nil: several optimal mixtures, any will do
		value    float64
	}{
		{
			// Row 1 beats row 0 in both columns (4>3, 2>1), and column 1 is
			// lower than column 0 in both rows (1<3, 2<4), so the
			// minimiser always plays it: saddle point at (1, 1), value 2
			// (the minimum of its row and the maximum of its column).
			name:  "saddle_point",
			m:     [][]float64{{3, 1}, {4, 2}},
			row:   []float64{0, 1},
			col:   []float64{0, 1},
			value: 2,
		},
		{
			// Matching pennies: by symmetry each side mixes 1/2, 1/2, and
			// either pure column then gives the row player 1/2-1/2 = 0.
			name:  "matching_pennies",
			m:     [][]float64{{1, -1}, {-1, 1}},
			row:   []float64{0.5, 0.5},
			col:   []float64{0.5, 0.5},
			value: 0,
		},
		{
			// Rock-paper-scissors: the uniform mixture earns
			// (0+1-1)/3 = 0 against every pure reply, and the game is
			// symmetric, so its value is 0 and 1/3 each is the only
			// equilibrium.
			name: "rock_paper_scissors",
			m: [][]float64{
				{0, -1, 1},
				{1, 0, -1},
				{-1, 1, 0},
			},
			row:   []float64{third, third, third},
			col:   []float64{third, third, third},
			value: 0,
		},
		{
			// No saddle point (row maxima of column minima differ), so
			// each side makes the other indifferent. Row plays row 0 with
			// p: column 0 gives 2p-(1-p) = 3p-1, column 1 gives
			// -p+(1-p) = 1-2p; equal at p = 2/5, value 3(2/5)-1 = 1/5.
			// Column plays column 0 with q: row 0 gets 2q-(1-q) = 3q-1,
			// row 1 gets -q+(1-q) = 1-2q; equal at q = 2/5, value 1/5.
			name:  "mixed_2x2",
			m:     [][]float64{{2, -1}, {-1, 1}},
			row:   []float64{0.4, 0.6},
			col:   []float64{0.4, 0.6},
			value: 0.2,
		},
		{
			// Another by the same method, not symmetric: row p on row 0,
			// column 0 gives 4p+1(1-p) = 3p+1, column 1 gives
			// 0p+3(1-p) = 3-3p; p = 1/3, value 2. Column q on column 0:
			// row 0 gets 4q, row 1 gets q+3(1-q) = 3-2q; q = 1/2,
			// value 2.
			name:  "mixed_2x2_asymmetric",
			m:     [][]float64{{4, 0}, {1, 3}},
			row:   []float64{third, 2 * third},
			col:   []float64{0.5, 0.5},
			value: 2,
		},
		{
			// Row 2 (-2,-2,0) is strictly below row 0 (1,-1,2)
			// everywhere, and column 2 (2,2,0) strictly above column 0
			// (1,-1,-2) everywhere (worse for the minimiser), so both get
			// probability 0; what remains is matching pennies, with 1/2,
			// 1/2 and value 0. Check: against the row mixture column 2
			// gives 2 > 0; against the column mixture row 2 gives -2 < 0.
			name: "dominated_row_and_column",
			m: [][]float64{
				{1, -1, 2},
				{-1, 1, 2},
				{-2, -2, 0},
			},
			row:   []float64{0.5, 0.5, 0},
			col:   []float64{0.5, 0.5, 0},
			value: 0,
		},
		{
			// One row: the row player has no choice, the minimiser takes
			// the smallest entry, -1 in column 1.
			name:  "one_row",
			m:     [][]float64{{3, -1, 2, 0}},
			row:   []float64{1},
			col:   []float64{0, 1, 0, 0},
			value: -1,
		},
		{
			// One column: the row player takes the largest entry, 3 in
			// row 0.
			name:  "one_column",
			m:     [][]float64{{3}, {-1}, {2}},
			row:   []float64{1, 0, 0},
			col:   []float64{1},
			value: 3,
		},
		{
			name:  "one_by_one",
			m:     [][]float64{{-0.7}},
			row:   []float64{1},
			col:   []float64{1},
			value: -0.7,
		},
		{
			// 6x5, every entry negative (as the defender's side of a
			// round may be). Rows 1, 3, 4 against columns 1, 2, 4 form
			// rock-paper-scissors shifted by -2:
			//	    c1 c2 c4
			//	r1 [-2 -3 -1]
			//	r3 [-1 -2 -3]
			//	r4 [-3 -1 -2]
			// so 1/3 each there gives the row player -2 against each of
			// c1, c2, c4. The others do worse for whoever plays them:
			// against that row mixture c0 gives (-1.5*3)/3 = -1.5 and c3
			// gives (-0.5-1-1.5)/3 = -1, both > -2; against the column
			// mixture 1/3 on c1, c2, c4, r0 gets -3, r2 gets -2.5, r5 gets
			// (-1-4-4)/3 = -3, all < -2. Both mixtures thus guarantee -2,
			// the value is -2, and since the worse strategies do strictly
			// worse against an optimal opponent and the RPS core has a
			// unique solution, the equilibrium is unique.
			name: "six_by_five_all_negative",
			m: [][]float64{
				{-1, -3, -3, -1, -3},
				{-1.5, -2, -3, -0.5, -1},
				{-0.1, -2.5, -2.5, -0.1, -2.5},
				{-1.5, -1, -2, -1, -3},
				{-1.5, -3, -1, -1.5, -2},
				{-0.5, -4, -1, -3, -4},
			},
			row:   []float64{0, third, 0, third, third, 0},
			col:   []float64{0, third, third, 0, third},
			value: -2,
		},
		{
			// Constant: every pair of mixtures is an equilibrium, value 5.
			name:  "constant",
			m:     [][]float64{{5, 5, 5}, {5, 5, 5}},
			value: 5,
		},
		{
			// All zero, the scale-free corner of the constant case.
			name:  "all_zero",
			m:     [][]float64{{0, 0}, {0, 0}},
			value: 0,
		},
		{
			// The column player's unique optimum is 1/2, 1/2 (against it
			// every row gets 1/2), but the row player may play row 2
			// (0.5, 0.5), or 1/2 on rows 0 and 1, or any mix of the two:
			// value 1/2, a whole segment of optimal row mixtures.
			name:  "segment_of_row_optima",
			m:     [][]float64{{1, 0}, {0, 1}, {0.5, 0.5}},
			value: 0.5,
		},
		{
			// Rock-paper-scissors with rock duplicated as a row and
			// scissors as a column: the two copies may split their 1/3
			// any way, value 0.
			name: "duplicated_strategies",
			m: [][]float64{
				{0, -1, 1, 1},
				{1, 0, -1, -1},
				{-1, 1, 0, 0},
				{0, -1, 1, 1},
			},
			value: 0,
		},
		{
			// Two saddle points, (0,0) and (0,1), both worth 1: row 0
			// guarantees 1 and column 0 or 1 (or any mix) holds the row
			// player to 1.
			name:  "two_saddle_points",
			m:     [][]float64{{1, 1, 2}, {0, 0, 3}},
			value: 1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Solve(tc.m)
			if err != nil {
				t.Fatalf("Solve: %v", err)
			}
			checkSolution(t, tc.m, s)
			if math.Abs(s.Value-tc.value) > tol {
				t.Errorf("Value = %.15g, want %.15g", s.Value, tc.value)
			}
			if tc.row != nil && !near(s.Row, tc.row) {
				t.Errorf("Row = %v, want %v", s.Row, tc.row)
			}
			if tc.col != nil && !near(s.Col, tc.col) {
				t.Errorf("Col = %v, want %v", s.Col, tc.col)
			}
		})
	}
}

// TestSolveRandom is the property test: on many random games of every shape
// up to 8x8, entries in [-1, 1], the mixtures are probability vectors, the
// value is their payoff, and neither can be beaten. Besides continuous
// entries it draws them from a few values, or a few values close together,
// which makes ties, degenerate vertices and near-degenerate ones (tiny
// pivots) common: the cases that break a careless simplex.
func TestSolveRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var solver Solver
	var out Solution
	for trial := range 20000 {
		m := randomGame(rng, 1+rng.IntN(8), 1+rng.IntN(8), trial%4)
		s, err := Solve(m)
		if err != nil {
			t.Fatalf("trial %d: Solve(%v): %v", trial, m, err)
		}
		if e := Exploitability(m, s); !(e < tol) {
			t.Fatalf("trial %d: Solve(%v) = %+v, exploitability %g", trial, m, s, e)
		}
		checkSolution(t, m, s)
		// The reusing Solver, its buffers last sized for another shape,
		// must give the same answer.
		if err := solver.Solve(m, &out); err != nil {
			t.Fatalf("trial %d: Solver.Solve: %v", trial, err)
		}
		if !same(out.Row, s.Row) || !same(out.Col, s.Col) || out.Value != s.Value {
			t.Fatalf("trial %d: Solver.Solve = %+v, Solve = %+v", trial, out, s)
		}
	}
}

// randomGame makes a rows x cols game with entries in [-1, 1] of one of
// four kinds: 0 continuous, 1 multiples of 1/2, 2 three random values,
// 3 three values within 2e-3 of each other.
func randomGame(rng *rand.Rand, rows, cols, kind int) [][]float64 {
	var vals [3]float64
	for k := range vals {
		vals[k] = 2*rng.Float64() - 1
		if kind == 3 {
			vals[k] = vals[0] + 1e-3*float64(k)
		}
	}
	m := make([][]float64, rows)
	for i := range m {
		m[i] = make([]float64, cols)
		for j := range m[i] {
			switch kind {
			case 0:
				m[i][j] = 2*rng.Float64() - 1
			case 1:
				m[i][j] = float64(rng.IntN(5)-2) / 2
			default:
				m[i][j] = vals[rng.IntN(3)]
			}
		}
	}
	return m
}

// TestSolveRegressions keeps games that once defeated the solver.
func TestSolveRegressions(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    [][]float64
	}{
		{
			// Found by FuzzSolve: a near-degenerate circulant game on
			// which Bland's rule alone pivoted on rounding noise (a
			// right-hand side of 2e-15 over an entry of 1e-8) and
			// returned mixtures exploitable by 1.5.
			name: "near_degenerate_circulant",
			m: [][]float64{
				{3, 3, -1.5625, -1.5625, 3.0625, 3, 3, 3},
				{3, 3, 3, -1.5625, -1.5625, 3.0625, 3, 3},
				{3, 3, 3, 3, -1.5625, -1.5625, 3.0625, 3},
				{3, 3, 3, 3, 3, -1.5625, -1.5625, 3.0625},
				{3, 3, 3, 3, 3, 3, -1.5625, -1.5625},
				{3.0625, 3, 3, 3, 3, 3, 3, -1.5625},
				{-1.5625, 3.0625, 3, 3, 3, 3, 3, 3},
				{-1.5625, -1.5625, 3.0625, 3, 3, 3, 3, 3},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Solve(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, tc.m, s)
		})
	}
}

// TestSolveLarge runs the biggest games allowed, which take the most
// pivots and so accumulate the most rounding; with few distinct payoffs
// they are also heavily degenerate, and some need the tableau rebuilt
// (see TestReinvert).
func TestSolveLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 60 {
		rows, cols := MaxDim-rng.IntN(8), MaxDim-rng.IntN(8)
		var m [][]float64
		if trial%5 == 4 {
			m = make([][]float64, rows)
			for i := range m {
				m[i] = make([]float64, cols)
				for j := range m[i] {
					m[i][j] = float64(rng.IntN(2)) // 0/1: the most degenerate
				}
			}
		} else {
			m = randomGame(rng, rows, cols, trial%5)
		}
		s, err := Solve(m)
		if err != nil {
			t.Fatalf("trial %d (%dx%d): %v", trial, rows, cols, err)
		}
		if e := Exploitability(m, s); !(e < 1e-11) {
			t.Fatalf("trial %d (%dx%d): exploitability %g", trial, rows, cols, e)
		}
		checkSolution(t, m, s)
	}
}

// TestReinvert checks the rebuild on its own: after the simplex, rebuilding
// the tableau for the optimal basis from the payoffs must leave an optimal
// tableau (no further pivots) whose solution is at least as accurate.
func TestReinvert(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var s Solver
	for trial := range 300 {
		rows, cols := 1+rng.IntN(20), 1+rng.IntN(20)
		m := make([][]float64, rows)
		for i := range m {
			m[i] = make([]float64, cols)
			for j := range m[i] {
				m[i][j] = float64(rng.IntN(3) - 1)
			}
		}
		_, _, maxAbs, err := check(m)
		if err != nil {
			t.Fatal(err)
		}
		s.load(m, rows, cols, maxAbs)
		for r := range rows {
			s.basis[r] = cols + r
		}
		if !s.simplex(rows, cols) {
			t.Fatalf("trial %d: simplex failed", trial)
		}
		before := append([]int(nil), s.basis...)
		if !s.reinvert(m, rows, cols) {
			t.Fatalf("trial %d: reinvert failed on an optimal basis", trial)
		}
		// The same basic variables, though perhaps in other rows.
		seen := map[int]bool{}
		for _, b := range s.basis {
			seen[b] = true
		}
		for _, b := range before {
			if !seen[b] {
				t.Fatalf("trial %d: basis %v became %v", trial, before, s.basis)
			}
		}
		width := cols + rows + 1
		for j := range cols + rows {
			if c := s.tab[rows*width+j]; c < -costTol {
				t.Fatalf("trial %d: rebuilt tableau not optimal: reduced cost %d = %g", trial, j, c)
			}
		}
		if !s.extract(rows, cols) {
			t.Fatalf("trial %d: extract failed", trial)
		}
		v := payoff(m, s.row, s.col)
		if e := exploitability(m, s.row, s.col, v); !(e < 1e-13) {
			t.Fatalf("trial %d: exploitability after rebuild %g", trial, e)
		}
	}
}

// TestSolveScaleInvariant checks that huge and tiny payoffs, and a large
// offset, are handled: equilibria are unchanged by a positive affine map of
// the payoffs, and the value maps with it.
func TestSolveScaleInvariant(t *testing.T) {
	base := [][]float64{{2, -1}, {-1, 1}} // row 2/5, col 2/5, value 1/5
	for _, tc := range []struct {
		name       string
		mul, shift float64
	}{
		{"huge", 1e300, 0},
		{"tiny", 1e-300, 0},
		{"offset", 1, 1e6},
		{"near_max", math.MaxFloat64 / 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := [][]float64{make([]float64, 2), make([]float64, 2)}
			for i := range base {
				for j := range base[i] {
					m[i][j] = base[i][j]*tc.mul + tc.shift
				}
			}
			s, err := Solve(m)
			if err != nil {
				t.Fatal(err)
			}
			if !near(s.Row, []float64{0.4, 0.6}) || !near(s.Col, []float64{0.4, 0.6}) {
				t.Errorf("Row %v Col %v, want 0.4, 0.6 each", s.Row, s.Col)
			}
			want := 0.2*tc.mul + tc.shift
			if math.Abs(s.Value-want) > tol*math.Abs(want) {
				t.Errorf("Value = %g, want %g", s.Value, want)
			}
		})
	}
}

func TestSolveErrors(t *testing.T) {
	big := func(rows, cols int) [][]float64 {
		m := make([][]float64, rows)
		for i := range m {
			m[i] = make([]float64, cols)
		}
		return m
	}
	for _, tc := range []struct {
		name string
		m    [][]float64
		want error
	}{
		{"nil", nil, ErrEmpty},
		{"no_rows", [][]float64{}, ErrEmpty},
		{"empty_row", [][]float64{{}}, ErrEmpty},
		{"empty_rows", [][]float64{{}, {}}, ErrEmpty},
		{"ragged_short", [][]float64{{1, 2}, {3}}, ErrRagged},
		{"ragged_long", [][]float64{{1}, {2, 3}}, ErrRagged},
		{"ragged_empty_later", [][]float64{{1}, {}}, ErrRagged},
		{"nan", [][]float64{{1, 2}, {3, math.NaN()}}, ErrNotFinite},
		{"plus_inf", [][]float64{{math.Inf(1)}}, ErrNotFinite},
		{"minus_inf", [][]float64{{0, math.Inf(-1)}}, ErrNotFinite},
		{"too_many_rows", big(MaxDim+1, 2), ErrTooLarge},
		{"too_many_cols", big(2, MaxDim+1), ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Solve(tc.m)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Solve error = %v, want %v", err, tc.want)
			}
			if s.Row != nil || s.Col != nil || s.Value != 0 {
				t.Errorf("Solve returned %+v with the error, want zero Solution", s)
			}
			var solver Solver
			out := Solution{Row: []float64{7}, Col: []float64{8}, Value: 9}
			if err := solver.Solve(tc.m, &out); !errors.Is(err, tc.want) {
				t.Errorf("Solver.Solve error = %v, want %v", err, tc.want)
			}
			if len(out.Row) != 1 || out.Row[0] != 7 || out.Col[0] != 8 || out.Value != 9 {
				t.Errorf("Solver.Solve changed out on error: %+v", out)
			}
		})
	}
	if _, err := Solve(big(MaxDim, MaxDim)); err != nil {
		t.Errorf("Solve(%dx%d) = %v, want success at the limit", MaxDim, MaxDim, err)
	}
	var nilSolver *Solver
	if err := nilSolver.Solve([][]float64{{1}}, &Solution{}); err == nil {
		t.Error("nil Solver: no error")
	}
	if err := new(Solver).Solve([][]float64{{1}}, nil); err == nil {
		t.Error("nil Solution: no error")
	}
}

func TestExploitability(t *testing.T) {
	rps := [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}
	third := 1.0 / 3
	uniform := []float64{third, third, third}
	rock := []float64{1, 0, 0}
	for _, tc := range []struct {
		name string
		m    [][]float64
		s    Solution
		want float64
	}{
		{"equilibrium", rps, Solution{uniform, uniform, 0}, 0},
		// Pure rock is beaten by paper (column 1) by 1.
		{"row_pure", rps, Solution{rock, uniform, 0}, 1},
		// Against a column that always plays rock, paper (row 1) earns 1.
		{"col_pure", rps, Solution{uniform, rock, 0}, 1},
		// Claiming value 0.5 for the uniform pair: columns push it down
		// to 0 (gain 0.5); no row reaches 0.5 (gain -0.5).
		{"overclaimed_value", rps, Solution{uniform, uniform, 0.5}, 0.5},
		{"wrong_row_length", rps, Solution{[]float64{1}, uniform, 0}, math.Inf(1)},
		{"wrong_col_length", rps, Solution{uniform, nil, 0}, math.Inf(1)},
		{"ragged", [][]float64{{1, 2}, {3}}, Solution{[]float64{1, 0}, []float64{1, 0}, 0}, math.Inf(1)},
		{"empty", nil, Solution{}, math.Inf(1)},
		{"nan", [][]float64{{math.NaN()}}, Solution{[]float64{1}, []float64{1}, 0}, math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Exploitability(tc.m, tc.s); !(math.Abs(got-tc.want) < tol || got == tc.want) {
				t.Errorf("Exploitability = %g, want %g", got, tc.want)
			}
		})
	}
}

func TestRowExploitability(t *testing.T) {
	m := [][]float64{{2, -1}, {-1, 1}} // row (2/5, 3/5), value 1/5
	for _, tc := range []struct {
		name  string
		m     [][]float64
		row   []float64
		value float64
		want  float64
	}{
		{"optimal", m, []float64{0.4, 0.6}, 0.2, 0},
		// Row 0 alone is answered by column 1: payoff -1, short of 1/5
		// by 6/5.
		{"pure_row0", m, []float64{1, 0}, 0.2, 1.2},
		// Half and half: columns give 1/2 and 0, worst 0, short by 1/5.
		{"half", m, []float64{0.5, 0.5}, 0.2, 0.2},
		// Understated value: the mixture guarantees 1/5 > -1.
		{"understated", m, []float64{0.4, 0.6}, -1, -1.2},
		{"wrong_length", m, []float64{1}, 0, math.Inf(1)},
		{"empty", nil, nil, 0, math.Inf(1)},
		{"ragged", [][]float64{{1}, {1, 2}}, []float64{1, 0}, 0, math.Inf(1)},
		{"nan", [][]float64{{math.NaN(), 1}}, []float64{1}, 0, math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := RowExploitability(tc.m, tc.row, tc.value); !(math.Abs(got-tc.want) < tol || got == tc.want) {
				t.Errorf("RowExploitability = %g, want %g", got, tc.want)
			}
		})
	}
}

func TestSample(t *testing.T) {
	below1 := math.Nextafter(1, 0)
	for _, tc := range []struct {
		name string
		mix  []float64
		u    float64
		want int
	}{
		{"first", []float64{0.25, 0.5, 0.25}, 0, 0},
		{"boundary_goes_up", []float64{0.25, 0.5, 0.25}, 0.25, 1},
		{"middle", []float64{0.25, 0.5, 0.25}, 0.6, 1},
		{"last", []float64{0.25, 0.5, 0.25}, 0.8, 2},
		{"leading_zero_skipped_at_u0", []float64{0, 0, 1}, 0, 2},
		{"inner_zero_skipped", []float64{0.5, 0, 0.5}, 0.5, 2},
		{"trailing_zero_never_at_u_near_1", []float64{0.5, 0.5, 0}, below1, 1},
		// Weights whose sum rounds below 1 must not fall off the end.
		{"u_near_1_short_sum", []float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, below1, 9},
		{"u_near_1_thirds", []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, below1, 2},
		{"u_one_clamped", []float64{0.5, 0.5, 0}, 1, 1},
		{"u_above_one_clamped", []float64{0.5, 0.5}, 7, 1},
		{"u_negative_clamped", []float64{0, 0.5, 0.5}, -3, 1},
		{"u_nan_as_zero", []float64{0, 0.5, 0.5}, math.NaN(), 1},
		{"negative_weight_skipped", []float64{-0.5, 1, 0.5}, 0, 1},
		{"nan_weight_skipped", []float64{math.NaN(), 1}, 0, 1},
		{"unnormalised", []float64{2, 6}, 0.3, 1},
		{"inf_weight", []float64{1, math.Inf(1), 1}, 0, 1},
		{"overflowing_total", []float64{math.MaxFloat64, math.MaxFloat64}, 0.75, 1},
		{"single", []float64{1}, 0.999, 0},
		{"empty", nil, 0.5, -1},
		{"all_zero", []float64{0, 0}, 0.5, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Sample(tc.mix, tc.u); got != tc.want {
				t.Errorf("Sample(%v, %v) = %d, want %d", tc.mix, tc.u, got, tc.want)
			}
		})
	}
}

// TestSampleDeterministicAndFair checks that a seeded stream of draws gives
// the same picks every time, never a zero-probability index, and roughly
// the mixture's frequencies.
func TestSampleDeterministicAndFair(t *testing.T) {
	mix := []float64{0.2, 0, 0.5, 0.3, 0}
	const n = 100000
	draw := func() []int {
		rng := rand.New(rand.NewPCG(7, 8))
		picks := make([]int, n)
		for k := range picks {
			picks[k] = Sample(mix, rng.Float64())
		}
		return picks
	}
	a, b := draw(), draw()
	counts := make([]int, len(mix))
	for k := range a {
		if a[k] != b[k] {
			t.Fatalf("draw %d: %d then %d with the same seed", k, a[k], b[k])
		}
		counts[a[k]]++
	}
	for i, p := range mix {
		got := float64(counts[i]) / n
		if p == 0 && counts[i] != 0 {
			t.Errorf("index %d has probability 0 but was picked %d times", i, counts[i])
		}
		// 5 standard deviations of a binomial proportion.
		if math.Abs(got-p) > 5*math.Sqrt(p*(1-p)/n)+1e-12 {
			t.Errorf("index %d picked with frequency %.4f, want %.4f", i, got, p)
		}
	}
}

// TestSolverNoAllocs pins the property the agent relies on: solving a 6x5
// round matrix with a kept Solver and Solution allocates nothing.
func TestSolverNoAllocs(t *testing.T) {
	m := sixByFive()
	var s Solver
	var out Solution
	if err := s.Solve(m, &out); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := s.Solve(m, &out); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Solver.Solve allocates %v times per call in steady state, want 0", allocs)
	}
}

// FuzzSolve decodes bytes into a small matrix (see fuzzMatrix) and checks
// that Solve never panics, fails only on bad input, and returns an
// equilibrium otherwise. testdata/fuzz/FuzzSolve keeps the inputs it has
// caught failures on (a near-degenerate circulant game that defeated pure
// Bland's rule, which led to the current pivoting rules).
func FuzzSolve(f *testing.F) {
	f.Add([]byte{2, 2, 0x10, 0xf0, 0xf0, 0x10})
	f.Add([]byte{3, 3, 0, 0xf0, 0x10, 0x10, 0, 0xf0, 0xf0, 0x10, 0})
	f.Add([]byte{8, 8, 1, 1, 1, 1})
	f.Add([]byte{0, 4})
	f.Add([]byte{2, 2, 0xff, 1, 2, 3})
	f.Add([]byte{2, 3, 0xfc, 0xfb, 0, 1, 2, 3})
	f.Add([]byte{5, 6, 0x80, 0x7f, 0x00, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, maxAbs := fuzzMatrix(data)
		s, err := Solve(m)
		if err != nil {
			// Only bad input may fail; numerical breakdown is a bug.
			for _, bad := range []error{ErrEmpty, ErrRagged, ErrNotFinite, ErrTooLarge} {
				if errors.Is(err, bad) {
					return
				}
			}
			t.Fatalf("Solve(%v): %v", m, err)
		}
		if !isMix(s.Row, len(m)) || !isMix(s.Col, len(m[0])) {
			t.Fatalf("Solve(%v) = %+v: not probability vectors", m, s)
		}
		// The solver works in a rescaled copy of m, so its rounding is
		// relative to the payoffs' magnitude; the fuzzer's huge entries
		// would fail any absolute bound.
		if e := Exploitability(m, s); !(e < 1e-6*max(1, maxAbs)) {
			t.Fatalf("Solve(%v) = %+v: exploitability %g", m, s, e)
		}
	})
}

// fuzzMatrix turns fuzz bytes into a matrix: data[0]%9 rows and data[1]%9
// columns (0 exercises the empty-matrix error), then one byte per entry,
// cycling through the rest of data. A byte is mostly int8(b)/16, so entries
// repeat often and degenerate games are common, but 0xff, 0xfe and 0xfd give
// NaN, +Inf and -Inf (error paths) and 0xfc and 0xfb give +-1e300 (the
// rescaling). With at least two rows, an odd data[1] and data[2] a multiple
// of 7, the last row is one short (ragged). It also returns the largest
// finite magnitude, for the tolerance.
func fuzzMatrix(data []byte) ([][]float64, float64) {
	if len(data) < 2 {
		return nil, 0
	}
	rows, cols := int(data[0]%9), int(data[1]%9)
	rest := data[2:]
	m := make([][]float64, rows)
	maxAbs := 0.0
	k := 0
	for i := range m {
		n := cols
		if i == rows-1 && rows > 1 && data[1]%2 == 1 && len(rest) > 0 && rest[0]%7 == 0 {
			n-- // only sometimes, so that most inputs are valid
		}
		m[i] = make([]float64, max(n, 0))
		for j := range m[i] {
			b := byte(0)
			if len(rest) > 0 {
				b = rest[k%len(rest)]
				k++
			}
			var v float64
			switch b {
			case 0xff:
				v = math.NaN()
			case 0xfe:
				v = math.Inf(1)
			case 0xfd:
				v = math.Inf(-1)
			case 0xfc:
				v = 1e300
			case 0xfb:
				v = -1e300
			default:
				v = float64(int8(b)) / 16
			}
			m[i][j] = v
			if !math.IsInf(v, 0) && !math.IsNaN(v) {
				maxAbs = max(maxAbs, math.Abs(v))
			}
		}
	}
	return m, maxAbs
}

// sixByFive is a round-sized matrix for the allocation test and benchmarks:
// generic enough that the simplex takes several pivots.
func sixByFive() [][]float64 {
	rng := rand.New(rand.NewPCG(11, 12))
	m := make([][]float64, 6)
	for i := range m {
		m[i] = make([]float64, 5)
		for j := range m[i] {
			m[i][j] = 2*rng.Float64() - 1
		}
	}
	return m
}

// BenchmarkSolve6x5 measures the steady-state cost of one round's solve.
func BenchmarkSolve6x5(b *testing.B) {
	m := sixByFive()
	var s Solver
	var out Solution
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Solve(m, &out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolve6x5Fresh is the package-level Solve, which allocates its
// buffers and result on every call.
func BenchmarkSolve6x5Fresh(b *testing.B) {
	m := sixByFive()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Solve(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolve64x64 is the worst case the package accepts.
func BenchmarkSolve64x64(b *testing.B) {
	rng := rand.New(rand.NewPCG(13, 14))
	m := make([][]float64, MaxDim)
	for i := range m {
		m[i] = make([]float64, MaxDim)
		for j := range m[i] {
			m[i][j] = 2*rng.Float64() - 1
		}
	}
	var s Solver
	var out Solution
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Solve(m, &out); err != nil {
			b.Fatal(err)
		}
	}
}

// checkSolution checks what every solution must satisfy: probability
// vectors of the right lengths, a value equal to their payoff, and no pure
// strategy that beats either mixture.
func checkSolution(t *testing.T, m [][]float64, s Solution) {
	t.Helper()
	if !isMix(s.Row, len(m)) {
		t.Errorf("Row = %v is not a probability vector of length %d", s.Row, len(m))
	}
	if !isMix(s.Col, len(m[0])) {
		t.Errorf("Col = %v is not a probability vector of length %d", s.Col, len(m[0]))
	}
	if p := payoff(m, s.Row, s.Col); math.Abs(p-s.Value) > tol {
		t.Errorf("Value = %.15g but the mixtures' payoff is %.15g", s.Value, p)
	}
	if e := Exploitability(m, s); !(e < tol) {
		t.Errorf("Exploitability = %g, want < %g", e, tol)
	}
	if e := RowExploitability(m, s.Row, s.Value); !(e < tol) {
		t.Errorf("RowExploitability = %g, want < %g", e, tol)
	}
}

// isMix reports whether v is a probability vector of length n: no negative
// (or NaN) entry and a sum of 1.
func isMix(v []float64, n int) bool {
	if len(v) != n {
		return false
	}
	sum := 0.0
	for _, x := range v {
		if !(x >= 0) {
			return false
		}
		sum += x
	}
	return math.Abs(sum-1) < 1e-12
}

func near(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

// same reports bitwise equality, which two runs of the same deterministic
// solver on the same matrix must have.
func same(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
