package grand

import (
	"context"
	"fmt"
	"math"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

// DoctrineName is the chart doctrine's spec name.
const DoctrineName = "chart-doctrine"

// Doctrine reads the chart as a commander would: for each of its
// postures it works out the round's expected morale the enemy loses less
// the morale it loses (the dice averaged, its commanders' modifiers and
// the terrain in), against each of the enemy's postures, and takes the
// posture whose worst case is best (a pure maximin; a battle won or lost
// in the round counts as the most morale there is). It does not mix, so
// a side that knows it can counter it; the equilibrium agent is its
// answer.
type Doctrine struct {
	scratch [3]grand.State
	acts    [2][]engine.Action
	outs    []engine.Outcome
}

// Name is the spec.
func (d *Doctrine) Name() string { return DoctrineName }

// Choose takes side's maximin posture; ties go to the first listed.
func (d *Doctrine) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := agents.CheckSide(st, side); err != nil {
		return engine.Action{}, err
	}
	gs, ok := st.(*grand.State)
	if !ok || st.ToMove() != engine.Both {
		return engine.Action{}, fmt.Errorf("%s plays the postures of grand battles only (given %s)", DoctrineName, st.Ruleset())
	}
	d.acts[0] = gs.LegalFor(0, d.acts[0][:0])
	d.acts[1] = gs.LegalFor(1, d.acts[1][:0])
	own, other := d.acts[side], d.acts[1-side]
	best, bestV := 0, math.Inf(-1)
	for i, a := range own {
		worst := math.Inf(1)
		for _, b := range other {
			ra, ca := a, b
			if side == 1 {
				ra, ca = b, a
			}
			v, err := d.round(gs, ra, ca)
			if err != nil {
				return engine.Action{}, err
			}
			if side == 1 {
				v = -v
			}
			worst = min(worst, v)
		}
		if worst > bestV {
			best, bestV = i, worst
		}
	}
	if err := ctx.Err(); err != nil {
		return engine.Action{}, err
	}
	return own[best], nil
}

// decisive is the score of a battle decided in the round, in tenths of
// morale: more than any round's losses.
const decisive = 100

// round is the attacker's expected morale lead gained in the round the
// two postures start, in tenths.
func (d *Doctrine) round(st *grand.State, att, def engine.Action) (float64, error) {
	c := &d.scratch[0]
	c.CopyFrom(st)
	if err := c.Commit(0, att); err != nil {
		return 0, err
	}
	if err := c.Commit(1, def); err != nil {
		return 0, err
	}
	if w, ok := c.Decided(); ok {
		return decisive * outcome(w), nil
	}
	before := float64(c.Army(1).Lost - c.Army(0).Lost)
	d.outs = engine.AllOutcomes(d.outs[:0], c.PendingRoll())
	sum := 0.0
	for _, o := range d.outs {
		n := &d.scratch[1]
		n.CopyFrom(c)
		if err := n.ApplyDice(o.Dice); err != nil {
			return 0, err
		}
		if w, ok := n.Decided(); ok {
			sum += o.P * decisive * outcome(w)
			continue
		}
		sum += o.P * (float64(n.Army(1).Lost-n.Army(0).Lost) - before)
	}
	return sum, nil
}

// FixedName is the fixed-posture agent's spec name.
const FixedName = "fixed-posture"

// Fixed plays the same posture every round: one for when it attacks, one
// for when it defends. It is the baseline a mixing agent must beat
// clearly, since a fixed posture is the easiest to counter.
type Fixed struct {
	posture [2]uint8
}

// NewFixed is the agent playing the named postures.
func NewFixed(attack, defend string) (*Fixed, error) {
	var f Fixed
	for side, name := range [2]string{attack, defend} {
		for p := uint8(1); int(p) <= grand.NumPostures(side); p++ {
			if grand.PostureName(side, p) == name {
				f.posture[side] = p
			}
		}
		if f.posture[side] == 0 {
			return nil, fmt.Errorf("%s: %q is not a posture of the %s", FixedName, name, [2]string{"attacker (outflank, assault, escalated-assault, echelon, probe)", "defender (outflank, counterattack, escalated-counterattack, cordon, withdraw, defend)"}[side])
		}
	}
	return &f, nil
}

// Name is the spec.
func (f *Fixed) Name() string {
	return fmt.Sprintf("%s:attack=%s,defend=%s", FixedName, grand.PostureName(0, f.posture[0]), grand.PostureName(1, f.posture[1]))
}

// Choose plays the side's posture without a guard commitment.
func (f *Fixed) Choose(_ context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := agents.CheckSide(st, side); err != nil {
		return engine.Action{}, err
	}
	if _, ok := st.(*grand.State); !ok || st.ToMove() != engine.Both {
		return engine.Action{}, fmt.Errorf("%s plays the postures of grand battles only (given %s)", FixedName, st.Ruleset())
	}
	return grand.PostureAction(int(side), f.posture[side], 0), nil
}
