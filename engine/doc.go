// Package engine holds the ruleset-independent contracts of grognard: game
// states that copy without allocation, players and explicit chance events,
// actions, legal-action generation into a caller's buffer, results, dice
// sources and game records that replay exactly.
//
// A ruleset (for example engine/twobytwo) implements State and Ruleset;
// agents, tournaments and the command line work only through these
// interfaces, so they search and play any ruleset.
//
// # The life of a game
//
//	st, _ := ruleset.NewGame("standard", engine.Options{})
//	for !st.Terminal() {
//		if st.ToMove() == engine.Chance {
//			d := dice.Roll(st.PendingRoll()) // a seeded RNG, a script, or a person
//			st.ApplyDice(d)
//			continue
//		}
//		buf = st.Legal(buf[:0])
//		st.Apply(choose(buf))
//	}
//
// Chance is explicit: whenever the rules call for a die the state stops with
// ToMove() == Chance and PendingRoll says how many dice of how many sides and
// DescribeRoll says why. The state never rolls for itself, so the same state
// can be driven by a seeded generator in search, by a script in tests and
// replays, or by a person typing in real dice.
package engine
