// Package drums implements "Drums and Muskets" (the seed
// 003_200909c13f580ee1.txt, ruleset name "drums"), rules for battalions
// in base widths, complete: scouting initiative, deployment zones and
// resilience levels; alternating activation of units and generals with
// two action points each, command distance and supply dice; movement
// with wheels, formations (open, line, column of attack, column of march,
// square) and interpenetration; shooting and melee dice pools, charges
// with hold tests, evades and the charged unit's shot, melees of several
// units; resilience tests, forced retires and breaking; the baggage camp;
// victory by losses, camp or objectives; and the optional rules
// (Variants): types of generals, Risk to Generals, and tests on 1D12
// instead of 2D6.
//
// # Conventions
//
// Distances are in base widths (BW, Game Scale: about 40mm with 15mm
// figures). The table is Width x Depth BW with the origin at the
// south-west corner, x growing east and y growing north; a facing is in
// degrees clockwise from north. Side 0 has the south edge, side 1 the
// north edge. A unit's position (Unit.Front) is the midpoint of its front
// edge; its footprint follows from its profile, formation and the bases
// its hits leave it (rulings D-BASES, D-FORMATIONS).
//
// # Reading the code
//
// Every reading of the document where it is ambiguous, garbled or silent
// carries a ruling tag (D-...) in a comment; docs/rules/drums.md lists
// them with the section they come from and the test that pins each (the
// scenario files' and army lists' own rulings are in the docs of
// scenarios/drums and scenarios/drums/armies). The rules tests
// (TestRule_...) set up positions and dice by hand (harness_test.go).
//
// # States, actions and chance
//
// The State is a plain value (fixed arrays, one read-only pointer to the
// scenario and profiles), so copying it allocates nothing, nor do Legal
// and Apply. The rules run as a stack of tasks held in the state
// (tasks.go): a charge pushes the chargers' resilience test, the test a
// forced retire, and each task resumes when the decision or dice it waits
// for arrive, so a position can be saved and searched in the middle of a
// melee. The state waits either for one side's decision (ToMove is that
// side) or for dice (ToMove is engine.Chance: PendingRoll is the pool,
// DescribeRoll says what it is for); nothing is hidden and the sides
// never choose at once.
//
// Every decision is one engine.Action whose Kind is one of the K
// constants (activation.go): set-up answers (KDeploy, KFirst), an
// activation (KActivate, KActivateGeneral), a unit's declared actions
// (KAdvance, KRetire, KTurn, KReform, KCharge, KShoot, KReload, KStand,
// KPass, KGeneralMove) and answers in the middle of the rules (KSupply,
// KEvade, KOccupy, KAdjust, KReply, KFace). The notation (notation.go,
// docs/notation.md) writes them as short lines such as "activate F1 +ap"
// and "F1 advance 12.5,8"; a person may also type free-form moves ("F1 to
// 12 8") and correct the position to match the table (freeform.go, ruling
// D-TABLEEDIT).
//
// Built-in scenarios are registered by name (first-battle here, the
// others by scenarios/drums); a state saves to JSON with its scenario and
// restores with Rules.DecodeState, which refuses a saved game past the
// bounds docs/rules/drums.md lists ("Files and saved games").
package drums
