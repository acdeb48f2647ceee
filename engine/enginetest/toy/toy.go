// Package toy is a small ruleset for tests only: a worked example for
// people adding a ruleset to grognard, and the second ruleset the
// conformance suite (engine/enginetest), the agents, tournaments, records
// and external bots are tried on. Nobody plays it: it is registered with
// engine.Register only by tests, through Register, so no command lists
// it.
//
// # The rules
//
// Two sides, Blue (side 0) and Red (side 1), have a few units each on a
// track of 12 squares, Blue at the low end, Red at the high end; a square
// holds one unit. A unit has a type (line, guns, skirmishers), a strength
// (the dice it fires; at 0 it is destroyed) and may be shaken.
//
// Each turn begins with a sealed choice: each side picks a posture
// unseen, and both are revealed together. Attack adds 2 dice to every
// pool its side fires (at most 20); defend makes the side's units harder
// to hit (5+ instead of 4+) and steadier (+1 morale); maneuver lets its
// line and skirmishers advance 2 squares, and the side that alone
// maneuvers acts first.
//
// Then the sides activate their units one at a time, alternately (a side
// with none left passes), each unit once a turn. A unit's orders:
//
//   - hold: stay, +1 morale until it next acts;
//   - advance: 1 square toward the enemy (2 when maneuvering, guns 1),
//     stopping before an occupied square;
//   - fire at an enemy within range (line 2, skirmishers 3, guns 4): as
//     many D6 as its strength (halved, rounded up, when shaken; +2 on the
//     attack; at most 20), each 4+ a hit (5+ if the target defends), each
//     hit a point of strength lost; a target hit and not destroyed tests
//     morale (-1 for 3 hits or more);
//   - charge an enemy up to 2 squares away (line and skirmishers, not
//     shaken, over empty squares): the charger moves next to it and the
//     target tests morale at -2; passed, the charger loses 2 strength and
//     is shaken; failed, the target loses 3 strength, is shaken and falls
//     back a square, destroyed if it cannot.
//
// A morale test is 2D6 rolled by the tested unit's side: it passes on its
// morale (line 8, skirmishers 7, guns 6) or less, with the modifiers;
// failing a test under fire shakes the unit. Shaken units recover at the
// end of the turn.
//
// The variant "no-postures" leaves the postures out: every turn goes
// straight to the activations, for a test or a front end that wants no
// sealed choices.
//
// A side whose units are all destroyed loses (a victory). Two turns
// running in which both sides defend are a draw by the rules; the last
// turn played with both sides standing is a turn-limit draw.
package toy

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
)

// Name is the ruleset's short name.
const Name = "toy"

// Version identifies the rules implementation.
const Version = "1"

// TrackLen is the number of squares of the track.
const TrackLen = 12

// MaxUnits is the most units a scenario may hold.
const MaxUnits = 8

// VariantNoPostures leaves the sealed postures out of the game.
const VariantNoPostures = "no-postures"

// MaxPool is the most dice a unit fires.
const MaxPool = 20

// Unit types.
const (
	Line uint8 = iota
	Guns
	Skirmishers
)

var typeNames = [...]string{"Line", "Guns", "Skirmishers"}

// profile is what a unit type can do.
type profile struct {
	str, rng, morale int8
	charges          bool
}

var profiles = [...]profile{
	Line:        {str: 12, rng: 2, morale: 8, charges: true},
	Guns:        {str: 20, rng: 4, morale: 6},
	Skirmishers: {str: 6, rng: 3, morale: 7, charges: true},
}

// Action kinds (engine.Action.Kind). Unit and Target are unit indices;
// a posture's Arg is the posture.
const (
	KindPosture uint8 = iota + 1
	KindHold
	KindAdvance
	KindFire
	KindCharge
)

// Postures (the Arg of a KindPosture action).
const (
	NoPosture uint8 = iota
	Attack
	Defend
	Maneuver
)

var postureNames = [...]string{"none", "attack", "defend", "maneuver"}

// unitSpec places one unit in a scenario.
type unitSpec struct {
	Label string
	Side  uint8
	Type  uint8
	Start int8
}

// scenario is static data every state of a game shares, read only.
type scenario struct {
	name  string
	turns int
	units []unitSpec
}

var scenarios = []*scenario{
	{name: "skirmish", turns: 8, units: []unitSpec{
		{"B-Guns", 0, Guns, 0}, {"B-Line", 0, Line, 2}, {"B-Skirm", 0, Skirmishers, 3},
		{"R-Guns", 1, Guns, 11}, {"R-Line", 1, Line, 9}, {"R-Skirm", 1, Skirmishers, 8},
	}},
	{name: "duel", turns: 6, units: []unitSpec{
		{"B-Line", 0, Line, 3}, {"B-Skirm", 0, Skirmishers, 4},
		{"R-Line", 1, Line, 8}, {"R-Skirm", 1, Skirmishers, 7},
	}},
}

// Unit flags.
const (
	fActed  uint8 = 1 << iota // activated this turn
	fShaken                   // failed a morale test this turn
	fHeld                     // held at its last activation
)

// Unit is one unit's changing state. Str 0 is destroyed.
type Unit struct {
	Str   int8  `json:"str"`
	Pos   int8  `json:"pos"`
	Flags uint8 `json:"flags"`
}

// Phases.
const (
	phPosture uint8 = iota
	phActivate
	phOver
)

var phaseNames = [...]string{"posture", "activation", "over"}

// Pending chance events.
const (
	chNone uint8 = iota
	chFire
	chMorale
)

// State is a position: a plain value of fixed arrays, with the scenario
// behind one read-only pointer, so CopyFrom is one assignment.
type State struct {
	sc      *scenario
	n       uint8
	u       [MaxUnits]Unit
	turn    uint8
	limit   uint8
	phase   uint8
	active  uint8    // the side activating a unit
	first   uint8    // the side that acted first this turn
	posture [2]uint8 // NoPosture until committed
	defends uint8    // turns running both sides defended
	chance  uint8
	chUnit  uint8 // firer or charger
	chTgt   uint8 // the target
	chMod   int8  // morale modifier of the pending test
	charge  bool  // the pending test is a charge's
	lost    [2]uint8
	result  engine.Result
	// noPostures is the variant without postures.
	noPostures bool
}

// Register makes the toy ruleset known to engine.Lookup. Only tests call
// it: the toy is not played by users.
func Register() { engine.Register(Rules{}) }

// Rules is the toy ruleset (engine.Ruleset).
type Rules struct{}

// Name is "toy".
func (Rules) Name() string { return Name }

// Version of the implementation.
func (Rules) Version() string { return Version }

// Title names the rules.
func (Rules) Title() string { return "Toy skirmish (a ruleset for tests)" }

// Scenarios lists the scenarios, the default first.
func (Rules) Scenarios() []string {
	out := make([]string, len(scenarios))
	for i, sc := range scenarios {
		out[i] = sc.name
	}
	return out
}

// find is a scenario by name ("" is the default).
func find(name string) (*scenario, error) {
	if name == "" {
		return scenarios[0], nil
	}
	for _, sc := range scenarios {
		if sc.name == name {
			return sc, nil
		}
	}
	return nil, fmt.Errorf("unknown toy scenario %q (known: %s)", name, strings.Join(Rules{}.Scenarios(), ", "))
}

// settings are the game's last turn and whether it has postures, under
// opts.
func settings(sc *scenario, opts engine.Options) (limit uint8, noPostures bool, err error) {
	for _, v := range opts.Variants {
		if v != VariantNoPostures {
			return 0, false, fmt.Errorf("unknown toy variant %q (available: %s)", v, VariantNoPostures)
		}
		noPostures = true
	}
	if opts.TurnLimit < 0 || opts.TurnLimit > 255 {
		return 0, false, fmt.Errorf("turn limit %d: give 1 to 255, or 0 for the scenario's %d", opts.TurnLimit, sc.turns)
	}
	if opts.TurnLimit > 0 {
		return uint8(opts.TurnLimit), noPostures, nil
	}
	return uint8(sc.turns), noPostures, nil
}

// NewGame starts a game on a scenario.
func (Rules) NewGame(scenario string, opts engine.Options) (engine.State, error) {
	sc, err := find(scenario)
	if err != nil {
		return nil, err
	}
	lim, noPostures, err := settings(sc, opts)
	if err != nil {
		return nil, err
	}
	s := &State{sc: sc, n: uint8(len(sc.units)), turn: 1, limit: lim, noPostures: noPostures}
	for i, spec := range sc.units {
		s.u[i] = Unit{Str: profiles[spec.Type].str, Pos: spec.Start}
	}
	if noPostures {
		s.reveal()
	}
	return s, nil
}

// ScenarioHash identifies a scenario's units and the turn limit.
func (Rules) ScenarioHash(scenario string, opts engine.Options) (string, error) {
	sc, err := find(scenario)
	if err != nil {
		return "", err
	}
	lim, noPostures, err := settings(sc, opts)
	if err != nil {
		return "", err
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s %s %v", Version, sc.name, sc.units)
	id := fmt.Sprintf("%s-%016x-t%d", sc.name, h.Sum64(), lim)
	if noPostures {
		id += "-" + VariantNoPostures
	}
	return id, nil
}

// ---- Who chooses what ----

// ToMove is the side to act, Chance when dice are pending, engine.Both
// while postures are chosen.
func (s *State) ToMove() engine.Player {
	switch {
	case s.result.Over:
		return engine.NoPlayer
	case s.chance != chNone:
		return engine.Chance
	case s.phase == phPosture:
		return engine.Both
	}
	return engine.Player(s.active)
}

// Owes reports whether side has yet to choose its posture (engine.Sealed).
func (s *State) Owes(side engine.Player) bool {
	return !s.result.Over && s.phase == phPosture && (side == 0 || side == 1) && s.posture[side] == NoPosture
}

// postureAction is the action choosing posture p.
func postureAction(p uint8) engine.Action { return engine.Action{Kind: KindPosture, Arg: p} }

// LegalFor appends side's postures while it owes one (engine.Sealed).
func (s *State) LegalFor(side engine.Player, buf []engine.Action) []engine.Action {
	if !s.Owes(side) {
		return buf
	}
	return append(buf, postureAction(Attack), postureAction(Defend), postureAction(Maneuver))
}

// Commit seals side's posture; the second one reveals both and starts
// the activations (engine.Sealed).
func (s *State) Commit(side engine.Player, a engine.Action) error {
	if !s.Owes(side) {
		return fmt.Errorf("%w: %s has no posture to choose now", engine.ErrIllegal, s.SideName(side))
	}
	if a.Kind != KindPosture || a.Arg < Attack || a.Arg > Maneuver || a != postureAction(a.Arg) {
		return fmt.Errorf("%w: %s must choose a posture (attack, defend or maneuver)", engine.ErrIllegal, s.SideName(side))
	}
	s.posture[side] = a.Arg
	if s.posture[side.Other()] != NoPosture {
		s.reveal()
	}
	return nil
}

// View is the state as side may see it: the other side's posture is
// hidden until both are revealed (engine.Viewer).
func (s *State) View(side engine.Player) engine.State {
	c := *s
	if c.phase == phPosture && (side == 0 || side == 1) {
		c.posture[side.Other()] = NoPosture
	}
	return &c
}

// reveal starts the activations: the side that alone maneuvers acts
// first, else Blue on odd turns and Red on even ones.
func (s *State) reveal() {
	s.phase = phActivate
	s.first = 1 - s.turn%2
	switch m0, m1 := s.posture[0] == Maneuver, s.posture[1] == Maneuver; {
	case m0 && !m1:
		s.first = 0
	case m1 && !m0:
		s.first = 1
	}
	for i := range s.u[:s.n] {
		s.u[i].Flags &^= fActed
	}
	s.active = s.first
	if !s.hasToAct(s.active) {
		s.next()
	}
}

// side is unit i's side.
func (s *State) side(i int) uint8 { return s.sc.units[i].Side }

// prof is unit i's profile.
func (s *State) prof(i int) *profile { return &profiles[s.sc.units[i].Type] }

// hasToAct reports whether side has a unit standing that has not acted.
func (s *State) hasToAct(side uint8) bool {
	for i := range s.u[:s.n] {
		if s.side(i) == side && s.u[i].Str > 0 && s.u[i].Flags&fActed == 0 {
			return true
		}
	}
	return false
}

// forward is the direction side advances in.
func forward(side uint8) int8 { return 1 - 2*int8(side) }

// at is the unit on square pos, or -1.
func (s *State) at(pos int8) int {
	for i := range s.u[:s.n] {
		if s.u[i].Str > 0 && s.u[i].Pos == pos {
			return i
		}
	}
	return -1
}

// reach is how many squares unit i advances now.
func (s *State) reach(i int) int8 {
	if s.sc.units[i].Type != Guns && s.posture[s.side(i)] == Maneuver {
		return 2
	}
	return 1
}

// freeAhead is how many empty squares lie ahead of unit i, up to n.
func (s *State) freeAhead(i int, n int8) int8 {
	d := forward(s.side(i))
	var k int8
	for k < n {
		p := s.u[i].Pos + d*(k+1)
		if p < 0 || p >= TrackLen || s.at(p) >= 0 {
			break
		}
		k++
	}
	return k
}

// dist is the number of squares between units i and j.
func (s *State) dist(i, j int) int8 {
	d := s.u[i].Pos - s.u[j].Pos
	if d < 0 {
		d = -d
	}
	return d
}

// canCharge reports whether unit i may charge unit j.
func (s *State) canCharge(i, j int) bool {
	if !s.prof(i).charges || s.u[i].Flags&fShaken != 0 {
		return false
	}
	d := s.dist(i, j)
	return d >= 1 && d <= 2 && s.freeAhead(i, d-1) == d-1
}

// Legal appends the orders of the active side's units that have not acted.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	if s.result.Over || s.chance != chNone || s.phase != phActivate {
		return buf
	}
	for i := range s.u[:s.n] {
		if s.side(i) != s.active || s.u[i].Str <= 0 || s.u[i].Flags&fActed != 0 {
			continue
		}
		u := uint8(i)
		buf = append(buf, engine.Action{Kind: KindHold, Unit: u})
		if s.freeAhead(i, 1) > 0 {
			buf = append(buf, engine.Action{Kind: KindAdvance, Unit: u})
		}
		for j := range s.u[:s.n] {
			if s.side(j) == s.active || s.u[j].Str <= 0 {
				continue
			}
			if s.dist(i, j) <= s.prof(i).rng {
				buf = append(buf, engine.Action{Kind: KindFire, Unit: u, Target: uint8(j)})
			}
			if s.canCharge(i, j) {
				buf = append(buf, engine.Action{Kind: KindCharge, Unit: u, Target: uint8(j)})
			}
		}
	}
	return buf
}

// maxLegal bounds the orders of one activation: hold and advance, fire
// and charge at each enemy, for each unit of the side.
const maxLegal = MaxUnits * (2 + 2*MaxUnits)

// Apply plays one of Legal's orders; anything else is refused.
func (s *State) Apply(a engine.Action) error {
	switch {
	case s.result.Over:
		return fmt.Errorf("%w: the game is over", engine.ErrIllegal)
	case s.chance != chNone:
		return fmt.Errorf("%w: dice are pending (%s)", engine.ErrIllegal, s.DescribeRoll())
	case s.phase == phPosture:
		return fmt.Errorf("%w: both sides choose their postures now (a sealed choice: commit it)", engine.ErrIllegal)
	}
	var tmp [maxLegal]engine.Action
	ok := false
	for _, b := range s.Legal(tmp[:0]) {
		ok = ok || a == b
	}
	if !ok {
		return fmt.Errorf("%w: %+v is not an order %s can give now", engine.ErrIllegal, a, s.SideName(engine.Player(s.active)))
	}
	i, j := int(a.Unit), int(a.Target)
	s.u[i].Flags = s.u[i].Flags&^fHeld | fActed
	switch a.Kind {
	case KindHold:
		s.u[i].Flags |= fHeld
	case KindAdvance:
		s.u[i].Pos += forward(s.side(i)) * s.freeAhead(i, s.reach(i))
	case KindFire:
		s.chance, s.chUnit, s.chTgt = chFire, a.Unit, a.Target
		return nil
	case KindCharge:
		s.u[i].Pos = s.u[j].Pos - forward(s.side(i))
		s.chance, s.chUnit, s.chTgt, s.chMod, s.charge = chMorale, a.Unit, a.Target, -2, true
		return nil
	}
	s.next()
	return nil
}

// pool is the dice unit i fires.
func (s *State) pool(i int) int {
	n := int(s.u[i].Str)
	if s.u[i].Flags&fShaken != 0 {
		n = (n + 1) / 2
	}
	if s.posture[s.side(i)] == Attack {
		n += 2
	}
	return max(1, min(MaxPool, n))
}

// hitOn is the face that hits unit j.
func (s *State) hitOn(j int) int {
	if s.posture[s.side(j)] == Defend {
		return 5
	}
	return 4
}

// morale is what unit j's pending test must roll at most on 2D6.
func (s *State) morale(j int) int {
	m := int(s.prof(j).morale) + int(s.chMod)
	if s.posture[s.side(j)] == Defend {
		m++
	}
	if s.u[j].Flags&fHeld != 0 {
		m++
	}
	return m
}

// PendingRoll is the fire's pool, rolled by the firer's side, or the
// morale test's 2D6, rolled by the tested unit's side.
func (s *State) PendingRoll() engine.Roll {
	switch s.chance {
	case chFire:
		return engine.D(s.pool(int(s.chUnit)), 6).Rolled(engine.Player(s.side(int(s.chUnit))))
	case chMorale:
		return engine.D(2, 6).Rolled(engine.Player(s.side(int(s.chTgt))))
	}
	return engine.Roll{By: engine.Chance}
}

// Outcomes gives search a fire's pool by number of hits, and a morale
// test's 36 faces (engine.ChanceOutcomes).
func (s *State) Outcomes(buf []engine.Outcome) []engine.Outcome {
	switch s.chance {
	case chFire:
		return engine.HitOutcomes(buf, s.pool(int(s.chUnit)), 6, s.hitOn(int(s.chTgt)))
	case chMorale:
		return engine.AllOutcomes(buf, s.PendingRoll())
	}
	return buf
}

// ApplyDice resolves the pending fire or morale test.
func (s *State) ApplyDice(d engine.Dice) error {
	if s.chance == chNone {
		return fmt.Errorf("%w: no dice are pending", engine.ErrIllegal)
	}
	if err := d.Check(s.PendingRoll()); err != nil {
		return fmt.Errorf("%w: %v", engine.ErrIllegal, err)
	}
	i, j := int(s.chUnit), int(s.chTgt)
	if s.chance == chFire {
		hits := 0
		for _, v := range d.Values() {
			if int(v) >= s.hitOn(j) {
				hits++
			}
		}
		s.chance = chNone
		s.hurt(j, hits)
		if hits > 0 && s.u[j].Str > 0 {
			s.chance, s.chMod, s.charge = chMorale, 0, false
			if hits >= 3 {
				s.chMod = -1
			}
			return nil
		}
		s.next()
		return nil
	}
	passed := int(d.V[0])+int(d.V[1]) <= s.morale(j)
	charge := s.charge
	s.chance, s.chMod, s.charge = chNone, 0, false
	switch {
	case charge && passed:
		s.hurt(i, 2)
		s.u[i].Flags |= fShaken
	case charge:
		s.hurt(j, 3)
		s.u[j].Flags |= fShaken
		if back := s.u[j].Pos - forward(s.side(j)); back < 0 || back >= TrackLen || s.at(back) >= 0 {
			s.hurt(j, int(s.u[j].Str))
		} else {
			s.u[j].Pos = back
		}
	case !passed:
		s.u[j].Flags |= fShaken
	}
	s.next()
	return nil
}

// hurt takes n strength from unit j (at most what it has).
func (s *State) hurt(j, n int) {
	n = min(n, int(s.u[j].Str))
	s.u[j].Str -= int8(n)
	s.lost[s.side(j)] += uint8(n)
}

// standing is the strength side has left.
func (s *State) standing(side uint8) int {
	n := 0
	for i := range s.u[:s.n] {
		if s.side(i) == side {
			n += int(s.u[i].Str)
		}
	}
	return n
}

// destroyedReason is a victory's reason, by the side destroyed: constant
// strings, since ending a game must not allocate in a playout.
var destroyedReason = [2]string{"Blue is destroyed", "Red is destroyed"}

// next ends an activation: a side wiped out loses, else the other side
// activates if it has a unit left to, else this side, else the turn ends.
func (s *State) next() {
	for side := uint8(0); side < 2; side++ {
		if s.standing(side) == 0 {
			w := engine.Player(1 - side)
			s.phase, s.result = phOver, engine.Ended(engine.Victory, w, destroyedReason[side])
			return
		}
	}
	switch {
	case s.hasToAct(1 - s.active):
		s.active = 1 - s.active
	case s.hasToAct(s.active):
	default:
		s.endTurn()
	}
}

// endTurn rallies the shaken, and ends the game on two defensive turns
// running or at the turn limit; else the next turn's postures are chosen.
func (s *State) endTurn() {
	for i := range s.u[:s.n] {
		s.u[i].Flags &^= fShaken
	}
	if s.posture[0] == Defend && s.posture[1] == Defend {
		s.defends++
	} else {
		s.defends = 0
	}
	switch {
	case s.defends >= 2:
		s.phase, s.result = phOver, engine.Ended(engine.RulesDraw, engine.NoPlayer, "both sides stood on the defensive two turns running")
	case s.turn >= s.limit:
		s.phase, s.result = phOver, engine.Ended(engine.TurnLimit, engine.NoPlayer, "turn limit reached")
	default:
		s.turn++
		s.phase, s.posture = phPosture, [2]uint8{}
		if s.noPostures {
			s.reveal()
		}
	}
}

// ---- The rest of engine.State ----

// Ruleset is "toy".
func (s *State) Ruleset() string { return Name }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.result.Over }

// Result is the game's outcome.
func (s *State) Result() engine.Result { return s.result }

// Turn is the current turn, from 1.
func (s *State) Turn() int { return int(s.turn) }

// CopyFrom overwrites s with src, a *State.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns a copy of the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// Hash mixes every field of the position.
func (s *State) Hash() uint64 {
	h := uint64(0x746f79)
	mix := func(v uint64) { h = engine.Mix64(h ^ v + 0x9e3779b97f4a7c15) }
	for _, u := range s.u[:s.n] {
		mix(uint64(uint8(u.Str)) | uint64(uint8(u.Pos))<<8 | uint64(u.Flags)<<16)
	}
	mix(uint64(s.turn) | uint64(s.limit)<<8 | uint64(s.phase)<<16 | uint64(s.active)<<24 | uint64(s.first)<<32 | uint64(s.defends)<<40)
	mix(uint64(s.posture[0]) | uint64(s.posture[1])<<8 | uint64(s.chance)<<16 | uint64(s.chUnit)<<24 | uint64(s.chTgt)<<32 | uint64(uint8(s.chMod))<<40)
	b := uint64(0)
	if s.charge {
		b = 1
	}
	if s.noPostures {
		b |= 2
	}
	mix(b | uint64(s.lost[0])<<8 | uint64(s.lost[1])<<16 | uint64(s.result.Kind)<<24 | uint64(uint8(s.result.Winner))<<32)
	return h
}

// label is unit i's label, or a note for an index that names none.
func (s *State) label(i int) string {
	if i < 0 || i >= int(s.n) {
		return "unit " + strconv.Itoa(i) + " (none)"
	}
	return s.sc.units[i].Label
}

// DescribeAction renders an action in words.
func (s *State) DescribeAction(a engine.Action) string {
	u, t := s.label(int(a.Unit)), s.label(int(a.Target))
	switch a.Kind {
	case KindPosture:
		if int(a.Arg) < len(postureNames) {
			return "choose the " + postureNames[a.Arg] + " posture"
		}
	case KindHold:
		return u + " holds"
	case KindAdvance:
		return u + " advances"
	case KindFire:
		return u + " fires at " + t
	case KindCharge:
		return u + " charges " + t
	}
	return fmt.Sprintf("unknown order %+v", a)
}

// DescribeRoll says what is rolled and why.
func (s *State) DescribeRoll() string {
	i, j := int(s.chUnit), int(s.chTgt)
	switch s.chance {
	case chFire:
		return fmt.Sprintf("%s fires %dd6 at %s, hitting on %d+", s.label(i), s.pool(i), s.label(j), s.hitOn(j))
	case chMorale:
		why := "under fire"
		if s.charge {
			why = "charged by " + s.label(i)
		}
		return fmt.Sprintf("%s tests morale %s: 2d6, passing on %d or less", s.label(j), why, s.morale(j))
	}
	return "no dice are pending"
}
