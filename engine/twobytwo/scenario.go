package twobytwo

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// TerrainKind is a kind of terrain feature ("Terrain Placement").
type TerrainKind uint8

// The terrain kinds. Area features (town, wood, hill, steep hill) are
// polygons; linear features (road, stream, river, hedge) are polylines;
// copses are circles.
const (
	Road TerrainKind = iota
	Stream
	River
	Hedge
	Town
	Wood
	Hill
	SteepHill
	Copse
	// Ford: a place where a river may be waded ("Streams": rivers are
	// impassable "except at Bridges or Fords"; ruling R-FORD).
	Ford
)

var terrainNames = [...]string{"road", "stream", "river", "hedge", "town", "wood", "hill", "steep hill", "copse", "ford"}

// String names the kind.
func (k TerrainKind) String() string {
	if int(k) < len(terrainNames) {
		return terrainNames[k]
	}
	return fmt.Sprintf("terrain(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k TerrainKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind by name.
func (k *TerrainKind) UnmarshalText(b []byte) error {
	for i, n := range terrainNames {
		if strings.EqualFold(n, string(b)) {
			*k = TerrainKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown terrain kind %q (known: %s)", b, strings.Join(terrainNames[:], ", "))
}

// IsCircle reports whether the kind is a circle (Centre and Radius).
func (k TerrainKind) IsCircle() bool { return k == Copse || k == Ford }

// IsArea reports whether the kind is a polygon.
func (k TerrainKind) IsArea() bool { return k == Town || k == Wood || k == Hill || k == SteepHill }

// Feature is one piece of terrain. Points is a polygon for area features and
// a polyline for linear ones; a copse or ford uses Centre and Radius.
type Feature struct {
	Kind   TerrainKind `json:"kind"`
	Name   string      `json:"name,omitempty"`
	Points []geom.Vec  `json:"points,omitempty"`
	Centre geom.Vec    `json:"centre,omitzero"`
	Radius float64     `json:"radius,omitempty"`
}

// Victory selects the victory conditions ("Victory Conditions").
type Victory uint8

// The two kinds of game.
const (
	// Fast: lost by the first player with 5 units destroyed.
	Fast Victory = iota
	// Decisive: lost by the first player with 5 or more destroyed and 2 more
	// than the opponent.
	Decisive
)

// Edge is a table edge.
type Edge uint8

// The table edges. Side 0's base edge is South, side 1's is North.
const (
	South Edge = iota
	East
	North
	West
)

var edgeNames = [...]string{"south", "east", "north", "west"}

// String names the edge.
func (e Edge) String() string { return edgeNames[e&3] }

// BaseEdge is the home edge of a side.
func BaseEdge(side int) Edge {
	if side == 0 {
		return South
	}
	return North
}

// UnitSpec is the static description of one unit in a scenario.
type UnitSpec struct {
	Side     int      `json:"side"`
	Label    string   `json:"label"`
	Type     UnitType `json:"type"`
	Large    bool     `json:"large,omitempty"`
	Small    bool     `json:"small,omitempty"`
	Screened bool     `json:"screened,omitempty"` // screened by skirmishers
	Bows     bool     `json:"bows,omitempty"`     // irregular shooters with bows
	// HQ is the index of the HQ this unit answers to (a division HQ answers
	// to the corps HQ); -1 for the corps HQ.
	HQ int `json:"hq"`
	// Start gives a fixed deployment when the scenario does not set up by play.
	Start *Placement `json:"start,omitempty"`
	// Point is the reinforcement point (0 or 1) a fixed-setup unit queues at
	// when it has no Start; queues follow the order of Units.
	Point int `json:"point,omitempty"`
}

// Placement is a position and facing on the table.
type Placement struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Facing float64 `json:"facing"`
}

// PointSpec is a fixed reinforcement point.
type PointSpec struct {
	Edge Edge    `json:"edge"`
	At   float64 `json:"at"` // coordinate along the edge (x for south/north, y for east/west)
}

// Scenario is the static data of a battle: the table, the armies and how
// the game is set up. States hold a read-only pointer to it.
type Scenario struct {
	Name        string    `json:"name"`
	Title       string    `json:"title"`
	Description string    `json:"description,omitempty"`
	Size        float64   `json:"size"` // the table is Size x Size inches
	Terrain     []Feature `json:"terrain"`
	SideNames   [2]string `json:"side_names"`
	// Nations and AP are the army lists and budgets each side was built
	// to, when known: scenario files check armies against them. They do
	// not change the game, so Hash leaves them out.
	Nations [2]string  `json:"nations,omitzero"`
	AP      [2]float64 `json:"ap,omitzero"`
	Units   []UnitSpec `json:"units"`
	Victory Victory    `json:"victory"`
	// SetupByPlay: attacker by dice, deployment and reinforcement points are
	// actions of the game ("Game setup", "Force deployment"). Otherwise the
	// Start placements, Attacker and Points are used as given.
	SetupByPlay  bool           `json:"setup_by_play"`
	Attacker     int            `json:"attacker,omitempty"`
	Points       [2][]PointSpec `json:"points,omitempty"`
	DeployAP     float64        `json:"deploy_ap"` // AP deployed at the start (10)
	TurnLimit    int            `json:"turn_limit"`
	GrandBattery bool           `json:"grand_battery,omitempty"`

	once      sync.Once
	boxes     []bbox
	crossings []Crossing
	hasRiver  bool
}

// Hash is a stable hash of the scenario's rules-relevant content
// (engine.HashScenario of canonical, without options): saved games carry
// it.
func (sc *Scenario) Hash() string { return engine.HashScenario(sc.canonical(), engine.Options{}) }

// canonical encodes the scenario's rules-relevant content: its title and
// description are left out so rewording them keeps old records valid.
func (sc *Scenario) canonical() []byte {
	b, err := json.Marshal(struct {
		Name         string
		Size         float64
		Terrain      []Feature
		Units        []UnitSpec
		Victory      Victory
		SetupByPlay  bool
		Attacker     int
		Points       [2][]PointSpec
		DeployAP     float64
		TurnLimit    int
		GrandBattery bool
	}{sc.Name, sc.Size, sc.Terrain, sc.Units, sc.Victory, sc.SetupByPlay, sc.Attacker, sc.Points, sc.DeployAP, sc.TurnLimit, sc.GrandBattery})
	if err != nil {
		// Marshal of this plain struct fails only on a NaN or infinite
		// number; keep the hash total.
		return []byte("unhashable")
	}
	return b
}

// Validate checks what the engine needs of a scenario.
func (sc *Scenario) Validate() error {
	if len(sc.Units) == 0 {
		return fmt.Errorf("scenario %q has no units", sc.Name)
	}
	if len(sc.Units) > MaxUnits {
		return fmt.Errorf("scenario %q has %d units; at most %d are supported", sc.Name, len(sc.Units), MaxUnits)
	}
	if sc.Size <= 2 {
		return fmt.Errorf("scenario %q: table size %.1f is too small", sc.Name, sc.Size)
	}
	if !(sc.DeployAP >= 0 && sc.DeployAP <= MaxDeployAP) {
		return fmt.Errorf("scenario %q deploys %g AP: give 0 to %d (the rules deploy 10, \"Force deployment\")", sc.Name, sc.DeployAP, MaxDeployAP)
	}
	var corps [2]int
	for i, u := range sc.Units {
		if u.Side != 0 && u.Side != 1 {
			return fmt.Errorf("unit %d %q: side must be 0 or 1", i, u.Label)
		}
		if u.Type >= numUnitTypes {
			return fmt.Errorf("unit %d %q: unknown type %d", i, u.Label, u.Type)
		}
		if u.Label == "" {
			return fmt.Errorf("unit %d has no label", i)
		}
		if u.Type == CorpsHQ {
			corps[u.Side]++
			if u.HQ != -1 {
				return fmt.Errorf("unit %d %q: a corps HQ answers to nobody (hq -1)", i, u.Label)
			}
			continue
		}
		if u.HQ < 0 || u.HQ >= len(sc.Units) || !sc.Units[u.HQ].Type.IsHQ() || sc.Units[u.HQ].Side != u.Side {
			return fmt.Errorf("unit %d %q: hq %d is not an HQ of its side", i, u.Label, u.HQ)
		}
		if u.Type == DivisionHQ && sc.Units[u.HQ].Type != CorpsHQ {
			return fmt.Errorf("unit %d %q: a division HQ must answer to a corps HQ", i, u.Label)
		}
		if u.Small && u.Type == Militia {
			return fmt.Errorf("unit %d %q: no militia unit may be small (Unit Costs)", i, u.Label)
		}
		if u.Large && u.Small {
			return fmt.Errorf("unit %d %q: a unit cannot be both large and small", i, u.Label)
		}
	}
	for s := 0; s < 2; s++ {
		if corps[s] != 1 {
			return fmt.Errorf("side %d must have exactly one corps HQ, has %d", s, corps[s])
		}
	}
	return nil
}

// MaxDeployAP bounds a scenario's DeployAP. The rules deploy 10 AP
// ("Force deployment") and each tie of the set-up roll adds 10 (ruling
// R-SETUPROLL); a state holds at most maxDeployAP to deploy, which this
// leaves room for fifty ties.
const MaxDeployAP = 500

// UnitCost is the AP cost of a unit spec ("Unit Costs": large +1, small -0.5).
func (u *UnitSpec) UnitCost() float64 {
	c := u.Type.Profile().Cost
	if u.Large {
		c++
	}
	if u.Small {
		c -= 0.5
	}
	return c
}
