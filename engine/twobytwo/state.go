package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// MaxUnits is the most units (both sides together) a scenario may have.
const MaxUnits = 64

// NoUnit marks an empty unit reference.
const NoUnit = 0xFF

// Where a unit is.
const (
	LocUnplaced  uint8 = iota // set-up: not yet deployed or queued
	LocWaiting                // queued at a reinforcement point
	LocTable                  // on the table
	LocExited                 // left the table by its own edge
	LocDestroyed              // destroyed (including exchanged and routed off)
)

// Status is a unit's order, from best to worst; a worse result replaces a
// better one and a rally restores Ordered (ruling R-STATUS).
const (
	Ordered   uint8 = iota
	Halted          // "may move or fire normally on next turn": cleared at the end of the phasing turn
	Pinned          // may only change facing, may fire
	Disrupted       // may not move or fire
)

var statusNames = [...]string{"ordered", "halted", "pinned", "disrupted"}

// Per-unit flags, cleared as the sequence of play says.
const (
	fMoved       uint16 = 1 << iota // moved (or held) this movement phase
	fFired                          // fired this shooting phase
	fRoadColumn                     // whole move on road, or through a town or over a bridge
	fThroughTown                    // moved through a town this turn
	fFought                         // fought a melee this melee phase
	fStalled                        // charger set back 1" by a defender stalling with fire
	fStallHit                       // the stalling fire had an effect
	fSubsequent                     // followed up into this melee (-1)
)

// Unit is the changing part of one unit (every base is 1" x 1/2", ruling
// R-BASE); the rest (type, label, chain of
// command) is in the scenario.
//
//	Pos  centre of the base, inches from the south-west corner
//	Dir  unit vector the front face looks along
//	Loc  where the unit is (LocTable, ...)
//	Stat Ordered, Halted, Pinned or Disrupted
//	Flags per-turn flags
//	Point, Queue  its reinforcement point (0/1, -1 none) and place in that queue
//	StallOn the unit it charged and was stalled against
type Unit struct {
	Pos     geom.Vec
	Dir     geom.Vec
	Loc     uint8
	Stat    uint8
	Flags   uint16
	Point   int8
	Queue   uint8
	StallOn uint8
	_       uint8
}

// Reinforcement point of a side.
type rpoint struct {
	Placed bool
	Edge   Edge
	Pos    geom.Vec
}

// The phases of the game. The decision phases name who acts in actor.
const (
	phSetupRoll uint8 = iota // chance: 1d6 each side for attacker
	phDeploy                 // actor deploys up to its AP
	phPoint                  // actor places a reinforcement point
	phQueue                  // actor queues units at the point just placed
	phMove                   // phasing player moves units / dices for reinforcements
	phStall                  // defender chooses to confront or stall a charge
	phArrival                // phasing player places an arriving reinforcement or exchanges
	phRally                  // automatic rally attempts (chance only)
	phShoot                  // non-phasing player shoots
	phSupport                // shooter adds supporting fire to a declared shot
	phRoutDir                // owner of a routing unit chooses its direction
	phMelee                  // phasing player picks the next melee
	phFollowUp               // winner chooses whether to follow up
	phOver
)

var phaseNames = [...]string{"set-up roll", "deployment", "reinforcement point", "reinforcement queue", "movement", "charge response", "reinforcement arrival", "rally", "shooting", "supporting fire", "rout direction", "melee", "follow-up", "game over"}

// Chance event kinds.
const (
	chNone uint8 = iota
	chSetup
	chReinf
	chRally
	chFire
	chRoutTest
	chMelee
	chBombard
)

// routReq is a unit waiting to rout: its away direction and why.
type routReq struct {
	Unit     uint8
	Shooting bool // from shooting: the owner may choose rear or away from the firer
	Away     geom.Vec
}

const routCap = 32

// State is a 2 by 2 Napoleonic position. It is a plain value: copying it
// with = or CopyFrom copies the whole game and allocates nothing; the
// scenario is shared read-only.
type State struct {
	sc *Scenario

	U [MaxUnits]Unit
	n uint8

	turn      uint16
	turnLimit uint16
	phase     uint8
	phasing   uint8 // side whose turn it is
	actor     uint8 // side making the current decision
	attacker  uint8

	// Set-up.
	setupStep uint8 // deployment/point step counter
	ties      uint8
	deployAP  [2]float32 // AP each side may still deploy
	points    [2][2]rpoint
	pointCur  int8 // point being queued

	// Movement phase.
	reinfDice uint8 // reinforcement dice used this phase
	diceFor   int8  // point the pending reinforcement die is for
	arrivalPt int8  // point whose next unit has arrived
	stallAtt  uint8 // charger awaiting the defender's response
	stallDef  uint8

	// Chance.
	chance uint8
	chN    uint8
	chUnit uint8
	chMod  int8
	chMod2 int8

	// Shooting.
	fireTarget  uint8
	firePrimary uint8
	fireMask    uint64 // firers in the current group
	fireStall   bool   // the current group is stalling a charge

	// Melee.
	mAttMask    uint64 // attacking units (primary + overlaps + column support)
	mDefMask    uint64
	mAttPrimary uint8
	mDefPrimary uint8
	mMultiFront bool
	mFollow     uint8 // unit that may follow up
	mMandatory  bool

	// Routs waiting to be resolved, and where play resumes afterwards.
	routs   [routCap]routReq
	routN   uint8
	routCur routReq
	routed  uint64 // units that routed in the present chain of routs
	resume  uint8

	// Grand battery (optional rule).
	grandBattery bool
	bomb         bombArea
	bombQ        uint64 // units waiting to be bombarded

	destroyed [2]uint8
	result    engine.Result
}

// Scenario returns the static data the state plays on.
func (s *State) Scenario() *Scenario { return s.sc }

// ScenarioName is the name of the scenario the game is played on.
func (s *State) ScenarioName() string { return s.sc.Name }

// NumUnits is the number of units in the scenario.
func (s *State) NumUnits() int { return int(s.n) }

// Spec is the static description of unit i.
func (s *State) Spec(i int) *UnitSpec { return &s.sc.Units[i] }

// Ruleset names the rules.
func (s *State) Ruleset() string { return Name }

// Turn is the game turn (0 during set-up).
func (s *State) Turn() int { return int(s.turn) }

// Phasing is the side whose turn it is.
func (s *State) Phasing() int { return int(s.phasing) }

// Attacker is the side that won the set-up roll.
func (s *State) Attacker() int { return int(s.attacker) }

// PhaseName names the current phase.
func (s *State) PhaseName() string { return phaseNames[s.phase] }

// SettingUp reports whether the game is still in its set-up ("Set up":
// the set-up roll, deployment, reinforcement points and their queues).
func (s *State) SettingUp() bool { return s.phase <= phQueue }

// Destroyed is the number of units side has lost.
func (s *State) Destroyed(side int) int { return int(s.destroyed[side]) }

// ToMove is the side to act, Chance when dice are pending, NoPlayer when over.
func (s *State) ToMove() engine.Player {
	switch {
	case s.result.Over:
		return engine.NoPlayer
	case s.chance != chNone:
		return engine.Chance
	default:
		return engine.Player(s.actor)
	}
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.result.Over }

// Result is the game's outcome.
func (s *State) Result() engine.Result { return s.result }

// PendingRoll is what the pending chance event rolls, and who rolls it at
// the table (ruling R-ROLLER): the shooter's side for a volley, the bombarding side for a
// bombardment, the unit's own side for a rally or a rout test, the
// phasing side for a reinforcement; nobody in particular for the set-up
// roll and a melee, where each side throws one of the two dice.
func (s *State) PendingRoll() engine.Roll {
	r := engine.D(int(s.chN), 6)
	switch s.chance {
	case chReinf:
		r.By = engine.Player(s.phasing)
	case chRally, chRoutTest:
		r.By = engine.Player(s.side(int(s.chUnit)))
	case chFire:
		r.By = engine.Player(s.side(int(s.firePrimary)))
	case chBombard:
		r.By = engine.Player(1 - s.side(int(s.chUnit)))
	}
	return r
}

// CopyFrom overwrites s with src (a *State).
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns a copy of the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// rect is unit i's base.
func (s *State) rect(i int) geom.Rect {
	u := &s.U[i]
	return geom.Rect{C: u.Pos, F: u.Dir, HW: 0.5, HD: 0.25}
}

func (s *State) side(i int) uint8         { return uint8(s.sc.Units[i].Side) }
func (s *State) typ(i int) UnitType       { return s.sc.Units[i].Type }
func (s *State) prof(i int) *Profile      { return &profiles[s.sc.Units[i].Type] }
func (s *State) has(i int, f uint16) bool { return s.U[i].Flags&f != 0 }

// Hash mixes every field of the position into 64 bits.
func (s *State) Hash() uint64 {
	h := uint64(0x6a09e667f3bcc908)
	mix := func(v uint64) {
		h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	for i := 0; i < int(s.n); i++ {
		u := &s.U[i]
		mix(math.Float64bits(u.Pos.X))
		mix(math.Float64bits(u.Pos.Y))
		mix(math.Float64bits(u.Dir.X))
		mix(math.Float64bits(u.Dir.Y))
		mix(uint64(u.Loc) | uint64(u.Stat)<<8 | uint64(u.Flags)<<16 | uint64(uint8(u.Point))<<32 | uint64(u.Queue)<<40 | uint64(u.StallOn)<<48)
	}
	mix(uint64(s.turn) | uint64(s.phase)<<16 | uint64(s.phasing)<<24 | uint64(s.actor)<<32 | uint64(s.attacker)<<40 | uint64(s.chance)<<48)
	mix(uint64(s.chUnit) | uint64(uint8(s.chMod))<<16 | uint64(s.chN)<<24 | uint64(s.reinfDice)<<32 | uint64(s.routN)<<40)
	mix(s.fireMask ^ s.mAttMask<<1 ^ s.mDefMask<<2 ^ s.bombQ<<3 ^ s.routed<<4)
	if s.bomb.Active {
		mix(math.Float64bits(s.bomb.C.X) ^ math.Float64bits(s.bomb.C.Y)<<1 ^ math.Float64bits(s.bomb.HW)<<2)
	}
	mix(uint64(s.destroyed[0]) | uint64(s.destroyed[1])<<8 | uint64(s.ties)<<16 | uint64(s.setupStep)<<24)
	for side := 0; side < 2; side++ {
		for k := 0; k < 2; k++ {
			p := &s.points[side][k]
			if p.Placed {
				mix(math.Float64bits(p.Pos.X) ^ math.Float64bits(p.Pos.Y)<<1 ^ uint64(p.Edge))
			}
		}
	}
	return h
}

// TurnOf is the phasing side, whose turn it is (engine.Phaser).
func (s *State) TurnOf() engine.Player { return engine.Player(s.phasing) }

// MaterialDestroyed is the AP each side destroyed of the other's army (side 0's
// tally first), the cost of every enemy unit destroyed: the material of a
// turn-limit adjudication (engine.Material).
func (s *State) MaterialDestroyed() [2]float64 {
	var lost [2]float64
	units := s.sc.Units
	for i := 0; i < int(s.n) && i < len(units); i++ {
		if s.U[i].Loc == LocDestroyed {
			lost[units[i].Side&1] += units[i].UnitCost()
		}
	}
	return [2]float64{lost[1], lost[0]}
}
