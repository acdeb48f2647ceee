package toy

import (
	"encoding/json"
	"fmt"

	"github.com/grognard/grognard/engine"
)

// stateJSON is the wire form of a State: every field, and the scenario
// by name and hash so a decoder finds the same static data.
type stateJSON struct {
	Ruleset      string        `json:"ruleset"`
	Version      string        `json:"version"`
	Scenario     string        `json:"scenario"`
	ScenarioHash string        `json:"scenario_hash"`
	Units        []Unit        `json:"units"`
	Turn         uint8         `json:"turn"`
	Limit        uint8         `json:"turn_limit"`
	Phase        string        `json:"phase"`
	Active       uint8         `json:"active"`
	First        uint8         `json:"first"`
	Posture      [2]string     `json:"posture"`
	Defends      uint8         `json:"defends"`
	Chance       uint8         `json:"chance"`
	ChanceWhy    string        `json:"chance_why,omitempty"`
	ChUnit       uint8         `json:"ch_unit"`
	ChTarget     uint8         `json:"ch_target"`
	ChMod        int8          `json:"ch_mod"`
	Charge       bool          `json:"charge"`
	Lost         [2]uint8      `json:"lost"`
	Result       engine.Result `json:"result"`
	NoPostures   bool          `json:"no_postures,omitempty"`
}

// scenarioHash is the hash of the state's scenario and turn limit.
func (s *State) scenarioHash() string {
	opts := engine.Options{TurnLimit: int(s.limit)}
	if s.noPostures {
		opts.Variants = []string{VariantNoPostures}
	}
	h, _ := Rules{}.ScenarioHash(s.sc.name, opts)
	return h
}

// MarshalJSON encodes the whole state, a pending roll and a committed
// posture included (a side is sent its View, which has none of the
// other's).
func (s *State) MarshalJSON() ([]byte, error) {
	w := stateJSON{
		Ruleset: Name, Version: Version, Scenario: s.sc.name, ScenarioHash: s.scenarioHash(),
		Units: s.u[:s.n], Turn: s.turn, Limit: s.limit, Phase: phaseNames[s.phase], Active: s.active, First: s.first,
		Posture: [2]string{postureNames[s.posture[0]], postureNames[s.posture[1]]}, Defends: s.defends,
		Chance: s.chance, ChUnit: s.chUnit, ChTarget: s.chTgt, ChMod: s.chMod, Charge: s.charge, Lost: s.lost, Result: s.result, NoPostures: s.noPostures,
	}
	if s.chance != chNone {
		w.ChanceWhy = s.DescribeRoll()
	}
	return json.Marshal(w)
}

// index is the position of name in names, or an error.
func index(names []string, name, what string) (uint8, error) {
	for i, n := range names {
		if n == name {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("%s %q is unknown (known: %v)", what, name, names)
}

// DecodeState restores a state written by MarshalJSON, checking every
// field against the rules' ranges.
func (Rules) DecodeState(data []byte) (engine.State, error) {
	var w stateJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("decode toy state: %w", err)
	}
	if w.Ruleset != Name || w.Version != Version {
		return nil, fmt.Errorf("decode toy state: it is a %s %s state, not %s %s", w.Ruleset, w.Version, Name, Version)
	}
	sc, err := find(w.Scenario)
	if err != nil {
		return nil, fmt.Errorf("decode toy state: %w", err)
	}
	s := &State{sc: sc, n: uint8(len(sc.units)), turn: w.Turn, limit: w.Limit, active: w.Active, first: w.First,
		defends: w.Defends, chance: w.Chance, chUnit: w.ChUnit, chTgt: w.ChTarget, chMod: w.ChMod, charge: w.Charge,
		lost: w.Lost, result: w.Result, noPostures: w.NoPostures}
	if h := s.scenarioHash(); h != w.ScenarioHash {
		return nil, fmt.Errorf("decode toy state: scenario %q hashes to %s, the state says %s", w.Scenario, h, w.ScenarioHash)
	}
	if len(w.Units) != len(sc.units) {
		return nil, fmt.Errorf("decode toy state: %d units, scenario %q has %d", len(w.Units), sc.name, len(sc.units))
	}
	for i, u := range w.Units {
		if u.Str < 0 || u.Str > profiles[sc.units[i].Type].str || u.Pos < 0 || u.Pos >= TrackLen || u.Flags > fActed|fShaken|fHeld {
			return nil, fmt.Errorf("decode toy state: unit %s is %+v, outside the rules", sc.units[i].Label, u)
		}
		s.u[i] = u
	}
	if s.phase, err = index(phaseNames[:], w.Phase, "phase"); err != nil {
		return nil, fmt.Errorf("decode toy state: %w", err)
	}
	for side, p := range w.Posture {
		if s.posture[side], err = index(postureNames[:], p, "posture"); err != nil {
			return nil, fmt.Errorf("decode toy state: %w", err)
		}
	}
	switch {
	case s.turn < 1 || s.turn > s.limit:
		return nil, fmt.Errorf("decode toy state: turn %d of %d", s.turn, s.limit)
	case s.active > 1 || s.first > 1:
		return nil, fmt.Errorf("decode toy state: side %d or %d is no side", s.active, s.first)
	case s.chance > chMorale || (s.chance != chNone && (s.chUnit >= s.n || s.chTgt >= s.n)):
		return nil, fmt.Errorf("decode toy state: pending chance %d on units %d and %d", s.chance, s.chUnit, s.chTgt)
	case s.noPostures && s.phase == phPosture:
		return nil, fmt.Errorf("decode toy state: a posture phase in a game without postures")
	case s.result.Over != (s.phase == phOver):
		return nil, fmt.Errorf("decode toy state: phase %s with result %s", w.Phase, s.result)
	}
	return s, nil
}
