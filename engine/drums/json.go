package drums

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Hash mixes every field of the position.
func (s *State) Hash() uint64 {
	h := uint64(0x6472756d73)
	mix := func(v uint64) { h = engine.Mix64(h ^ (v + 0x9e3779b97f4a7c15)) }
	fl := func(f float64) { mix(math.Float64bits(f)) }
	for i := range s.st.nu {
		u := &s.Units[i]
		fl(u.Front.X)
		fl(u.Front.Y)
		fl(u.Facing)
		mix(uint64(u.Flags) | uint64(u.Hits)<<32 | uint64(u.Form)<<40 | uint64(u.Level)<<48 | uint64(u.AP)<<56)
		mix(uint64(u.Shots) | uint64(u.Charges)<<8 | uint64(u.Side)<<16 | uint64(u.Cmd)<<24 | b2u(u.Placed)<<32)
	}
	for g := range s.st.ng {
		gen := &s.Gens[g]
		fl(gen.Pos.X)
		fl(gen.Pos.Y)
		mix(b2u(gen.Alive) | b2u(gen.Placed)<<1 | b2u(gen.Activated)<<2 | b2u(gen.Swept)<<3 | uint64(gen.Side)<<8 | uint64(gen.Cmd)<<16)
	}
	for side := range 2 {
		c := &s.Camp[side]
		fl(c.Front.X)
		fl(c.Front.Y)
		fl(c.Facing)
		mix(b2u(c.Placed) | b2u(c.Lost)<<1 | uint64(s.Supply[side])<<8 | uint64(s.CurCmd[side])<<16)
	}
	mix(uint64(uint8(s.Attacker)) | uint64(uint8(s.Initiative))<<8 | uint64(uint8(s.Active))<<16 | uint64(s.Run)<<24 | uint64(s.CurUnit)<<32 | uint64(s.TurnNo)<<40)
	for k := range s.ntasks {
		t := &s.tasks[k]
		mix(uint64(t.kind) | uint64(t.step)<<8 | uint64(t.a)<<16 | uint64(t.b)<<24 | uint64(uint8(t.x))<<32 | uint64(t.y)<<40 | uint64(t.sup)<<48)
		mix(uint64(uint16(t.n)))
	}
	mix(uint64(s.ntasks) | uint64(s.wait)<<8 | uint64(s.ask)<<16 | uint64(uint8(s.waitBy))<<24 | uint64(s.rollWhat)<<32 | uint64(s.rollA)<<40 | uint64(s.rollB)<<48 | uint64(s.ndecl)<<56)
	for k := range s.roll.NGroups {
		g := s.roll.Groups[k]
		mix(uint64(g.N) | uint64(g.Sides)<<8)
	}
	mix(uint64(uint8(s.roll.By)))
	mix(s.dice.Key())
	for k := range s.sc {
		mix(uint64(uint16(s.sc[k])))
	}
	for k := range s.nfights {
		f := &s.fights[k]
		mix(uint64(f.A) | uint64(f.B)<<8 | uint64(f.BasesA)<<16 | uint64(f.BasesB)<<24 | b2u(f.SupA)<<32 | b2u(f.SupB)<<33 | uint64(uint8(f.HitsA))<<40 | uint64(uint8(f.HitsB))<<48)
		mix(uint64(math.Float32bits(f.contact)))
	}
	mix(uint64(s.nfights))
	for k := range s.ndecl {
		a := &s.decl[k]
		mix(uint64(a.Kind) | uint64(a.Unit)<<8 | uint64(a.Target)<<16 | uint64(a.Arg)<<24 | uint64(a.NPath)<<32)
		fl(a.Path[0].X)
		fl(a.Path[0].Y)
	}
	o := s.out
	mix(uint64(o.advance) | uint64(o.hits)<<8 | b2u(o.pass)<<16 | b2u(o.stand)<<17 | b2u(o.retire)<<18 | b2u(o.brk)<<19)
	mix(b2u(s.result.Over) | uint64(uint8(s.result.Winner))<<8 | uint64(s.result.Kind)<<16)
	return h
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// stateFormat is the version of the saved-state JSON.
const stateFormat = 1

type taskJSON struct {
	Kind uint8 `json:"k"`
	Step uint8 `json:"s"`
	A    uint8 `json:"a"`
	B    uint8 `json:"b"`
	X    int8  `json:"x"`
	Y    uint8 `json:"y"`
	Sup  uint8 `json:"sup"`
	N    int16 `json:"n"`
}

type fightJSON struct {
	A       uint8   `json:"a"`
	B       uint8   `json:"b"`
	BasesA  uint8   `json:"bases_a"`
	BasesB  uint8   `json:"bases_b"`
	SupA    bool    `json:"sup_a,omitempty"`
	SupB    bool    `json:"sup_b,omitempty"`
	HitsA   int8    `json:"hits_a"`
	HitsB   int8    `json:"hits_b"`
	Contact float32 `json:"contact"`
}

type outcomeJSON struct {
	Advance int  `json:"advance"`
	Pass    bool `json:"pass"`
	Stand   bool `json:"stand"`
	Retire  bool `json:"retire"`
	Hits    int  `json:"hits"`
	Break   bool `json:"break"`
}

type stateJSON struct {
	Format     int             `json:"format"`
	Ruleset    string          `json:"ruleset"`
	Scenario   string          `json:"scenario"`
	Options    engine.Options  `json:"options"`
	Hash       string          `json:"scenario_hash"`
	Units      []Unit          `json:"units"`
	Generals   []General       `json:"generals"`
	Camp       [2]Baggage      `json:"camp"`
	Supply     [2]uint8        `json:"supply"`
	Attacker   int8            `json:"attacker"`
	Initiative int8            `json:"initiative"`
	Active     int8            `json:"active"`
	Run        uint8           `json:"run"`
	CurCmd     [2]uint8        `json:"cur_cmd"`
	CurUnit    uint8           `json:"cur_unit"`
	TurnNo     uint16          `json:"turn"`
	Tasks      []taskJSON      `json:"tasks"`
	Wait       uint8           `json:"wait"`
	Ask        uint8           `json:"ask"`
	WaitBy     int8            `json:"wait_by"`
	Roll       engine.Roll     `json:"roll"`
	Dice       engine.Dice     `json:"dice"`
	RollWhat   uint8           `json:"roll_what"`
	RollA      uint8           `json:"roll_a"`
	RollB      uint8           `json:"roll_b"`
	Scratch    [4]int16        `json:"scratch"`
	Decl       []engine.Action `json:"decl"`
	Fights     []fightJSON     `json:"fights,omitempty"`
	Out        outcomeJSON     `json:"out"`
	Result     engine.Result   `json:"result"`
}

// MarshalJSON writes the whole state, a pending roll and the rules' work
// stack included, so a game saved in the middle of a melee resumes there.
func (s *State) MarshalJSON() ([]byte, error) {
	j := stateJSON{
		Format: stateFormat, Ruleset: Name, Scenario: s.st.name, Options: s.st.opts, Hash: s.st.hash(),
		Units: s.Units[:s.st.nu], Generals: s.Gens[:s.st.ng], Camp: s.Camp, Supply: s.Supply,
		Attacker: s.Attacker, Initiative: s.Initiative, Active: s.Active, Run: s.Run, CurCmd: s.CurCmd,
		CurUnit: s.CurUnit, TurnNo: s.TurnNo, Wait: uint8(s.wait), Ask: uint8(s.ask), WaitBy: s.waitBy,
		Roll: s.roll, Dice: s.dice, RollWhat: uint8(s.rollWhat), RollA: s.rollA, RollB: s.rollB, Scratch: s.sc,
		Decl: s.decl[:s.ndecl], Result: s.result,
		Out: outcomeJSON{Advance: s.out.advance, Pass: s.out.pass, Stand: s.out.stand, Retire: s.out.retire, Hits: s.out.hits, Break: s.out.brk},
	}
	for k := range s.nfights {
		f := &s.fights[k]
		j.Fights = append(j.Fights, fightJSON{A: f.A, B: f.B, BasesA: f.BasesA, BasesB: f.BasesB, SupA: f.SupA, SupB: f.SupB, HitsA: f.HitsA, HitsB: f.HitsB, Contact: f.contact})
	}
	j.Tasks = make([]taskJSON, s.ntasks)
	for k := range s.ntasks {
		t := &s.tasks[k]
		j.Tasks[k] = taskJSON{Kind: uint8(t.kind), Step: t.step, A: t.a, B: t.b, X: t.x, Y: t.y, Sup: t.sup, N: t.n}
	}
	return json.Marshal(j)
}

// maxStateBytes bounds a saved state's size.
const maxStateBytes = 1 << 20

// DecodeState restores a state written by MarshalJSON.
func (Rules) DecodeState(data []byte) (engine.State, error) {
	s, err := DecodeState(data)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// DecodeState restores a state written by MarshalJSON on a scenario the
// ruleset can name, checking every field.
func DecodeState(data []byte) (*State, error) {
	if len(data) > maxStateBytes {
		return nil, fmt.Errorf("drums state: %d bytes, at most %d", len(data), maxStateBytes)
	}
	var j stateJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("drums state: %w", err)
	}
	if j.Format != stateFormat || j.Ruleset != Name {
		return nil, fmt.Errorf("drums state: format %d of ruleset %q, want format %d of %q", j.Format, j.Ruleset, stateFormat, Name)
	}
	st, err := staticFor(j.Scenario, j.Options)
	if err != nil {
		return nil, fmt.Errorf("drums state: %w", err)
	}
	if h := st.hash(); h != j.Hash {
		return nil, fmt.Errorf("drums state: scenario %q has changed since the state was saved (hash %s, now %s)", j.Scenario, j.Hash, h)
	}
	s := &State{st: st}
	if err := s.fill(&j); err != nil {
		return nil, fmt.Errorf("drums state: %w", err)
	}
	return s, nil
}

// fill copies a decoded state in, refusing anything out of range.
func (s *State) fill(j *stateJSON) error {
	st := s.st
	if len(j.Units) != st.nu || len(j.Generals) != st.ng {
		return fmt.Errorf("%d units and %d generals, the scenario has %d and %d", len(j.Units), len(j.Generals), st.nu, st.ng)
	}
	okPoint := func(p geom.Vec) bool {
		return finite(p.X) && finite(p.Y) && math.Abs(p.X) < 1e4 && math.Abs(p.Y) < 1e4
	}
	for i, u := range j.Units {
		if !okPoint(u.Front) || !finite(u.Facing) || u.Form >= numFormations || u.Level > Determined || u.Side != st.units[i].Side || u.Cmd != st.units[i].Cmd || u.AP > 3 || int(u.Hits) > st.units[i].Strength() {
			return fmt.Errorf("unit %d (%s) is out of range", i+1, st.units[i].Label)
		}
		if u.Placed && u.Form == NoFormation {
			return fmt.Errorf("unit %d (%s) is on the table with no formation", i+1, st.units[i].Label)
		}
		if u.Flags&^allFlags != 0 {
			return fmt.Errorf("unit %d (%s) has flags %#x: the rules set only %#x", i+1, st.units[i].Label, u.Flags, allFlags)
		}
		// The engine stops counting at 250 (shoot.go, charge.go); the
		// rules read only 3+ shots (Table 2c) and 2+ charges (Hold Test).
		if u.Shots > maxCount || u.Charges > maxCount {
			return fmt.Errorf("unit %d (%s) has fired %d times and charged %d: each is 0 to %d", i+1, st.units[i].Label, u.Shots, u.Charges, maxCount)
		}
		s.Units[i] = u
	}
	for g, gen := range j.Generals {
		if !okPoint(gen.Pos) || gen.Side != st.gens[g].Side || gen.Cmd != st.gens[g].Cmd {
			return fmt.Errorf("general %d (%s) is out of range", g+1, st.gens[g].Label)
		}
		s.Gens[g] = gen
	}
	s.NU, s.NG = uint8(st.nu), uint8(st.ng)
	for side := range 2 {
		if !okPoint(j.Camp[side].Front) || !finite(j.Camp[side].Facing) {
			return fmt.Errorf("camp %d is out of range", side)
		}
		if j.CurCmd[side] != noCmd && int(j.CurCmd[side]) >= st.cmds[side] && j.CurCmd[side] != NoCommand {
			return fmt.Errorf("current command %d of side %d does not exist", j.CurCmd[side], side)
		}
	}
	for side := range 2 {
		c := &j.Camp[side]
		if c.Lost && !c.Placed {
			return fmt.Errorf("camp %d is lost but was never placed", side)
		}
		// Quarter master: the pool is thrown at the start, never
		// resupplied, and lost with the camp; a table correction may set
		// it to 0 to maxSupply (freeform.go).
		if j.Supply[side] > maxSupply || c.Lost && j.Supply[side] != 0 {
			return fmt.Errorf("side %d has %d supply dice: 0 to %d, and none once its camp is lost", side, j.Supply[side], maxSupply)
		}
	}
	s.Camp, s.Supply, s.CurCmd = j.Camp, j.Supply, j.CurCmd
	side := func(v int8, none bool) bool { return v == 0 || v == 1 || none && v == -1 }
	if !side(j.Attacker, true) || !side(j.Initiative, true) || !side(j.Active, true) || j.Run > 2 || int(j.TurnNo) > st.turnLimit {
		return fmt.Errorf("the turn's sides or counters are out of range")
	}
	if cu := int(j.CurUnit); cu >= st.nu && (cu < generalBase || cu >= generalBase+st.ng) {
		return fmt.Errorf("the unit activated, %d, is not a unit (0 to %d) or a general (%d to %d)", cu, st.nu-1, generalBase, generalBase+st.ng-1)
	}
	s.Attacker, s.Initiative, s.Active, s.Run, s.CurUnit, s.TurnNo = j.Attacker, j.Initiative, j.Active, j.Run, j.CurUnit, j.TurnNo
	if len(j.Tasks) > maxTasks || len(j.Tasks) == 0 && !j.Result.Over {
		return fmt.Errorf("%d tasks in the rules' stack", len(j.Tasks))
	}
	for k, t := range j.Tasks {
		if t.Kind == uint8(tNone) || t.Kind > uint8(lastTask) {
			return fmt.Errorf("task %d has an unknown kind", k+1)
		}
		unitArg := func(v uint8) bool {
			return int(v) < st.nu || v == 0xff || v == 0xfe || v >= campTarget && v <= campTarget+1 || v >= generalBase && int(v) < generalBase+st.ng
		}
		if !unitArg(t.A) || !unitArg(t.B) || t.Step > 20 || t.X < -1 || t.X > 8 || t.Sup > 3 {
			return fmt.Errorf("task %d is out of range", k+1)
		}
		// The tasks that index the declarations must name one of them.
		switch taskKind(t.Kind) {
		case tAction:
			if t.X < 0 || t.X >= int8(len(j.Decl)) {
				return fmt.Errorf("task %d names declaration %d of %d", k+1, t.X+1, len(j.Decl))
			}
		case tMove:
			if int(t.N&0xff) >= len(j.Decl) || t.N < 0 {
				return fmt.Errorf("task %d names declaration %d of %d", k+1, t.N&0xff+1, len(j.Decl))
			}
		}
		// Unit arguments of unit tasks must be units.
		switch taskKind(t.Kind) {
		case tMove, tShoot, tTest, tRetire, tCharge, tMelee, tOccupy:
			if int(t.A) >= st.nu {
				return fmt.Errorf("task %d is not about a unit", k+1)
			}
		}
		switch taskKind(t.Kind) {
		case tShoot, tMelee, tOccupy:
			if int(t.B) >= st.nu {
				return fmt.Errorf("task %d has no unit for its other side", k+1)
			}
		case tCharge:
			if _, camp := isCamp(int(t.B)); !camp && int(t.B) >= st.nu {
				return fmt.Errorf("task %d charges nothing", k+1)
			}
		}
		s.tasks[k] = task{kind: taskKind(t.Kind), step: t.Step, a: t.A, b: t.B, x: t.X, y: t.Y, sup: t.Sup, n: t.N}
	}
	s.ntasks = uint8(len(j.Tasks))
	if j.Wait > uint8(waitDecision) || j.Ask > uint8(lastAsk) || !side(j.WaitBy, false) && j.Wait == uint8(waitDecision) || j.RollWhat > uint8(lastRoll) {
		return fmt.Errorf("what the state waits for is out of range")
	}
	s.wait, s.ask, s.waitBy = waitKind(j.Wait), askKind(j.Ask), j.WaitBy
	// Each task above is one the rules could run; how they are stacked,
	// and who asked the decision awaited, must be what the rules' pushes
	// build too (stack.go).
	if err := checkStack(s.tasks[:s.ntasks], s.wait, s.ask); err != nil {
		return err
	}
	// The last roll stays in the state once thrown, and Hash and the
	// roll's description read its groups: it must be one even when no
	// dice are due.
	if err := j.Roll.Valid(); err != nil {
		return fmt.Errorf("the roll is not one: %v", err)
	}
	if s.wait == waitDice && j.Roll.Count() == 0 {
		return fmt.Errorf("the pending roll has no dice")
	}
	if s.wait == waitNothing && !j.Result.Over {
		return fmt.Errorf("the state waits for nothing but the battle is not over")
	}
	if err := checkRollRefs(rollKind(j.RollWhat), int(j.RollA), int(j.RollB), st); err != nil {
		return err
	}
	for k, v := range j.Scratch {
		// The scratch holds dice totals: scouting and initiative throws.
		if v < 0 || int(v) > maxTotal {
			return fmt.Errorf("scratch total %d is %d: a throw totals 0 to %d", k+1, v, maxTotal)
		}
	}
	s.roll, s.dice, s.rollWhat, s.rollA, s.rollB, s.sc = j.Roll, j.Dice, rollKind(j.RollWhat), j.RollA, j.RollB, j.Scratch
	if len(j.Decl) > len(s.decl) {
		return fmt.Errorf("%d declared actions, at most %d", len(j.Decl), len(s.decl))
	}
	for k, a := range j.Decl {
		if a.Kind == 0 || a.Kind >= numKinds || a.NPath > 1 || !okPoint(a.Path[0]) || !finite(a.Facing) {
			return fmt.Errorf("declared action %d is out of range", k+1)
		}
		s.decl[k] = a
	}
	s.ndecl = uint8(len(j.Decl))
	if len(j.Fights) > maxFights {
		return fmt.Errorf("%d melee fights, at most %d", len(j.Fights), maxFights)
	}
	for k, f := range j.Fights {
		if int(f.A) >= st.nu || int(f.B) >= st.nu || f.A == f.B || int(f.BasesA) > int(st.units[f.A].Profile.Bases) || int(f.BasesB) > int(st.units[f.B].Profile.Bases) ||
			f.HitsA < -1 || f.HitsB < -1 || int(f.HitsA) > engine.MaxDice || int(f.HitsB) > engine.MaxDice || !(f.Contact >= 0 && f.Contact <= 1000) {
			return fmt.Errorf("melee fight %d is out of range", k+1)
		}
		s.fights[k] = fight{A: f.A, B: f.B, BasesA: f.BasesA, BasesB: f.BasesB, SupA: f.SupA, SupB: f.SupB, HitsA: f.HitsA, HitsB: f.HitsB, contact: f.Contact}
	}
	s.nfights = uint8(len(j.Fights))
	o := j.Out
	if o.Advance < 0 || o.Advance > 2 || o.Hits < 0 || o.Hits > 2 {
		return fmt.Errorf("the last test's outcome is out of range")
	}
	s.out = outcome{advance: o.Advance, pass: o.Pass, stand: o.Stand, retire: o.Retire, hits: o.Hits, brk: o.Break}
	if j.Result.Over && j.Result.Winner != 0 && j.Result.Winner != 1 && j.Result.Winner != engine.NoPlayer {
		return fmt.Errorf("the result's winner is out of range")
	}
	s.result = j.Result
	return nil
}

// Bounds DecodeState checks that the types alone do not.
const (
	// maxCount is where the engine stops counting a unit's shots and
	// charges.
	maxCount = 250
	// maxSupply is the most supply dice a table correction may give a
	// side; the pool thrown at the start is smaller (Quarter master: 2D6
	// and 1D6 a general, 2D6 an exceptional one).
	maxSupply = 40
	// maxTotal is the largest total of one throw: every die a 12.
	maxTotal = engine.MaxDice * 12
)

// allFlags are every unit flag the rules set.
const allFlags = fWonFight<<1 - 1

// checkRollRefs refuses a roll's references (rollA, rollB) that are not
// what rollDice gives that kind of roll: a side, a unit, a general, a
// unit or camp charged, a risk's cause. Descriptions of the roll index
// the scenario's units and generals with them.
func checkRollRefs(what rollKind, a, b int, st *static) error {
	unit := func(v int) bool { return v < st.nu }
	ok := true
	switch what {
	case rNone:
		ok = a == 0 && b == 0
	case rScout, rScoutTie, rLevels, rInitiative, rInitiativeTie:
		ok = (a == 0 || a == 1) && b == 0
	case rHold, rMove, rRetire:
		ok = unit(a) && b == 0
	case rShoot, rMelee, rEvade:
		ok = unit(a) && unit(b)
	case rChargeDistance:
		_, camp := isCamp(b)
		ok = unit(a) && (unit(b) || camp)
	case rTest, rOccupy:
		ok = unit(a)
	case rRisk:
		ok = a < st.ng && (b == int(riskBreak) || b == int(riskShot))
	case rSwept:
		ok = a < st.ng && b == 0
	default:
		ok = false
	}
	if !ok {
		return fmt.Errorf("the roll's references %d and %d are not what a roll of kind %d refers to", a, b, what)
	}
	return nil
}
