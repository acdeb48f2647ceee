package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// The features, in the order of Features. Every feature is a difference
// "side's quantity minus the enemy's", so the features of one view are
// exactly the negation of the other's. doc.go says what each one measures
// and why.
const (
	FAPTable      = iota // AP on the table, /10
	FAPToCome            // AP still to come (queued or not yet deployed), /10
	FLost                // enemy units destroyed minus own
	FBreak               // 1/(enemy units left before it breaks) minus own
	FLeadLate            // FLost times the fraction of the turn limit played
	FOrdered             // ordered fighting units on the table
	FHalted              // halted fighting units on the table
	FPinned              // pinned fighting units on the table
	FDisrupted           // disrupted fighting units on the table
	FHQs                 // HQs alive (on the table or to come)
	FShotThreat          // expected shooting harm own shooters can do next volley
	FChargeThreat        // expected net units destroyed by own best charges
	FShotNow             // FShotThreat of the side that shoots in this turn (the non-phasing one)
	FChargeNow           // FChargeThreat of the side whose turn it is
	FExposed             // own disrupted fighting units within 4" of an enemy (negated: enemy's minus own)
	FRallyCover          // own pinned/disrupted units able to rally now
	FPointCrowd          // own units within 3" of an enemy point with units waiting
	FPointReach          // own cavalry that can reach 3" of such a point next move
	FTown                // fighting units in a town
	FHill                // fighting units on a hill
	FWood                // fighting units in a wood
	FAdvance             // fighting units' progress towards the enemy edge, summed
	FAttacker            // +1 for the attacker, -1 for the defender
	FPhasing             // +1 when it is this side's turn, -1 when the enemy's
	NumFeatures
)

// FeatureNames names the features in JSON and reports.
var FeatureNames = [NumFeatures]string{
	FAPTable:      "ap_table",
	FAPToCome:     "ap_to_come",
	FLost:         "lost",
	FBreak:        "break",
	FLeadLate:     "lead_late",
	FOrdered:      "ordered",
	FHalted:       "halted",
	FPinned:       "pinned",
	FDisrupted:    "disrupted",
	FHQs:          "hqs",
	FShotThreat:   "shot_threat",
	FChargeThreat: "charge_threat",
	FShotNow:      "shot_now",
	FChargeNow:    "charge_now",
	FExposed:      "exposed",
	FRallyCover:   "rally_cover",
	FPointCrowd:   "point_crowd",
	FPointReach:   "point_reach",
	FTown:         "town",
	FHill:         "hill",
	FWood:         "wood",
	FAdvance:      "advance",
	FAttacker:     "attacker",
	FPhasing:      "phasing",
}

// MaterialFeatures marks the features of the material-only model: the AP
// each side has on the table and to come, and the destroyed counts.
var MaterialFeatures = [NumFeatures]bool{FAPTable: true, FAPToCome: true, FLost: true}

// Features is one view of a position: feature k is FeatureNames[k].
type Features [NumFeatures]float64

// Rules constants the features use ("Victory Conditions", "Rallying",
// "Reinforcements").
const (
	breakPoint    = 5   // units destroyed that lose a game
	decisiveLead  = 2   // a decisive loss also needs 2 more lost than the enemy
	corpsRally    = 6.0 // rally range of a corps HQ
	divisionRally = 3.0 // rally range of a division HQ
	enemyNear     = 2.0 // an enemy this close stops a rally (elite and HQ contact apart)
	pointReach    = 3.0 // exchange range of a reinforcement point
	contactTol    = 0.02
	defaultTurns  = 40 // the engine's turn limit when a scenario gives none (R-TURNLIMIT)
)

// Extract fills f with the features of st seen by side (0 or 1). It
// allocates nothing and reads st only through its exported accessors.
// A terminal state gets the same features as any other; Model.Value
// handles the end of the game itself.
func Extract(st *rules.State, side int, f *Features) {
	var g [2]Features // per-side quantities; f = g[side] - g[enemy]
	var on [rules.MaxUnits]uint8
	var engaged [rules.MaxUnits]bool
	var rect [rules.MaxUnits]geom.Rect
	n := 0
	nu := st.NumUnits()
	sc := st.Scenario()

	// Material and status, and the list of units on the table.
	for i := 0; i < nu; i++ {
		u := &st.U[i]
		sp := st.Spec(i)
		s := sp.Side
		cost := sp.UnitCost()
		hq := sp.Type.IsHQ()
		switch u.Loc {
		case rules.LocTable:
			on[n] = uint8(i)
			n++
			rect[i] = base(u)
			g[s][FAPTable] += cost / 10
			if hq {
				g[s][FHQs]++
				continue
			}
			switch u.Stat {
			case rules.Ordered:
				g[s][FOrdered]++
			case rules.Halted:
				g[s][FHalted]++
			case rules.Pinned:
				g[s][FPinned]++
			default:
				g[s][FDisrupted]++
			}
			adv := u.Pos.Y / sc.Size
			if s == 1 {
				adv = 1 - adv
			}
			g[s][FAdvance] += adv
			if inArea(sc, u.Pos, rules.Town) {
				g[s][FTown]++
			}
			if inArea(sc, u.Pos, rules.Hill) || inArea(sc, u.Pos, rules.SteepHill) {
				g[s][FHill]++
			}
			if inArea(sc, u.Pos, rules.Wood) {
				g[s][FWood]++
			}
		case rules.LocWaiting, rules.LocUnplaced:
			g[s][FAPToCome] += cost / 10
			if hq {
				g[s][FHQs]++
			}
		}
	}

	// Victory: destroyed counts and the distance to the break point.
	var left [2]int
	for s := 0; s < 2; s++ {
		d, o := st.Destroyed(s), st.Destroyed(1-s)
		g[s][FLost] = -float64(d)
		left[s] = breakPoint - d
		if sc.Victory == rules.Decisive {
			left[s] = max(left[s], o+decisiveLead-d)
		}
		g[s][FBreak] = -1 / float64(max(left[s], 1))
	}
	limit := sc.TurnLimit
	if limit <= 0 {
		limit = defaultTurns
	}
	late := min(float64(st.Turn())/float64(limit), 1)
	for s := 0; s < 2; s++ {
		g[s][FLeadLate] = g[s][FLost] * late
	}

	// Contacts: a unit touching an enemy may not shoot or be shot, and
	// may not rally.
	for a := 0; a < n; a++ {
		i := int(on[a])
		for b := a + 1; b < n; b++ {
			j := int(on[b])
			if st.Spec(i).Side == st.Spec(j).Side || st.U[i].Pos.Dist(st.U[j].Pos) > 1.2 {
				continue
			}
			if geom.RectDistance(rect[i], rect[j]) <= contactTol {
				engaged[i], engaged[j] = true, true
			}
		}
	}

	// Threats: each unit's best shot and best charge at the enemy.
	for a := 0; a < n; a++ {
		i := int(on[a])
		u := &st.U[i]
		sp := st.Spec(i)
		s := sp.Side
		p := sp.Type.Profile()
		reach := st.FireReach(i)
		if reach > 0 && u.Stat != rules.Disrupted && !engaged[i] {
			g[s][FShotThreat] += bestShot(st, i, on[:n], rect[:], engaged[:], reach)
		}
		if !sp.Type.IsHQ() && !sp.Type.IsArtillery() && u.Stat <= rules.Halted {
			g[s][FChargeThreat] += bestCharge(st, i, on[:n], rect[:], engaged[:], p.Move)
		}
	}

	// Exposure: disrupted units with an enemy fighting unit near.
	for a := 0; a < n; a++ {
		i := int(on[a])
		if st.U[i].Stat != rules.Disrupted || st.Spec(i).Type.IsHQ() {
			continue
		}
		for _, jb := range on[:n] {
			j := int(jb)
			if st.Spec(j).Side != st.Spec(i).Side && !st.Spec(j).Type.IsHQ() && st.U[i].Pos.Dist(st.U[j].Pos) <= 4 {
				g[st.Spec(i).Side][FExposed]--
				break
			}
		}
	}

	// Rallying: own pinned or disrupted units an HQ of their chain can
	// rally now.
	for a := 0; a < n; a++ {
		i := int(on[a])
		if st.U[i].Stat < rules.Pinned {
			continue
		}
		if canRally(st, i, on[:n], rect[:], engaged[:]) {
			g[st.Spec(i).Side][FRallyCover]++
		}
	}

	// Reinforcement points: own units crowding an enemy point whose queue
	// is not empty (they can be exchanged, or exit there for an arrival),
	// and own cavalry within a move of one.
	var waiting [2][2]int
	for i := 0; i < nu; i++ {
		u := &st.U[i]
		if u.Loc == rules.LocWaiting && u.Point >= 0 && u.Point <= 1 {
			waiting[st.Spec(i).Side][u.Point]++
		}
	}
	for e := 0; e < 2; e++ {
		for k := 0; k < 2; k++ {
			pos, _, placed := st.Point(e, k)
			if !placed || waiting[e][k] == 0 {
				continue
			}
			for a := 0; a < n; a++ {
				i := int(on[a])
				sp := st.Spec(i)
				if sp.Side == e {
					continue
				}
				d := pointRectDist(pos, rect[i])
				if d <= pointReach {
					g[sp.Side][FPointCrowd]++
				} else if sp.Type.IsCavalry() && st.U[i].Stat <= rules.Halted && d <= sp.Type.Profile().Move+pointReach {
					g[sp.Side][FPointReach]++
				}
			}
		}
	}

	g[st.Attacker()][FAttacker] = 1
	ph := st.Phasing()
	g[ph][FPhasing] = 1
	g[ph][FChargeNow] = g[ph][FChargeThreat]
	g[1-ph][FShotNow] = g[1-ph][FShotThreat]

	e := 1 - side
	for k := range f {
		f[k] = g[side][k] - g[e][k]
	}
}

// base is the 1" x 1/2" base of u (ruling R-BASE).
func base(u *rules.Unit) geom.Rect {
	return geom.Rect{C: u.Pos, F: u.Dir, HW: 0.5, HD: 0.25}
}

// inArea reports whether p lies in a feature of kind k.
func inArea(sc *rules.Scenario, p geom.Vec, k rules.TerrainKind) bool {
	for t := range sc.Terrain {
		ft := &sc.Terrain[t]
		if ft.Kind == k && geom.PointInPolygon(p, ft.Points) {
			return true
		}
	}
	return false
}

// pointRectDist is the distance from p to base r (0 inside).
func pointRectDist(p geom.Vec, r geom.Rect) float64 {
	return math.Sqrt(pointRectDist2(p, r))
}

// pointRectDist2 is the square of pointRectDist.
func pointRectDist2(p geom.Vec, r geom.Rect) float64 {
	v := p.Sub(r.C)
	along := v.X*r.F.X + v.Y*r.F.Y
	across := v.X*r.F.Y - v.Y*r.F.X
	dx := max(abs(across)-r.HW, 0)
	dy := max(abs(along)-r.HD, 0)
	return dx*dx + dy*dy
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// measure is the distance the rules measure from base a to base b: to
// the centre of b's face nearest a (ruling R-MEASURE).
func measure(a, b geom.Rect) float64 {
	// Face centres of b: C ± F·HD (front, rear), C ± R·HW (right, left).
	f := b.F.Scale(b.HD)
	r := b.F.Perp().Scale(b.HW)
	best := pointRectDist2(b.C.Add(f), a)
	best = min(best, pointRectDist2(b.C.Sub(f), a))
	best = min(best, pointRectDist2(b.C.Add(r), a))
	best = min(best, pointRectDist2(b.C.Sub(r), a))
	return math.Sqrt(best)
}

// bestShot is the largest expected harm unit i can do with one shot
// ("A unit may shoot only ONCE"): over the enemies in its field of fire
// (45 degrees out from each front corner, ruling R-ARC) and reach, with
// the shooting modifiers that depend on the two units alone. Line of
// sight and the priority target are not checked.
func bestShot(st *rules.State, i int, on []uint8, rect []geom.Rect, engaged []bool, reach float64) float64 {
	u := &st.U[i]
	sp := st.Spec(i)
	p := sp.Type.Profile()
	front := u.Pos.Add(u.Dir.Scale(0.25))
	best := 0.0
	for _, jb := range on {
		j := int(jb)
		tsp := st.Spec(j)
		if tsp.Side == sp.Side || engaged[j] {
			continue
		}
		t := &st.U[j]
		v := t.Pos.Sub(front)
		along := v.Dot(u.Dir)
		if along <= 0 || math.Abs(v.Dot(u.Dir.Perp())) > 0.5+along+0.5 {
			continue
		}
		if v.Len2() > (reach+1.2)*(reach+1.2) {
			continue
		}
		d := measure(rect[i], rect[j])
		if d > reach {
			continue
		}
		m := st.RangeBand(i, d)
		if p.Long == 0 { // firearms
			if u.Stat != rules.Pinned && !sp.Bows {
				m++ // first volley
			}
			if sp.Screened && !tsp.Screened {
				m++
			}
			if sp.Type == rules.IrregularShooters {
				m--
			}
		}
		if sp.Large {
			m++
		}
		if sp.Small {
			m--
		}
		if tsp.Type.IsCavalry() {
			m += 2
		}
		if t.Stat == rules.Disrupted {
			m++
		}
		h := shotHarm(m)
		if tsp.Type == rules.LightInfantry {
			h = 0.25 * atLeast(6, m-1) // every result is pinned at worst, and -1
		}
		best = max(best, h)
	}
	return best
}

// atLeast is P(d6 + m >= k).
func atLeast(k, m int) float64 {
	return float64(min(max(7-k+m, 0), 6)) / 6
}

// shotHarm is the expected harm of one d6 shot at modifier m: a rout
// counts 1, disrupted 1/2, pinned 1/4 ("Resolving shooting": 8+ rout,
// 7 disrupted, 6 pinned).
func shotHarm(m int) float64 {
	rout, dis, pin := atLeast(8, m), atLeast(7, m), atLeast(6, m)
	return rout + 0.5*(dis-rout) + 0.25*(pin-dis)
}

// bestCharge is the largest expected net gain in units (enemy units
// destroyed minus own) of a charge by unit i, which could move move
// inches, on any enemy it could reach, or already touches. Infantry may
// not charge cavalry in the open (R-OPEN: taken as anywhere); terrain,
// HQs and supports are left out.
func bestCharge(st *rules.State, i int, on []uint8, rect []geom.Rect, engaged []bool, move float64) float64 {
	sp := st.Spec(i)
	best := 0.0
	for _, jb := range on {
		j := int(jb)
		tsp := st.Spec(j)
		if tsp.Side == sp.Side || sp.Type.IsInfantry() && tsp.Type.IsCavalry() {
			continue
		}
		if engaged[i] {
			if geom.RectDistance(rect[i], rect[j]) > contactTol {
				continue // an engaged unit fights where it stands
			}
		} else if st.U[i].Pos.Dist(st.U[j].Pos) > move+1.2 || measure(rect[i], rect[j]) > move {
			continue
		}
		m := st.UnitMeleeMargin(i, j)
		best = max(best, rules.MeleeLoss(-m)-rules.MeleeLoss(m))
	}
	return best
}

// canRally reports whether pinned or disrupted unit i may attempt a rally
// ("Rallying"): an HQ rallies itself unless touching an enemy; any other
// unit needs its corps HQ within 6" or its division HQ within 3", no
// enemy in contact, and no enemy within 2" unless it is elite or an HQ
// touches it.
func canRally(st *rules.State, i int, on []uint8, rect []geom.Rect, engaged []bool) bool {
	if engaged[i] {
		return false
	}
	sp := st.Spec(i)
	if sp.Type.IsHQ() {
		return true
	}
	inRange, contact := false, false
	for h := sp.HQ; h >= 0 && h < st.NumUnits(); h = st.Spec(h).HQ {
		hu := &st.U[h]
		if hu.Loc == rules.LocTable {
			r := corpsRally
			if st.Spec(h).Type == rules.DivisionHQ {
				r = divisionRally
			}
			if measure(rect[h], rect[i]) <= r {
				inRange = true
			}
		}
		if st.Spec(h).Type == rules.CorpsHQ {
			break
		}
	}
	if !inRange {
		return false
	}
	if sp.Type.Profile().Elite {
		return true
	}
	for _, jb := range on {
		j := int(jb)
		if st.Spec(j).Side == sp.Side {
			if st.Spec(j).Type.IsHQ() && geom.RectDistance(rect[i], rect[j]) <= contactTol {
				contact = true
			}
			continue
		}
		if measure(rect[j], rect[i]) <= enemyNear {
			if contact {
				return true
			}
			// Keep looking for an HQ in contact.
			for _, kb := range on {
				k := int(kb)
				if st.Spec(k).Side == sp.Side && st.Spec(k).Type.IsHQ() && geom.RectDistance(rect[i], rect[k]) <= contactTol {
					return true
				}
			}
			return false
		}
	}
	return true
}
