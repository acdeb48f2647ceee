package armies

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	tb "github.com/grognard/grognard/engine/twobytwo"
)

var wantNations = []string{
	"Austria", "Baden", "Bavaria", "Britain", "Brunswick", "Denmark", "Dutch-Belgium (1815)",
	"France", "Grand Duchy of Warsaw", "Hanover", "Hess Darmstadt", "Kingdom of Holland",
	"Kingdom of Italy", "Kingdom of Naples", "Minor German States", "Nassau", "Portugal",
	"Prussia", "Russia", "Saxony", "Sweden", "Spain", "Ottoman Empire",
}

func TestNations(t *testing.T) {
	if got := Nations(); !reflect.DeepEqual(got, wantNations) {
		t.Fatalf("nations = %q, want %q", got, wantNations)
	}
}

func TestDataSane(t *testing.T) {
	for _, l := range Lists() {
		t.Run(l.Nation, func(t *testing.T) {
			var smin, smax float64
			for a, as := range l.Arms {
				if as.Min < 0 || as.Min > as.Max || as.Max > 100 {
					t.Errorf("%s: bad range %g-%g", ArmName(a), as.Min, as.Max)
				}
				smin += as.Min
				smax += as.Max
				if as.Max == 0 {
					if len(as.Types) != 0 {
						t.Errorf("%s: forbidden arm has rows", ArmName(a))
					}
					continue
				}
				var tmin, tmax float64
				for _, ts := range as.Types {
					if ts.Min < 0 || ts.Min > ts.Max || ts.Max > 100 {
						t.Errorf("%s %s: bad range %g-%g", ts.Name, ArmName(a), ts.Min, ts.Max)
					}
					if len(ts.Types) == 0 {
						t.Errorf("%s %s: no engine types", ts.Name, ArmName(a))
					}
					for _, ut := range ts.Types {
						if ut.IsHQ() || armOf(ut) != a {
							t.Errorf("%s %s: type %s is not of the arm", ts.Name, ArmName(a), ut)
						}
						if _, r, ok := l.row(ut); !ok || l.Arms[a].Types[r].Name != ts.Name {
							t.Errorf("%s %s: type %s counts for two rows", ts.Name, ArmName(a), ut)
						}
					}
					tmin += ts.Min
					tmax += ts.Max
				}
				if tmin > 100 || tmax < 100 {
					t.Errorf("%s: type shares %g-%g cannot sum to 100%%", ArmName(a), tmin, tmax)
				}
			}
			if smin > 100 || smax < 100 {
				t.Errorf("arm shares %g-%g cannot sum to 100%%", smin, smax)
			}
			if l.Arms[Foot].Max == 0 {
				t.Errorf("no foot")
			}
		})
	}
}

func TestByNation(t *testing.T) {
	tests := []struct {
		name, want string
		err        bool
	}{
		{"Austria", "Austria", false},
		{"  france ", "France", false},
		{"OTTOMAN EMPIRE", "Ottoman Empire", false},
		{"dutch-belgium (1815)", "Dutch-Belgium (1815)", false},
		{"Atlantis", "", true},
		{"", "", true},
	}
	for _, tc := range tests {
		l, err := ByNation(tc.name)
		if tc.err {
			if err == nil {
				t.Errorf("ByNation(%q): no error", tc.name)
			} else if !strings.Contains(err.Error(), "Austria") || !strings.Contains(err.Error(), "Ottoman Empire") {
				t.Errorf("ByNation(%q): error %q does not list the nations", tc.name, err)
			}
			continue
		}
		if err != nil || l.Nation != tc.want {
			t.Errorf("ByNation(%q) = %v, %v; want %s", tc.name, l, err, tc.want)
		}
	}
	// The list returned is a copy.
	l, _ := ByNation("Austria")
	l.Arms[Mounted].Types[0].Min = 99
	if m, _ := ByNation("Austria"); m.Arms[Mounted].Types[0].Min == 99 {
		t.Error("ByNation returned shared data")
	}
}

func TestRandomValid(t *testing.T) {
	var large, small int
	for _, l := range Lists() {
		for _, ap := range []float64{40, 60, 80, 120} {
			for seed := range uint64(6) {
				side := int(seed % 2)
				units, err := l.Random(ap, side, "F", rand.New(rand.NewPCG(seed, 7)))
				if err != nil {
					t.Errorf("%s %g AP seed %d: %v", l.Nation, ap, seed, err)
					continue
				}
				if ps := l.Validate(units, side); len(ps) != 0 {
					t.Errorf("%s %g AP seed %d: problems %v", l.Nation, ap, seed, ps)
				}
				total := TotalAP(units, side)
				if total > ap+eps || ap-total > l.Cheapest()+eps {
					t.Errorf("%s %g AP seed %d: total %g AP outside budget (cheapest %g)", l.Nation, ap, seed, total, l.Cheapest())
				}
				labels := map[string]bool{}
				for i, u := range units {
					if u.Side != side || labels[u.Label] || !strings.HasPrefix(u.Label, "F") {
						t.Errorf("%s %g AP seed %d: unit %d %+v bad side or label", l.Nation, ap, seed, i, u)
					}
					labels[u.Label] = true
					if u.Large {
						large++
					}
					if u.Small {
						small++
					}
					if u.Type == tb.DivisionHQ && units[u.HQ].Type != tb.CorpsHQ {
						t.Errorf("%s: division HQ %q not under the corps HQ", l.Nation, u.Label)
					}
				}
			}
		}
	}
	// Ruling A-SIZE: some units come large and some small.
	if large == 0 || small == 0 {
		t.Errorf("random armies drew %d large and %d small units, want some of each", large, small)
	}
}

// TestRandomScenario checks two random armies make a scenario the engine
// accepts.
func TestRandomScenario(t *testing.T) {
	a, _ := ByNation("France")
	b, _ := ByNation("Prussia")
	fr, err := a.Random(40, 0, "F", rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := b.Random(40, 1, "P", rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	units := append(fr, Rebase(pr, len(fr))...)
	if ps := b.Validate(units, 1); len(ps) != 0 {
		t.Errorf("rebased army has problems: %v", ps)
	}
	if ps := a.Validate(units, 0); len(ps) != 0 {
		t.Errorf("army has problems beside another: %v", ps)
	}
	sc := &tb.Scenario{Name: "t", Title: "t", Size: 24, Units: units, SideNames: [2]string{"France", "Prussia"}, SetupByPlay: true}
	if err := sc.Validate(); err != nil {
		t.Errorf("engine rejects the armies: %v", err)
	}
}

func TestRandomDeterministic(t *testing.T) {
	l, _ := ByNation("Russia")
	draw := func(seed uint64) []tb.UnitSpec {
		u, err := l.Random(80, 0, "R", rand.New(rand.NewPCG(seed, seed)))
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	if !reflect.DeepEqual(draw(5), draw(5)) {
		t.Error("same seed, different armies")
	}
	differ := false
	for s := uint64(1); s < 6 && !differ; s++ {
		differ = !reflect.DeepEqual(draw(0), draw(s))
	}
	if !differ {
		t.Error("every seed gives the same army")
	}
}

func TestRandomErrors(t *testing.T) {
	l, _ := ByNation("Spain")
	if _, err := l.Random(10, 0, "S", rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("10 AP: no error")
	}
	if _, err := l.Random(40, 0, "S", nil); err == nil {
		t.Error("nil rng: no error")
	}
}

// austria is a hand-built valid Austrian army of 50.5 AP for side 0, with a
// side 1 corps HQ at the end.
func austria() []tb.UnitSpec {
	u := func(t tb.UnitType, hq int) tb.UnitSpec { return tb.UnitSpec{Label: t.String(), Type: t, HQ: hq} }
	units := []tb.UnitSpec{
		u(tb.CorpsHQ, -1),                                                                                                                       // 0
		u(tb.DivisionHQ, 0), u(tb.LineInfantry, 1), u(tb.LineInfantry, 1), u(tb.LineInfantry, 1), u(tb.LineInfantry, 1), u(tb.EliteInfantry, 1), // 1-6
		u(tb.DivisionHQ, 0), u(tb.LineInfantry, 7), u(tb.LineInfantry, 7), u(tb.LineInfantry, 7), u(tb.LineInfantry, 7), u(tb.LightInfantry, 7), // 7-12
		u(tb.DivisionHQ, 0), u(tb.LineInfantry, 13), u(tb.LineInfantry, 13), u(tb.HeavyCavalry, 13), u(tb.HeavyCavalry, 13), u(tb.MediumCavalry, 13), // 13-18
		u(tb.FootArtillery, 0), // 19
	}
	other := u(tb.CorpsHQ, -1)
	other.Side = 1
	return append(units, other) // 20
}

func TestValidateCatches(t *testing.T) {
	l, _ := ByNation("Austria")
	if ps := l.Validate(austria(), 0); len(ps) != 0 {
		t.Fatalf("base army has problems: %v", ps)
	}
	tests := []struct {
		name   string
		mutate func([]tb.UnitSpec) []tb.UnitSpec
		want   ProblemKind
		words  string
	}{
		{"too much artillery", func(u []tb.UnitSpec) []tb.UnitSpec {
			for range 4 {
				u = append(u, tb.UnitSpec{Label: "gun", Type: tb.FootArtillery, HQ: 0})
			}
			return u
		}, BadArmShare, "artillery"},
		{"too little foot", func(u []tb.UnitSpec) []tb.UnitSpec {
			for _, i := range []int{2, 3, 4, 5, 8, 9, 10} {
				u[i].Type = tb.MediumCavalry
			}
			return u
		}, BadArmShare, "foot"},
		{"no heavy cavalry", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[16].Type, u[17].Type = tb.MediumCavalry, tb.MediumCavalry
			return u
		}, BadTypeShare, "Heavy mounted"},
		{"type not in list", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[18].Type = tb.Cossacks
			return u
		}, TypeNotAllowed, "Cossacks"},
		{"no corps HQ", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[0].Type = tb.DivisionHQ
			return u
		}, CorpsHQCount, "0 corps HQs"},
		{"two corps HQs", func(u []tb.UnitSpec) []tb.UnitSpec {
			return append(u, tb.UnitSpec{Label: "second", Type: tb.CorpsHQ, HQ: -1})
		}, CorpsHQCount, "2 corps HQs"},
		{"too many division HQs", func(u []tb.UnitSpec) []tb.UnitSpec {
			return append(u, tb.UnitSpec{Label: "fourth", Type: tb.DivisionHQ, HQ: 0})
		}, DivisionHQCount, "allows 3"},
		{"unit under a non-HQ", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[3].HQ = 2
			return u
		}, Command, "not an HQ"},
		{"unit under the enemy HQ", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[3].HQ = 20
			return u
		}, Command, "not an HQ of side 0"},
		{"unit under no HQ", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[19].HQ = -1
			return u
		}, Command, "not an HQ"},
		{"division HQ under a division HQ", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[7].HQ = 1
			return u
		}, Command, "must answer to the corps HQ"},
		{"corps HQ under an HQ", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[0].HQ = 1
			return u
		}, Command, "answers to nobody"},
		{"small militia", func(u []tb.UnitSpec) []tb.UnitSpec {
			u[12].Type, u[12].Small = tb.Militia, true
			return u
		}, SmallMilitia, "small"},
		{"no units", func(u []tb.UnitSpec) []tb.UnitSpec {
			return []tb.UnitSpec{u[0], u[1]}
		}, NoUnits, "no units"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ps := l.Validate(tc.mutate(austria()), 0)
			found := false
			for _, p := range ps {
				if p.Message == "" || !strings.Contains(p.Message, ":") {
					t.Errorf("problem without a fix: %+v", p)
				}
				if p.Kind == tc.want && strings.Contains(p.Message, tc.words) {
					found = true
				}
				if (p.Kind == BadArmShare || p.Kind == BadTypeShare) && !strings.Contains(p.Message, "total") {
					t.Errorf("share problem does not report the total AP: %s", p.Message)
				}
			}
			if !found {
				t.Errorf("want a %s problem mentioning %q, got %v", tc.want, tc.words, ps)
			}
		})
	}
}

func TestTotalAP(t *testing.T) {
	units := austria()
	if got := TotalAP(units, 0); got != 50.5 {
		t.Errorf("TotalAP = %g, want 50.5", got)
	}
	units[2].Large, units[3].Small = true, true
	if got := TotalAP(units, 0); got != 51 {
		t.Errorf("TotalAP with large and small = %g, want 51", got)
	}
	if got := TotalAP(units, 1); got != 4 {
		t.Errorf("TotalAP side 1 = %g, want 4", got)
	}
}
