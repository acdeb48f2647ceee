// Package enginetest is the conformance suite every ruleset runs in its
// own tests: it plays seeded random games of the ruleset through the
// engine's contracts only, and checks at every position what generic code
// (agents, tournaments, records, the protocol) takes for granted:
//
//   - a copy is a value and allocates nothing: CopyFrom into a reused
//     state, Legal into a buffer, Apply and ApplyDice (and a sealed
//     Commit) of a copy allocate nothing in steady state, and a copy
//     shares nothing with its source;
//   - the hash is stable: equal states (a copy, a clone, a decoded state)
//     hash equal, and per-game hash chains of seeded games are pinned in a
//     golden file, so that a change of play shows up in review;
//   - the JSON round trip keeps the whole position at every step, pending
//     chance and sealed choices included, and the decoded state plays on
//     exactly as the original;
//   - records replay: the record of each game, written and read back,
//     replays through the engine's replay to the same positions;
//   - every legal action applies, and its notation (FormatAction, where
//     the state has one) is one line that ParseAction reads back to
//     exactly the action; every chance outcome offered to search applies,
//     and their probabilities sum to 1;
//   - an illegal action (a legal one mutated, the zero action, a legal
//     action of the other side, dice of the wrong count or face) is
//     refused with an error wrapping engine.ErrIllegal and changes nothing;
//   - at a sealed point, a side's view does not depend on which choice the
//     other side committed;
//   - same seeds give the same game; a finished game has a typed result.
//
// A ruleset's test calls Run:
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, enginetest.Config{
//			Ruleset: Rules{},
//			Seeds:   []uint64{1, 2, 3},
//			Golden:  "testdata/conformance.golden",
//		})
//	}
//
// GROGNARD_UPDATE_GOLDEN=1 go test ./path/to/ruleset/ -run TestConformance
// rewrites the golden file from the current code; review the diff.
//
// A ruleset's fuzz_test.go fuzzes its saved states and its notation with
// the shared harnesses, seeded from its own games (see Fuzz):
//
//	var fuzz = enginetest.Fuzz{Ruleset: Rules{}, Texts: []string{"F1 hold"}}
//
//	func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, fuzz) }
//	func FuzzParseAction(f *testing.F) { enginetest.FuzzParseAction(f, fuzz) }
//
// and .ci/run fuzzes every such target it finds. Its notes_test.go keeps
// its rulings notes and code in step with CheckRulingNotes.
//
// The package imports only engine and the standard library, so that any
// ruleset can use it without import cycles.
package enginetest
