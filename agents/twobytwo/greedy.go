package twobytwo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// DefaultAggression is the greedy agent's aggression when its spec does
// not give one.
const DefaultAggression = 0.5

// Greedy scores every legal action with a fixed doctrine and plays the
// best, breaking ties with its seeded generator. It looks no move ahead:
// it is the fast, deterministic baseline above random that tournaments
// and ratings need, not a strong player.
//
// For 2 by 2 Napoleonic the doctrine is the rules' own advice ("The Flow
// of Battle"): finish off disrupted units, above all with cavalry; keep
// cavalry off formed infantry; win with the bayonet and keep the infantry
// volley for cavalry and for stalling charges; bring reinforcements on at
// once and exchange them for enemies at the point; keep the HQs rallying.
// The table (higher is better; a is the aggression, between 0 and 1):
//
//	phase      action                                         score
//	movement   dice for a reinforcement                       200
//	           charge a disrupted enemy with cavalry          130 + 5m
//	           charge a disrupted enemy, other arms           120 + 5m
//	           HQ moves behind a unit to rally it (hq-rally)  90
//	           cavalry charges artillery, an HQ or cavalry    90 + 5m
//	           infantry charges a formed enemy                40 + 80a + 5m
//	           advance (or cross a river), infantry and guns  30 + 40a
//	           advance (or cross a river), cavalry            20 + 20a
//	           a light unit pinned or losing, in danger       60
//	            (rout voluntarily: stayHarm above 0.5)
//	           cavalry exits at an enemy reinforcement point  55
//	           cavalry threatens an enemy reinforcement point 45
//	           HQ into contact with a unit (hq-contact)       35
//	           support, screen, occupy, turn to face          30
//	           HQ holds                                       25
//	           any other order                                20
//	           hold                                           15
//	           cavalry charges formed infantry                10 + 5m
//	           withdraw                                       5
//	           end the movement phase                         1
//	           exit by the own edge, any other voluntary rout 0
//	charged    stall with fire / confront                     100 / 0
//	arrival    exchange / place / leave off table             100 + enemy's AP / 50 / 0
//	shooting   artillery fires, bombard                       100 (+10 at a disrupted target)
//	           infantry fires at cavalry or a stalled charger 90 (+10 at a disrupted target)
//	           end shooting / any other infantry volley       10 / 5
//	support    supporting fire: as firing                     resolve: 10
//	rout       away from the firer / direct rear              10 / 0
//	melee      around a disrupted enemy / any other           15 / 10
//	follow-up  follow up / stay                               10 / 0
//	set-up     deploy or queue a unit / end; points           10 / 0; uniform
//
// m is the melee margin: the difference of the two sides' melee modifiers
// the rules would apply (type, elite, disrupted, lancers, cavalry against
// formed infantry, large and small units), plus 1 for every friend already
// touching the target (an overlap).
//
// Every order except a charge, and every hold or turn, then loses
// 50 × risk, where risk is what the unit may lose where it ends: the
// expected shooting harm from the enemies that would have it in arc and
// range (a rout 1, disrupted 1/2, pinned 1/4 per shot), plus twice the
// expected units lost in a melee against each enemy that could charge it
// next turn. That keeps artillery and HQs out of charge reach and the
// infantry out of musket range until it charges.
//
// Asked to choose in a state of another ruleset, it fails
// (agents.NotForRuleset).
type Greedy struct {
	aggression float64
	pcg        rand.PCG
	rng        *rand.Rand
	buf        []engine.Action
}

// Weights of the doctrine that are not in the score table.
const (
	marginWeight = 5  // score per point of melee margin
	riskWeight   = 50 // score per unit of risk where a unit ends
	chargeRisk   = 2  // weight of being charged against being shot
	// volRoutHarm is the harm staying would bring (stayHarm) above which
	// a light unit routs voluntarily: a voluntary rout itself costs about
	// 0.67 (destroyed on 1-2, else disrupted), but it ends the danger,
	// where a pinned unit that stays is as exposed the turn after.
	volRoutHarm = 0.5
)

// NewGreedy returns a greedy agent with the given aggression (between 0
// and 1) whose tie-breaks depend only on seed.
func NewGreedy(aggression float64, seed uint64) (*Greedy, error) {
	if !(aggression >= 0 && aggression <= 1) { // also refuses NaN
		return nil, fmt.Errorf("aggression must be between 0 and 1, got %v", aggression)
	}
	g := &Greedy{aggression: aggression, buf: make([]engine.Action, 0, 256)}
	g.Reseed(seed)
	g.rng = rand.New(&g.pcg)
	return g, nil
}

// reseed restarts the tie-breaking generator from seed.
func (g *Greedy) Reseed(seed uint64) {
	g.pcg.Seed(seed, engine.SplitMix64(seed^0x6772656564790000))
}

// newGreedyFromParams builds a greedy agent from checked spec parameters.
func newGreedyFromParams(params map[string]string, seed uint64) (agents.Agent, error) {
	a := DefaultAggression
	if v, ok := params["aggression"]; ok {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("aggression %q is not a number between 0 and 1", v)
		}
		a = f
	}
	return NewGreedy(a, seed)
}

// Name is "greedy", with the aggression when it is not the default.
func (g *Greedy) Name() string {
	if g.aggression == DefaultAggression {
		return "greedy"
	}
	return "greedy:aggression=" + strconv.FormatFloat(g.aggression, 'g', -1, 64)
}

// Choose plays the best-scoring legal action; equal scores are broken
// uniformly at random. It allocates nothing once its action buffer has
// grown to the longest legal list seen.
func (g *Greedy) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := ctx.Err(); err != nil {
		return engine.Action{}, err
	}
	if err := agents.CheckAlternating(st, side); err != nil {
		return engine.Action{}, fmt.Errorf("agent %s: %w", g.Name(), err)
	}
	if _, ok := st.(*rules.State); !ok {
		return engine.Action{}, agents.NotForRuleset(g.Name(), rules.Name, st)
	}
	g.buf = st.Legal(g.buf[:0])
	if len(g.buf) == 0 {
		return engine.Action{}, fmt.Errorf("greedy agent, %s to move: %w", st.ToMove(), agents.ErrNoLegalAction)
	}
	return g.buf[g.Pick(st, g.buf)], nil
}

// Pick is the index of the best-scoring action of acts (not empty) in st,
// ties broken uniformly at random. Searches use it as their playout
// policy; the kit offers it for 2 by 2 states only, so the uniform choice
// for another ruleset's state is a guard that is not reached.
func (g *Greedy) Pick(st engine.State, acts []engine.Action) int {
	s, ok := st.(*rules.State)
	if !ok {
		return g.rng.IntN(len(acts))
	}
	var m agents.Argmax
	for i := range acts {
		m.Offer(i, g.score2x2(s, &acts[i]), g.rng)
	}
	return m.Best
}

// ChooseExplained chooses as Choose does and lists the legal actions with
// their doctrine scores.
func (g *Greedy) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *agents.Explanation, error) {
	a, err := g.Choose(ctx, st, side)
	if err != nil {
		return a, nil, err
	}
	e := &agents.Explanation{Agent: g.Name(), Player: st.ToMove(), ScoreKind: "doctrine score",
		Note: fmt.Sprintf("one-move doctrine, aggression %g; equal scores broken at random", g.aggression)}
	s, ok := st.(*rules.State)
	cs := make([]agents.Candidate, len(g.buf))
	for i := range g.buf {
		cs[i] = agents.Candidate{Action: g.buf[i], Text: st.DescribeAction(g.buf[i])}
		if ok {
			cs[i].Score = g.score2x2(s, &g.buf[i])
		}
		if g.buf[i] == a {
			e.Chosen = cs[i]
		}
	}
	e.Candidates = agents.RankCandidates(cs)
	return a, e, nil
}

// unitOK reports whether u names a unit of s.
func unitOK(s *rules.State, u uint8) bool { return int(u) < s.NumUnits() }

// score2x2 is the doctrine table of the Greedy documentation.
func (g *Greedy) score2x2(s *rules.State, a *engine.Action) float64 {
	switch a.Kind {
	case rules.KindDiceReinf:
		return 200
	case rules.KindMove:
		sc := g.scoreMove(s, a)
		if a.Order != rules.OrderCharge && a.NPath > 0 && unitOK(s, a.Unit) {
			sc -= riskWeight * risk(s, int(a.Unit), a.Path[a.NPath-1])
		}
		return sc
	case rules.KindHold, rules.KindFace:
		if !unitOK(s, a.Unit) {
			return 15
		}
		sc := 15.0
		if a.Kind == rules.KindFace {
			sc = 30
		} else if s.Spec(int(a.Unit)).Type.IsHQ() {
			sc = 25
		}
		return sc - riskWeight*risk(s, int(a.Unit), s.U[a.Unit].Pos)
	case rules.KindSlide:
		if a.NPath > 0 && unitOK(s, a.Unit) {
			return 5 - riskWeight*risk(s, int(a.Unit), a.Path[a.NPath-1])
		}
		return 5
	case rules.KindExit:
		if unitOK(s, a.Unit) && s.Spec(int(a.Unit)).Type.IsCavalry() && a.Arg != uint8(rules.BaseEdge(s.Spec(int(a.Unit)).Side)) {
			return 55 // at an enemy point: trades the horse for an arrival
		}
		return 0
	case rules.KindVolRout:
		// A light unit pinned where a charge would likely break it, or
		// losing its melee, routs away: "particularly useful if pinned
		// in a vulnerable position". Above holding (15) and facing (30).
		if unitOK(s, a.Unit) && stayHarm(s, int(a.Unit)) > volRoutHarm {
			return 60
		}
		return 0
	case rules.KindConfront:
		return 0
	case rules.KindDeploy, rules.KindQueue:
		return 10
	case rules.KindStall:
		return 100
	case rules.KindExchange:
		if unitOK(s, a.Target) {
			return 100 + s.Spec(int(a.Target)).Type.Profile().Cost
		}
		return 100
	case rules.KindPlace:
		return 50
	case rules.KindFire, rules.KindSupport:
		return fireScore(s, a)
	case rules.KindBombard:
		return 100
	case rules.KindResolve:
		return 10
	case rules.KindRout, rules.KindFollowUp:
		return 10 * float64(a.Arg)
	case rules.KindMelee:
		if unitOK(s, a.Target) && s.U[a.Target].Stat == rules.Disrupted {
			return 15
		}
		return 10
	case rules.KindEnd:
		// Ending the shooting beats an unwanted volley; everywhere else
		// ending comes after every useful action.
		if s.PhaseName() == "shooting" {
			return 10
		}
		return 1
	}
	return 1 // points, and anything new: uniform
}

// scoreMove scores a generated movement order before its risk.
func (g *Greedy) scoreMove(s *rules.State, a *engine.Action) float64 {
	agg := g.aggression
	if !unitOK(s, a.Unit) {
		return 1
	}
	me := s.Spec(int(a.Unit)).Type
	switch a.Order {
	case rules.OrderCharge:
		if !unitOK(s, a.Target) {
			return 1
		}
		i, j := int(a.Unit), int(a.Target)
		foe := s.Spec(j).Type
		m := marginWeight * float64(s.UnitMeleeMargin(i, j)+engagedBy(s, i, j))
		switch {
		case s.U[j].Stat == rules.Disrupted && me.IsCavalry():
			return 130 + m
		case s.U[j].Stat == rules.Disrupted:
			return 120 + m
		case me.IsCavalry() && foe.IsInfantry():
			return 10 + m
		case me.IsCavalry():
			return 90 + m
		default:
			return 40 + 80*agg + m
		}
	case rules.OrderAdvance, rules.OrderCross:
		switch {
		case me.IsHQ():
			return 20
		case me.IsCavalry():
			return 20 + 20*agg
		default:
			return 30 + 40*agg
		}
	case rules.OrderHQRally:
		return 90
	case rules.OrderHQContact:
		return 35
	case rules.OrderThreaten:
		if me.IsCavalry() {
			return 45
		}
	case rules.OrderSupport, rules.OrderScreen, rules.OrderOccupy, rules.OrderFace:
		if !me.IsHQ() {
			return 30
		}
	}
	return 20
}

// fireScore scores a shot or a supporting shot: artillery always fires;
// infantry keeps its volley for cavalry and for a charger it stalled, as
// "The Flow of Battle" advises (a unit that fires is pinned).
func fireScore(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Unit) || !unitOK(s, a.Target) {
		return 5
	}
	t := &s.U[a.Target]
	bonus := 0.0
	if t.Stat == rules.Disrupted {
		bonus = 10
	}
	switch {
	case !s.Spec(int(a.Unit)).Type.IsInfantry():
		return 100 + bonus
	case s.Spec(int(a.Target)).Type.IsCavalry() || t.StallOn != rules.NoUnit:
		return 90 + bonus
	}
	return 5
}

// baseOf is the base of a unit standing at pos facing dir (every base is
// 1" x 1/2", ruling R-BASE).
func baseOf(pos, dir geom.Vec) geom.Rect {
	return geom.Rect{C: pos, F: dir, HW: 0.5, HD: 0.25}
}

// engagedBy counts the friends of unit i, HQs apart, already touching
// enemy unit j: each adds +1 to the melee as an overlap.
func engagedBy(s *rules.State, i, j int) int {
	side := s.Spec(i).Side
	tr := baseOf(s.U[j].Pos, s.U[j].Dir)
	n := 0
	for f := 0; f < s.NumUnits(); f++ {
		u := &s.U[f]
		if f == i || u.Loc != rules.LocTable || s.Spec(f).Side != side || s.Spec(f).Type.IsHQ() || u.Pos.Dist(tr.C) > 1.3 {
			continue
		}
		if geom.RectDistance(baseOf(u.Pos, u.Dir), tr) <= 0.02 {
			n++
		}
	}
	return n
}

// risk is what unit i may lose standing at pos: the shooting harm it is
// exposed to plus chargeRisk times the melee losses it is exposed to.
func risk(s *rules.State, i int, pos geom.Vec) float64 {
	return shotDanger(s, i, pos) + chargeRisk*chargeThreat(s, i, pos)
}

// shotHarm is the expected harm of one d6 shot at modifier m, as the
// engine's twobytwo.ShotHarm counts it (a rout 1, disrupted 1/2, pinned
// 1/4).
func shotHarm(m int) float64 { return rules.ShotHarm(m) }

// shotDanger is the harm enemy shooters could do to unit i standing at
// pos in their next shooting phase: every enemy that shoots, is not
// disrupted and has pos in its arc and range counts one shot with its
// range band, first volley, skirmish screen and the target's type. Line
// of sight and the priority target are ignored.
func shotDanger(s *rules.State, i int, pos geom.Vec) float64 {
	me := s.Spec(i)
	h := 0.0
	for e := 0; e < s.NumUnits(); e++ {
		u := &s.U[e]
		es := s.Spec(e)
		if u.Loc != rules.LocTable || es.Side == me.Side || u.Stat == rules.Disrupted {
			continue
		}
		p := es.Type.Profile()
		if !p.Shoots {
			continue
		}
		front := u.Pos.Add(u.Dir.Scale(0.25))
		v := pos.Sub(front)
		along := v.Dot(u.Dir)
		if along <= 0 || math.Abs(v.Dot(u.Dir.Perp())) > 1+along {
			continue // behind its front, or outside its arc
		}
		d := v.Len() - 0.25
		if d > s.FireReach(e) {
			continue
		}
		m := s.RangeBand(e, d)
		if p.Long == 0 {
			if u.Stat != rules.Pinned && !es.Bows {
				m++ // first volley
			}
			if es.Screened && !me.Screened {
				m++
			}
		}
		if me.Type.IsCavalry() {
			m += 2
		}
		if me.Type == rules.LightInfantry {
			m--
		}
		h += shotHarm(m)
	}
	return h
}

// chargeThreat is the expected number of units unit i would lose at pos
// if every enemy that could reach it next turn charged it. Distances are
// straight, so an enemy across a river counts even where no charge could
// cross (R-BRIDGE, R-BRIDGEMOVE): counting only the charges a ford lets
// through brought the doctrines to the bank, under the fire across it,
// and lost them games (docs/agents.md, "What these say").
func chargeThreat(s *rules.State, i int, pos geom.Vec) float64 {
	me := s.Spec(i)
	h := 0.0
	for e := 0; e < s.NumUnits(); e++ {
		u := &s.U[e]
		es := s.Spec(e)
		if u.Loc != rules.LocTable || es.Side == me.Side || u.Stat >= rules.Pinned || es.Type.IsHQ() || es.Type.IsArtillery() {
			continue
		}
		if u.Pos.Dist(pos) > es.Type.Profile().Move+1 {
			continue
		}
		if es.Type.IsInfantry() && me.Type.IsCavalry() {
			continue // infantry may not charge cavalry in the open
		}
		h += rules.MeleeLoss(s.UnitMeleeMargin(i, e))
	}
	return h
}
