package drums

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Limits of one battle. A state is a value of fixed size, so the largest
// force it can hold is fixed here; scenario checks refuse larger ones.
const (
	// MaxUnits is the most units both sides field together.
	MaxUnits = 48
	// MaxSideUnits is the most units one side fields.
	MaxSideUnits = 32
	// MaxCommands is the most sub-generals' commands of one side.
	MaxCommands = 8
	// MaxGenerals is the most generals of both sides: a force commander
	// and up to MaxCommands sub-generals each.
	MaxGenerals = 2 * (MaxCommands + 1)
	// maxTasks bounds the depth of the rules' work stack (a charge inside
	// an activation, a melee inside the charge, a test inside the melee, a
	// forced retire inside the test).
	//
	// Risk to Generals throws sit on the stack too, at most one pending
	// for each general (ruling D-RISK-ONCE), hence the room.
	maxTasks = 24 + MaxGenerals
)

// NoCommand is the command of the force commander (Army Structure: he
// commands no sub-general's units but can enable any unit at 5BW).
const NoCommand = 0xff

// Unit flags: what a unit has done this turn and in the game.
const (
	fAlive        uint32 = 1 << iota
	fLoaded              // Reload: units start the game loaded (Shooting Action 2)
	fActivated           // has had its activation this turn
	fMoved               // moved this turn (Shooting Tables "target moved this turn")
	fShot                // shot this turn
	fHit                 // received a hit this turn (Resilience Situation)
	fHitByGuns           // received a hit from artillery this turn
	fInflicted           // inflicted hits this turn
	fForcedRetire        // was forced to retire this turn
	fEvaded              // evaded this turn (may evade once a turn)
	fInterpen            // interpenetrated a friend this turn: one move, no charge
	fMeleeFought         // has fought its first melee of the game
	fShotAtHit           // was shot at this turn and received at least 1 hit
	fReformed            // limbered or unlimbered this turn (Table 2a)
	fInMelee             // in melee contact: no more actions this turn
	fHeld                // passed or failed a hold test this activation: must charge
	fNoReload            // shot as part of an evade: cannot reload this turn
	fBroken              // broken and removed
	fFirstShot           // has used its first-shot bonus
	fSpent               // lost its remaining action points this turn (Charge 7)
	fWonFight            // has won a fight of the current melee (Resilience Situation "won the previous round")
)

// turnFlags are cleared at the start of every turn.
const turnFlags = fActivated | fMoved | fShot | fHit | fHitByGuns | fInflicted |
	fForcedRetire | fEvaded | fInterpen | fShotAtHit | fReformed | fInMelee | fHeld | fNoReload | fSpent | fWonFight

// Unit is one unit on the table: everything about it that changes.
type Unit struct {
	// Front is the midpoint of the unit's front edge, Facing its facing.
	Front  geom.Vec
	Facing float64
	Flags  uint32
	// Hits taken in the game; bases left follow from them.
	Hits uint8
	Form Formation
	// Level is the resilience thrown after deployment.
	Level Level
	// AP is the action points left in the current activation.
	AP uint8
	// Shots and Charges count the unit's shooting actions and charges in
	// the game (Table 2c "fired 3+ times"; Hold Test "charged twice").
	Shots, Charges uint8
	// Side and Cmd place the unit in its army: side 0 or 1, the command
	// index within the side.
	Side, Cmd uint8
	// Placed is true once the unit is on the table.
	Placed bool
}

// General is one general: a point on the table (Moving generals).
type General struct {
	Pos       geom.Vec
	Side, Cmd uint8 // Cmd is NoCommand for the force commander
	Alive     bool
	Placed    bool
	Activated bool
	// Swept is set when the general was swept away or hit this turn
	// (Risk to Generals: his units expend 1 action point for the rest of
	// the turn).
	Swept bool
}

// Baggage is a side's baggage camp, 6BW wide and 4BW deep (Baggage Camp).
type Baggage struct {
	Front  geom.Vec
	Facing float64
	Placed bool
	Lost   bool
}

// State is a Drums and Muskets position. It is a plain value: CopyFrom is
// one assignment; the scenario and profiles sit behind one read-only
// pointer.
type State struct {
	st *static

	Units [MaxUnits]Unit
	Gens  [MaxGenerals]General
	Camp  [2]Baggage
	NU    uint8
	NG    uint8

	// Supply is each side's supply dice left (Quarter master).
	Supply [2]uint8
	// Attacker is the side that won scouting initiative, -1 before.
	Attacker int8
	// Initiative is the side with the turn's initiative, First the side
	// that activates two units first.
	Initiative int8
	Active     int8
	// Run is how many activations the active side has left before play
	// passes (2 for the first side at the start of a turn, then 1).
	Run uint8
	// CurCmd is the command each side is part way through (0xfe none):
	// all its units must act before another command's (Actions).
	CurCmd [2]uint8
	// CurUnit is the unit (or 100+general) whose activation is running.
	CurUnit uint8
	TurnNo  uint16

	// The rules' work stack and what it waits for.
	tasks  [maxTasks]task
	ntasks uint8
	wait   waitKind
	ask    askKind
	waitBy int8 // the side a decision waits for
	// decl are the activation's declared actions, in order (Actions:
	// every action is declared before the first is carried out).
	decl  [2]engine.Action
	ndecl uint8
	// lost are the declared actions the last Apply or ApplyDice could
	// not carry out, and why (Report, ruling D-LOST-ACTION). They are
	// what happened, not where the game stands: copies keep them, Hash
	// and the saved JSON do not.
	lost  [maxLost]lostNote
	nlost uint8
	// out is the outcome of the last resilience test, which the task
	// that asked for it reads.
	out  outcome
	roll engine.Roll
	dice engine.Dice
	// rollWhat says what the pending roll is for (DescribeRoll).
	rollWhat rollKind
	rollA    uint8
	rollB    uint8
	// sc are scratch sums the tasks keep between steps (scouting and
	// initiative totals).
	sc [4]int16
	// fights are the current melee round's fights, each a pair of units in
	// contact (ruling D-MELEE-MANY).
	fights  [maxFights]fight
	nfights uint8

	result engine.Result
}

// alive reports whether unit i is on the table and not broken.
func (s *State) alive(i int) bool {
	u := &s.Units[i]
	return u.Flags&fAlive != 0 && u.Placed
}

// prof is unit i's army-list profile.
func (s *State) prof(i int) *Profile { return &s.st.units[i].Profile }

// Bases is how many bases (artillery: models) unit i has left: a base is
// lost for every 2 hits, a model for every 6 (Unit Types).
func (s *State) Bases(i int) int {
	p := s.prof(i)
	b := int(p.Bases) - int(s.Units[i].Hits)/p.HitsPerBase()
	return max(b, 0)
}

// strengthLeft is the unit's strength in hits still to take.
func (s *State) strengthLeft(i int) int {
	return s.prof(i).Strength() - int(s.Units[i].Hits)
}

// rect is unit i's footprint.
func (s *State) rect(i int) geom.Rect {
	u := &s.Units[i]
	return Footprint(s.prof(i).Type, u.Form, max(s.Bases(i), 1), u.Front, u.Facing)
}

// campRect is side's baggage camp.
func (s *State) campRect(side int) geom.Rect {
	c := &s.Camp[side]
	return geom.NewRect(c.Front.Sub(geom.Heading(c.Facing).Scale(2)), c.Facing, 6, 4)
}

// ToMove is the side to act, engine.Chance while dice are pending.
func (s *State) ToMove() engine.Player {
	switch s.wait {
	case waitDice:
		return engine.Chance
	case waitDecision:
		return engine.Player(s.waitBy)
	}
	return engine.NoPlayer
}

// Terminal reports whether the battle is over.
func (s *State) Terminal() bool { return s.result.Over }

// Result is the outcome once Terminal.
func (s *State) Result() engine.Result { return s.result }

// Turn is the game turn, 0 during set-up.
func (s *State) Turn() int { return int(s.TurnNo) }

// Ruleset names the rules.
func (s *State) Ruleset() string { return Name }

// PendingRoll is the roll the state waits for.
func (s *State) PendingRoll() engine.Roll { return s.roll }

// CopyFrom overwrites s with src, a *State.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns a copy of s.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}
