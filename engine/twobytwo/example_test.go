package twobytwo_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/twobytwo"
)

// A whole game between two random players with seeded dice: the state
// stops at every die roll and the caller supplies the dice.
func Example() {
	st, err := twobytwo.NewGame("standard", engine.Options{})
	if err != nil {
		panic(err)
	}
	dice := engine.NewRandomDice(1)
	pick := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	for !st.Terminal() {
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			_ = st.ApplyDice(d)
			continue
		}
		buf = st.Legal(buf[:0])
		_ = st.Apply(buf[pick.IntN(len(buf))])
	}
	fmt.Println(st.Result())
	// Output: side 0 wins (fast victory: 5 units destroyed)
}

// Deployment is part of the game: a placement outside the zone is refused.
func ExampleState_Apply() {
	st, _ := twobytwo.NewGame("standard", engine.Options{})
	_ = st.ApplyDice(engine.NewDice(2, 5)) // the Austrians attack; the French deploy first
	fmt.Println(st.PhaseName())

	line, _ := st.UnitByLabel("F1 Line")
	deploy := engine.Action{Kind: twobytwo.KindDeploy, Unit: uint8(line), NPath: 1, Facing: 0}
	deploy.Path[0] = geom.V(12, 9) // 9" from the south edge: too far forward
	fmt.Println(st.Apply(deploy) != nil)
	deploy.Path[0] = geom.V(12, 4)
	fmt.Println(st.Apply(deploy))
	// Output:
	// deployment
	// true
	// <nil>
}

// A person's free-form move is checked by the same rules as a bot's order,
// and refused with the reason when the table does not allow it.
func ExampleFreeMove() {
	sc := &twobytwo.Scenario{
		Name: "example", Size: 24, SideNames: [2]string{"French", "Austrians"}, Attacker: 1,
		Units: []twobytwo.UnitSpec{
			{Side: 0, Label: "F-CHQ", Type: twobytwo.CorpsHQ, HQ: -1, Start: &twobytwo.Placement{X: 20, Y: 1}},
			{Side: 0, Label: "F1 Line", Type: twobytwo.LineInfantry, HQ: 0, Start: &twobytwo.Placement{X: 12, Y: 4}},
			{Side: 1, Label: "A-CHQ", Type: twobytwo.CorpsHQ, HQ: -1, Start: &twobytwo.Placement{X: 4, Y: 23, Facing: 180}},
		},
	}
	st, err := twobytwo.NewGameOn(sc, engine.Options{})
	if err != nil {
		panic(err)
	}
	f1, _ := st.UnitByLabel("F1 Line")
	long, _ := twobytwo.FreeMove(f1, 0, false, geom.V(12, 9)) // 5": line infantry moves 4"
	fmt.Println(st.Apply(long))
	ok, _ := twobytwo.FreeMove(f1, 45, false, geom.V(13, 5), geom.V(13, 7.5))
	fmt.Println(st.Apply(ok))
	// Output:
	// illegal action (F1 Line: wheel to 0, 5.00" to (12.00, 9.00), face 0): the move is longer than the unit's movement allowance (it needs 5.00", it has 4.00")
	// <nil>
}
