package grand

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/tabletop"
)

// sideWords are the sides as notation writes them.
var sideWords = [2]string{"attacker", "defender"}

// FormatAction writes a posture as "attacker assault" or "defender cordon
// guard 1" (a guard shift).
func (s *State) FormatAction(a engine.Action) string {
	side := int(a.Unit)
	name := PostureName(side, a.Arg)
	if a.Kind != KindPosture || side > 1 || name == "" {
		return fmt.Sprintf("unknown %d %d %d %d", a.Kind, a.Unit, a.Arg, a.Target)
	}
	if a.Target > 0 {
		return sideWords[side] + " " + name + " guard " + strconv.Itoa(int(a.Target))
	}
	return sideWords[side] + " " + name
}

// ParseAction reads "[attacker|defender] POSTURE [guard 1|2]"; the side
// may be left out when the posture's name says it (every posture but
// outflank).
func (s *State) ParseAction(text string) (engine.Action, error) {
	f := strings.Fields(strings.ToLower(text))
	side := -1
	if len(f) > 0 {
		for k, w := range sideWords {
			if f[0] == w {
				side, f = k, f[1:]
				break
			}
		}
	}
	if len(f) != 1 && len(f) != 3 {
		return engine.Action{}, fmt.Errorf("%w: %q: write [attacker|defender] POSTURE [guard 1|2], for example \"attacker assault\"", engine.ErrNotation, text)
	}
	var shift uint8
	if len(f) == 3 {
		n, err := strconv.Atoi(f[2])
		if f[1] != "guard" || err != nil || n < 1 || n > 2 {
			return engine.Action{}, fmt.Errorf("%w: %q: a guard commitment is \"guard 1\" or \"guard 2\"", engine.ErrNotation, text)
		}
		shift = uint8(n)
	}
	found := -1
	var p uint8
	for k := range 2 {
		if side >= 0 && k != side {
			continue
		}
		for i, name := range postureNames[k] {
			if name != "" && name == f[0] {
				if found >= 0 {
					return engine.Action{}, fmt.Errorf("%w: %q: both sides may %s: write \"attacker %s\" or \"defender %s\"", engine.ErrNotation, text, name, name, name)
				}
				found, p = k, uint8(i)
			}
		}
	}
	if found < 0 {
		return engine.Action{}, fmt.Errorf("%w: %q: no such posture (the attacker's: %s; the defender's: %s)", engine.ErrNotation, text, postureList[0], postureList[1])
	}
	return PostureAction(found, p, shift), nil
}

// postureWords are the postures in words, for people.
var postureWords = [2][]string{
	{"", "outflank", "assault", "escalated assault", "attack in echelon", "probe"},
	{"", "outflank", "counterattack", "escalated counterattack", "hold a cordon", "withdraw", "defend"},
}

// DescribeAction renders a posture in words.
func (s *State) DescribeAction(a engine.Action) string {
	side := int(a.Unit)
	if a.Kind != KindPosture || side > 1 || PostureName(side, a.Arg) == "" {
		return fmt.Sprintf("unknown action %+v", a)
	}
	text := postureWords[side][a.Arg]
	if a.Target > 0 {
		text += fmt.Sprintf(", committing the guard (morale level +%d)", a.Target)
	}
	return text
}

// DescribeRoll says what the pending roll decides and its modifiers.
func (s *State) DescribeRoll() string {
	switch s.phase {
	case phCombat:
		c := s.cell()
		var parts []string
		for side := range 2 {
			var cs, ms, ds []tabletop.Adjustment
			l := s.levelTerms(c, side, tabletop.Terms{Rows: &cs}, tabletop.Terms{Rows: &ms})
			if l == (Levels{}) {
				parts = append(parts, fmt.Sprintf("%s: no combat this round", s.sc.Forces[side].Name))
				continue
			}
			die := s.dieTerms(c, side, tabletop.Terms{Rows: &ds})
			parts = append(parts, fmt.Sprintf("%s: casualty level %d%s, morale level %d%s, die %+d%s", s.sc.Forces[side].Name, l.C, shifts(cs), l.M, shifts(ms), die, shifts(ds)))
		}
		text := fmt.Sprintf("round %d combat dice, the attacker's then the defender's (%s)", s.round, strings.Join(parts, "; "))
		for side := range 2 {
			if s.armies[side].Guard > 0 {
				text += fmt.Sprintf(", then a die for the %s guard's extra losses", s.sc.Forces[side].Name)
			}
		}
		return text
	case phBombard:
		var parts []string
		for side := range 2 {
			if s.bombards(side) {
				parts = append(parts, fmt.Sprintf("%s's die (%d artillery factors)", s.sc.Forces[side].Name, s.armies[side].Factors[Artillery]))
			}
		}
		return "the artillery's bombardment before the first round, on table 5-5 without morale loss (option 12.3.5): " + strings.Join(parts, ", then ")
	case phArrival:
		side := s.outflanker()
		return fmt.Sprintf("does the %s outflanking force arrive? 1d6, %d or less", s.sc.Forces[side].Name, s.arrivalRating(side))
	case phWithdrawal:
		return fmt.Sprintf("does the %s army withdraw? 1d6, %d or less", s.sc.Forces[1].Name, s.withdrawalRating())
	case phPursuit:
		mod := ""
		if s.sc.Forces[s.victor].Commander.CavalryLeader {
			mod = ", +1 for the cavalry leader"
		}
		return fmt.Sprintf("pursuit by the %s cavalry: 1d6 on class %d%s", s.sc.Forces[s.victor].Name, s.pursuitClass(), mod)
	}
	return "no dice are pending"
}

// Summary says where the battle stands (engine.Describer).
func (s *State) Summary() string {
	var b strings.Builder
	if s.phase == phOver {
		fmt.Fprintf(&b, "Battle over after %d round(s): %s.\n", s.round, s.result.Reason)
	} else {
		fmt.Fprintf(&b, "Round %d of %d, %s.\n", s.round, s.sc.rounds(), phaseNames[s.phase])
	}
	for side := range 2 {
		a := &s.armies[side]
		fmt.Fprintf(&b, "%s (%s): %d factors (%d lost), morale %.1f (lost %.1f)", s.sc.Forces[side].Name, sideWords[side], a.total(), a.FactorsLost, float64(a.Morale)/10, float64(a.Lost)/10)
		switch a.Out {
		case outOnItsWay:
			b.WriteString(", outflanking force on its way")
		case outArrived:
			b.WriteString(", outflanking force arrived")
		}
		b.WriteString(".\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// Sketch lists both armies' factors by kind (engine.Describer).
func (s *State) Sketch() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-12s", "")
	for side := range 2 {
		fmt.Fprintf(&b, " %14s", s.sc.Forces[side].Name)
	}
	b.WriteString("\n")
	for k := range NumKinds {
		if s.sc.Forces[0].Factors[k] == 0 && s.sc.Forces[1].Factors[k] == 0 {
			continue
		}
		fmt.Fprintf(&b, "%-12s", Kind(k))
		for side := range 2 {
			fmt.Fprintf(&b, " %6d of %5d", s.armies[side].Factors[k], s.sc.Forces[side].Factors[k])
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%-12s", "morale")
	for side := range 2 {
		fmt.Fprintf(&b, " %14.1f", float64(s.armies[side].Morale)/10)
	}
	fmt.Fprintf(&b, "\nterrain: %s", s.sc.Terrain)
	if s.sc.River {
		b.WriteString(", across a river")
	}
	return b.String()
}

// stateJSON is a state as MarshalJSON writes it, the scenario included.
type stateJSON struct {
	Scenario   *Scenario     `json:"scenario"`
	Armies     [2]Army       `json:"armies"`
	Round      uint8         `json:"round"`
	Phase      uint8         `json:"phase"`
	Last       Round         `json:"last"`
	Victor     uint8         `json:"victor"`
	LoserBroke bool          `json:"loser_broke"`
	EndHow     uint8         `json:"end_how"`
	Result     engine.Result `json:"result"`
}

// MarshalJSON writes the whole position with its scenario.
func (s *State) MarshalJSON() ([]byte, error) {
	return json.Marshal(stateJSON{s.sc, s.armies, s.round, s.phase, s.last, s.victor, s.loserBroke, s.endHow, s.result})
}

// decodeState reads MarshalJSON's output, refusing a position the rules
// could not reach.
func decodeState(data []byte) (*State, error) {
	var j stateJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("grand state: %w", err)
	}
	if j.Scenario == nil {
		return nil, errors.New("grand state: no scenario")
	}
	if err := j.Scenario.Check(); err != nil {
		return nil, fmt.Errorf("grand state: scenario: %w", err)
	}
	sc := j.Scenario
	switch {
	case j.Phase > phBombard:
		return nil, fmt.Errorf("grand state: phase %d is not one of 0 to %d", j.Phase, phBombard)
	case j.Round < 1 || int(j.Round) > sc.rounds():
		return nil, fmt.Errorf("grand state: round %d is not 1 to %d", j.Round, sc.rounds())
	case j.Victor > 2 || j.EndHow > endBombarded:
		return nil, errors.New("grand state: the battle's end is not one the rules give")
	}
	for side, a := range j.Armies {
		for k, v := range a.Factors {
			if v < 0 || int(v) > sc.Forces[side].Factors[k] {
				return nil, fmt.Errorf("grand state: %s has %d %s factors, of %d", sc.Forces[side].Name, v, Kind(k), sc.Forces[side].Factors[k])
			}
		}
		if a.Out > outArrived || int(a.Posture) > NumPostures(side) || a.Guard > 2 {
			return nil, fmt.Errorf("grand state: %s has posture %d, outflanking force %d and guard shift +%d: posture 0 (none yet) to %d, outflanking force 0 (none), 1 (on its way) or 2 (arrived), guard +0 to +2",
				sc.Forces[side].Name, a.Posture, a.Out, a.Guard, NumPostures(side))
		}
	}
	s := &State{sc: sc, armies: j.Armies, round: j.Round, phase: j.Phase, last: j.Last, victor: j.Victor, loserBroke: j.LoserBroke, endHow: j.EndHow, result: j.Result}
	if s.phase == phPosture && s.armies[0].Posture != 0 && s.armies[1].Posture != 0 {
		// The second commit reveals both: nobody could move from here.
		return nil, errors.New("grand state: both postures are in but not revealed")
	}
	if s.phase == phPursuit && s.victor > 1 {
		return nil, errors.New("grand state: a pursuit with no victor")
	}
	// How the battle ended, and its result, must be what the rules give.
	ended := s.phase == phPursuit || s.phase == phOver
	switch {
	case ended != (s.endHow != 0):
		return nil, errors.New("grand state: the battle's end does not match its phase")
	case ended && (s.victor == 2) != (s.endHow == endBothBroke):
		return nil, errors.New("grand state: a draw that is not both armies breaking, or the other way round")
	case ended && s.victor < 2 && reasons[s.endHow][1-s.victor] == "":
		return nil, errors.New("grand state: that side cannot lose the battle that way")
	case s.phase == phOver && s.result != s.endResult():
		return nil, fmt.Errorf("grand state: the result %+v is not the battle's end", s.result)
	case s.phase != phOver && s.result != (engine.Result{}):
		return nil, errors.New("grand state: a result before the battle is over")
	}
	if s.phase == phArrival && s.outflanker() < 0 {
		return nil, errors.New("grand state: an arrival roll with no outflanking force on its way")
	}
	if err := s.checkArmies(); err != nil {
		return nil, fmt.Errorf("grand state: %w", err)
	}
	if err := s.checkLast(); err != nil {
		return nil, fmt.Errorf("grand state: %w", err)
	}
	return s, nil
}

// maxRoundMorale is the most morale (in tenths) one side's combat result
// takes from the other in a round: the Combat Resolution Chart's largest
// ML.
var maxRoundMorale = func() int16 {
	m := int8(0)
	for _, level := range crc {
		for _, die := range level {
			for _, o := range die {
				m = max(m, -o.Morale, o.Morale)
			}
		}
	}
	return int16(m)
}()

// maxPct is the Combat Resolution Chart's largest percentage loss.
var maxPct = func() int8 {
	m := int8(0)
	for _, level := range crc {
		for _, die := range level {
			for _, o := range die {
				m = max(m, o.Pct)
			}
		}
	}
	return m
}()

// checkArmies refuses armies the rules could not have left: morale and
// factors that do not add up to the scenario's, a battle going on with a
// side broken or gone, postures, guard shifts and outflanking forces the
// phase and options do not allow.
func (s *State) checkArmies() error {
	ended := s.phase == phPursuit || s.phase == phOver
	broke := s.endHow == endBroke || s.endHow == endBothBroke || s.endHow == endBombarded
	if !ended && (s.victor != 0 || s.loserBroke) {
		return errors.New("a victor before the battle has ended: victor and loser_broke are 0 and false until it ends")
	}
	if ended && s.loserBroke != broke {
		return fmt.Errorf("loser_broke is %v but the battle ended %s", s.loserBroke, endNames[s.endHow])
	}
	if s.sc.Trivial && s.phase == phPosture {
		return errors.New("a trivial combat has no postures to choose (Trivial Combats): its phase is combat or later")
	}
	out := 0
	for side := range 2 {
		a := &s.armies[side]
		f := &s.sc.Forces[side]
		who := f.Name
		total := a.total()
		// Every factor lost is counted (takeLosses, the guard dice and
		// pursue add what they remove).
		if int(a.FactorsLost) != f.Total()-total {
			return fmt.Errorf("%s has lost %d factors but has %d of %d left: factors_lost is %d", who, a.FactorsLost, total, f.Total(), f.Total()-total)
		}
		// G-MOR-2: morale starts at the factors' weighted mean; only
		// combat results take it away (Combat Resolution Chart, ML), a
		// round at most maxRoundMorale, and a side at 0 or below breaks
		// at the round's end (G-BREAK), so no round is fought by a side
		// that has lost its starting morale.
		m0 := startMorale(f)
		if a.Lost < 0 || a.Lost > m0-1+maxRoundMorale {
			return fmt.Errorf("%s has lost %.1f morale: 0 to %.1f (its starting %.1f less 0.1, and one round's largest loss, %.1f)", who, tenths(a.Lost), tenths(m0-1+maxRoundMorale), tenths(m0), tenths(maxRoundMorale))
		}
		if a.Morale != m0-a.Lost {
			return fmt.Errorf("%s has morale %.1f: its starting %.1f less the %.1f lost is %.1f", who, tenths(a.Morale), tenths(m0), tenths(a.Lost), tenths(m0-a.Lost))
		}
		if !ended && (a.Morale <= 0 || total == 0) {
			return fmt.Errorf("%s has morale %.1f and %d factors with the battle going on: a side at 0 morale or with no factors has broken (G-BREAK)", who, tenths(a.Morale), total)
		}
		if ended && !broke && a.Morale <= 0 {
			return fmt.Errorf("%s has morale %.1f but the battle ended %s: nobody broke", who, tenths(a.Morale), endNames[s.endHow])
		}
		// Option 12.3.4: the guard's shift is committed with a posture,
		// and no larger than the nation's (Guard Commitment Table).
		if cap := s.guardCap(side); a.Guard > cap || a.Guard > 0 && a.Posture == 0 {
			return fmt.Errorf("%s commits its guard for +%d: 0 to +%d, and only with a posture", who, a.Guard, cap)
		}
		switch {
		case s.sc.Trivial && (a.Posture != 0 || a.Out != outNone):
			return fmt.Errorf("%s has a posture or an outflanking force in a trivial combat, which has neither", who)
		case !s.sc.Trivial && s.phase != phPosture && s.phase != phBombard && s.endHow != endBombarded && a.Posture == 0:
			return fmt.Errorf("%s has no posture in the %s phase: both are chosen before the dice", who, phaseNames[s.phase])
		case (s.phase == phBombard || s.endHow == endBombarded) && (a.Posture != 0 || a.Out != outNone || s.round != 1 || a.Lost != 0):
			return fmt.Errorf("%s has a posture, an outflanking force, morale lost or a round past the first at the bombardment, which comes before the first round's postures (G-BOMB)", who)
		case s.phase == phBombard && a.FactorsLost != 0:
			return fmt.Errorf("%s has lost %d factors before the bombardment, the battle's first loss (G-BOMB)", who, a.FactorsLost)
		}
		if (s.phase == phBombard || s.endHow == endBombarded) && !s.bombards(0) && !s.bombards(1) {
			return errors.New("a bombardment where no side bombards: it needs option 12.3.5, artillery, and a battle neither trivial nor in a marsh (G-BOMB)")
		}
		// G-OUT: the force goes out on a split cell's outflank and comes
		// back on any other posture, counting the rounds it is out.
		if a.Out == outNone && a.OutRounds != 0 || int(a.OutRounds) > int(s.round) {
			return fmt.Errorf("%s's outflanking force has been out %d rounds: 0 when none is out, and at most the %d rounds fought", who, a.OutRounds, s.round)
		}
		if a.Out != outNone {
			out++
		}
	}
	if out > 1 {
		return errors.New("both sides have an outflanking force out: one chart cell splits one army")
	}
	if !ended {
		return nil
	}
	// No factors on both sides is only where both broke in one round.
	if s.armies[0].total() == 0 && s.armies[1].total() == 0 && (s.phase != phOver || !broke) {
		return fmt.Errorf("neither side has a factor left but the battle ended %s in the %s phase", endNames[s.endHow], phaseNames[s.phase])
	}
	if s.victor < 2 {
		v := &s.armies[s.victor]
		if v.total() == 0 && s.endHow != endBroke {
			return fmt.Errorf("%s won with no factors left, which only both armies breaking in one round gives", s.sc.Forces[s.victor].Name)
		}
		// A victor pursues with cavalry (Pursuit After Combat).
		if s.phase == phPursuit && (v.cavalry() == 0 || s.pursuitClass() == 0) {
			return fmt.Errorf("%s pursues with %d cavalry at class %d: a pursuit needs both", s.sc.Forces[s.victor].Name, v.cavalry(), s.pursuitClass())
		}
	}
	return nil
}

// checkLast refuses a last round's record off the charts: levels 0 (no
// result, "—") or 1 to 5, a modified die 0 to 7 (G-CLAMP), losses no more
// than a side had and morale losses no more than the chart gives.
func (s *State) checkLast() error {
	r := &s.last
	for side := range 2 {
		l := r.Levels[side]
		switch {
		case l.C < 0 || l.C > 5 || l.M < 0 || l.M > 5 || (l.C == 0) != (l.M == 0):
			return fmt.Errorf("the last round's levels %d-%d: 1 to 5 each, or none", l.C, l.M)
		case r.Die[side] < 0 || r.Die[side] > 7:
			return fmt.Errorf("the last round's die %d: a modified die is 0 to 7 (G-CLAMP)", r.Die[side])
		case r.Losses[side] < 0 || int(r.Losses[side]) > s.sc.Forces[side].Total():
			return fmt.Errorf("the last round's losses %d: 0 to the %d factors %s had", r.Losses[side], s.sc.Forces[side].Total(), s.sc.Forces[side].Name)
		case r.LossPct[side] < 0 || r.LossPct[side] > maxPct || l == (Levels{}) && r.LossPct[side] != 0:
			return fmt.Errorf("the last round's percentage loss %d%%: 0 to %d%% (Combat Resolution Chart), 0 without levels", r.LossPct[side], maxPct)
		case r.Morale[side] < 0 || r.Morale[side] > maxRoundMorale:
			return fmt.Errorf("the last round's morale loss %.1f: 0 to %.1f (Combat Resolution Chart)", tenths(r.Morale[side]), tenths(maxRoundMorale))
		}
	}
	return nil
}

// tenths is a morale in tenths as a number.
func tenths(v int16) float64 { return float64(v) / 10 }

// endNames say how a battle ended, by endHow, for messages.
var endNames = [...]string{"not at all", "with a side breaking", "with both sides breaking", "with the defender withdrawing",
	"with the defender withdrawing before a probe", "with the outflanking force missing", "at the day's end", "with a side losing its last factor to the bombardment"}

// shifts lists the rows that moved a level or the die off the chart's
// value, "" when none did (the chart's own value needs no word).
func shifts(rows []tabletop.Adjustment) string {
	if len(rows) == 0 {
		return ""
	}
	return tabletop.Adjustments(rows)
}
