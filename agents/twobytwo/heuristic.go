package twobytwo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// Doctrine is one of the heuristic agent's ways of fighting a 2 by 2
// battle.
type Doctrine uint8

// The doctrines of the heuristic agent.
const (
	// DoctrineAssault is the column assault: close and charge with the
	// bayonet, hold the infantry's fire, guns forward, cavalry for
	// disrupted units and flanks, HQs behind the assault.
	DoctrineAssault Doctrine = iota
	// DoctrineFireline is the defensive fire line: hold good ground, stall
	// charges with fire, guns at long range, cavalry counter-charges.
	DoctrineFireline
	// DoctrineReserve is hold-and-reinforce: a cautious deployment and
	// strong reinforcement timing, then the set-piece battle once every
	// unit is on the table; plays for the draw when losing.
	DoctrineReserve
	numDoctrines
)

// DefaultDoctrine is the heuristic agent's doctrine when its spec gives
// none.
const DefaultDoctrine = DoctrineAssault

var doctrineNames = [numDoctrines]string{"assault", "fireline", "reserve"}

// String is the doctrine's name as written in a spec.
func (d Doctrine) String() string {
	if d < numDoctrines {
		return doctrineNames[d]
	}
	return fmt.Sprintf("doctrine(%d)", uint8(d))
}

// ParseDoctrine reads a doctrine name.
func ParseDoctrine(name string) (Doctrine, error) {
	for d, n := range doctrineNames {
		if n == name {
			return Doctrine(d), nil
		}
	}
	return 0, fmt.Errorf("unknown doctrine %q (doctrines: assault, fireline, reserve)", name)
}

// Heuristic plays 2 by 2 Napoleonic by one of three written doctrines,
// each taken from the advice of the rules themselves. Like greedy it looks
// no move ahead: every legal action gets a doctrine score and the best is
// played, equal scores broken by its seeded generator. Unlike greedy, every
// movement order is scored as the change in a positional value of the unit
// (where the doctrine wants that arm to stand, the danger there, the
// ground, the screen of the own reinforcement points, the HQs' rally
// reach), charges and shots by the expected harm they do and suffer, and
// the set-up (deployment, points, queues) by a plan per doctrine.
//
// Sources in the rules text ("2 by 2 Napoleonic"):
//
//	[FoB-fire]  "The Flow of Battle: Infantry should be wary about firing"
//	            (firing pins; on the attack use the bayonet; the first
//	            volley is very effective against cavalry)
//	[FoB-cav]   "Cavalry is best against disrupted units" (cavalry loses
//	            to formed infantry; finishes disrupted units; threat to HQs
//	            in the open; king of the multiple melee by follow-up)
//	[FoB-HQ]    "HQ's and the center" (6"/3" rally reach; base contact to
//	            lead a charge or rally a stricken unit)
//	[FoB-reinf] "The Flow of Battle: Reinforcements" (feeding in forces;
//	            waiting for every unit then forming a long battle line)
//	[Reinf]     "Reinforcements" (two dice a turn, 3+ rear, 4+ flank;
//	            exchange on arrival; exit at an enemy point; "rush forward
//	            light cavalry", "screen reinforcement points or pad them
//	            with cheaper troops")
//	[Stall]     "Moving to contact" (confront, or stall with shooting)
//	[Deploy]    "Force deployment" (10 AP within 6", points in turn)
//	[Draw]      "Victory Conditions" (draw by exiting once either side has
//	            no reinforcements left; disengage infantry first, cavalry
//	            last off)
//	[Ranges]    "Shooting ranges" and its modifiers (long range -1,
//	            canister +1, target cavalry +2, first volley +1)
//	[Terrain]   "Modifiers" (cover in towns, woods' edges, behind hedges;
//	            uphill +1 in melee, downhill shot +1)
//	[Streams]   "Terrain Placement: Streams" (rivers impassable except at
//	            bridges or fords)
//
// Assault follows [FoB-fire] (the bayonet), [FoB-cav] and [FoB-HQ];
// fireline follows [Stall], [Terrain] and [Ranges] (the fire that stalls
// a charge, the cover of good ground); reserve follows [FoB-reinf]
// (waiting for every unit, then the long battle line), [Reinf] (screen,
// pad, rush light cavalry at the enemy's points, take exchanges) and
// [Draw]. The doctrines (inches; a move scores the gain in the unit's
// positional value, less 0.5; "EV" is a melee's expected value in units):
//
//	decision          assault                       fireline                      reserve (hold and reinforce)
//	deployment        infantry first, then a gun    guns first, infantry in the   an HQ first, then infantry
//	 [Deploy]         and an HQ; infantry and guns  front row (5"), HQ and        and a light cavalry unit, all
//	                  in the front row (5" deep),   cavalry 1.5" deep; cavalry    1.5-3.25" deep and compact
//	                  cavalry 3.25" on the flanks   on the flanks; towns, hills,  (cautious)
//	                  (every doctrine: centre       hedges, woods' edges
//	                  first, lines of fire clear)   preferred
//	points [Deploy]   1st behind the army; the      both on the own edge (3+),    both on the own edge, behind
//	                  attacker's 2nd on a flank as  behind the army, 6" apart     the army and as far from the
//	                  far forward as allowed (4+)                                 enemy as allowed, 6" apart
//	queues (timing    point 1: infantry, cheapest   point 1: guns, HQs, half the  as assault, and the cheapest
//	 plan) [Reinf]    first (padding), then HQs;    infantry; point 2: the rest;  unit of point 2 leads it
//	                  point 2: cavalry, then guns   cheapest first                (padding both queues)
//	infantry          close on the nearest enemy    advance only to firing range  stay within 7" of the own edge
//	 movement         it can charge (towns +5",     of the nearest enemy; towns   on good ground, then as
//	                  cavalry in the open +6");     +25, woods' edges +8, hills   assault once at most 2 units
//	                  column of attack behind an    +12, hedges +10               wait or 20% of the turn limit
//	                  engaged friend +30                                          has passed
//	charges           EV + 20 (the bayonet)         EV; infantry against a        as fireline, then as assault
//	                                                formed enemy -10
//	 (all doctrines)  cavalry: disrupted +40, HQs and guns +25, formed infantry -30 [FoB-cav];
//	                  other arms: disrupted +30; no bonus below EV 0.05; cavalry into a town -2
//	charged [Stall]   stall unless confronting      stall (+30)                   stall (+20), then as assault
//	                  scores better (a pinned
//	                  battalion -15)
//	infantry fire     pinning costs 60: only at     pinning costs 15: good shots  as assault
//	 [FoB-fire]       cavalry (the first volley,    (first volley, flanks,
//	                  cost 5) and compulsory stall  disrupted targets, cavalry)
//	                  shots
//	artillery         to 0.9 x normal range of the  to 0.9 x long range; hills    as fireline, then assault
//	 [Ranges]         nearest enemy, facing it      +12
//	cavalry [FoB-cav] 5" from the best cavalry      6" from it                    6" from it; light cavalry
//	                  target (disrupted units,                                    pulled to the enemy's points
//	                  HQs, guns, cavalry; formed                                  (3 per inch) [Reinf]
//	                  infantry and towns +5");
//	                  light cavalry pulled to
//	                  enemy points (2 per inch)
//	HQs [FoB-HQ]      rally reach (corps 6", division 3") over its command: +20 a pinned or disrupted unit in
//	                  reach, +3 an ordered one, -2 per inch short; +25 in base contact behind a stricken unit
//	                  with an enemy within 2" (the only way it rallies); +15 with a battalion within 2"
//	                  between it and the nearest enemy (the hq-shelter order takes it there, out of enemy
//	                  cavalry's reach [FoB-cav]); assault: 4" behind the front, others: the centre of the
//	                  army; HQs fear danger most (risk weight 200)
//	reinforcements    dice both dice at the first decision of every movement phase, the 3+ point before a
//	 [Reinf]          4+ one; arrivals placed where the risk is least (assault: nearest the enemy)
//	exchange, exit    trade values unit for unit, weighted by urgency; a trade that wins wins, one that loses
//	 at enemy points  is never made, one that draws only when losing; only light cavalry exits at enemy
//	                  points unless late and ahead; an enemy cavalry unit by the point +30;
//	                  assault +15, fireline +5, reserve +20 ("take exchanges")
//	screen own points the unit standing by a point with units waiting and an enemy in reach: 60 (assault,
//	 [Reinf]          fireline), 80 (reserve), falling off over 7"
//	voluntary rout    a light unit stuck in a melee, or pinned where an enemy could charge it next turn,
//	                  whose expected harm staying is above 0.6 (assault), 0.5 (fireline), 0.45 (reserve):
//	                  "particularly useful if pinned in a vulnerable position"
//	contagion         a militia or Cossack unit standing within about 1" of an elite friend's rout path
//	                  (a full move to its rear), or an elite unit with one on its own, -25 in moves and
//	                  placements, -2.5 in deployment (R-CONTAGION)
//	rout direction    played out on a copy: the one the unit survives, away from the enemy, and not
//	                  through friends it would rout (contagion)
//	draw [Draw]       exit by the own edge when     when 2 down and 3 lost        when 2 down
//	                  3 down (or 4 lost against 2)
//	                  (all: units make for 2" from the own edge, infantry and guns first, cavalry last)
//	rivers            every distance to an enemy or an enemy point goes round a river through the bridge or
//	 [Streams]        ford that makes it shortest, each friend within 2" of a crossing adding 2" to its way
//	                  (so a crowded bridge sends units to the ford) and a bridge with an enemy within 1.5" of
//	                  its far end 10" (R-BRIDGEMOVE: no charge crosses it, so it cannot be forced); the
//	                  ruleset offers the orders to get there
//	late game         from 45% of the turn limit the fire line attacks as assault (a draw is no win); late
//	                  and not behind, or one kill from victory, every unit makes for the enemy's points
//	spacing           every unit but an HQ loses 8 for each friend (not an HQ) within 1.4" of where it would
//	                  stand: a crowd blocks its own way (no unit moves through another)
//
// Every doctrine weighs a loss by its urgency: a side that has lost n
// units is 5-n losses from defeat, so its next loss weighs 1/(5-n)
// ("Victory Conditions"), normalised over both sides. Moves lose the
// doctrine's risk weight times the unit's value times greedy's risk (the
// shots and charges the enemy could make at it where it ends).
//
// The melee expected value uses the modifiers the rules would apply
// (twobytwo.State.UnitMeleeMargin, overlaps, HQ contact, uphill, road column) and the engine's
// results (twobytwo.MeleeHarm: repulse, recoil, rout with its 1-2 destruction, destroyed; any
// loss destroys a unit attacked on two faces, and every overlapping
// attacker shares a loss); against a defender that can stall, the charge
// first survives a stall shot. Every shot, stall shots included, is reckoned
// with the engine's own modifiers (twobytwo.State.ShotModifier: range, first
// volley, enfilade and flank, HQ contact, cover, out of arc), so a ruling
// changed in the shooting rules is weighed here at once.
//
// Asked to choose in a state of another ruleset, it fails
// (agents.NotForRuleset).
type Heuristic struct {
	doc     Doctrine
	pcg     rand.PCG
	rng     *rand.Rand
	buf     []engine.Action
	c       hctx
	scratch rules.State
}

// hctx is what one decision knows of the position, computed once per
// decision so that scoring each action stays cheap.
type hctx struct {
	me, foe         int
	myLost, foeLost int
	myLeft, foeLeft int // units still waiting or unplaced
	exitOK          bool
	draw            bool     // playing for the draw
	battle          bool     // reserve: every own unit is (nearly) on: fight as assault
	eff             Doctrine // the doctrine movement, charges and fire follow now
	um, uf          float64  // urgency: what a loss of mine / theirs weighs now
	late            bool     // the last part of the game: go for the win
	nonCav          int      // own units on the table that are not cavalry
	// Own units on the table other than HQs (the first nField of field):
	// the friends a unit keeps its distance from.
	field    [rules.MaxUnits]uint8
	nField   int
	centroid geom.Vec
	front    geom.Vec // centroid of the enemy on the table (or their edge)
	// Own reinforcement points: live (units waiting), threatened by an
	// enemy in reach, and how many friends stand within screenRange.
	pt       [2]geom.Vec
	ptLive   [2]bool
	ptThreat [2]bool
	ptNear   [2]int
	// Enemy reinforcement points with units waiting, and the next unit.
	fpt     [2]geom.Vec
	fptLive [2]bool
	fptNext [2]int
	// Own units within crowdRange of each river crossing (the first
	// len(crowd) of them).
	crowd [8]int
	// Enemy units within heldRange of each bridge, by bank (Crossing.Bank);
	// none are counted at fords.
	held [8][2]int
}

// An enemy unit within heldRange inches of a bridge's far end holds it:
// no charge may be made across a bridge (R-BRIDGEMOVE) and no unit may
// move through another (R-THROUGH), so the bridge cannot be forced, only
// shot clear, and the way over it is heldBridgeCost inches longer. Armies
// that queued at a held bridge, with a ford free downstream, used to sit
// out whole games there; against random on river-line (1,000 games a
// doctrine, seeds 11 to 15) the doctrines won 2,769 of 3,000 with the
// cost instead of 2,635 (docs/agents.md).
const (
	heldRange      = 1.5
	heldBridgeCost = 10.0
)

// A river crossing with friends around it is slow to pass: each own unit
// within crowdRange of it lengthens the way through it by crowdCost
// inches, so that units spread over the bridges and fords.
const (
	crowdRange = 2.0
	crowdCost  = 2.0
)

// The shares of the turn limit (in percent) after which the reserve
// fights its set-piece battle even with reinforcements still to come, and
// after which every doctrine attacks.
const (
	reserveShare = 20
	lateShare    = 45
)

// A unit that ends its move in a crowd of friends blocks their way and
// is blocked in turn, since no unit may move through another: a crowd
// that has closed up behind its own pinned and disrupted units, or behind
// guns standing at their range, has no order left but to hold, and sits
// out the last turns a kill or two short of victory. Each friend other
// than an HQ within packSpacing inches of where a unit would stand costs
// packPenalty. Against random (paired games, 2,000 to a set of ten
// seeds) the spacing alone won 3 to 26 more games a set; with the orders
// that go round a friend in the way, the reserve won 3,843 of 4,000
// instead of 3,749 (docs/agents.md).
const (
	packSpacing = 1.4
	packPenalty = 8.0
)

// screenRange is how close to an own reinforcement point a unit screens
// it.
const screenRange = 3.5

// NewHeuristic returns a heuristic agent playing doctrine d whose
// tie-breaks depend only on seed.
func NewHeuristic(d Doctrine, seed uint64) (*Heuristic, error) {
	if d >= numDoctrines {
		return nil, fmt.Errorf("unknown doctrine %d", d)
	}
	h := &Heuristic{doc: d, buf: make([]engine.Action, 0, 512)}
	h.Reseed(seed)
	h.rng = rand.New(&h.pcg)
	return h, nil
}

// reseed restarts the tie-breaking generator from seed.
func (h *Heuristic) Reseed(seed uint64) {
	h.pcg.Seed(seed, engine.SplitMix64(seed^0x6865757269737469))
}

// newHeuristicFromParams builds a heuristic agent from checked spec
// parameters.
func newHeuristicFromParams(params map[string]string, seed uint64) (agents.Agent, error) {
	d := DefaultDoctrine
	if v, ok := params["doctrine"]; ok {
		var err error
		if d, err = ParseDoctrine(v); err != nil {
			return nil, err
		}
	}
	return NewHeuristic(d, seed)
}

// Name is "heuristic", with the doctrine when it is not the default.
func (h *Heuristic) Name() string {
	if h.doc == DefaultDoctrine {
		return "heuristic"
	}
	return "heuristic:doctrine=" + h.doc.String()
}

// Doctrine is the doctrine the agent plays.
func (h *Heuristic) Doctrine() Doctrine { return h.doc }

// Choose plays the best action by the doctrine; equal scores are broken
// uniformly at random. It allocates nothing once its action buffer has
// grown to the longest legal list seen.
func (h *Heuristic) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := ctx.Err(); err != nil {
		return engine.Action{}, err
	}
	if err := agents.CheckAlternating(st, side); err != nil {
		return engine.Action{}, fmt.Errorf("agent %s: %w", h.Name(), err)
	}
	h.buf = st.Legal(h.buf[:0])
	if len(h.buf) == 0 {
		return engine.Action{}, fmt.Errorf("heuristic agent, %s to move: %w", st.ToMove(), agents.ErrNoLegalAction)
	}
	s, ok := st.(*rules.State)
	if !ok {
		return engine.Action{}, agents.NotForRuleset(h.Name(), rules.Name, st)
	}
	if len(h.buf) == 1 {
		return h.buf[0], nil
	}
	return h.buf[h.pickIn(s, h.buf)], nil
}

// Pick is the doctrine's choice among acts (not empty), as a playout
// policy or a portfolio script: the index of the best-scoring action. The
// kit offers it for 2 by 2 states only, so the uniform choice for another
// ruleset's state is a guard that is not reached.
func (h *Heuristic) Pick(st engine.State, acts []engine.Action) int {
	s, ok := st.(*rules.State)
	if !ok {
		return h.rng.IntN(len(acts))
	}
	if len(acts) == 1 {
		return 0
	}
	return h.pickIn(s, acts)
}

// pickIn scores acts after preparing the decision context; equal scores
// are broken uniformly at random (reservoir sampling).
func (h *Heuristic) pickIn(s *rules.State, acts []engine.Action) int {
	h.prepare(s)
	var m agents.Argmax
	for i := range acts {
		m.Offer(i, h.score(s, &acts[i]), h.rng)
	}
	return m.Best
}

// ArgmaxSteps appends the steps of pickIn's argmax over acts in st (a
// new best, or a tie) to steps without drawing its tie-breaks
// (agents.StepScript).
func (h *Heuristic) ArgmaxSteps(st engine.State, acts []engine.Action, steps []agents.ArgmaxStep) ([]agents.ArgmaxStep, bool) {
	s, ok := st.(*rules.State)
	if !ok {
		return steps, false
	}
	h.prepare(s)
	var m agents.Argmax
	for i := range acts {
		if t := m.Take(i, h.score(s, &acts[i])); t != agents.TookNothing {
			steps = append(steps, agents.ArgmaxStep{Action: acts[i], Tie: t == agents.TookTie})
		}
	}
	return steps, true
}

// TieRNG is the generator Pick draws its tie-breaks from (agents.StepScript).
func (h *Heuristic) TieRNG() *rand.Rand { return h.rng }

// ChooseExplained chooses as Choose does and lists the legal actions with
// their doctrine scores.
func (h *Heuristic) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *agents.Explanation, error) {
	start := time.Now()
	a, err := h.Choose(ctx, st, side)
	if err != nil {
		return a, nil, err
	}
	e := &agents.Explanation{Agent: h.Name(), Player: st.ToMove(), ScoreKind: "doctrine score",
		Note: "doctrine " + h.doc.String() + "; one-move doctrine scores, equal scores broken at random"}
	s, ok := st.(*rules.State)
	if ok {
		h.prepare(s)
		switch {
		case h.c.draw:
			e.Note += "; playing for the draw"
		case h.doc == DoctrineReserve && !h.c.battle:
			e.Note += "; holding until the reinforcements are on"
		}
	}
	cs := make([]agents.Candidate, len(h.buf))
	for i := range h.buf {
		cs[i] = agents.Candidate{Action: h.buf[i], Text: st.DescribeAction(h.buf[i])}
		if ok && len(h.buf) > 1 {
			cs[i].Score = h.score(s, &h.buf[i])
		}
		if h.buf[i] == a {
			e.Chosen = cs[i]
		}
	}
	e.Candidates = agents.RankCandidates(cs)
	e.Elapsed = time.Since(start)
	return a, e, nil
}
