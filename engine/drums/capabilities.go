package drums

import (
	"fmt"
	"math"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// The capabilities of engine the Drums and Muskets state offers, and the
// read-only views front ends and pictures draw from. Nothing here is on a
// search's path: these may allocate.

// PhaseName names the part of the game being played.
func (s *State) PhaseName() string {
	if s.result.Over {
		return "over"
	}
	for k := int(s.ntasks) - 1; k >= 0; k-- {
		switch s.tasks[k].kind {
		case tScout:
			return "scouting"
		case tDeploy:
			return "deployment"
		case tLevels:
			return "resilience levels"
		case tInitiative:
			return "initiative"
		case tEndTests:
			return "end of turn tests"
		case tMelee:
			return "melee"
		case tCharge:
			return "charge"
		case tActivation:
			return "activations"
		}
	}
	return "turn"
}

// TurnOf is the side whose activation is running, or the side to move.
func (s *State) TurnOf() engine.Player {
	for k := int(s.ntasks) - 1; k >= 0; k-- {
		if s.tasks[k].kind == tActivation {
			return engine.Player(s.sideOfActivation(int(s.tasks[k].a)))
		}
	}
	if p := s.ToMove(); p == 0 || p == 1 {
		return p
	}
	return engine.Player(max(s.Active, 0))
}

// ScenarioName is the name the game was started with.
func (s *State) ScenarioName() string { return s.st.name }

// Scenario is the battle being played (read only).
func (s *State) Scenario() *Scenario { return s.st.sc }

// TableSize is the table's width and depth in BW.
func (s *State) TableSize() (width, depth float64) { return s.st.sc.Width, s.st.sc.Depth }

// UnitView is what a front end shows of one unit.
type UnitView struct {
	Index     int
	Label     string
	Profile   Profile
	Side      int
	Command   int
	Formation Formation
	Front     geom.Vec
	Facing    float64
	Footprint geom.Rect
	Bases     int
	Hits      int
	Level     Level
	Loaded    bool
	OnTable   bool
	Broken    bool
	Activated bool
}

// Unit returns the view of unit i (0 <= i < NumUnits).
func (s *State) Unit(i int) UnitView {
	u := &s.Units[i]
	v := UnitView{
		Index: i, Label: s.st.units[i].Label, Profile: s.st.units[i].Profile, Side: int(u.Side), Command: int(u.Cmd),
		Formation: u.Form, Front: u.Front, Facing: u.Facing, Bases: s.Bases(i), Hits: int(u.Hits), Level: u.Level,
		Loaded: u.Flags&fLoaded != 0, OnTable: s.alive(i), Broken: u.Flags&fBroken != 0, Activated: u.Flags&fActivated != 0,
	}
	if u.Placed || v.Broken {
		v.Footprint = Footprint(v.Profile.Type, u.Form, max(v.Bases, 1), u.Front, u.Facing)
	}
	return v
}

// NumUnits is the number of units of both sides.
func (s *State) NumUnits() int { return s.st.nu }

// GeneralView is what a front end shows of one general.
type GeneralView struct {
	Index   int
	Spec    GeneralSpec
	Side    int
	Command int // NoCommand for the force commander
	Pos     geom.Vec
	OnTable bool
	// Range is his command distance in BW (5BW for the force commander's
	// one action point).
	Range float64
}

// General returns the view of general g (0 <= g < NumGenerals).
func (s *State) General(g int) GeneralView {
	gs := &s.st.gens[g]
	r := s.commandDistance(g)
	if gs.Cmd == NoCommand {
		r = 5
	}
	return GeneralView{Index: g, Spec: gs.GeneralSpec, Side: int(gs.Side), Command: int(gs.Cmd), Pos: s.Gens[g].Pos,
		OnTable: s.Gens[g].Alive && s.Gens[g].Placed, Range: r}
}

// NumGenerals is the number of generals of both sides.
func (s *State) NumGenerals() int { return s.st.ng }

// CampOf is side's baggage camp footprint and whether it is on the table.
func (s *State) CampOf(side int) (geom.Rect, bool) {
	c := &s.Camp[side]
	return s.campRect(side), c.Placed && !c.Lost
}

// TurnLimit is the turn the battle ends after.
func (s *State) TurnLimit() int { return s.st.turnLimit }

// SupplyLeft is side's supply dice left.
func (s *State) SupplyLeft(side int) int { return int(s.Supply[side]) }

// Pieces lists every unit, general and baggage camp as pieces on the
// table: units by their bases as the formation lays them out, generals as
// a 0.5BW base, camps as one 6 x 4BW piece. Unit ids are their indexes,
// generals 100 plus theirs, camps 200 plus the side.
func (s *State) Pieces(buf []engine.Piece) []engine.Piece {
	for i := range s.st.nu {
		v := s.Unit(i)
		p := engine.Piece{ID: i, Label: v.Label, Name: v.Profile.Name, Side: engine.Player(v.Side), Status: s.unitStatus(&v)}
		switch {
		case v.OnTable:
			p.Where = "table"
			p.Bases = s.baseLayout(&v)
		case v.Broken:
			p.Where = "broken"
		default:
			p.Where = "waiting"
		}
		buf = append(buf, p)
	}
	for g := range s.st.ng {
		v := s.General(g)
		p := engine.Piece{ID: generalBase + g, Label: v.Spec.Label, Name: v.Spec.Name, Side: engine.Player(v.Side), Status: "general"}
		if v.Command == NoCommand {
			p.Status = "force commander"
		}
		switch {
		case v.OnTable:
			p.Where = "table"
			p.Bases = []engine.Base{{Centre: v.Pos, Facing: homeFacing(v.Side), Width: 0.5, Depth: 0.5}}
		case s.Gens[g].Placed:
			p.Where = "removed"
		default:
			p.Where = "waiting"
		}
		buf = append(buf, p)
	}
	for side := range 2 {
		r, on := s.CampOf(side)
		p := engine.Piece{ID: campTarget + side, Label: "camp" + fmt.Sprint(side), Name: s.sideName(side) + " baggage camp", Side: engine.Player(side), Status: "baggage camp"}
		switch {
		case on:
			p.Where = "table"
			p.Bases = []engine.Base{{Centre: r.C, Facing: s.Camp[side].Facing, Width: 6, Depth: 4}}
		case s.Camp[side].Lost:
			p.Where = "captured"
		default:
			p.Where = "waiting"
		}
		buf = append(buf, p)
	}
	return buf
}

// unitStatus says in words how a unit stands.
func (s *State) unitStatus(v *UnitView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %d bases", v.Formation, v.Bases)
	if v.Profile.Type.IsArtillery() {
		b.Reset()
		fmt.Fprintf(&b, "%s, %d models", map[bool]string{true: "limbered", false: "unlimbered"}[v.Formation == March], v.Bases)
	}
	if v.Hits > 0 {
		fmt.Fprintf(&b, ", %d hits", v.Hits)
	}
	if v.Level != Unrolled {
		b.WriteString(", " + [...]string{"", "lackluster", "steady", "determined"}[v.Level])
	}
	if !v.Loaded && v.Profile.Weapon != NoWeapon {
		b.WriteString(", unloaded")
	}
	return b.String()
}

// baseLayout places a unit's bases as its formation arranges them
// (Formations): side by side in line, 2 wide in column and cavalry
// blocks, in single file in column of march, spaced 1BW apart in open, on
// the four faces of a square.
func (s *State) baseLayout(v *UnitView) []engine.Base {
	t := v.Profile.Type
	n := max(v.Bases, 1)
	d := BaseDepth(t)
	fwd := geom.Heading(v.Facing)
	right := fwd.Perp()
	out := make([]engine.Base, 0, n)
	put := func(across, back float64, facing float64) {
		c := v.Front.Add(right.Scale(across)).Sub(fwd.Scale(back))
		out = append(out, engine.Base{Centre: c, Facing: geom.NormDeg(facing), Width: 1, Depth: d})
	}
	w, _ := Size(t, v.Formation, n)
	switch v.Formation {
	case Open:
		for k := range n {
			put(-w/2+0.5+2*float64(k), d/2, v.Facing)
		}
	case Column, March:
		cols := 2
		if v.Formation == March || t.IsArtillery() {
			cols = 1
		}
		for k := range n {
			col, row := k%cols, k/cols
			put(-w/2+0.5+float64(col), d/2+float64(row)*d, v.Facing)
		}
	case Square:
		// Pinwheel fashion in the footprint's (side+d)-square box: each
		// face runs side BW along one edge, the bases a face holds
		// centred on it (faces take the bases in turn, so with n not a
		// multiple of 4 the first faces hold one more).
		side := float64(squareFaceBases(n))
		h := (side + d) / 2
		for f := range 4 {
			c := n / 4
			if f < n%4 {
				c++
			}
			start := (side-float64(c))/2 + 0.5
			for j := range c {
				along := start + float64(j)
				switch f {
				case 0:
					put(-h+along, d/2, v.Facing)
				case 1:
					put(h-d/2, along, v.Facing+90)
				case 2:
					put(h-along, 2*h-d/2, v.Facing+180)
				case 3:
					put(-h+d/2, 2*h-along, v.Facing-90)
				}
			}
		}
	default: // Line: foot side by side, cavalry blocks 2 wide
		cols := n
		if t.IsCavalry() {
			cols = min(2, n)
		}
		for k := range n {
			col, row := k%cols, k/cols
			put(-w/2+0.5+float64(col), d/2+float64(row)*d, v.Facing)
		}
	}
	return out
}

// MaterialDestroyed is what each side has destroyed of the other's army,
// in hits of strength: a broken unit counts its whole strength.
func (s *State) MaterialDestroyed() [2]float64 {
	var m [2]float64
	for i := range s.st.nu {
		u := &s.Units[i]
		lost := float64(u.Hits)
		if u.Flags&fBroken != 0 {
			lost = float64(s.prof(i).Strength())
		}
		m[1-u.Side] += lost
	}
	return m
}

// Summary says where the battle stands in two lines.
func (s *State) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d of %d, %s: %s.", s.TurnNo, s.st.turnLimit, s.PhaseName(), s.waitingFor())
	for side := range 2 {
		on, broken := 0, 0
		for i := range s.st.nu {
			if int(s.Units[i].Side) != side {
				continue
			}
			if s.alive(i) {
				on++
			}
			if s.Units[i].Flags&fBroken != 0 {
				broken++
			}
		}
		role := ""
		if int(s.Attacker) == side {
			role = " (attacker)"
		} else if s.Attacker >= 0 {
			role = " (defender)"
		}
		camp := "camp held"
		if s.Camp[side].Lost {
			camp = "camp lost"
		}
		fmt.Fprintf(&b, "\n%s%s: %d units on the table, %d broken of %d, %d supply dice, %s.", s.sideName(side), role, on, broken, s.st.sideUnits[side], s.Supply[side], camp)
	}
	return b.String()
}

// Sketch draws the table as text, 1 character a BW across and 2 BW a
// line: units by the first letter of their label's side ("0"/"1" digits
// for sides would hide who is who), generals as "*", camps as "#",
// terrain as "w" wood, "b" built-up, "r" rough, "h" hill, "x" impassable.
func (s *State) Sketch() string {
	w, d := int(math.Ceil(s.st.sc.Width)), int(math.Ceil(s.st.sc.Depth/2))
	grid := make([][]byte, d)
	for y := range grid {
		grid[y] = []byte(strings.Repeat(".", w))
	}
	set := func(p geom.Vec, c byte) {
		x, y := int(p.X), d-1-int(p.Y/2)
		if x >= 0 && x < w && y >= 0 && y < d {
			grid[y][x] = c
		}
	}
	for y := range d {
		for x := range w {
			p := geom.V(float64(x)+0.5, float64(d-1-y)*2+1)
			for _, f := range s.st.sc.Terrain {
				if f.Kind.Area() && geom.PointInPolygon(p, f.Points) {
					grid[y][x] = " wbrhx"[map[TerrainKind]int{Wood: 1, BuiltUp: 2, Rough: 3, Hill: 4, Impassable: 5}[f.Kind]]
				}
			}
		}
	}
	for side := range 2 {
		if r, on := s.CampOf(side); on {
			set(r.C, '#')
		}
	}
	for i := range s.st.nu {
		if !s.alive(i) {
			continue
		}
		v := s.Unit(i)
		c := byte('A')
		if v.Side == 1 {
			c = 'Z'
		}
		if lab := v.Label; len(lab) > 0 {
			c = lab[0]
		}
		for _, b := range s.baseLayout(&v) {
			set(b.Centre, c)
		}
	}
	for g := range s.st.ng {
		if v := s.General(g); v.OnTable {
			set(v.Pos, '*')
		}
	}
	var b strings.Builder
	for _, row := range grid {
		b.Write(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// The capabilities the state offers, checked by the compiler.
var (
	_ engine.Phaser        = (*State)(nil)
	_ engine.SideNamer     = (*State)(nil)
	_ engine.ScenarioNamer = (*State)(nil)
	_ engine.Table         = (*State)(nil)
	_ engine.Material      = (*State)(nil)
	_ engine.Describer     = (*State)(nil)
)
