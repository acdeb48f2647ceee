// Package engine holds the ruleset-independent contracts of grognard: game
// states that copy without allocation, players and explicit chance events,
// sealed simultaneous choices, actions, legal-action generation into a
// caller's buffer, typed results, named capabilities, dice sources and game
// records that replay exactly.
//
// A ruleset (for example engine/twobytwo) implements State and Ruleset;
// agents, tournaments and the command line work only through these
// interfaces and the named capabilities, so they search and play any
// ruleset, and say so when a ruleset lacks what a command needs.
//
// # The life of a game
//
//	st, _ := ruleset.NewGame("standard", engine.Options{})
//	for !st.Terminal() {
//		switch st.ToMove() {
//		case engine.Chance:
//			d, _ := dice.Roll(st.PendingRoll()) // a seeded RNG, a script, or a person
//			st.ApplyDice(d)
//		default: // a side, or engine.Both at a sealed choice
//			for _, side := range engine.Deciders(st, nil) {
//				view := engine.ViewFor(st, side) // what side may see
//				a, _ := agent[side].Choose(ctx, view, side)
//				engine.Play(st, side, a)
//			}
//		}
//	}
//
// # The contracts
//
//	           ToMove()
//	  ┌───────────┼─────────────────┬──────────────────┐
//	side 0/1    Chance             Both               NoPlayer
//	Legal(buf)  PendingRoll()      Sealed.LegalFor    Terminal(), Result()
//	Apply(a)    ApplyDice(d)       Sealed.Commit      Kind: victory, draw,
//	            DescribeRoll()     Viewer.View        turn-limit, forfeit,
//	                                                  adjudicated
//
// Chance is explicit: whenever the rules call for dice the state stops with
// ToMove() == Chance; PendingRoll says what is rolled (a pool of up to
// MaxDice dice of up to MaxDiceKinds kinds, such as 2d6+1d12, and who rolls
// it) and DescribeRoll says why. The state never rolls for itself, so the
// same state can be driven by a seeded generator in search, by a script in
// tests and replays, or by a person typing in real dice. Search may ask
// for the outcomes in compact form with their probabilities (Outcomes: 20
// dice hitting on 4+ are 21 outcomes, not 6^20).
//
// Simultaneous choices are sealed: at ToMove() == Both each side that Owes
// a choice commits one, seeing only its own View, and the choices are
// revealed together once both are in.
//
// Results are typed (ResultKind); their Reason is for people. What only
// some rulesets have is a named capability (capabilities.go: phases and
// whose turn it is, pieces on the table, free-form moves and corrections,
// material for adjudication, pictures, sides' names), asked for with
// Capability so that a missing one is a clear error, never a silent
// fallback.
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
//     precision -1). A ruleset puts the numbers of the actions it
//     generates on a grid (tabletop.Snap, tabletop.SnapDegrees) before it
//     checks them, so that this form is short: two decimals at most.
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
