package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxDice is the most dice one chance event can roll at once: a pool of 40
// dice and a few more (the largest musketry pools of the seed systems are
// about 20 D6).
const MaxDice = 48

// MaxDiceKinds is the most kinds of dice one pool can mix, for example
// 2d6+1d12 is two kinds.
const MaxDiceKinds = 4

// DiceGroup is N dice of Sides sides each.
type DiceGroup struct {
	N     uint8 `json:"n"`
	Sides uint8 `json:"sides"`
}

// Roll says what a pending chance event rolls: a pool of dice groups, in
// the order the dice are typed and listed (2d6+1d12 is two d6, then one
// d12), and the side whose player rolls them at the table (Chance when the
// rules name nobody in particular). Build one with D and Plus.
type Roll struct {
	Groups  [MaxDiceKinds]DiceGroup `json:"groups"`
	NGroups uint8                   `json:"ngroups"`
	By      Player                  `json:"by"`
}

// D is a roll of n dice of sides sides, rolled by nobody in particular.
func D(n, sides int) Roll {
	var r Roll
	r.By = Chance
	return r.Plus(n, sides)
}

// Plus adds n dice of sides sides to the pool. Past MaxDiceKinds kinds the
// roll is marked invalid (Valid reports why), never silently cut.
func (r Roll) Plus(n, sides int) Roll {
	if int(r.NGroups) >= MaxDiceKinds || n < 0 || n > 255 || sides < 0 || sides > 255 {
		r.NGroups = MaxDiceKinds + 1
		return r
	}
	r.Groups[r.NGroups] = DiceGroup{N: uint8(n), Sides: uint8(sides)}
	r.NGroups++
	return r
}

// Rolled says who rolls the dice at the table.
func (r Roll) Rolled(by Player) Roll {
	r.By = by
	return r
}

// Valid reports whether the roll can be rolled: at most MaxDiceKinds kinds
// and MaxDice dice, each with 2 to 255 sides.
func (r Roll) Valid() error {
	if r.NGroups > MaxDiceKinds {
		return fmt.Errorf("a roll mixes at most %d kinds of dice", MaxDiceKinds)
	}
	if r.Count() > MaxDice {
		return fmt.Errorf("%s is %d dice: at most %d can be rolled at once", r, r.Count(), MaxDice)
	}
	for _, g := range r.Groups[:r.NGroups] {
		if g.N > 0 && g.Sides < 2 {
			return fmt.Errorf("a die of %d sides cannot be rolled", g.Sides)
		}
	}
	return nil
}

// Count is the number of dice in the pool.
func (r Roll) Count() int {
	n := 0
	for _, g := range r.Groups[:min(int(r.NGroups), MaxDiceKinds)] {
		n += int(g.N)
	}
	return n
}

// Sides is the number of sides of the pool's i-th die (from 0), or 0 past
// its end.
func (r Roll) Sides(i int) int {
	for _, g := range r.Groups[:min(int(r.NGroups), MaxDiceKinds)] {
		if i < int(g.N) {
			return int(g.Sides)
		}
		i -= int(g.N)
	}
	return 0
}

// Combinations is the number of ways the pool's faces can fall (36 for
// 2d6), or math.MaxInt when that overflows.
func (r Roll) Combinations() int {
	c := 1
	for i := range r.Count() {
		s := r.Sides(i)
		if c > math.MaxInt/s {
			return math.MaxInt
		}
		c *= s
	}
	return c
}

// String gives the roll in tabletop notation, for example "2d6" or
// "2d6+1d12".
func (r Roll) String() string {
	var b strings.Builder
	for i, g := range r.Groups[:min(int(r.NGroups), MaxDiceKinds)] {
		if i > 0 {
			b.WriteByte('+')
		}
		fmt.Fprintf(&b, "%dd%d", g.N, g.Sides)
	}
	if b.Len() == 0 {
		return "no dice"
	}
	return b.String()
}

// Dice are the values rolled for one chance event, one a die of the Roll
// in its order.
type Dice struct {
	N uint8
	V [MaxDice]uint8
}

// Values returns the rolled values.
func (d *Dice) Values() []uint8 { return d.V[:min(int(d.N), MaxDice)] }

// Check reports whether d is a valid outcome of r.
func (d Dice) Check(r Roll) error {
	if err := r.Valid(); err != nil {
		return err
	}
	if int(d.N) != r.Count() {
		return fmt.Errorf("want %d dice for %s, got %d", r.Count(), r, d.N)
	}
	for i := range int(d.N) {
		if s := r.Sides(i); d.V[i] < 1 || int(d.V[i]) > s {
			return fmt.Errorf("die %d is %d: must be between 1 and %d", i+1, d.V[i], s)
		}
	}
	return nil
}

// Key is a 64-bit digest of the values, the same for equal dice: how a
// search tells chance outcomes apart.
func (d *Dice) Key() uint64 {
	k := uint64(d.N)
	for _, v := range d.Values() {
		k = Mix64(k ^ uint64(v)<<8)
	}
	return k
}

// NewDice builds Dice from values. Values past MaxDice, or outside 0 to
// 255, make dice that no roll accepts (Check says why), rather than being
// dropped.
func NewDice(values ...int) Dice {
	var d Dice
	for i, v := range values {
		if i == MaxDice || v < 0 || v > 255 {
			d.N, d.V[0] = 0, 0
			if len(values) > 0 {
				d.N = 1 // one die of value 0: refused by every roll
			}
			return d
		}
		d.V[i] = uint8(v)
		d.N++
	}
	return d
}

// MarshalJSON writes the dice as a JSON array of values, [3,5].
func (d Dice) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+3*int(d.N))
	b = append(b, '[')
	for i, v := range d.Values() {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads an array of values, or the object {"n":2,"v":[3,5,0,0]}
// of format 1 records.
func (d *Dice) UnmarshalJSON(b []byte) error {
	var vals []int
	if err := json.Unmarshal(b, &vals); err != nil {
		var old struct {
			N int   `json:"n"`
			V []int `json:"v"`
		}
		if err2 := json.Unmarshal(b, &old); err2 != nil {
			return fmt.Errorf("dice: want an array of die values: %w", err)
		}
		if old.N < 0 || old.N > len(old.V) {
			return fmt.Errorf("dice: n is %d but %d values are given", old.N, len(old.V))
		}
		vals = old.V[:old.N]
	}
	if len(vals) > MaxDice {
		return fmt.Errorf("dice: %d values, at most %d", len(vals), MaxDice)
	}
	*d = Dice{}
	for i, v := range vals {
		if v < 0 || v > 255 {
			return fmt.Errorf("dice: die %d is %d, not a die's value", i+1, v)
		}
		d.V[i] = uint8(v)
	}
	d.N = uint8(len(vals))
	return nil
}

// Outcome is one way a pending chance event can come out, as search sees
// it: dice that produce it, and its probability.
type Outcome struct {
	Dice Dice
	P    float64
}

// ChanceOutcomes is offered by a state whose pending event has far fewer
// distinct results than the faces' combinations: 20 dice hitting on 4+ have
// 21 results (0 to 20 hits), not 6^20. Outcomes appends one Outcome per
// distinct result, with dice that give it, to buf; the probabilities sum to
// 1. A person still types every die; only search uses the compact form.
type ChanceOutcomes interface {
	Outcomes(buf []Outcome) []Outcome
}

// Outcomes appends the pending chance event's outcomes to buf: the state's
// compact ones if it offers them, else every combination of faces when
// there are at most limit of them (36 for 2d6), else none, and then the
// caller samples dice instead.
func Outcomes(st State, buf []Outcome, limit int) []Outcome {
	if c, ok := st.(ChanceOutcomes); ok {
		return c.Outcomes(buf)
	}
	r := st.PendingRoll()
	if r.Valid() != nil || r.Combinations() > limit {
		return buf
	}
	return AllOutcomes(buf, r)
}

// AllOutcomes appends every combination of r's faces, each equally likely.
func AllOutcomes(buf []Outcome, r Roll) []Outcome {
	n := r.Count()
	total := r.Combinations()
	var o Outcome
	o.Dice.N = uint8(n)
	o.P = 1 / float64(total)
	for i := range n {
		o.Dice.V[i] = 1
	}
	for {
		buf = append(buf, o)
		// Count up, the last die fastest.
		i := n - 1
		for ; i >= 0; i-- {
			if int(o.Dice.V[i]) < r.Sides(i) {
				o.Dice.V[i]++
				break
			}
			o.Dice.V[i] = 1
		}
		if i < 0 {
			return buf
		}
	}
}

// HitOutcomes appends the outcomes of n dice of sides sides each hitting on
// target or more, by number of hits: k hits (0 to n) with its binomial
// probability, the dice showing k hits first (each the highest face) and
// misses after (each a 1). A ruleset whose pool counts hits offers these as
// its ChanceOutcomes.
func HitOutcomes(buf []Outcome, n, sides, target int) []Outcome {
	p := float64(sides-target+1) / float64(sides)
	p = max(0, min(1, p))
	for k := 0; k <= n; k++ {
		var o Outcome
		o.Dice.N = uint8(n)
		for i := range n {
			o.Dice.V[i] = 1
			if i < k {
				o.Dice.V[i] = uint8(sides)
			}
		}
		o.P = binomial(n, k) * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
		buf = append(buf, o)
	}
	return buf
}

// binomial is n choose k as a float (exact up to n of about 60).
func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}
