package drums

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of the doctrines following the document's advice, each on a
// position made for it: a unit of the wanted kind at its first declared
// action, alone on open ground with one enemy unit in front of it.

// firstOrders plays random games until a unit whose type passes kind is
// activated, and returns the state at its first declared
// action and the unit.
func firstOrders(t *testing.T, kind func(drums.Type) bool) (*drums.State, int) {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		st, err := drums.NewGame("", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		dice := engine.NewRandomDice(seed)
		var buf []engine.Action
		for step := 0; step < 4000 && !st.Terminal(); step++ {
			if st.ToMove() == engine.Chance {
				if err := st.ApplyDice(engine.RollWith(&dice.PCG, st.PendingRoll())); err != nil {
					t.Fatal(err)
				}
				continue
			}
			buf = st.Legal(buf[:0])
			pick := buf[rng.IntN(len(buf))]
			if buf[0].Kind == drums.KStand || hasKind(buf, drums.KStand) && hasKind(buf, drums.KReform) {
				i := int(buf[0].Unit)
				if kind(st.Unit(i).Profile.Type) {
					return st, i
				}
			}
			if err := st.Apply(pick); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no activation of the wanted kind found")
	return nil, 0
}

func hasKind(acts []engine.Action, k uint8) bool {
	for _, a := range acts {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// stage leaves units me and foe alone on the table: me at (30, 8)
// facing the foe gap BW ahead, foe in formation form facing back, with
// hits hits.
func stage(st *drums.State, me, foe int, gap float64, form drums.Formation, hits uint8) {
	for k := range st.NumUnits() {
		if k != me && k != foe {
			st.Units[k].Placed = false
		}
	}
	side := st.Units[me].Side
	face, back := 0.0, 180.0
	if side == 1 {
		face, back = 180, 0
	}
	at := geom.V(30, 16)
	st.Units[me].Front, st.Units[me].Facing = at, face
	st.Units[foe].Front = at.Add(geom.Heading(face).Scale(gap))
	st.Units[foe].Facing, st.Units[foe].Form, st.Units[foe].Hits = back, form, hits
}

// enemyOf finds an enemy unit of me's whose type passes ok.
func enemyOf(t *testing.T, st *drums.State, me int, ok func(drums.Type) bool) int {
	t.Helper()
	for k := range st.NumUnits() {
		if v := st.Unit(k); v.Side != st.Unit(me).Side && ok(v.Profile.Type) && !v.Broken {
			return k
		}
	}
	t.Fatal("no such enemy")
	return 0
}

func pick(t *testing.T, d Doctrine, st *drums.State) engine.Action {
	t.Helper()
	sc, err := NewScript(d, 1)
	if err != nil {
		t.Fatal(err)
	}
	acts := st.Legal(nil)
	if len(acts) == 0 {
		t.Fatal("no orders")
	}
	return acts[sc.Pick(st, acts)]
}

func TestDoctrinesFootFormSquareAgainstCavalry(t *testing.T) {
	// [Square]: "used by infantry to protect themselves from cavalry".
	for d := range numDoctrines {
		for _, tc := range []struct {
			name   string
			gap    float64
			square bool
		}{
			{"cavalry_5BW_away", 5, true},
			{"cavalry_20BW_away", 20, false},
		} {
			t.Run(d.String()+"/"+tc.name, func(t *testing.T) {
				st, me := firstOrders(t, drums.Type.IsFoot)
				foe := enemyOf(t, st, me, drums.Type.IsCavalry)
				stage(st, me, foe, tc.gap, drums.Line, 0)
				a := pick(t, d, st)
				got := a.Kind == drums.KReform && drums.Formation(a.Arg) == drums.Square
				if got != tc.square {
					t.Errorf("chose %s; forms square %v, want %v", st.DescribeAction(a), got, tc.square)
				}
			})
		}
	}
}

func TestDoctrinesCavalryChargeNoSquare(t *testing.T) {
	// [Square], [CavOpen]: cavalry charge foot not in square.
	for _, tc := range []struct {
		name   string
		d      Doctrine
		form   drums.Formation
		hits   uint8
		charge bool
	}{
		{"assault_charges_foot_in_line", Assault, drums.Line, 0, true},
		{"assault_refuses_a_square", Assault, drums.Square, 0, false},
		{"line_reserve_refuses_formed_foot", Line, drums.Line, 0, false},
		{"line_reserve_finishes_broken_down_foot", Line, drums.Line, 6, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, me := firstOrders(t, drums.Type.IsCavalry)
			foe := enemyOf(t, st, me, drums.Type.IsFoot)
			stage(st, me, foe, 3, tc.form, tc.hits)
			acts := st.Legal(nil)
			if !hasKind(acts, drums.KCharge) {
				t.Fatal("the charge is not among the orders")
			}
			a := pick(t, tc.d, st)
			if got := a.Kind == drums.KCharge; got != tc.charge {
				t.Errorf("chose %s; charges %v, want %v", st.DescribeAction(a), got, tc.charge)
			}
		})
	}
}

func TestDoctrinesFootCharge(t *testing.T) {
	// [COA]: the assault charges when the charge can reach; the line
	// charges only a broken-down enemy.
	for _, tc := range []struct {
		name   string
		d      Doctrine
		hits   uint8
		charge bool
	}{
		{"assault_charges_whole_foot", Assault, 0, true},
		{"line_holds_against_whole_foot", Line, 0, false},
		{"line_charges_broken_down_foot", Line, 6, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, me := firstOrders(t, drums.Type.IsFoot)
			foe := enemyOf(t, st, me, drums.Type.IsFoot)
			stage(st, me, foe, 1.5, drums.Line, tc.hits)
			if !hasKind(st.Legal(nil), drums.KCharge) {
				t.Fatal("the charge is not among the orders")
			}
			a := pick(t, tc.d, st)
			if got := a.Kind == drums.KCharge; got != tc.charge {
				t.Errorf("chose %s; charges %v, want %v", st.DescribeAction(a), got, tc.charge)
			}
		})
	}
}

func TestDoctrinesGunsShoot(t *testing.T) {
	// Guns unlimbered shooting (Shooting Table 1: long range).
	for d := range numDoctrines {
		for _, tc := range []struct {
			name string
			form drums.Formation
			want func(engine.Action) bool
		}{
			{"unlimbered_shoots", drums.Line, func(a engine.Action) bool { return a.Kind == drums.KShoot }},
			{"limbered_unlimbers", drums.March, func(a engine.Action) bool {
				return a.Kind == drums.KReform && drums.Formation(a.Arg) == drums.Line
			}},
		} {
			t.Run(d.String()+"/"+tc.name, func(t *testing.T) {
				st, me := firstOrders(t, drums.Type.IsArtillery)
				foe := enemyOf(t, st, me, drums.Type.IsFoot)
				stage(st, me, foe, 6, drums.Line, 0)
				st.Units[me].Form = tc.form
				a := pick(t, d, st)
				if !tc.want(a) {
					t.Errorf("chose %s", st.DescribeAction(a))
				}
			})
		}
	}
}

func TestCoverAt(t *testing.T) {
	// [Cover]: the line values ground with cover and obstacles (first
	// battle: a wood at x 6-12 y 13-18, a farm at 22-26 x 14-18, a hedge
	// from (14,16) to (20,16), a hill at 33-42 x 12-20).
	st := newGame(t)
	var c view
	c.prepare(st, []engine.Action{{Kind: drums.KSupply}})
	for _, tc := range []struct {
		name string
		p    geom.Vec
		want bool
	}{
		{"in the wood", geom.V(9, 15), true},
		{"in the farm", geom.V(24, 16), true},
		{"at the hedge", geom.V(17, 15.2), true},
		{"on the hill (open ground)", geom.V(38, 16), false},
		{"in the open", geom.V(30, 5), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := c.coverAt(tc.p); got != tc.want {
				t.Errorf("coverAt(%v) = %v, want %v", tc.p, got, tc.want)
			}
		})
	}
}
