package grand

import (
	"math"

	"github.com/grognard/grognard/engine/grand"
)

// meanMorale is the morale loss one side inflicts in a combat round on
// average, in tenths, by the round's chart column (1, 2, 3+): every
// posture pair of the chart equally likely, every face of an unmodified
// die, the first lines of split cells. Evaluate scales morale by it.
var meanMorale = func() (m [2][3]float64) {
	for r := range 3 {
		for side := range 2 {
			sum, n := 0.0, 0
			for def := uint8(1); def <= uint8(grand.NumPostures(1)); def++ {
				for att := uint8(1); att <= uint8(grand.NumPostures(0)); att++ {
					c := grand.ChartCell(def, att, false)
					l := c.First[side][r]
					if c.Auto || l == (grand.Levels{}) {
						continue
					}
					for die := 1; die <= 6; die++ {
						sum += float64(grand.CombatResult(l, die).Morale)
						n++
					}
				}
			}
			m[side][r] = sum / float64(n)
		}
	}
	return m
}()

// evalSpread is how sharply Evaluate turns a lead in rounds into a win.
// It is fitted: over 4,286 round starts of 1,500 battles of the
// equilibrium agent against itself (300 seeds on each built-in battle)
// the mean log-likelihood of the results is -0.446 at 0.7, against
// -0.480 at the first guess of 0.5 and -0.464 at 1.0
// (docs/grand-strength.md).
const evalSpread = 0.7

// Evaluate scores a battle for the attacker (side 0) in [-1, 1]: a race
// of morale, each side's morale divided by what the other inflicts in an
// average round being the rounds it can stand, the attacker winning when
// the defender falls first and within the day's rounds left. A decided
// battle scores its result.
func Evaluate(st *grand.State) float64 {
	if w, ok := st.Decided(); ok {
		return outcome(w)
	}
	a, d := st.Army(0), st.Army(1)
	r := st.CombatRound()
	idx := min(r, 3) - 1
	standA := float64(a.Morale) / meanMorale[1][idx]
	standD := float64(d.Morale) / meanMorale[0][idx]
	left := float64(st.DayRounds() - r + 1)
	p := logistic((standA-standD)/evalSpread) * logistic((left+0.5-standD)/evalSpread)
	return 2*p - 1
}

// resultWeight is the share of the result in Value and Settle, the rest
// being what the two sides keep. At one half a battle's result and the
// whole of an army weigh the same: a defender who withdraws unbroken
// loses the battle (-1 in the result) but keeps its factors and morale,
// while one that stays and breaks loses the battle, its morale and, to a
// pursuit of a higher class, more factors.
const resultWeight = 0.5

// Kept is what side keeps of its army, 0 to 1: half its factors left of
// the battle's start, half its morale left of its starting morale (0 once
// it has broken). Pursuit losses are factors lost, so a battle's end
// counts the pursuit once its die is rolled.
func Kept(st *grand.State, side int) float64 {
	factors, start, morale := holdings(st, side)
	return 0.5*factors/start + 0.5*morale
}

// holdings are side's factors left, its factors at the battle's start and
// the share of its starting morale it has left (0 once broken).
func holdings(st *grand.State, side int) (factors, start, morale float64) {
	a := st.Army(side)
	for _, v := range a.Factors {
		factors += float64(v)
	}
	if m0 := a.Morale + a.Lost; m0 > 0 && a.Morale > 0 {
		morale = float64(a.Morale) / float64(m0)
	}
	return factors, float64(st.Scenario().Forces[side].Total()), morale
}

// Settle scores a battle that is over for the attacker, in [-1, 1]: the
// result (+1 won, -1 lost, 0 drawn) weighed with the difference of what
// the two sides keep (Kept), so a withdrawal that saves an army is worth
// more than a stand that loses it.
func Settle(st *grand.State) float64 {
	r := 0.0
	if w, ok := st.Decided(); ok {
		r = outcome(w)
	}
	return resultWeight*r + (1-resultWeight)*(Kept(st, 0)-Kept(st, 1))
}

// Value scores a battle going on for the attacker as Settle scores its
// end: Evaluate's chance of the result, weighed with what each side is
// expected to keep at the end. A battle is mostly lost by breaking,
// which takes the loser's morale and lets the victor pursue at the class
// its morale loss and the rounds give, so each side keeps its morale only
// as far as Evaluate gives it the battle, and its factors less the
// pursuit it would suffer if it broke now (State.PursuitThreat), weighed
// by its chance of losing: a side that stays in a fight it will likely
// lose stands to lose what a withdrawal would save.
func Value(st *grand.State) float64 {
	ev := Evaluate(st)
	pAtt := (1 + ev) / 2
	return resultWeight*ev + (1-resultWeight)*(expectKept(st, 0, pAtt)-expectKept(st, 1, 1-pAtt))
}

// expectKept is what side is expected to keep (as Kept) if it wins with
// probability pWin and otherwise breaks now.
func expectKept(st *grand.State, side int, pWin float64) float64 {
	factors, start, morale := holdings(st, side)
	kept := factors - (1-pWin)*st.PursuitThreat(1-side, true)
	return 0.5*kept/start + 0.5*morale*pWin
}

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
