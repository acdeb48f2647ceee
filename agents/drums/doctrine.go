// Package drums is the agents' kit of Drums and Muskets: two one-move
// doctrines taken from the document's own advice (the column-of-attack
// assault and the firing-line defence), the fitted evaluation of package
// evaluation/drums, and what the generic searches (mcts, portfolio) play
// with on this ruleset by default. Importing it registers the kit
// (agents.RegisterKit), which makes the agent kinds "drums-assault" and
// "drums-line" known to agents.New:
//
//	import _ "github.com/grognard/grognard/agents/drums"
//
// Sources in the rules text ("Drums and Muskets", the seed document):
//
//	[COA]     "Column of Attack Doctrine": "Units count as zealous when in
//	          column of attack"; Zealous: "inclined to charge and would do so
//	          over standing and shooting".
//	[Square]  "Infantry Square": "used by infantry to protect themselves from
//	          cavalry. A formed square would be able to hold off unsupported
//	          cavalry"; Resilience Situation "Cavalry vs formed foot in Square
//	          -2", "Formed foot in square vs Cavalry +2"; Melee "Formed foot in
//	          square fighting Cavalry Double dice", "Cavalry vs foot square
//	          Remove 1 in 2 dice".
//	[CavOpen] Melee "Cavalry vs foot not in square and not in terrain Add 1
//	          in 2 dice"; Resilience "Cavalry vs foot not in square +2".
//	[Cover]   Resilience "Defending a fortification or obstacle +2"; "All
//	          terrain provides cover except to any artillery".
//	[Reload]  Shooting Action 2: units start loaded and must reload after
//	          shooting.
//	[Command] Actions: 2 action points within the sub-general's command
//	          distance, 1 within 5BW of the force commander, else none.
//	[Baggage] "Baggage Camp ... needs to be defended"; losing it loses the
//	          supply dice (and, in the built-in scenario, the battle).
//	[Evade]   Charge: an open unit may evade a charge once a turn.
//
// The doctrines, decision by decision (a score per legal action, the
// highest played; "BW gain" is how much nearer a move takes the unit to
// its goal, 5 a BW):
//
//	decision        assault                            line
//	deploy          foot commands front row, centre    foot front row nearest the objective;
//	                first; cavalry front flanks        cavalry commands second row (reserve)
//	supply die      tests only (one to win scouting    tests only
//	                with 4+ left)
//	first go/give   go first                           give the first two activations
//	activate        nearest the enemy first; generals  as assault; no supply die for a point
//	                first when their units are out
//	                of command [Command]; a supply
//	                die for a point when close
//	foot            column of attack (COA +70) [COA],  line (+60); shoot 100, reload 90
//	                advance on the nearest foot, the   [Reload]; close to its weapon's range
//	                camp or an objective; charge 100+  and hold; charge only units that lost
//	                (camp 200) [Baggage]; shoot only   half their strength; fall back from
//	                when it cannot close (15)          cavalry when it cannot form square
//	both            square against cavalry within 8BW [Square]; the foot nearest each
//	                objective makes for it and holds it (charging only broken-down units)
//	cavalry         charge 120+, not squares (-60) or  reserve: counter-charge cavalry, finish
//	                units in terrain (-40) [CavOpen];  broken-down units and guns; advance
//	                advance on such targets            only to meet enemy cavalry
//	guns            shoot 100, reload 80; unlimber with a target; the assault limbers and
//	                closes when none is within reach
//	generals        stand where most of their command is within command distance, out of
//	                3BW of the enemy (Risk to Generals) [Command]
//	evade           stand                              evade [Evade]
//	occupy          follow up                          hold the ground
//	adjust retire   no supply die                      no supply die
package drums

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// Doctrine is one of the kit's ways of fighting a Drums and Muskets
// battle.
type Doctrine uint8

// The doctrines.
const (
	// Assault is the column-of-attack assault: foot in column of attack
	// closing on the nearest enemy foot and charging, cavalry charging
	// what is not in square or terrain, squares against cavalry, guns
	// unlimbered at long range, generals keeping their units in command.
	Assault Doctrine = iota
	// Line is the firing-line defence: foot in line holding the ground
	// (objectives, cover), shooting and reloading, falling back from
	// charges it cannot meet, charging only broken-down enemies; cavalry
	// in reserve to counter-charge; guns shooting.
	Line
	numDoctrines
)

var doctrineNames = [numDoctrines]string{"assault", "line"}

// String is the doctrine's script name.
func (d Doctrine) String() string {
	if d < numDoctrines {
		return doctrineNames[d]
	}
	return fmt.Sprintf("doctrine(%d)", uint8(d))
}

// AgentName is the agent kind that plays d as a one-move agent.
func (d Doctrine) AgentName() string { return "drums-" + d.String() }

// ParseDoctrine reads a doctrine's script name.
func ParseDoctrine(name string) (Doctrine, error) {
	for d, n := range doctrineNames {
		if n == name {
			return Doctrine(d), nil
		}
	}
	return 0, fmt.Errorf("unknown Drums and Muskets doctrine %q (doctrines: assault, line)", name)
}

// Script plays a doctrine: every legal action gets the doctrine's score
// and the best is played, equal scores broken by its seeded generator. It
// is an agents.Script (for playouts, priors and portfolios) and, through
// Agent, a one-move agent. A choice allocates nothing.
type Script struct {
	doc Doctrine
	pcg rand.PCG
	rng *rand.Rand
	c   view
}

// NewScript returns doctrine d's script with tie-breaks drawn from seed.
func NewScript(d Doctrine, seed uint64) (*Script, error) {
	if d >= numDoctrines {
		return nil, fmt.Errorf("doctrine %d does not exist (0 assault, 1 line)", d)
	}
	s := &Script{doc: d}
	s.Reseed(seed)
	s.rng = rand.New(&s.pcg)
	return s, nil
}

// Name is the doctrine's script name.
func (s *Script) Name() string { return s.doc.String() }

// Doctrine is the doctrine played.
func (s *Script) Doctrine() Doctrine { return s.doc }

// Reseed restarts the tie-breaking generator.
func (s *Script) Reseed(seed uint64) { s.pcg.Seed(seed, engine.SplitMix64(seed^0x6472756d73)) }

// Pick returns the index of the doctrine's best action of acts. On a
// state of another ruleset it picks at random: a script has no error to
// return, and the agent refuses such states before they get here.
func (s *Script) Pick(st engine.State, acts []engine.Action) int {
	ds, ok := st.(*drums.State)
	if !ok || len(acts) < 2 {
		if len(acts) < 2 {
			return 0
		}
		return s.rng.IntN(len(acts))
	}
	s.c.prepare(ds, acts)
	var m agents.Argmax
	for i := range acts {
		m.Offer(i, s.score(&acts[i]), s.rng)
	}
	return m.Best
}

// view is what a decision reads of the position, gathered once per Pick
// into fixed arrays so the scoring allocates nothing.
type view struct {
	s       *drums.State
	side    int
	n, ng   int
	u       [drums.MaxUnits]drums.UnitView
	g       [drums.MaxGenerals]drums.GeneralView
	terrain []drums.Feature
	hold    []drums.HoldArea
	noSq    bool // the side's army may not form square (army list note)
	// holder[k] is the own foot unit nearest hold area k, which the line
	// doctrine sends to hold it (-1 none).
	holder [4]int
	// The unit whose orders are being chosen (-1 for a side's decision)
	// and what it faces.
	me        int
	dFoot     float64 // to the nearest enemy foot
	dEnemy    float64 // to the nearest enemy unit
	dCav      float64 // to the nearest enemy cavalry able to charge
	cavBehind bool    // that cavalry is behind the unit's front
	aimAngle  float64 // how far the nearest enemy is off the unit's facing
	canShoot  bool    // the orders offer a shot
	holding   int     // the hold area the unit is sent to hold, -1 none
	inHold    bool    // the unit stands in that area
}

func (c *view) prepare(s *drums.State, acts []engine.Action) {
	c.s = s
	c.side = int(s.ToMove())
	if c.side < 0 || c.side > 1 {
		c.side = 0
	}
	c.n, c.ng = s.NumUnits(), s.NumGenerals()
	for i := range c.n {
		c.u[i] = s.Unit(i)
	}
	for g := range c.ng {
		c.g[g] = s.General(g)
	}
	sc := s.Scenario()
	c.terrain = sc.Terrain
	c.hold = sc.Objective.Hold
	c.noSq = sc.Forces[c.side].NoSquare
	for k := range c.holder {
		c.holder[k] = -1
		if k >= len(c.hold) {
			continue
		}
		best := math.Inf(1)
		for i := range c.n {
			v := &c.u[i]
			if v.OnTable && v.Side == c.side && v.Profile.Type.IsFoot() {
				if d := v.Footprint.C.Dist(c.hold[k].Centre); d < best {
					best, c.holder[k] = d, i
				}
			}
		}
	}
	c.me = -1
	if int(s.CurUnit) < c.n && isDeclaration(acts[0].Kind) && acts[0].Kind != drums.KGeneralMove {
		c.me = int(acts[0].Unit)
		c.measure()
		c.canShoot = false
		for k := range acts {
			if acts[k].Kind == drums.KShoot {
				c.canShoot = true
			}
		}
		c.holding, c.inHold = -1, false
		for k := range c.hold {
			if k < len(c.holder) && c.holder[k] == c.me {
				c.holding = k
				c.inHold = geom.RectCircleOverlap(c.u[c.me].Footprint, c.hold[k].Centre, c.hold[k].Radius)
			}
		}
	}
}

// isDeclaration reports whether k is a declared action of an activation.
func isDeclaration(k uint8) bool {
	switch k {
	case drums.KAdvance, drums.KRetire, drums.KTurn, drums.KReform, drums.KCharge, drums.KShoot,
		drums.KReload, drums.KStand, drums.KPass, drums.KGeneralMove:
		return true
	}
	return false
}

// measure fills the distances from the unit whose orders are chosen.
func (c *view) measure() {
	me := &c.u[c.me]
	c.dFoot, c.dEnemy, c.dCav = math.Inf(1), math.Inf(1), math.Inf(1)
	c.cavBehind, c.aimAngle = false, 0
	for j := range c.n {
		v := &c.u[j]
		if !v.OnTable || v.Side == me.Side {
			continue
		}
		d := geom.RectDistance(me.Footprint, v.Footprint)
		if d < c.dEnemy {
			c.dEnemy = d
			c.aimAngle = math.Abs(geom.AngleDiff(me.Facing, geom.FacingOf(v.Footprint.C.Sub(me.Footprint.C))))
		}
		if v.Profile.Type.IsFoot() && d < c.dFoot {
			c.dFoot = d
		}
		if v.Profile.Type.IsCavalry() && v.Formation != drums.Open && d < c.dCav {
			c.dCav = d
			c.cavBehind = math.Abs(geom.AngleDiff(me.Facing, geom.FacingOf(v.Footprint.C.Sub(me.Footprint.C)))) > 90
		}
	}
}

// cavReach is how near enemy cavalry must be for foot to form square: a
// formed cavalry charge is 2D6 BW (Charge Distance Table), 7 on average,
// plus the 1BW a move may close.
const cavReach = 8

// cavThreat reports whether the unit being ordered is foot that enemy
// cavalry could charge next ([Square]).
func (c *view) cavThreat() bool {
	me := &c.u[c.me]
	return me.Profile.Type.IsFoot() && c.dCav <= cavReach && c.dCav < c.dFoot+2
}

// canSquare reports whether the unit being ordered may form square.
func (c *view) canSquare() bool {
	me := &c.u[c.me]
	return !c.noSq && drums.FormationAllowed(me.Profile.Type, me.Profile.Doctrines, drums.Square)
}
