// Package twobytwo implements "2 by 2 Napoleonic", rules for one corps a
// side on a 2ft by 2ft table, complete: set-up by dice with deployment and
// reinforcement points, movement on a continuous table with terrain,
// charges with the defender's choice to confront or stall with fire,
// shooting, melee with follow-ups, routs and their contagion, rallying
// around HQs, reinforcements with the exchange rule, fast and decisive
// victory and the draw by exiting, and the optional grand battery.
//
// # Conventions (ruling R-AXES)
//
// The table is Size x Size inches (24 for the standard game) with the
// origin at the south-west corner, x growing east and y growing north.
// A facing is in degrees clockwise from north: 0 faces north, 90 east.
// Side 0 has the south edge, side 1 the north edge. Every base is 1" wide
// and 1/2" deep; a unit's position is the centre of its base.
//
// # Reading the code
//
// Every interpretation of the document carries a ruling tag (R-...) in a
// comment; docs/rules/twobytwo.md lists them all with the section they come
// from. The State is a plain value (fixed arrays, one read-only pointer to
// the Scenario), so copying it allocates nothing; action generation
// (Legal) and Apply allocate nothing either. The phase machine is in
// flow.go; each part of the rules has its own file.
//
// # Orders and free-form moves
//
// In the movement phase Legal offers a handful of orders per unit (charge,
// advance, occupy, support, screen, threaten, withdraw, exit, HQ moves,
// face, hold, voluntary rout); each is a concrete path checked by the same
// movement rules as a person's free-form move (FreeMove), so both are the
// same kind of action in records. An order towards a place goes straight
// there when the unit can turn to face it; a unit in a line, which cannot
// turn on the spot without its base swinging into its neighbours
// (R-PIVOT), steps straight ahead first and turns clear of them; so does
// its charge, whose last 2" then go straight in (R-CHARGE). A unit whose
// way is blocked by a friend (no unit moves through another) goes round
// it: a first leg off to either side, then straight on.
package twobytwo
