package drums

import (
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// unitStatic is what never changes about a unit during a game.
type unitStatic struct {
	Profile
	Label     string
	Side, Cmd uint8
}

// genStatic is what never changes about a general.
type genStatic struct {
	GeneralSpec
	Side, Cmd uint8
}

// variants are the optional rules switched on for a game.
type variants struct {
	// generalTypes: respect and staff ability types (Optional Rules,
	// Types of Generals); without it every general is Accepted and
	// Competent.
	generalTypes bool
	// risk: Risk to Generals.
	risk bool
	// d12: resilience, hold and level tests on 1D12 instead of 2D6
	// ("Throw 1D12 or 2D6").
	d12 bool
}

// static is a game's read-only data, shared by every copy of its states.
type static struct {
	// name and opts are how the game was asked for, so a saved state
	// can find its scenario again.
	name      string
	opts      engine.Options
	sc        *Scenario
	units     [MaxUnits]unitStatic
	gens      [MaxGenerals]genStatic
	nu, ng    int
	sideUnits [2]int
	cmds      [2]int
	// firstGen is the index of each side's force commander; its
	// sub-generals follow in command order.
	firstGen  [2]int
	turnLimit int
	v         variants
	// noSquare marks a force whose army list cannot form square (Mapuche).
	noSquare [2]bool
	reasons  [2]reasons
	// boxes are the terrain features' bounding boxes, by feature.
	boxes [MaxFeatures]box
}

// VariantGeneralTypes, VariantRisk and VariantD12 name the optional rules.
const (
	VariantGeneralTypes = "general-types"
	VariantRisk         = "risk-to-generals"
	VariantD12          = "d12"
)

// Variants lists the optional rules a game may switch on.
var Variants = []string{VariantGeneralTypes, VariantRisk, VariantD12}

// newStatic checks a scenario and lays out its units and generals.
func newStatic(sc *Scenario, turnLimit int, names []string) (*static, error) {
	st := &static{sc: sc, turnLimit: sc.TurnLimit}
	if turnLimit > 0 {
		st.turnLimit = turnLimit
	}
	if st.turnLimit <= 0 {
		st.turnLimit = DefaultTurnLimit
	}
	for _, n := range names {
		switch n {
		case VariantGeneralTypes:
			st.v.generalTypes = true
		case VariantRisk:
			st.v.risk = true
		case VariantD12:
			st.v.d12 = true
		default:
			return nil, fmt.Errorf("unknown variant %q (known: %v)", n, Variants)
		}
	}
	if err := CheckScenario(sc); err != nil {
		return nil, err
	}
	for k := range sc.Terrain {
		st.boxes[k] = boundingBox(sc.Terrain[k].Points)
	}
	for side := range 2 {
		f := &sc.Forces[side]
		st.reasons[side] = makeReasons(sc, side)
		st.firstGen[side] = st.ng
		st.gens[st.ng] = genStatic{GeneralSpec: f.Commander, Side: uint8(side), Cmd: NoCommand}
		st.ng++
		st.cmds[side] = len(f.Commands)
		st.noSquare[side] = f.NoSquare
		for c := range f.Commands {
			cs := &f.Commands[c]
			st.gens[st.ng] = genStatic{GeneralSpec: cs.General, Side: uint8(side), Cmd: uint8(c)}
			st.ng++
			for _, u := range cs.Units {
				st.units[st.nu] = unitStatic{Profile: u.Profile, Label: u.Label, Side: uint8(side), Cmd: uint8(c)}
				st.nu++
				st.sideUnits[side]++
			}
		}
	}
	if !st.v.generalTypes {
		for i := range st.ng {
			st.gens[i].Respect, st.gens[i].Ability = Accepted, Competent
		}
	}
	return st, nil
}

// DefaultTurnLimit is the turn limit of a scenario that gives none.
const DefaultTurnLimit = 12

// CheckScenario reports the first problem that makes a scenario
// unplayable, saying how to fix it.
func CheckScenario(sc *Scenario) error {
	if sc == nil {
		return fmt.Errorf("no scenario")
	}
	if !(sc.Width >= 12 && sc.Width <= 200 && sc.Depth >= 12 && sc.Depth <= 200) {
		return fmt.Errorf("scenario %q: the table is %gx%g BW: width and depth must be 12 to 200 BW", sc.Name, sc.Width, sc.Depth)
	}
	if len(sc.Terrain) > MaxFeatures {
		return fmt.Errorf("scenario %q: %d terrain features, at most %d", sc.Name, len(sc.Terrain), MaxFeatures)
	}
	for i, f := range sc.Terrain {
		if f.Kind == NoTerrain || f.Kind >= numTerrainKinds {
			return fmt.Errorf("scenario %q: terrain %d has no kind", sc.Name, i+1)
		}
		min := 3
		if f.Kind.Linear() {
			min = 2
		}
		if len(f.Points) < min || len(f.Points) > MaxFeaturePoints {
			return fmt.Errorf("scenario %q: terrain %d (%s) has %d points: want %d to %d", sc.Name, i+1, f.Kind, len(f.Points), min, MaxFeaturePoints)
		}
		for _, p := range f.Points {
			if !finite(p.X) || !finite(p.Y) {
				return fmt.Errorf("scenario %q: terrain %d has a point that is not a number", sc.Name, i+1)
			}
		}
	}
	total := 0
	for side := range 2 {
		f := &sc.Forces[side]
		if len(f.Commands) == 0 || len(f.Commands) > MaxCommands {
			return fmt.Errorf("scenario %q: side %d has %d commands: want 1 to %d", sc.Name, side, len(f.Commands), MaxCommands)
		}
		n := 0
		for c, cs := range f.Commands {
			if len(cs.Units) == 0 {
				return fmt.Errorf("scenario %q: side %d command %d (%s) has no units", sc.Name, side, c+1, cs.General.Label)
			}
			for _, u := range cs.Units {
				if err := checkProfile(&u.Profile); err != nil {
					return fmt.Errorf("scenario %q: unit %s: %w", sc.Name, u.Label, err)
				}
			}
			n += len(cs.Units)
		}
		if n > MaxSideUnits {
			return fmt.Errorf("scenario %q: side %d has %d units, at most %d", sc.Name, side, n, MaxSideUnits)
		}
		total += n
	}
	if total > MaxUnits {
		return fmt.Errorf("scenario %q: %d units in all, at most %d", sc.Name, total, MaxUnits)
	}
	if sc.Objective.BreakShare < 0 || sc.Objective.BreakShare > 1 {
		return fmt.Errorf("scenario %q: break_share %g must be between 0 and 1", sc.Name, sc.Objective.BreakShare)
	}
	return nil
}

// Limits on terrain, so a state's geometry work is bounded.
const (
	MaxFeatures      = 32
	MaxFeaturePoints = 32
)

// checkProfile refuses a profile the rules cannot play.
func checkProfile(p *Profile) error {
	switch {
	case p.Type == NoType || p.Type >= numTypes:
		return fmt.Errorf("no unit type")
	case p.Weapon >= numWeapons:
		return fmt.Errorf("unknown weapon")
	case p.Type.IsArtillery() && (p.Bases < 1 || p.Bases > 2):
		return fmt.Errorf("artillery has %d models: want 1 or 2", p.Bases)
	case !p.Type.IsArtillery() && (p.Bases < 2 || p.Bases > 8):
		return fmt.Errorf("%d bases: want 2 to 8", p.Bases)
	}
	for _, t := range p.Thresholds {
		if t > 6 {
			return fmt.Errorf("resilience threshold %d+ cannot be thrown on 1D6", t)
		}
	}
	if p.Thresholds == (Thresholds{}) {
		return fmt.Errorf("no resilience thresholds")
	}
	return nil
}

func finite(f float64) bool { return f-f == 0 }

// genIndex is the index of side's general of command cmd (NoCommand: the
// force commander).
func (st *static) genIndex(side int, cmd uint8) int {
	if cmd == NoCommand {
		return st.firstGen[side]
	}
	return st.firstGen[side] + 1 + int(cmd)
}

// zone is side's deployment zone as y bounds (Deployment Zone: the
// attacker a quarter of the depth, the defender half).
func (s *State) zone(side int) (y0, y1 float64) {
	d := s.st.sc.Depth
	f := 0.5
	if int(s.Attacker) == side {
		f = 0.25
	}
	if side == 0 {
		return 0, d * f
	}
	return d - d*f, d
}

// homeFacing is the facing of side's units towards the enemy.
func homeFacing(side int) float64 {
	if side == 0 {
		return 0
	}
	return 180
}

// onTable reports whether r lies wholly on the table.
func (s *State) onTable(r geom.Rect) bool {
	for _, c := range r.Corners() {
		if c.X < -geom.Eps || c.Y < -geom.Eps || c.X > s.st.sc.Width+geom.Eps || c.Y > s.st.sc.Depth+geom.Eps {
			return false
		}
	}
	return true
}
