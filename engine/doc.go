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
//
// # Action notation
//
// Every ruleset writes its actions as text, as UCI does chess moves:
// State.FormatAction gives one line of space-separated tokens and
// State.ParseAction reads it back. The contract:
//
//   - Exact: ParseAction(FormatAction(a)) == a for every action the state
//     can generate, every field of it; floats are written in Go's shortest
//     form that parses back to the same value (strconv.FormatFloat with
//     precision -1).
//   - Stable: the text depends only on what does not change during the
//     game (the scenario, its units' labels and ids), never on the
//     position, so a record written today parses the same way next year,
//     at any point of the game. A change of notation is a new record
//     format.
//   - Short and safe: one line, no newline, a few tokens; parsing any
//     text never panics, and a bad one is refused with an error wrapping
//     ErrNotation that says what is wrong.
//   - Not a legality check: a well-formed illegal action parses; Apply
//     refuses it.
//
// Game records of format 2 keep each action as its notation (see
// Record); the 2 by 2 notation is described in docs/notation.md.
package engine
