// Package grand resolves one field battle of a grand-strategic Napoleonic
// campaign (ruleset name "grand") from the charts of the seed
// 002_e33a58fc36c81e57.txt: the Operational Possibilities Chart, the
// Combat Resolution Chart, the Casualty Percentage Table, the Commander
// Chart, Pursuit After Combat, the Morale Values Chart and, as options of
// a scenario or variants of a game (Variants), cavalry superiority
// (12.3.3.1), the all-cavalry withdrawal (12.3.3.2), the Guard Commitment
// Table (12.3.4) and the artillery bombardment (12.3.5). The campaign
// around the battle (costs, victory levels, sieges, the map) is not
// played.
//
// # The battle
//
// Side 0 is the attacker, side 1 the defender. Each side is an Army of
// factors of seven kinds (infantry, cavalry, artillery, guard, militia,
// irregulars, Turkish feudal troops) with a morale and a commander; the
// Scenario adds the terrain, a river, the length of the day in combat
// rounds and the options. A battle is a day of combat rounds. In each
// round both sides choose a posture at once and unseen; the chart cell
// of the two postures gives each side's casualty and morale levels; each
// side rolls a die on the Combat Resolution Chart and inflicts losses and
// morale loss on the other. The battle ends when a side breaks, the
// defender withdraws, an outflanking force fails to arrive, or the day
// ends; a victor with cavalry then pursues.
//
// # Reading the code
//
// The seed holds charts only, flattened from a PDF with cells garbled or
// lost, and not the rules they refer to; every gap-fill and every
// reconstructed cell carries a ruling tag (G-...) in a comment, and
// docs/rules/grand.md explains each with the chart it comes from. The
// charts are in charts.go, the battle's flow in state.go, notation and
// words in describe.go, scenarios in scenario.go.
//
// # States, actions and chance
//
// The State is a plain value (fixed arrays, one read-only pointer to the
// Scenario), so copying it allocates nothing. The postures are a sealed
// choice (engine.Sealed): at the start of a round ToMove is engine.Both,
// each side that Owes a posture Commits one of LegalFor's, and View hides
// a committed posture from the other side until both are in; Legal and
// Apply, for alternating moves, offer and take nothing. The only action
// is KindPosture: Unit the side, Arg the posture, Target the guard's
// morale level shift (0 to 2), written "attacker assault" or "defender
// cordon guard 1" (FormatAction, ParseAction). Everything else is dice:
// ToMove is engine.Chance for the round's combat dice (one D6 a side,
// and one for each committed guard), an outflanking force's arrival
// roll, the defender's withdrawal roll and the pursuit die; PendingRoll
// is the pool, DescribeRoll says what it is for, and Outcomes lists its
// faces for search.
//
// Built-in battles are registered by name (open-field here, the others by
// scenarios/grand); a state saves to JSON with its scenario and restores
// with Rules.DecodeState, which refuses any position play cannot reach
// (docs/rules/grand.md, "Saved games").
package grand
