// Package generate draws whole 2 by 2 Napoleonic battles from a seed: a
// table laid out as the document's "Game setup: Terrain Placement" section
// describes, and two random armies from the nations' lists
// (scenarios/twobytwo/armies). Battlefield returns a *twobytwo.Scenario that sets up
// by play: the attacker is decided by dice, and deploying 10 AP a side and
// choosing the reinforcement points are actions of the game, as the engine
// already plays "Game setup" and "Force deployment". Terrain places the
// terrain alone.
//
// Everything is drawn from math/rand/v2 PCG streams of the seed (one for the
// terrain, one for the armies), iterating only over slices, so the same seed
// and Options give the same scenario, bit for bit, with the same Hash.
//
// Coordinates follow the engine (ruling R-AXES): x east, y north, the table
// from (0,0) to (Size,Size); side 0's base edge is the south edge (y=0),
// side 1's the north. The "depth" of a point is its distance from the nearer
// base edge.
//
// # Rulings
//
// The terrain section is short and loose. Where it is vague, the generator
// follows these rulings; the code cites them by id.
//
// G-CHOOSER ("Terrain Placement": "The low scorer chooses the terrain"): the
// generator chooses and places the terrain before either side is known, and
// the draw is symmetric between the south and north halves, so neither side
// is favoured.
//
// G-COUNT ("4 to 6 features should be adequate"): 4 to 6 major features are
// drawn, each a stream (or river), hill, steep hill or wood, weighted 2, 3,
// 1 and 2, within the caps of each kind (streams and rivers 0 to 2, hills 0
// to 3, steep hills 0 to 1, woods 0 to 2). Roads (1 or 2) and towns (1 or 2)
// are the minimum the document sets besides, and come on top of the 4 to 6;
// so do copses (0 to 6) and hedges or walls (0 to 6), each count uniform,
// as small dressing ("feel free to go overboard").
//
// G-ORDER ("Features should be placed in the following order"): streams and
// rivers (each river with its ford), hills, steep hills, roads, towns,
// woods, copses, hedges. A later feature makes room for the earlier ones:
// roads go round steep hills, woods keep off roads. The Features come out in
// this order.
//
// G-SECTOR ("1 to 6 indicating which quadrant"): six sectors, not four
// quadrants: the table is cut into two rows of three. A die of 1, 2 or 3
// picks the west, middle or east third of the southern half; 4, 5 or 6 the
// same thirds of the northern half.
//
// G-EDGE ("placing them nearest to the edge rolled for"): the edge of a
// sector is the base edge of its half. A feature's centre is drawn uniformly
// across the sector's third of the table and, in depth, uniformly over the
// quarter of the table nearest that edge which the feature may occupy: from
// its least allowed depth (its own half-extent, or the clearances of
// G-DEPLOY) to that plus Size/4, never past the centre line. Lines (roads,
// streams) pass near the point drawn.
//
// G-CLASH ("or by mutual agreement"): a feature that would break a
// clearance is drawn again, up to 60 times, then left out. A table that
// ends without a road, without a town or with fewer than 4 major features is
// drawn again, up to 50 times; after that (never seen) Terrain returns a
// plain table of one road and one town.
//
// G-WATER ("Streams (0 to 2): narrow 1/4" wide"): a stream is a line from a
// table edge to the opposite edge: either across the table, west to east,
// meandering but never within 7" of a base edge (1" clear of the deployment
// strips), or along it, south to north, crossing both strips (a stream is
// passable, +1", ruling R-BRIDGE). Two waters keep 2" apart: no
// confluences.
//
// G-RIVER ("Rivers can be wider but should be impassable except at Bridges
// or Fords"): a stream is a river when a die shows 6, one river at most.
// Rivers run only across the table, west to east, 7" or more from both base
// edges, so a river never cuts a deployment strip.
//
// G-FORD (same passage, with ruling R-FORD): every river gets one ford, a
// circle of radius 0.6" to 0.75" centred on the river in its middle three
// fifths; roads keep 1.5" from fords. The first road runs south to north
// and so always crosses the river by a bridge: every river has a bridge and
// a ford, and the table is never cut in two.
//
// G-HILLSIZE ("Hills (variable ...): at least 2" to 6" across in all
// directions"): a hill or wood is a convex, irregular outline whose least
// width is at least 2" and whose diameter is at most 6". "Variable" is read
// as 0 to 3 hills (G-COUNT).
//
// G-STEEP ("Steep Hills should be impassable from an obvious direction";
// ruling R-STEEP makes them impassable from every direction): 0 or 1 steep
// hill, 2" to 3" across (the small end of a hill's size, since it is a wall
// to every unit), 1" from water; roads keep 1" from steep hills.
//
// G-DEPLOY ("Force deployment": within 6" of the base edge, 3" from the
// sides): woods and steep hills keep 4" from both base edges (they may reach
// 2" into a 6" strip); rivers keep 7" and towns 6". So the rear 4" of each
// strip, which holds the engine's deployment rows at 1.5" and 3.25" deep,
// and the base edges where reinforcements arrive are never blocked by
// impassable terrain: each side can always deploy its 10 AP and place its
// reinforcement points.
//
// G-ROADS ("Roads (1 or 2 minimum) ... should connect in a network ... from
// one edge to another usually opposite edge"): 1 or 2 roads, each from a
// table edge to the opposite edge. The first runs south to north; the
// second, west to east, crossing the first exactly once: the junction. A
// road keeps its middle 4" from the side edges, where the deployment strips
// (3" from the sides) can use it.
//
// G-BRIDGE (with ruling R-BRIDGE: water crossed within 0.35" of a road is
// crossed by a bridge): a road crosses each stream or river at most once and
// otherwise keeps 1" from it (within 1.5" of the crossing), so every bridge
// is a short, plain crossing and no stretch of water runs beside a road.
//
// G-TOWN ("Towns (1 or 2 minimum): 1 1/2" to 2" square ... set on a road or
// road junction"): 1 or 2 towns, axis-aligned squares of 1.5" to 2" a side
// (in steps of 0.1"), centred on a road; the first town stands at the
// junction when there is one and it fits. Towns lie wholly outside the
// deployment strips (so neither side starts in one), 0.5" from water, hills
// and steep hills, and 2" from each other. They are named from a list of
// villages.
//
// G-WOODROAD ("Woods" are impassable but to light infantry; ruling R-ROAD
// keeps a base on a road with its centre within 0.3" of the road's line):
// woods keep 0.9" from a road's centre line, so a base on a road (half a
// base wide, corners 0.56" from its centre) never touches a wood.
//
// G-APART (silent): area features keep 0.5" apart, 1.5" between two
// impassable ones (a wood and a wood or a steep hill) so a 1" base can pass
// between them; hills and woods keep 0.5" from water, steep hills 1".
//
// G-COPSE ("Copses (0 to 6): should be less than 1" in radius"): radius
// 0.4" to 0.9"; a copse may stand on a hill and keeps 0.25" from every other
// feature (0.5" from another copse), so none covers a road.
//
// G-HEDGE ("Hedge/walls (0 to 6): less than 1/4" thick and an inch or so
// long"): a straight line 0.8" to 1.2" long at any angle (the engine gives
// hedges no thickness); it may stand on a hill and keeps 0.25" from every
// other feature (0.5" from another hedge), so none crosses a road or water.
//
// G-SIZE (silent): tables of MinSize (18") to MaxSize (96") square; 24" by
// default, the engine's own table (R-AXES). Below 18" the strips, the side
// margins and the middle band leave no room.
//
// G-ROUND (silent): every coordinate, radius and size is rounded to 0.05"
// before it is checked, so files stay readable and what is checked is what
// is stored.
//
// G-ARMIES (silent): a nation not given is drawn uniformly from the lists,
// never the same as the other side's. Each army is (*armies.List).Random at
// the AP asked (40 by default); side 0's units come first. Labels are
// prefixed with the nation's initial(s), lengthened until the two sides
// differ ("Bad", "Bav"; a nation fighting itself gets "S" and "N" for its
// south and north armies). The engine plays at most twobytwo.MaxUnits (64)
// units: at 40 AP a side draws 15 to 20 units, so this never binds, but at
// 80 AP nearly every draw exceeds it (none of 50 seeds fit; at 70 AP about
// four in five do), and Battlefield then returns an error wrapping
// ErrTooManyUnits that names the AP, the nations and their unit counts.
package generate
