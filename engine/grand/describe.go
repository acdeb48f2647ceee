package grand

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
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
			l := s.levels(c, side)
			if l == (Levels{}) {
				parts = append(parts, fmt.Sprintf("%s: no combat this round", s.sc.Forces[side].Name))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s: casualty level %d, morale level %d, die %+d", s.sc.Forces[side].Name, l.C, l.M, s.dieModifier(c, side)))
		}
		text := fmt.Sprintf("round %d combat dice, the attacker's then the defender's (%s)", s.round, strings.Join(parts, "; "))
		for side := range 2 {
			if s.armies[side].Guard > 0 {
				text += fmt.Sprintf(", then a die for the %s guard's extra losses", s.sc.Forces[side].Name)
			}
		}
		return text
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
	case j.Phase > phOver:
		return nil, fmt.Errorf("grand state: phase %d is not one of 0 to %d", j.Phase, phOver)
	case j.Round < 1 || int(j.Round) > sc.rounds():
		return nil, fmt.Errorf("grand state: round %d is not 1 to %d", j.Round, sc.rounds())
	case j.Victor > 2 || j.EndHow > endDayOver:
		return nil, errors.New("grand state: the battle's end is not one the rules give")
	}
	for side, a := range j.Armies {
		for k, v := range a.Factors {
			if v < 0 || int(v) > sc.Forces[side].Factors[k] {
				return nil, fmt.Errorf("grand state: %s has %d %s factors, of %d", sc.Forces[side].Name, v, Kind(k), sc.Forces[side].Factors[k])
			}
		}
		if a.Out > outArrived || int(a.Posture) > NumPostures(side) || a.Guard > 2 {
			return nil, fmt.Errorf("grand state: %s's posture or outflanking force is not one the rules give", sc.Forces[side].Name)
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
	return s, nil
}
