package drums

import "testing"

func TestPoolStepApply(t *testing.T) {
	cases := []struct {
		name string
		op   PoolOp
		n    int
		dice int
		want int
	}{
		{"add 2 dice", PoolAdd, 2, 5, 7},
		{"remove 1 dice", PoolRemove, 1, 5, 4},
		{"remove 2 dice from 1 stops at 0", PoolRemove, 2, 1, 0},
		{"ruling D-ONE-IN-N: add 1 in 3: 7 dice make 9 (two full 3s)", PoolAddOneIn, 3, 7, 9},
		{"add 1 in 3: 6 dice make 8", PoolAddOneIn, 3, 6, 8},
		{"ruling D-ONE-IN-N: add 1 in 3: 2 dice stay 2 (no full 3)", PoolAddOneIn, 3, 2, 2},
		{"add 1 in 3: 3 dice make 4", PoolAddOneIn, 3, 3, 4},
		{"add 1 in 2: 5 dice make 7", PoolAddOneIn, 2, 5, 7},
		{"add 1 in 2: 1 die stays 1", PoolAddOneIn, 2, 1, 1},
		{"ruling D-ONE-IN-N: remove 1 in 2: 5 dice make 3 (rounded down)", PoolRemoveOneIn, 2, 5, 3},
		{"remove 1 in 2: 4 dice make 2", PoolRemoveOneIn, 2, 4, 2},
		{"remove 1 in 2: 1 die stays 1", PoolRemoveOneIn, 2, 1, 1},
		{"remove 1 in 3: 8 dice make 6", PoolRemoveOneIn, 3, 8, 6},
		{"remove 1 in 3: 2 dice stay 2", PoolRemoveOneIn, 3, 2, 2},
		{"remove 1 in 3: 9 dice make 6", PoolRemoveOneIn, 3, 9, 6},
		{"double dice", PoolDouble, 0, 4, 8},
		{"double 0 dice is 0", PoolDouble, 0, 0, 0},
		{"no advantage changes nothing", PoolNone, 5, 4, 4},
		{"1 in 0 is no step, not a division by zero", PoolAddOneIn, 0, 4, 4},
		{"remove 1 in 0 likewise", PoolRemoveOneIn, 0, 4, 4},
		{"a negative add adds nothing", PoolAdd, -3, 4, 4},
		{"a negative remove removes nothing", PoolRemove, -3, 4, 4},
		{"an unknown op changes nothing", PoolOp(99), 3, 4, 4},
		{"a negative pool counts as 0", PoolAdd, 1, -5, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := (PoolStep{Op: c.op, N: c.n}).Apply(c.dice); got != c.want {
				t.Errorf("%d dice, op %d N %d: got %d, want %d", c.dice, c.op, c.n, got, c.want)
			}
		})
	}
}

func TestApplyPool(t *testing.T) {
	add := func(n int) PoolStep { return PoolStep{Op: PoolAdd, N: n} }
	rem := func(n int) PoolStep { return PoolStep{Op: PoolRemove, N: n} }
	addIn := func(n int) PoolStep { return PoolStep{Op: PoolAddOneIn, N: n} }
	remIn := func(n int) PoolStep { return PoolStep{Op: PoolRemoveOneIn, N: n} }
	dbl := PoolStep{Op: PoolDouble}
	cases := []struct {
		name  string
		base  int
		steps []PoolStep
		want  int
	}{
		{"no steps", 6, nil, 6},
		{"no steps, minimum 2", 1, nil, 2},
		{"0 base, minimum 2", 0, nil, 2},
		{"order matters: +2 then 1 in 3 (8 -> 10)", 6, []PoolStep{add(2), addIn(3)}, 10},
		{"order matters: +1 then 1 in 3 on 5 (6 -> 8)", 5, []PoolStep{add(1), addIn(3)}, 8},
		{"order matters: 1 in 3 then +1 on 5 (6 -> 7)", 5, []PoolStep{addIn(3), add(1)}, 7},
		{"double after add", 4, []PoolStep{add(2), dbl}, 12},
		{"add after double", 4, []PoolStep{dbl, add(2)}, 10},
		{"ruling D-ONE-IN-N: remove to 0 then double stays 0, then minimum", 2, []PoolStep{rem(3), dbl}, 2},
		{"remove below 0 does not carry: -3 then +2 is 2", 1, []PoolStep{rem(4), add(2)}, 2},
		{"8 dice remove 1 in 3 is 6", 8, []PoolStep{remIn(3)}, 6},
		{"fortification and open: 6 remove 1 in 2, remove 2 -> 1 -> minimum 2", 6, []PoolStep{remIn(2), rem(2)}, 2},
		{"a long chain", 6, []PoolStep{add(2), add(1), rem(1), addIn(3), remIn(2), dbl}, 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ApplyPool(c.base, c.steps...); got != c.want {
				t.Errorf("ApplyPool(%d, %v) = %d, want %d", c.base, c.steps, got, c.want)
			}
		})
	}
}

func TestPoolBuilder(t *testing.T) {
	var p Pool
	if p.Dice() != 0 {
		t.Errorf("an empty pool throws %d dice, want 0 (nothing fights)", p.Dice())
	}
	p.Base = 3
	p.Add(PoolAdd, 2, "First round of melee fought in the game")
	p.Add(PoolAddOneIn, 3, "Classed as Guards")
	if got := p.Dice(); got != 6 {
		t.Errorf("3 +2 then 1 in 3: got %d, want 6", got)
	}
	if rows := p.Applied(); len(rows) != 2 || rows[1].Row != "Classed as Guards" {
		t.Errorf("rows %v, want the two added in order", rows)
	}
	for range 2 * MaxPoolSteps {
		p.Add(PoolAdd, 1, "x")
	}
	if p.N != MaxPoolSteps || len(p.Applied()) != MaxPoolSteps {
		t.Errorf("a full pool holds %d steps, want %d", p.N, MaxPoolSteps)
	}
}

func TestPoolAllocatesNothing(t *testing.T) {
	steps := [3]PoolStep{{Op: PoolAdd, N: 2}, {Op: PoolAddOneIn, N: 3}, {Op: PoolDouble}}
	n := testing.AllocsPerRun(100, func() {
		_ = ApplyPool(6, steps[:]...)
		var p Pool
		p.Base = 5
		p.Add(PoolRemoveOneIn, 2, rowOppFort)
		_ = p.Dice()
	})
	if n != 0 {
		t.Errorf("pool arithmetic allocates %v times a call, want 0", n)
	}
}

func BenchmarkApplyPool(b *testing.B) {
	steps := [4]PoolStep{{Op: PoolAdd, N: 2}, {Op: PoolAddOneIn, N: 3}, {Op: PoolRemoveOneIn, N: 2}, {Op: PoolDouble}}
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		s += ApplyPool(i&7, steps[:]...)
	}
	_ = s
}
