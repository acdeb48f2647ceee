package grand_test

// The seed's options as variants (engine.Options.Variants): option 12.3.5,
// the artillery bombardment (rulings G-BOMB), and option 12.3.3.2, note
// f's all-cavalry withdrawal (G-F, tested with notes h and i in
// rules_test.go), with scripted dice.

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

// gunline is the tests' battle with option 12.3.5: the attacker has 20
// artillery factors beside its 10 infantry.
func gunline(sc *grand.Scenario) {
	sc.Bombardment = true
	sc.Forces[0].Factors = [grand.NumKinds]int{inf: 10, art: 20}
}

// TestBombardment: before the first round each side with artillery rolls
// one die, the attacker's first, on table 5-5 ("Use 5-5 table (ignore
// morale loss)"): table 5-5 gives 10% on a 1, 15% on 2 and 3, 20% on 4
// and 5, 25% on a 6, of the bombarding artillery's factors, as casualties
// on the enemy (G-LOSS order), at once, and no morale loss.
func TestBombardment(t *testing.T) {
	for _, tc := range []struct {
		name    string
		mod     func(sc *grand.Scenario)
		dice    []int
		att     fx
		def     fx
		pct     [2]int8
		defLost int16
		// defMorale is the defender's morale, unchanged by the
		// bombardment.
		defMorale int16
	}{
		// 25% of 20 artillery = 5 (Casualty Percentage Table).
		{"attacker alone, die 6", nil, []int{6}, fx{inf: 10, art: 20}, fx{inf: 15}, [2]int8{25, 0}, 5, 30},
		// 10% of 20 = 2.
		{"attacker alone, die 1", nil, []int{1}, fx{inf: 10, art: 20}, fx{inf: 18}, [2]int8{10, 0}, 2, 30},
		// Both at once: the attacker's 2 is 15% of 20 = 3, taken from
		// the defender's militia first; the defender's 6 is 25% of its
		// 8 artillery = 2, counted before the attacker's losses.
		{"both sides", func(sc *grand.Scenario) {
			sc.Forces[1].Factors = [grand.NumKinds]int{inf: 10, art: 8, mil: 2}
			// Its militia makes its morale 2.9.
		}, []int{2, 6}, fx{inf: 8, art: 20}, fx{inf: 9, art: 8}, [2]int8{15, 25}, 3, 29},
		// A commander modifier does not touch the bombardment's die: the
		// Commander Chart's 5-against-0 cell would give the attacker +1.
		{"unmodified die", func(sc *grand.Scenario) {
			sc.Forces[0].Commander.Tactical, sc.Forces[1].Commander.Tactical = 5, 0
		}, []int{1}, fx{inf: 10, art: 20}, fx{inf: 18}, [2]int8{10, 0}, 2, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, func(sc *grand.Scenario) {
				gunline(sc)
				if tc.mod != nil {
					tc.mod(sc)
				}
			})
			if got := s.PendingRoll(); got != engine.D(len(tc.dice), 6) {
				t.Fatalf("pending %+v, want %dd6 (%s)", got, len(tc.dice), s.DescribeRoll())
			}
			if d := s.DescribeRoll(); !strings.Contains(d, "table 5-5") || !strings.Contains(d, "Attacker's die (20 artillery factors)") {
				t.Errorf("roll %q", d)
			}
			roll(t, s, "bombardment", tc.dice...)
			phase(t, s, phPostures)
			if s.CombatRound() != 1 {
				t.Errorf("round %d after the bombardment, want 1", s.CombatRound())
			}
			// No morale loss: both at 3.0 still.
			army(t, s, 0, tc.att, 30)
			army(t, s, 1, tc.def, tc.defMorale)
			r := s.LastRound()
			if r.LossPct != tc.pct || r.Losses[1] != tc.defLost || r.Morale != [2]int16{} || r.Levels[0] != lv(5, 5) {
				t.Errorf("record %+v, want %%L %v, defender's loss %d, no morale loss, attacker on 5-5", r, tc.pct, tc.defLost)
			}
			if a := s.Army(1); a.FactorsLost != tc.defLost || a.Lost != 0 {
				t.Errorf("defender lost %d factors and %d morale, want %d and 0", a.FactorsLost, a.Lost, tc.defLost)
			}
		})
	}
}

// TestNoBombardment: no bombardment without the option, in a marsh area
// ("May not be used in marsh areas"), in a trivial combat (table 5-2
// only), or without artillery: the first round's postures (or a trivial
// combat's dice) come at once.
func TestNoBombardment(t *testing.T) {
	for _, tc := range []struct {
		name  string
		mod   func(sc *grand.Scenario)
		phase string
	}{
		{"without the option", func(sc *grand.Scenario) { sc.Bombardment = false }, phPostures},
		{"marsh", func(sc *grand.Scenario) { sc.Terrain = grand.Marsh }, phPostures},
		{"trivial", func(sc *grand.Scenario) { sc.Trivial = true }, phCombat},
		{"no artillery", func(sc *grand.Scenario) { sc.Forces[0].Factors = [grand.NumKinds]int{inf: 30} }, phPostures},
	} {
		s := start(t, func(sc *grand.Scenario) { gunline(sc); tc.mod(sc) })
		if got := s.PhaseName(); got != tc.phase {
			t.Errorf("%s: phase %q, want %q", tc.name, got, tc.phase)
		}
	}
}

// TestBombardmentBreaks: a side that loses its last factor to the
// bombardment breaks (G-BREAK); the victor pursues with its cavalry at
// the class of a first round with no morale lost (6).
func TestBombardmentBreaks(t *testing.T) {
	s := start(t, func(sc *grand.Scenario) {
		gunline(sc)
		sc.Forces[1].Factors = [grand.NumKinds]int{inf: 3}
	})
	roll(t, s, "bombardment", 6)
	over(t, s, 0, "the defender lost its last factor to the bombardment")

	s = start(t, func(sc *grand.Scenario) {
		gunline(sc)
		sc.Forces[0].Factors[cav] = 2
		sc.Forces[1].Factors = [grand.NumKinds]int{inf: 3}
	})
	roll(t, s, "bombardment", 6)
	phase(t, s, phPursuit)
	if d := s.DescribeRoll(); !strings.Contains(d, "class 6") {
		t.Errorf("pursuit %q, want class 6", d)
	}
	// A saved game of the ended battle decodes (no postures were chosen).
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (grand.Rules{}).DecodeState(data); err != nil {
		t.Fatalf("decode after a bombardment's break: %v", err)
	}
}

// TestVariants: every option is a variant by its name; an unknown name is
// refused with the list; a variant changes the scenario's hash.
func TestVariants(t *testing.T) {
	if got := strings.Join(grand.Variants(), " "); got != "cavalry-superiority all-cavalry-withdrawal guard-commitment bombardment" {
		t.Errorf("Variants() = %s", got)
	}
	plain, err := grand.Rules{}.ScenarioHash("", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		variant string
		on      func(sc *grand.Scenario) bool
	}{
		{grand.VariantCavalrySuperiority, func(sc *grand.Scenario) bool { return sc.CavalrySuperiority }},
		{grand.VariantAllCavalryWithdrawal, func(sc *grand.Scenario) bool { return sc.AllCavalryWithdrawal }},
		{grand.VariantGuardCommitment, func(sc *grand.Scenario) bool { return sc.GuardCommitment }},
		{grand.VariantBombardment, func(sc *grand.Scenario) bool { return sc.Bombardment }},
	} {
		opts := engine.Options{Variants: []string{tc.variant}}
		st, err := grand.Rules{}.NewGame("", opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.variant, err)
		}
		if sc := st.(*grand.State).Scenario(); !tc.on(sc) {
			t.Errorf("%s: the option is off", tc.variant)
		}
		if h, err := (grand.Rules{}).ScenarioHash("", opts); err != nil || h == plain {
			t.Errorf("%s: hash %q (%v), the same as without it", tc.variant, h, err)
		}
	}
	// The default battle with the bombardment: both sides' 2 artillery
	// factors roll; 25% of 2 is 1.
	st, _ := grand.Rules{}.NewGame("", engine.Options{Variants: []string{grand.VariantBombardment}})
	s := st.(*grand.State)
	roll(t, s, "bombardment", 6, 1)
	if a, d := s.Army(0).FactorsLost, s.Army(1).FactorsLost; a != 0 || d != 1 {
		t.Errorf("losses %d, %d; want the attacker's 6 to take 1, the defender's 1 (10%% of 2) none", a, d)
	}
	_, err = grand.Rules{}.NewGame("", engine.Options{Variants: []string{"cannonade"}})
	if err == nil || !strings.Contains(err.Error(), `unknown variant "cannonade"`) || !strings.Contains(err.Error(), "bombardment") {
		t.Errorf("unknown variant: %v", err)
	}
}

// TestShowJSONHasLossPct: the state's JSON (the protocol's show json)
// carries each side's percentage loss read on the Combat Resolution
// Chart. Defend against Assault, round 1: A 3-1 die 4 = 10%, D 4-1 die 2
// = 5%.
func TestShowJSONHasLossPct(t *testing.T) {
	s := start(t, nil)
	fight(t, s, aAsl, dDef, 4, 2)
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Last struct {
			LossPct []int `json:"loss_pct"`
		} `json:"last"`
	}
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Last.LossPct) != 2 || j.Last.LossPct[0] != 10 || j.Last.LossPct[1] != 5 {
		t.Errorf("last.loss_pct %v, want [10 5] in %s", j.Last.LossPct, data)
	}
}

// TestDecodeBombardment: a game saved at the bombardment restores; one
// that claims a bombardment the scenario cannot have, or a percentage off
// the chart, is refused.
func TestDecodeBombardment(t *testing.T) {
	s := start(t, gunline)
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := grand.Rules{}.DecodeState(data)
	if err != nil || back.(*grand.State).PhaseName() != "bombardment" {
		t.Fatalf("decode at the bombardment: %v", err)
	}
	for _, tc := range []struct{ from, to string }{
		{`"bombardment":true`, `"bombardment":false`},
		{`"loss_pct":[0,0]`, `"loss_pct":[30,0]`},
		{`"round":1`, `"round":2`},
	} {
		bad := strings.Replace(string(data), tc.from, tc.to, 1)
		if bad == string(data) {
			t.Fatalf("%s is not in %s", tc.from, data)
		}
		if _, err := (grand.Rules{}).DecodeState([]byte(bad)); err == nil || errors.Is(err, nil) {
			t.Errorf("%s: decoded", tc.to)
		}
	}
}
