package twobytwo

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// stateJSON is the wire form of a State: every field, plus the scenario's
// name and hash so a decoder can find the same static data.
type stateJSON struct {
	Ruleset      string        `json:"ruleset"`
	Version      string        `json:"version"`
	Scenario     string        `json:"scenario"`
	ScenarioHash string        `json:"scenario_hash"`
	Units        []Unit        `json:"units"`
	Turn         uint16        `json:"turn"`
	TurnLimit    uint16        `json:"turn_limit"`
	Phase        uint8         `json:"phase"`
	PhaseName    string        `json:"phase_name"`
	Phasing      uint8         `json:"phasing"`
	Actor        uint8         `json:"actor"`
	Attacker     uint8         `json:"attacker"`
	SetupStep    uint8         `json:"setup_step"`
	Ties         uint8         `json:"ties"`
	DeployAP     [2]float32    `json:"deploy_ap"`
	Points       [2][2]rpoint  `json:"points"`
	PointCur     int8          `json:"point_cur"`
	ReinfDice    uint8         `json:"reinf_dice"`
	DiceFor      int8          `json:"dice_for"`
	ArrivalPt    int8          `json:"arrival_pt"`
	StallAtt     uint8         `json:"stall_att"`
	StallDef     uint8         `json:"stall_def"`
	Chance       uint8         `json:"chance"`
	ChanceN      uint8         `json:"chance_n"`
	ChanceWhy    string        `json:"chance_why,omitempty"`
	ChUnit       uint8         `json:"ch_unit"`
	ChMod        int8          `json:"ch_mod"`
	ChMod2       int8          `json:"ch_mod2"`
	FireTarget   uint8         `json:"fire_target"`
	FirePrimary  uint8         `json:"fire_primary"`
	FireMask     uint64        `json:"fire_mask"`
	FireStall    bool          `json:"fire_stall"`
	MAttMask     uint64        `json:"m_att_mask"`
	MDefMask     uint64        `json:"m_def_mask"`
	MAttPrimary  uint8         `json:"m_att_primary"`
	MDefPrimary  uint8         `json:"m_def_primary"`
	MMultiFront  bool          `json:"m_multi_front"`
	MFollow      uint8         `json:"m_follow"`
	MMandatory   bool          `json:"m_mandatory"`
	Routs        []routReq     `json:"routs"`
	RoutCur      routReq       `json:"rout_cur"`
	Routed       uint64        `json:"routed,omitempty"`
	Resume       uint8         `json:"resume"`
	GrandBattery bool          `json:"grand_battery,omitempty"`
	Bomb         bombArea      `json:"bomb"`
	BombQ        uint64        `json:"bomb_q,omitempty"`
	Destroyed    [2]uint8      `json:"destroyed"`
	Result       engine.Result `json:"result"`
}

// MarshalJSON encodes the whole state, including a pending die roll.
func (s *State) MarshalJSON() ([]byte, error) {
	w := stateJSON{
		Ruleset: Name, Version: Version, Scenario: s.sc.Name, ScenarioHash: s.sc.Hash(),
		Units: s.U[:s.n], Turn: s.turn, TurnLimit: s.turnLimit, Phase: s.phase, PhaseName: phaseNames[s.phase],
		Phasing: s.phasing, Actor: s.actor, Attacker: s.attacker, SetupStep: s.setupStep, Ties: s.ties,
		DeployAP: s.deployAP, Points: s.points, PointCur: s.pointCur, ReinfDice: s.reinfDice, DiceFor: s.diceFor,
		ArrivalPt: s.arrivalPt, StallAtt: s.stallAtt, StallDef: s.stallDef,
		Chance: s.chance, ChanceN: s.chN, ChUnit: s.chUnit, ChMod: s.chMod, ChMod2: s.chMod2,
		FireTarget: s.fireTarget, FirePrimary: s.firePrimary, FireMask: s.fireMask, FireStall: s.fireStall,
		MAttMask: s.mAttMask, MDefMask: s.mDefMask, MAttPrimary: s.mAttPrimary, MDefPrimary: s.mDefPrimary,
		MMultiFront: s.mMultiFront, MFollow: s.mFollow, MMandatory: s.mMandatory,
		Routs: s.routs[:s.routN], RoutCur: s.routCur, Routed: s.routed, Resume: s.resume, Destroyed: s.destroyed, Result: s.result,
		GrandBattery: s.grandBattery, Bomb: s.bomb, BombQ: s.bombQ,
	}
	if s.chance != chNone {
		w.ChanceWhy = s.DescribeRoll()
	}
	return json.Marshal(w)
}

// decodeState restores a state on scenario sc from its JSON form.
func decodeState(data []byte, lookup func(name string) (*Scenario, error)) (*State, error) {
	var w stateJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if w.Ruleset != Name {
		return nil, fmt.Errorf("decode state: ruleset %q is not %q", w.Ruleset, Name)
	}
	sc, err := lookup(w.Scenario)
	if err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if h := sc.Hash(); h != w.ScenarioHash {
		return nil, fmt.Errorf("decode state: scenario %q has hash %s, the state was saved on %s", w.Scenario, h, w.ScenarioHash)
	}
	if len(w.Units) != len(sc.Units) || len(w.Routs) > routCap {
		return nil, fmt.Errorf("decode state: %d units saved, scenario %q has %d", len(w.Units), w.Scenario, len(sc.Units))
	}
	if err := w.check(sc); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	sc.prepare()
	s := &State{sc: sc, n: uint8(len(sc.Units))}
	copy(s.U[:], w.Units)
	s.turn, s.turnLimit, s.phase, s.phasing, s.actor, s.attacker = w.Turn, w.TurnLimit, w.Phase, w.Phasing, w.Actor, w.Attacker
	s.setupStep, s.ties, s.deployAP, s.points, s.pointCur = w.SetupStep, w.Ties, w.DeployAP, w.Points, w.PointCur
	s.reinfDice, s.diceFor, s.arrivalPt, s.stallAtt, s.stallDef = w.ReinfDice, w.DiceFor, w.ArrivalPt, w.StallAtt, w.StallDef
	s.chance, s.chN, s.chUnit, s.chMod, s.chMod2 = w.Chance, w.ChanceN, w.ChUnit, w.ChMod, w.ChMod2
	s.fireTarget, s.firePrimary, s.fireMask, s.fireStall = w.FireTarget, w.FirePrimary, w.FireMask, w.FireStall
	s.mAttMask, s.mDefMask, s.mAttPrimary, s.mDefPrimary = w.MAttMask, w.MDefMask, w.MAttPrimary, w.MDefPrimary
	s.mMultiFront, s.mFollow, s.mMandatory = w.MMultiFront, w.MFollow, w.MMandatory
	s.routN = uint8(copy(s.routs[:], w.Routs))
	s.routCur, s.resume, s.destroyed, s.result = w.RoutCur, w.Resume, w.Destroyed, w.Result
	s.routed = w.Routed
	if s.result.Over && s.result.Kind == engine.InProgress {
		s.result.Kind = legacyResultKind(s.result)
	}
	s.grandBattery, s.bomb, s.bombQ = w.GrandBattery, w.Bomb, w.BombQ
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("decode state: %w (the file was changed by hand or is damaged)", err)
	}
	return s, nil
}

// check rejects a saved state the engine could not play from: values out of
// range, positions off the table, facings that are not unit vectors, and
// references to units that do not exist. A state saved by MarshalJSON
// always passes.
func (w *stateJSON) check(sc *Scenario) error {
	n := len(sc.Units)
	finite := func(v geom.Vec) bool {
		return !math.IsNaN(v.X) && !math.IsNaN(v.Y) && !math.IsInf(v.X, 0) && !math.IsInf(v.Y, 0)
	}
	onTable := func(v geom.Vec) bool {
		return finite(v) && v.X >= -1 && v.Y >= -1 && v.X <= sc.Size+1 && v.Y <= sc.Size+1
	}
	unitRef := func(u uint8, none bool) bool { return int(u) < n || (none && u == NoUnit) }
	for i, u := range w.Units {
		if u.Loc > LocDestroyed || u.Stat > Disrupted || u.Point > 1 || u.Point < -1 || !unitRef(u.StallOn, true) {
			return fmt.Errorf("unit %d has an invalid location, status, point or stall", i)
		}
		if !onTable(u.Pos) || !finite(u.Dir) || math.Abs(u.Dir.Len()-1) > 1e-6 {
			return fmt.Errorf("unit %d has a position off the table or a facing that is not a unit vector", i)
		}
	}
	if w.Phase > phOver || w.Chance > chBombard || w.ChanceN > engine.MaxDice || w.Phasing > 1 || w.Actor > 1 || w.Attacker > 1 || w.PointCur > 1 || w.PointCur < 0 || w.SetupStep > 4 {
		return fmt.Errorf("phase, chance, side or set-up step out of range")
	}
	if w.TurnLimit > MaxTurnLimit || w.Turn > w.TurnLimit+1 || w.ReinfDice > 2 || w.DiceFor > 1 || w.DiceFor < -1 || w.ArrivalPt > 1 || w.ArrivalPt < -1 {
		return fmt.Errorf("turn, turn limit or reinforcement dice out of range")
	}
	// The decision's unit references and sets are checked on the built
	// state by Validate, which every decode ends with.
	for _, r := range w.Routs {
		if !unitRef(r.Unit, false) || !finite(r.Away) || r.Away.Len() > 1+1e-6 {
			return fmt.Errorf("an invalid waiting rout")
		}
	}
	if !finite(w.RoutCur.Away) || w.RoutCur.Away.Len() > 1+1e-6 {
		return fmt.Errorf("an invalid rout direction")
	}
	for side := range w.Points {
		for _, p := range w.Points[side] {
			if p.Placed && (!onTable(p.Pos) || p.Edge > West) {
				return fmt.Errorf("a reinforcement point off the table")
			}
		}
	}
	if w.Bomb.Active && (!onTable(w.Bomb.C) || !finite(w.Bomb.F) || math.Abs(w.Bomb.F.Len()-1) > 1e-6 || w.Bomb.HW < 0 || w.Bomb.HW > 32 || w.Bomb.Side > 1) {
		return fmt.Errorf("an invalid bombarded area")
	}
	for side, a := range w.DeployAP {
		if a < 0 || a > maxDeployAP || a != a {
			return fmt.Errorf("side %d has %v AP left to deploy: 0 to %d", side, a, maxDeployAP)
		}
	}
	return nil
}

// legacyResultKind is the kind of a result saved before results had kinds,
// told from the reasons finish gives.
func legacyResultKind(r engine.Result) engine.ResultKind {
	switch {
	case r.Winner != engine.NoPlayer:
		return engine.Victory
	case r.Reason == "turn limit reached":
		return engine.TurnLimit
	default:
		return engine.RulesDraw
	}
}
