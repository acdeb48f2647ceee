package twobytwo

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/internal/testenv"
)

// playValidated plays a random game on opts and fails the test at the
// first state the rules reached that Validate refuses, or that does not
// decode from its JSON.
func playValidated(t *testing.T, seed uint64, opts engine.Options) {
	t.Helper()
	s, err := NewGame(DefaultScenario, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	dice := engine.NewRandomDice(seed ^ 0x5eed)
	buf := make([]engine.Action, 0, 1024)
	for step := 0; ; step++ {
		if err := s.Validate(); err != nil {
			t.Fatalf("seed %d step %d (turn %d, %s): a state the rules reached is refused: %v", seed, step, s.Turn(), s.PhaseName(), err)
		}
		if step%7 == 0 || s.ToMove() == engine.Chance {
			b, _ := json.Marshal(s)
			if _, err := (Rules{}).DecodeState(b); err != nil {
				t.Fatalf("seed %d step %d: a saved state does not load: %v", seed, step, err)
			}
		}
		if s.Terminal() {
			return
		}
		if s.ToMove() == engine.Chance {
			d, _ := dice.Roll(s.PendingRoll())
			if err := s.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		buf = s.Legal(buf[:0])
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestValidateAcceptsPlayedStates: every state of random games, with and
// without the grand battery, passes Validate and loads from its JSON: 20
// seeds by default, 60 under GROGNARD_LONG=1 (internal/testenv).
func TestValidateAcceptsPlayedStates(t *testing.T) {
	n := testenv.Pick(t, uint64(20), uint64(60))
	if testing.Short() {
		n = 15
	}
	for seed := uint64(1); seed <= n; seed++ {
		playValidated(t, seed, engine.Options{})
		playValidated(t, seed, engine.Options{Variants: []string{VariantGrandBattery}})
	}
}

// TestValidateAcceptsCorrections: the positions SetUnit and SetTurn
// accept pass Validate.
func TestValidateAcceptsCorrections(t *testing.T) {
	s := movementState(t)
	for i := 0; i < int(s.n); i++ {
		if s.U[i].Loc != LocTable {
			continue
		}
		if err := s.SetUnit(i, UnitEdit{Status: "disrupted"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("after set unit %d status disrupted: %v", i, err)
		}
		if err := s.SetUnit(i, UnitEdit{Status: "destroyed"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("after set unit %d destroyed: %v", i, err)
		}
		break
	}
	if !s.Terminal() {
		if err := s.SetTurn(3, 1); err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("after set turn: %v", err)
		}
	}
}

// movementState plays a random game to the first movement phase of turn 1.
func movementState(t *testing.T) *State {
	t.Helper()
	s, _ := NewGame(DefaultScenario, engine.Options{})
	rng := rand.New(rand.NewPCG(9, 9))
	dice := engine.NewRandomDice(9)
	var buf []engine.Action
	for !(s.Turn() >= 1 && s.phase == phMove && s.chance == chNone) {
		if s.ToMove() == engine.Chance {
			d, _ := dice.Roll(s.PendingRoll())
			_ = s.ApplyDice(d)
			continue
		}
		buf = s.Legal(buf[:0])
		_ = s.Apply(buf[rng.IntN(len(buf))])
	}
	return s
}

// savedFields returns the JSON of s with top-level fields replaced.
func savedFields(t *testing.T, s *State, fields map[string]any) []byte {
	t.Helper()
	b, _ := json.Marshal(s)
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for field, value := range fields {
		v, _ := json.Marshal(value)
		if _, ok := m[field]; !ok {
			t.Fatalf("no field %q in a saved state", field)
		}
		m[field] = v
	}
	out, _ := json.Marshal(m)
	return out
}

// TestDecodeStateRefusesImpossibleStates: a saved state edited into one
// the rules never reach is refused with a message saying what is wrong.
func TestDecodeStateRefusesImpossibleStates(t *testing.T) {
	s := movementState(t)
	var onTable []int
	for i := 0; i < int(s.n); i++ {
		if s.U[i].Loc == LocTable {
			onTable = append(onTable, i)
		}
	}
	if len(onTable) < 2 {
		t.Fatal("too few units on the table")
	}
	overlap := *s
	overlap.U[onTable[1]].Pos = overlap.U[onTable[0]].Pos.Add(geom.V(0.3, 0))
	overlap.U[onTable[1]].Dir = overlap.U[onTable[0]].Dir
	stacked := *s
	for _, i := range onTable {
		stacked.U[i].Pos, stacked.U[i].Dir = s.U[onTable[0]].Pos, s.U[onTable[0]].Dir
	}
	units := func(st *State) []Unit { return st.U[:st.n] }
	uncounted := *s
	uncounted.U[onTable[0]].Loc = LocDestroyed
	badFlags := *s
	badFlags.U[onTable[0]].Flags = 0x8000
	badCount := *s
	badCount.destroyed[0] = 60
	for _, c := range []struct {
		name, field string
		value       any
		want        string
	}{
		// Refused before Validate by the decoder's own range check.
		{"phase 255", "phase", 255, "out of range"},
		// The phase of a rout's direction with no rout in hand made
		// hint, legal and genmove fail with "index out of range [255]".
		{"rout direction with no rout", "phase", int(phRoutDir), "a rout is in hand in the rout direction phase, of no unit"},
		{"charge response with no charge", "phase", int(phStall), "charge response is asked of no charge"},
		{"phase game over, not over", "phase", int(phOver), "has no result"},
		{"set-up phase on turn 1", "phase", int(phDeploy), "the set-up is turn 0"},
		{"rally phase without its roll", "phase", int(phRally), "is a die roll"},
		{"shooting by the phasing side", "phase", int(phShoot), "which is side"},
		{"side 2", "phasing", 2, "out of range"},
		{"chance 9", "chance", 9, "out of range"},
		{"a set-up roll in movement", "chance", int(chSetup), "set-up roll is pending in the movement"},
		{"a melee roll of 1 die", "chance", int(chMelee), "has 2"},
		{"a rally roll of no unit", "chance", int(chRally), "rally roll is pending in the movement"},
		{"resume 255", "resume", 255, "resumes after routs in phase 255"},
		{"turn 0 in play", "turn", 0, "play starts on turn 1"},
		{"turn limit 0", "turn_limit", 0, "turn limit 0"},
		{"overlapping bases", "units", units(&overlap), "never overlap (R-CONTACT)"},
		{"all units stacked", "units", units(&stacked), "never overlap"},
		{"unknown flags", "units", units(&badFlags), "unknown flags"},
		{"a destroyed unit not counted", "units", units(&uncounted), "units destroyed of"},
		{"destroyed count", "destroyed", badCount.destroyed, "the state counts 60"},
		{"modifier", "ch_mod", 100, "beyond any the rules give"},
		{"waiting rout of no unit", "routs", []routReq{{Unit: 200, Away: geom.V(0, 1)}}, "rout"},
	} {
		fields := map[string]any{c.field: c.value}
		switch c.name {
		case "a melee roll of 1 die":
			fields["chance_n"] = 1
		case "a rally roll of no unit":
			fields["chance_n"] = 1
		}
		b := savedFields(t, s, fields)
		_, err := (Rules{}).DecodeState(b)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
	// The untouched state loads.
	b, _ := json.Marshal(s)
	if _, err := (Rules{}).DecodeState(b); err != nil {
		t.Fatalf("the state itself: %v", err)
	}
}

// ExampleState_Validate shows the error for a hand-edited phase.
func ExampleState_Validate() {
	s, _ := NewGame(DefaultScenario, engine.Options{})
	s.phase = 200
	fmt.Println(s.Validate())
	// Output: phase 200 does not exist (phases are 0 to 13)
}

// addDecodeSeeds gives FuzzDecodeState saved states from the middle of
// games (a decision, a pending roll, a rout) and each with one field
// pushed to an impossible value, so mutations start next to the states
// that used to crash the engine (a phase whose unit reference is empty).
func addDecodeSeeds(f *testing.F) {
	fields := map[string][]any{
		"phase":    {int(phRoutDir), int(phStall), int(phFollowUp), int(phSupport), int(phArrival), int(phRally), int(phOver), 14},
		"chance":   {int(chRoutTest), int(chFire), int(chMelee), int(chReinf), int(chBombard)},
		"actor":    {0, 1},
		"resume":   {int(phStall), 200},
		"rout_cur": {routReq{Unit: NoUnit}, routReq{Unit: 0, Away: geom.V(0, 1)}},
	}
	for _, seed := range []uint64{2} {
		s, _ := NewGame(DefaultScenario, engine.Options{})
		rng := rand.New(rand.NewPCG(seed, 4))
		dice := engine.NewRandomDice(seed)
		var buf []engine.Action
		for step := 0; !s.Terminal() && step < 600; step++ {
			if step%150 == 149 || (step > 300 && s.ToMove() == engine.Chance && step%10 == 0) {
				good, _ := json.Marshal(s)
				f.Add(good)
				var m map[string]json.RawMessage
				_ = json.Unmarshal(good, &m)
				for field, values := range fields {
					for _, v := range values {
						old := m[field]
						m[field], _ = json.Marshal(v)
						b, _ := json.Marshal(m)
						f.Add(b)
						m[field] = old
					}
				}
			}
			if s.ToMove() == engine.Chance {
				d, _ := dice.Roll(s.PendingRoll())
				_ = s.ApplyDice(d)
				continue
			}
			buf = s.Legal(buf[:0])
			_ = s.Apply(buf[rng.IntN(len(buf))])
		}
	}
}

// playDecoded plays a few steps from a decoded state, as hint, legal and
// genmove would: every method a front end calls must answer, not panic.
func playDecoded(s *State) {
	dice := engine.NewRandomDice(1)
	var buf []engine.Action
	for step := 0; step < 8 && !s.Terminal(); step++ {
		_ = s.PhaseName()
		_ = s.Hash()
		if s.ToMove() == engine.Chance {
			_ = s.DescribeRoll()
			d, _ := dice.Roll(s.PendingRoll())
			if s.ApplyDice(d) != nil {
				return
			}
			continue
		}
		buf = s.Legal(buf[:0])
		if len(buf) == 0 {
			return
		}
		for _, a := range buf[:min(len(buf), 4)] {
			_ = s.DescribeAction(a)
		}
		if s.Apply(buf[step%len(buf)]) != nil {
			return
		}
	}
}
