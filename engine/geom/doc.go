// Package geom is the plane geometry that the rules are built on: points,
// facings, unit bases, and the terrain shapes (polygons and polylines) that
// bases move through and see across.
//
// # Table coordinates
//
// The table is a continuous plane measured in inches (float64). The origin
// is the south-west corner of the table, X grows to the east (right) and Y
// grows to the north (up). A standard table is 24" x 24", but nothing here
// depends on its size.
//
// # Facings
//
// A facing is an angle in degrees measured clockwise from north, the way a
// compass (and a player leaning over the table) reads it rather than the
// mathematician's counter-clockwise-from-east: 0 faces +Y, 90 faces +X, 180
// faces -Y and 270 faces -X. Functions that return facings normalise them
// into [0,360). [Heading] turns a facing into a unit vector and [FacingOf]
// turns a vector back into a facing. Cardinal facings map to exactly (0,1),
// (1,0), (0,-1) and (-1,0), so bases set up square to the table edges
// produce exact arithmetic.
//
// # Bases
//
// A base is an oriented rectangle, [Rect]: a centre C, a forward unit vector
// F (the direction the front face looks), a half-width HW measured across
// the frontage along the Right vector, and a half-depth HD measured along F.
// Right is F turned a quarter clockwise, (F.Y, -F.X), so a base facing north
// has Right pointing east. A standard base ([NewBase]) is 1" wide and 1/2"
// deep: HW = 0.5, HD = 0.25.
//
// The four faces of a base ([Face]) are Front (centred on C+F*HD), Right
// (C+Right*HW), Rear (C-F*HD) and Left (C-Right*HW). Corners are always
// listed front-left, front-right, rear-right, rear-left, which is clockwise
// on the table, and face f runs from corner f to corner f+1, so the two
// orderings line up.
//
// # Polygons and polylines
//
// Area terrain (woods, towns, hills) is a simple polygon given as a []Vec
// whose last vertex joins back to the first; it may be concave and may be
// wound either way. Linear terrain (roads, streams, hedges) is an open
// polyline of two or more points. Both are read only: no function here
// keeps, modifies or copies the caller's slice.
//
// # Exactness and tolerance
//
// Every answer is computed in closed form: swept collisions solve for the
// contact time on each separating axis, and segment-in-polygon lengths split
// the segment at every edge crossing; nothing is found by stepping or
// sampling. Floating point still rounds, so predicates that include the
// boundary ("inside or on the boundary", "touches or crosses") accept points
// up to [Eps] outside it, and predicates about interiors ("interiors
// overlap") require a margin of more than Eps. The effect is that two bases
// placed in contact, even at awkward angles whose coordinates cannot be
// represented exactly, are reported as touching rather than as overlapping
// or apart. Distances are returned as computed, without any tolerance.
// [Overlap], [Touching] and [Sweep] take their tolerance from the caller
// because the rules, not the geometry, decide how much contact matters.
//
// # Allocation
//
// No function in this package allocates on the heap: every result is a
// value and all scratch space lives on the stack. The rules engine calls
// these functions in tight loops (every base against every base, every
// line of sight against every terrain piece), and garbage there would show
// up as latency in an interactive game.
package geom

// Eps is the boundary tolerance, in inches, of the closed and open
// predicates described in the package documentation. A billionth of an
// inch is far below anything a rule can measure yet far above the rounding
// error of coordinates on a 24" table.
const Eps = 1e-9
