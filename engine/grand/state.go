package grand

import (
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/tabletop"
)

// KindPosture is the only kind of action: a side's sealed posture for a
// combat round, Unit the side (0 attacker, 1 defender, so the notation
// names the posture without the position), Arg the posture (AttOutflank...
// or DefOutflank...), Target the guard's morale level shift (0, 1 or 2)
// under option 12.3.4.
const KindPosture uint8 = 1

// Phases of a combat round.
const (
	phPosture    uint8 = iota // both sides choose postures (sealed)
	phCombat                  // the combat dice: attacker's, defender's, then any guard dice
	phArrival                 // an outflanking force's arrival roll (note b)
	phWithdrawal              // the defender's withdrawal roll (notes h, i)
	phPursuit                 // the pursuit die (Pursuit After Combat)
	phOver
	// phBombard is the artillery's bombardment before the first round
	// (option 12.3.5, G-BOMB). It comes after phOver in number so that
	// the phases of states saved before it keep their numbers.
	phBombard
)

var phaseNames = [...]string{"postures", "combat", "outflanking force", "withdrawal", "pursuit", "over", "bombardment"}

// Outflanking force status (note b).
const (
	outNone     uint8 = iota // the army is not split
	outOnItsWay              // the outflanking force has not arrived
	outArrived
)

// Army is one side's changing state in a battle.
type Army struct {
	// Factors left, by Kind.
	Factors [NumKinds]int16 `json:"factors"`
	// Morale is the force's morale in tenths (the factor-weighted mean of
	// the Morale Values Chart, ruling G-MOR-2) less its morale losses;
	// Lost is the morale lost so far, in tenths.
	Morale int16 `json:"morale"`
	Lost   int16 `json:"lost"`
	// FactorsLost counts the factors lost in combat and pursuit.
	FactorsLost int16 `json:"factors_lost"`
	// Out is the outflanking force's status and OutRounds the rounds it
	// has been out.
	Out       uint8 `json:"out"`
	OutRounds uint8 `json:"out_rounds"`
	// Posture is the round's posture (0 until committed) and Guard the
	// guard's shift committed with it.
	Posture uint8 `json:"posture"`
	Guard   uint8 `json:"guard"`
}

// total is the army's factors left.
func (a *Army) total() int {
	n := 0
	for _, v := range a.Factors {
		n += int(v)
	}
	return n
}

// cavalry is the army's cavalry and irregular factors (irregulars count
// as cavalry for note f and pursuit: ruling G-IRR).
func (a *Army) cavalry() int { return int(a.Factors[Cavalry] + a.Factors[Irregular]) }

// Round is what the last combat round (or the bombardment, G-BOMB) did,
// for people and tests.
type Round struct {
	Levels [2]Levels `json:"levels"`
	Die    [2]int8   `json:"die"`
	// LossPct is the percentage loss (%L) each side read on the Combat
	// Resolution Chart: the percentage of its own factors (its
	// artillery's in a bombardment) it inflicted on the enemy.
	LossPct [2]int8 `json:"loss_pct"`
	// Losses and Morale are what each side suffered (factors, tenths).
	Losses [2]int16 `json:"losses"`
	Morale [2]int16 `json:"morale"`
}

// State is a field battle in progress: a value of fixed arrays, with the
// scenario behind one read-only pointer, so CopyFrom is one assignment.
type State struct {
	sc     *Scenario
	armies [2]Army
	round  uint8
	phase  uint8
	// last is the last combat round's record.
	last Round
	// victor and broken say how the battle ended before the pursuit:
	// victor is 0 or 1 (2: a draw), loserBroke whether the loser broke
	// (else it withdrew unbroken).
	victor     uint8
	loserBroke bool
	// endHow is the reason the battle ended (an index of reasons).
	endHow uint8
	result engine.Result
}

// NewState starts a battle on sc, which must pass Check and is not
// changed afterwards.
func NewState(sc *Scenario) (*State, error) {
	if err := sc.Check(); err != nil {
		return nil, err
	}
	s := &State{sc: sc, round: 1}
	for side := range 2 {
		f := &sc.Forces[side]
		a := &s.armies[side]
		for k, v := range f.Factors {
			a.Factors[k] = int16(v)
		}
		a.Morale = startMorale(f)
	}
	s.startRound()
	if s.bombards(0) || s.bombards(1) {
		s.phase = phBombard
	}
	return s, nil
}

// bombards reports whether side's artillery bombards before the first
// round (G-BOMB): option 12.3.5, not in a marsh area ("May not be used in
// marsh areas"), not in a trivial combat (which is fought on table 5-2
// alone), and only with artillery factors.
func (s *State) bombards(side int) bool {
	return s.sc.Bombardment && s.sc.Terrain != Marsh && !s.sc.Trivial && s.sc.Forces[side].Factors[Artillery] > 0
}

// startMorale is a force's morale before the battle, in tenths: G-MOR-2,
// the mean of its factors' morale values (Morale Values Chart) weighted
// by factors, to the nearest tenth. The force has at least one factor.
func startMorale(f *Force) int16 {
	sum := 0
	for k, v := range f.Factors {
		sum += v * moraleValue(Kind(k), f.Nation)
	}
	t := f.Total()
	return int16((sum + t/2) / t)
}

// Scenario is the battle being fought (read only).
func (s *State) Scenario() *Scenario { return s.sc }

// Army is side's army as it stands.
func (s *State) Army(side int) Army { return s.armies[side&1] }

// LastRound is the last combat round's record.
func (s *State) LastRound() Round { return s.last }

// CombatRound is the round being fought, from 1.
func (s *State) CombatRound() int { return int(s.round) }

// startRound begins round s.round: postures, or at once the combat dice
// in a trivial combat.
func (s *State) startRound() {
	s.armies[0].Posture, s.armies[0].Guard = 0, 0
	s.armies[1].Posture, s.armies[1].Guard = 0, 0
	s.phase = phPosture
	if s.sc.Trivial {
		s.phase = phCombat
	}
}

// ---- Sealed postures ----

// ToMove is engine.Both while postures are chosen, Chance while dice are
// pending.
func (s *State) ToMove() engine.Player {
	switch s.phase {
	case phOver:
		return engine.NoPlayer
	case phPosture:
		return engine.Both
	}
	return engine.Chance
}

// Owes reports whether side has yet to choose its posture (engine.Sealed).
func (s *State) Owes(side engine.Player) bool {
	return s.phase == phPosture && (side == 0 || side == 1) && s.armies[side].Posture == 0
}

// guardShifts is the most guard shift side may commit: none without the
// option or guard factors; British and Spanish guards never; +2 only for
// French and Russian guards (Guard Commitment Table).
func (s *State) guardShifts(side int) uint8 {
	if s.armies[side].Factors[Guard] == 0 {
		return 0
	}
	return s.guardCap(side)
}

// guardCap is the most guard shift side's nation may ever commit under
// the scenario's options (Guard Commitment Table), guard left or not.
func (s *State) guardCap(side int) uint8 {
	n := s.sc.Forces[side].Nation
	switch {
	case !s.sc.GuardCommitment || n == GreatBritain || n == Spain:
		return 0
	case n == France || n == Russia:
		return 2
	}
	return 1
}

// LegalFor appends side's postures (with each guard shift it may commit)
// while it owes one (engine.Sealed).
func (s *State) LegalFor(side engine.Player, buf []engine.Action) []engine.Action {
	if !s.Owes(side) {
		return buf
	}
	g := s.guardShifts(int(side))
	for p := uint8(1); p <= uint8(NumPostures(int(side))); p++ {
		for shift := uint8(0); shift <= g; shift++ {
			buf = append(buf, PostureAction(int(side), p, shift))
		}
	}
	return buf
}

// PostureAction is side's posture p with a guard shift.
func PostureAction(side int, p, shift uint8) engine.Action {
	return engine.Action{Kind: KindPosture, Unit: uint8(side), Arg: p, Target: shift}
}

// Legal is empty: every decision is a sealed posture (LegalFor).
func (s *State) Legal(buf []engine.Action) []engine.Action { return buf }

// Apply refuses everything: postures are committed (engine.Sealed).
func (s *State) Apply(engine.Action) error {
	if s.phase == phOver {
		return fmt.Errorf("%w: the battle is over", engine.ErrIllegal)
	}
	if s.phase == phPosture {
		return fmt.Errorf("%w: both sides choose their postures at once: commit a sealed choice", engine.ErrIllegal)
	}
	return fmt.Errorf("%w: dice are pending (%s)", engine.ErrIllegal, s.DescribeRoll())
}

// Commit seals side's posture; the second reveals both and the round is
// fought (engine.Sealed).
func (s *State) Commit(side engine.Player, a engine.Action) error {
	if !s.Owes(side) {
		return fmt.Errorf("%w: %s has no posture to choose now", engine.ErrIllegal, s.SideName(side))
	}
	n := uint8(NumPostures(int(side)))
	if a != PostureAction(int(side), a.Arg, a.Target) || a.Arg < 1 || a.Arg > n || a.Target > s.guardShifts(int(side)) {
		return fmt.Errorf("%w: %s must choose one of its %d postures (%s)", engine.ErrIllegal, s.SideName(side), n, postureList[side])
	}
	s.armies[side].Posture, s.armies[side].Guard = a.Arg, a.Target
	if s.armies[side.Other()].Posture != 0 {
		s.reveal()
	}
	return nil
}

// postureList names each side's postures for messages.
var postureList = [2]string{
	"outflank, assault, escalated-assault, echelon or probe",
	"outflank, counterattack, escalated-counterattack, cordon, withdraw or defend",
}

// View hides the other side's committed posture until both are revealed
// (engine.Viewer).
func (s *State) View(side engine.Player) engine.State {
	c := *s
	if c.phase == phPosture && (side == 0 || side == 1) {
		c.armies[side.Other()].Posture, c.armies[side.Other()].Guard = 0, 0
	}
	return &c
}

// cell is the round's chart cell.
func (s *State) cell() Cell {
	if s.sc.Trivial {
		return trivialCell
	}
	return ChartCell(s.armies[1].Posture, s.armies[0].Posture, s.sc.River)
}

// reveal starts the round's combat once both postures are in: the
// outflanking forces are sent or recalled (ruling G-OUT), and a defender
// withdrawing before a probe goes without a fight.
func (s *State) reveal() {
	c := s.cell()
	if c.Auto {
		s.end(0, false, endAutoWithdrawal)
		return
	}
	for side := range 2 {
		a := &s.armies[side]
		if c.Split && int(c.Outflanker) == side {
			if a.Out == outNone {
				a.Out, a.OutRounds = outOnItsWay, 0
			}
			continue
		}
		a.Out, a.OutRounds = outNone, 0
	}
	s.phase = phCombat
}

// ---- Dice ----

// PendingRoll is the round's combat dice (attacker's, defender's, then a
// guard die for each side that committed its guard), an arrival or
// withdrawal roll, or the pursuit die: all D6.
func (s *State) PendingRoll() engine.Roll {
	switch s.phase {
	case phCombat:
		n := 2
		for _, a := range s.armies {
			if a.Guard > 0 {
				n++
			}
		}
		return engine.D(n, 6)
	case phBombard:
		n := 0
		for side := range 2 {
			if s.bombards(side) {
				n++
			}
		}
		return engine.D(n, 6)
	case phArrival, phWithdrawal, phPursuit:
		return engine.D(1, 6)
	}
	return engine.Roll{By: engine.Chance}
}

// Outcomes are every face of the pending roll (engine.ChanceOutcomes).
func (s *State) Outcomes(buf []engine.Outcome) []engine.Outcome {
	if s.ToMove() != engine.Chance {
		return buf
	}
	return engine.AllOutcomes(buf, s.PendingRoll())
}

// ApplyDice resolves the pending roll.
func (s *State) ApplyDice(d engine.Dice) error {
	if s.ToMove() != engine.Chance {
		return fmt.Errorf("%w: no dice are pending", engine.ErrIllegal)
	}
	if err := d.Check(s.PendingRoll()); err != nil {
		return fmt.Errorf("%w: %v", engine.ErrIllegal, err)
	}
	v := d.Values()
	switch s.phase {
	case phCombat:
		s.fight(v)
	case phBombard:
		s.bombard(v)
	case phArrival:
		s.arrive(int(v[0]))
	case phWithdrawal:
		if int(v[0]) <= s.withdrawalRating() {
			s.end(0, false, endWithdrew)
			return nil
		}
		s.nextRound()
	case phPursuit:
		s.pursue(int(v[0]))
	}
	return nil
}

// roundIndex is the chart column of the round: 1, 2, then 3 for every
// later round (ruling G-ROUNDS).
func (s *State) roundIndex() int { return min(int(s.round), 3) - 1 }

// levels are side's levels this round, with the terrain lines, the
// leaders' notes and a guard commitment's shift applied (G-CLAMP keeps
// them on the chart).
func (s *State) levels(c Cell, side int) Levels {
	return s.levelTerms(c, side, tabletop.Terms{}, tabletop.Terms{})
}

// levelTerms is levels, noting each shift of the casualty level in tc and
// of the morale level in tm (the chart's cell and the clamp are not rows).
func (s *State) levelTerms(c Cell, side int, tc, tm tabletop.Terms) Levels {
	line := c.First[side]
	if c.Split && s.armies[c.Outflanker].Out == outArrived {
		line = c.Second[side]
	}
	l := line[s.roundIndex()]
	if l == (Levels{}) || s.sc.Trivial {
		// "—": the side inflicts nothing this round; a trivial combat is
		// on table 5-2 whatever the ground ("Both use table 5-2").
		return l
	}
	switch s.sc.Terrain {
	case Forest:
		l.C += int8(tc.Add(-1, "forest"))
	case Mountain:
		if side == 0 {
			l.C += int8(tc.Add(-1, "mountain, attacking"))
		}
	case Marsh:
		l.C += int8(tc.Add(-1, "marsh"))
		l.M += int8(tm.Add(1, "marsh"))
	case Desert:
		l.M += int8(tm.Add(1, "desert"))
	}
	leader := s.sc.Forces[side].Commander.Nation
	if c.Notes&noteC != 0 && leader == Turkey {
		l.M += int8(tm.Add(1, "note c, Turkish leader"))
	}
	if c.Notes&noteL != 0 && side == 1 && leader == Russia {
		l.M += int8(tm.Add(1, "note l, Russian defender"))
	}
	l.M += int8(tm.Add(int(s.armies[side].Guard), "guard committed"))
	l.C, l.M = int8(clamp(int(l.C), 1, 5)), int8(clamp(int(l.M), 1, 5))
	return l
}

// dieModifier is side's modifier to its combat die: the Commander Chart
// (not under note k), an Austrian leader under note e, and cavalry
// superiority under option 12.3.3.1.
func (s *State) dieModifier(c Cell, side int) int { return s.dieTerms(c, side, tabletop.Terms{}) }

// dieTerms is dieModifier, noting each row in t.
func (s *State) dieTerms(c Cell, side int, t tabletop.Terms) int {
	m := 0
	if c.Notes&noteK == 0 {
		def, att := CommanderModifiers(s.sc.Forces[1].Commander.Tactical, s.sc.Forces[0].Commander.Tactical)
		m += t.Add([2]int{att, def}[side], "Commander Chart")
	}
	if c.Notes&noteE != 0 && s.sc.Forces[side].Commander.Nation == Austria {
		m += t.Add(1, "note e, Austrian leader")
	}
	if s.sc.CavalrySuperiority {
		mine, theirs := s.armies[side].cavalry(), s.armies[1-side].cavalry()
		if mine > 0 && mine >= 2*theirs {
			m += t.Add(1, "cavalry superiority (12.3.3.1)")
		}
	}
	return m
}

// fight resolves a combat round from its dice: each side inflicts the
// Combat Resolution Chart's losses on the other at once, then the round's
// end is checked.
func (s *State) fight(v []uint8) {
	c := s.cell()
	var r Round
	var losses, morale [2]int
	for side := range 2 {
		l := s.levels(c, side)
		r.Levels[side] = l
		if l == (Levels{}) {
			continue
		}
		die := clamp(int(v[side])+s.dieModifier(c, side), 0, 7)
		r.Die[side] = int8(die)
		res := CombatResult(l, die)
		r.LossPct[side] = res.Pct
		losses[1-side] += Casualties(int(res.Pct), s.armies[side].total())
		morale[1-side] += int(res.Morale)
	}
	// Guard dice follow the combat dice, the attacker's first.
	k := 2
	for side := range 2 {
		if g := s.armies[side].Guard; g > 0 {
			a := &s.armies[side]
			lost := int16(min(GuardLoss(int(g), int(v[k])), int(a.Factors[Guard])))
			a.Factors[Guard] -= lost
			a.FactorsLost += lost
			r.Losses[side] += lost
			k++
		}
	}
	var broke [2]bool
	for side := range 2 {
		a := &s.armies[side]
		militiaOK := a.Lost < 20 // G-MIL: before the round, below 2.0
		a.Morale -= int16(morale[side])
		a.Lost += int16(morale[side])
		broke[side] = a.Morale <= 0
		taken := s.takeLosses(side, losses[side], militiaOK, broke[side])
		r.Losses[side] += int16(taken)
		r.Morale[side] = int16(morale[side])
		if a.total() == 0 {
			broke[side] = true // G-BREAK: nothing left stands
		}
	}
	s.last = r
	switch {
	case broke[0] && broke[1]:
		// G-BOTH: the side with more morale left holds the field.
		switch m0, m1 := s.armies[0].Morale, s.armies[1].Morale; {
		case m0 > m1:
			s.end(0, true, endBroke)
		case m1 > m0:
			s.end(1, true, endBroke)
		default:
			s.end(2, true, endBothBroke)
		}
		return
	case broke[0]:
		s.end(1, true, endBroke)
		return
	case broke[1]:
		s.end(0, true, endBroke)
		return
	}
	for side := range 2 {
		if a := &s.armies[side]; a.Out == outOnItsWay {
			a.OutRounds++
			s.phase = phArrival
			return
		}
	}
	s.afterArrival()
}

// bombardTable is the Combat Resolution Chart's table the artillery
// bombards on: "Use 5-5 table (ignore morale loss)".
var bombardTable = Levels{C: 5, M: 5}

// bombard resolves the bombardment's dice, one for each side that
// bombards, the attacker's first (G-BOMB): each inflicts the 5-5 table's
// percentage of its artillery factors, on the unmodified die, as
// casualties on the enemy, both at once, and no morale loss. A side left
// with no factor breaks (G-BREAK); otherwise the first round's postures
// follow.
func (s *State) bombard(v []uint8) {
	var r Round
	var losses [2]int
	k := 0
	for side := range 2 {
		if !s.bombards(side) {
			continue
		}
		die := int(v[k])
		k++
		res := CombatResult(bombardTable, die)
		r.Levels[side], r.Die[side], r.LossPct[side] = bombardTable, int8(die), res.Pct
		losses[1-side] = Casualties(int(res.Pct), int(s.armies[side].Factors[Artillery]))
	}
	var gone [2]bool
	for side := range 2 {
		// No morale is lost yet, so militia may take casualties (G-MIL),
		// and nobody is breaking.
		r.Losses[side] = int16(s.takeLosses(side, losses[side], true, false))
		gone[side] = s.armies[side].total() == 0
	}
	s.last = r
	switch {
	case gone[0] && gone[1]:
		// G-BOTH, as after a combat round: more morale holds the field.
		switch m0, m1 := s.armies[0].Morale, s.armies[1].Morale; {
		case m0 > m1:
			s.end(0, true, endBombarded)
		case m1 > m0:
			s.end(1, true, endBombarded)
		default:
			s.end(2, true, endBothBroke)
		}
	case gone[0]:
		s.end(1, true, endBombarded)
	case gone[1]:
		s.end(0, true, endBombarded)
	default:
		// bombards is false in a trivial combat, so postures follow.
		s.phase = phPosture
	}
}

// lossOrder is the order a side takes combat losses in (ruling G-LOSS):
// militia, line, then the valued arms, the guard last.
var lossOrder = [...]Kind{Militia, Infantry, Feudal, Irregular, Artillery, Cavalry, Guard}

// takeLosses removes n factors from side: a breaking side's first loss is
// cavalry when it has any ("A cavalry casualty must, if possible, be
// taken by the breaking side"), militia only while militiaOK. It returns
// the factors taken (no more than the side has).
func (s *State) takeLosses(side, n int, militiaOK, breaking bool) int {
	a := &s.armies[side]
	taken := 0
	if breaking && n > 0 {
		for _, k := range [...]Kind{Cavalry, Irregular} {
			if a.Factors[k] > 0 {
				a.Factors[k]--
				n--
				taken++
				break
			}
		}
	}
	for _, k := range lossOrder {
		if k == Militia && !militiaOK {
			continue
		}
		t := min(n, int(a.Factors[k]))
		a.Factors[k] -= int16(t)
		n -= t
		taken += t
	}
	if n > 0 && !militiaOK {
		// Only militia is left to take them: it takes them after all
		// (ruling G-MIL), so a loss is never lost.
		t := min(n, int(a.Factors[Militia]))
		a.Factors[Militia] -= int16(t)
		taken += t
	}
	a.FactorsLost += int16(taken)
	return taken
}

// arrivalRating is the outflanking force's arrival target (note b): its
// commander's strategic rating, -1 in forest, mountain or marsh, +2 from
// the end of its second round out, +1 under note j for the attacker.
func (s *State) arrivalRating(side int) int {
	r := s.sc.Forces[side].Commander.Strategic
	switch s.sc.Terrain {
	case Forest, Mountain, Marsh:
		r--
	}
	if s.armies[side].OutRounds >= 2 {
		r += 2
	}
	if s.cell().Notes&noteJ != 0 && side == 0 {
		r++
	}
	return r
}

// outflanker is the side whose outflanking force is on its way, or -1.
func (s *State) outflanker() int {
	for side := range 2 {
		if s.armies[side].Out == outOnItsWay {
			return side
		}
	}
	return -1
}

// arrive resolves the arrival roll.
func (s *State) arrive(die int) {
	if side := s.outflanker(); side >= 0 && die <= s.arrivalRating(side) {
		s.armies[side].Out = outArrived
	}
	s.afterArrival()
}

// afterArrival ends a round that nobody broke in: a withdrawal under note
// g or a roll under notes h and i, else the next round.
func (s *State) afterArrival() {
	c := s.cell()
	switch {
	case s.armies[1].Posture == DefWithdraw && int(s.round) >= s.sc.rounds():
		// G-DAY: a defender withdrawing in the day's last round is gone
		// by nightfall, whatever its roll or the outflanking force.
		s.end(0, false, endWithdrew)
	case c.Notes&noteG != 0 && s.armies[0].Out != outArrived:
		s.end(0, false, endOutflankMissed)
	case c.Notes&(noteH|noteI) != 0:
		s.phase = phWithdrawal
	default:
		s.nextRound()
	}
}

// withdrawalRating is what the defender's withdrawal roll must not
// exceed: its strategic rating, +1 under note h, +1 under note f when it
// is all cavalry and option 12.3.3.2 is in play (ruling G-F).
func (s *State) withdrawalRating() int {
	c := s.cell()
	r := s.sc.Forces[1].Commander.Strategic
	if c.Notes&noteH != 0 {
		r++
	}
	if a := &s.armies[1]; c.Notes&noteF != 0 && s.sc.AllCavalryWithdrawal && a.cavalry() == a.total() {
		r++
	}
	return r
}

// nextRound starts the next round, or ends the day (ruling G-DAY): an
// attacker who has not broken or driven off the defender by the day's
// last round withdraws, unbroken.
func (s *State) nextRound() {
	if int(s.round) >= s.sc.rounds() {
		s.end(1, false, endDayOver)
		return
	}
	s.round++
	s.startRound()
}

// Why a battle ended (State.endHow).
const (
	endBroke uint8 = iota + 1
	endBothBroke
	endWithdrew
	endAutoWithdrawal
	endOutflankMissed
	endDayOver
	// endBombarded is a side losing its last factor to the bombardment
	// (G-BOMB); it comes last so saved games keep their numbers.
	endBombarded
)

// end ends the battle with victor (2 for a draw), the loser broken or
// withdrawing unbroken; a victor with cavalry pursues.
func (s *State) end(victor uint8, broke bool, how uint8) {
	s.victor, s.loserBroke, s.endHow = victor, broke, how
	if victor < 2 && s.pursuitClass() > 0 && s.armies[victor].cavalry() > 0 {
		s.phase = phPursuit
		return
	}
	s.finish()
}

// pursuitClass is the pursuit's class after the terrain's column shifts
// (Pursuit After Combat): class 1 against a force withdrawing unbroken
// (ruling G-WD).
func (s *State) pursuitClass() int { return s.classFor(int(s.victor), s.loserBroke) }

// classFor is the class of victor's pursuit of a loser broken or
// withdrawing unbroken, the battle ending now, after the terrain's column
// shifts (Pursuit After Combat; G-WD).
func (s *State) classFor(victor int, broke bool) int {
	class := 1
	if broke {
		class = PursuitClass(int(s.armies[victor].Lost), int(s.round))
	}
	if class == 0 {
		return 0
	}
	switch s.sc.Terrain {
	case Marsh:
		class -= 2
	case Forest, Mountain, Desert:
		class--
	}
	return max(class, 0)
}

// pursuitWeights are what one factor of each kind pays of a pursuit loss,
// in sixths: "1 cavalry = 3 non-militia = 6 militia factors" (G-PUR-2).
var pursuitWeights = [NumKinds]int{Infantry: 2, Cavalry: 6, Artillery: 2, Guard: 2, Militia: 1, Irregular: 6, Feudal: 2}

// pursuitOrder is the order the pursued pay in (ruling G-PUR-3).
var pursuitOrder = [...]Kind{Militia, Infantry, Feudal, Artillery, Irregular, Cavalry, Guard}

// pursue resolves the pursuit die: the Pursuit Table's percentage of the
// victor's cavalry (G-PUR-1) is the pursuit loss, paid by the loser.
func (s *State) pursue(die int) {
	v := &s.armies[s.victor]
	if s.sc.Forces[s.victor].Commander.CavalryLeader {
		die++
	}
	owed := 6 * Casualties(PursuitPct(die, s.pursuitClass()), v.cavalry())
	l := &s.armies[1-s.victor]
	l.FactorsLost += int16(payPursuit(&l.Factors, owed))
	s.finish()
}

// payPursuit takes a pursuit loss of owed sixths from factors in the
// order and at the weights of G-PUR-2 and G-PUR-3, returning the factors
// taken.
func payPursuit(factors *[NumKinds]int16, owed int) int {
	n := 0
	for _, k := range pursuitOrder {
		if owed <= 0 {
			break
		}
		// Factors are taken one by one until the loss is paid, so a kind
		// gives the factors that pay what is owed, rounded up, or all it has.
		w := pursuitWeights[k]
		t := min(int(factors[k]), (owed+w-1)/w)
		factors[k] -= int16(t)
		n += t
		owed -= t * w
	}
	return n
}

// PursuitThreat is the factors the other side would lose, on average over
// the pursuit die, if the battle ended now with victor (0 or 1) winning,
// the loser broken or withdrawing unbroken (Pursuit After Combat, G-WD,
// G-PUR-1 to G-PUR-3): what a side stands to lose to a pursuit still to
// come, for agents that value a battle's end by what each side keeps.
func (s *State) PursuitThreat(victor int, broke bool) float64 {
	victor &= 1
	class := s.classFor(victor, broke)
	cav := s.armies[victor].cavalry()
	if class == 0 || cav == 0 {
		return 0
	}
	bonus := 0
	if s.sc.Forces[victor].Commander.CavalryLeader {
		bonus = 1
	}
	sum := 0
	for die := 1; die <= 6; die++ {
		f := s.armies[1-victor].Factors
		sum += payPursuit(&f, 6*Casualties(PursuitPct(die+bonus, class), cav))
	}
	return float64(sum) / 6
}

// reasons are the results' reasons by how the battle ended and the
// loser, constant so that ending a playout allocates nothing.
var reasons = [...][2]string{
	endBroke:          {"the attacker broke", "the defender broke"},
	endBothBroke:      {"both armies broke with equal morale left", "both armies broke with equal morale left"},
	endWithdrew:       {"", "the defender withdrew"},
	endAutoWithdrawal: {"", "the defender withdrew before the probe without a fight"},
	endOutflankMissed: {"", "the defender withdrew: the outflanking force had not arrived"},
	endDayOver:        {"the attacker withdrew at the day's end", ""},
	endBombarded:      {"the attacker lost its last factor to the bombardment", "the defender lost its last factor to the bombardment"},
}

// finish sets the result.
func (s *State) finish() {
	s.phase = phOver
	s.result = s.endResult()
}

// endResult is the result of the battle as it ended (victor, endHow).
func (s *State) endResult() engine.Result {
	if s.victor > 1 {
		return engine.Ended(engine.RulesDraw, engine.NoPlayer, reasons[s.endHow][0])
	}
	return engine.Ended(engine.Victory, engine.Player(s.victor), reasons[s.endHow][1-s.victor])
}

// ---- The rest of engine.State ----

// Ruleset is "grand".
func (s *State) Ruleset() string { return Name }

// Terminal reports whether the battle is over.
func (s *State) Terminal() bool { return s.phase == phOver }

// Result is the battle's outcome.
func (s *State) Result() engine.Result { return s.result }

// Turn is the combat round.
func (s *State) Turn() int { return int(s.round) }

// CopyFrom overwrites s with src, a *State.
func (s *State) CopyFrom(src engine.State) { *s = *src.(*State) }

// Clone returns a copy of the state.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// Hash mixes every field of the position.
func (s *State) Hash() uint64 {
	h := uint64(0x6772616e64)
	mix := func(v uint64) { h = engine.Mix64(h ^ v + 0x9e3779b97f4a7c15) }
	for _, a := range s.armies {
		for k := 0; k < int(NumKinds); k += 4 {
			var w uint64
			for j := k; j < min(k+4, int(NumKinds)); j++ {
				w = w<<16 | uint64(uint16(a.Factors[j]))
			}
			mix(w)
		}
		mix(uint64(uint16(a.Morale)) | uint64(uint16(a.Lost))<<16 | uint64(uint16(a.FactorsLost))<<32 | uint64(a.Out)<<48 | uint64(a.OutRounds)<<56)
		mix(uint64(a.Posture) | uint64(a.Guard)<<8)
	}
	b := uint64(0)
	if s.loserBroke {
		b = 1
	}
	mix(uint64(s.round) | uint64(s.phase)<<8 | uint64(s.victor)<<16 | uint64(s.endHow)<<24 | b<<32 | uint64(s.result.Kind)<<40 | uint64(uint8(s.result.Winner))<<48)
	return h
}

// PhaseName is the round's phase (engine.Phaser).
func (s *State) PhaseName() string { return phaseNames[s.phase] }

// TurnOf is the attacker: a round is both sides' (engine.Phaser).
func (s *State) TurnOf() engine.Player { return 0 }

// SideName is the force's name (engine.SideNamer).
func (s *State) SideName(side engine.Player) string {
	if side != 0 && side != 1 {
		return side.String()
	}
	return s.sc.Forces[side].Name
}

// ScenarioName is the battle's scenario (engine.ScenarioNamer).
func (s *State) ScenarioName() string { return s.sc.Name }

// Decided is the battle's winner once it is known (NoPlayer for a draw):
// from the pursuit on, before the pursuit's die, as well as at the end.
func (s *State) Decided() (engine.Player, bool) {
	if s.phase != phPursuit && s.phase != phOver {
		return engine.NoPlayer, false
	}
	if s.victor > 1 {
		return engine.NoPlayer, true
	}
	return engine.Player(s.victor), true
}

// DayRounds is the number of combat rounds in the battle's day.
func (s *State) DayRounds() int { return s.sc.rounds() }
