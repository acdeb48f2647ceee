package drums

// PoolOp is one kind of dice adjustment of the melee and shooting tables
// ("Add 2 dice", "Remove 1 in 3 dice", "Double dice").
type PoolOp uint8

// The adjustments the Melee Factors and Shooting 2a-2d tables use.
const (
	// PoolNone changes nothing: the tables' "No advantage" and "No
	// disadvantage" rows, kept so an explanation can list them.
	PoolNone PoolOp = iota
	// PoolAdd adds N dice ("Add 1 dice").
	PoolAdd
	// PoolRemove removes N dice ("Remove 2 dice").
	PoolRemove
	// PoolAddOneIn adds one die for every full N dice ("Add 1 in 3 dice").
	PoolAddOneIn
	// PoolRemoveOneIn removes one die for every full N dice ("Remove 1 in
	// 2 dice").
	PoolRemoveOneIn
	// PoolDouble doubles the pool ("Double dice"); N is unused.
	PoolDouble
)

// MinPool is the fewest dice a unit that fights or shoots throws
// (Conducting a Melee 3; Shooting Action 9a: "minimum 2D6").
const MinPool = 2

// MaxPoolSteps is the most adjustments one pool can carry: the longest
// table, the Cavalry Melee Factors Table, has 21 rows.
const MaxPoolSteps = 24

// PoolStep is one applied row of a dice table.
type PoolStep struct {
	Op PoolOp
	N  int
	// Row is the table row that gave the step, as the seed writes it, for
	// explanations; a constant string, so building a step allocates nothing.
	Row string
}

// Apply adjusts a pool of dice by the step.
//
// Ruling D-ONE-IN-N (Melee Factors and Shooting 2a-2d tables): the
// document gives no example of "1 in N"; we read it as one die for every
// full N dice in the pool at that point of the table, rounded down: "add 1
// in 3" turns 7 dice into 9, 2 dice stay 2; "remove 1 in 2" turns 5 dice
// into 3. The pool never goes below 0 while the rows apply; the minimum of
// 2 comes only at the end (ApplyPool), so a pool driven to 0 and then
// doubled is still 0 before the minimum.
func (s PoolStep) Apply(dice int) int {
	n := max(s.N, 0)
	switch s.Op {
	case PoolAdd:
		dice += n
	case PoolRemove:
		dice -= n
	case PoolAddOneIn:
		if n > 0 {
			dice += dice / n
		}
	case PoolRemoveOneIn:
		if n > 0 {
			dice -= dice / n
		}
	case PoolDouble:
		dice *= 2
	}
	return max(dice, 0)
}

// ApplyPool applies the steps to a base pool in order and then the
// minimum of MinPool dice. Pass a slice of a fixed array (steps[:n]...)
// so the call allocates nothing.
func ApplyPool(base int, steps ...PoolStep) int {
	d := max(base, 0)
	for _, s := range steps {
		d = s.Apply(d)
	}
	return max(d, MinPool)
}

// Pool is a dice pool as a table builds it: the base dice and the rows
// that applied, in table order. It lives on the stack; building and
// applying it allocates nothing.
type Pool struct {
	// Base is the dice before any row: 1D6 a base in the fight, or a base
	// or model able to shoot.
	Base int
	// N is how many of Steps are in use.
	N     int
	Steps [MaxPoolSteps]PoolStep
}

// Add appends one applied row. Past MaxPoolSteps rows the step is dropped:
// no table has that many, so only a programming error reaches it.
func (p *Pool) Add(op PoolOp, n int, row string) {
	if p.N < MaxPoolSteps {
		p.Steps[p.N] = PoolStep{Op: op, N: n, Row: row}
		p.N++
	}
}

// Applied returns the rows that applied, in order.
func (p *Pool) Applied() []PoolStep { return p.Steps[:min(max(p.N, 0), MaxPoolSteps)] }

// Dice is the number of dice thrown: the steps applied to Base, at least
// MinPool; 0 for a pool with no base dice (nothing fights or shoots).
func (p *Pool) Dice() int {
	if p.Base <= 0 {
		return 0
	}
	return ApplyPool(p.Base, p.Applied()...)
}
