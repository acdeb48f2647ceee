// Package drums is the static evaluation of Drums and Muskets: a logistic
// model of the probability that a side wins (a draw counting half) over
// features of the position, fitted on seeded self-play games of the kit's
// doctrines and random play (package agents/drums/selfplay). The kit of agents/drums
// offers it to the searches as their default evaluation.
//
// Every feature is the side's own measure minus the enemy's (or the
// reverse where less is better), so the two sides' features are exact
// negations and, the model having no bias, their values are too.
package drums

import (
	"math"

	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// The features, each a difference between the sides, from the side's view.
const (
	// FStrength is the share of its starting strength (hits) a side has
	// left, own minus enemy's (Unit Types: 2 hits a base, 6 a gun model).
	FStrength = iota
	// FBreak is how far each side has gone towards its break threshold
	// (the scenario's share of its units broken, ruling D-VICTORY): the
	// enemy's progress minus the side's own.
	FBreak
	// FWorn counts the units that have lost half their strength (a unit
	// one bad test from breaking), the enemy's minus own, per unit.
	FWorn
	// FHold is the objective areas held now (a unit inside, no enemy),
	// own minus enemy's: at the turn limit they decide the battle.
	FHold
	// FHoldLate is FHold times the turn progress: holding counts more as
	// the limit nears.
	FHoldLate
	// FStrengthLate is FStrength times the turn progress: at the limit
	// the strength destroyed decides a battle the objectives leave even.
	FStrengthLate
	// FCamp is the threat to the baggage camps ("needs to be defended";
	// its loss loses the battle in the built-in scenario): own units
	// within 8BW of the enemy camp minus enemy units within 8BW of own,
	// a camp lost counting 4.
	FCamp
	// FCommand is the share of units out of their sub-general's command
	// distance (no second action point: Actions), the enemy's minus own.
	FCommand
	// FSupply is the supply dice left, own minus enemy's, over 6
	// (Quarter master: they are never replaced).
	FSupply
	// NumFeatures is the number of features.
	NumFeatures
)

// FeatureNames name the features, for weights files and tests.
var FeatureNames = [NumFeatures]string{"strength", "break", "worn", "hold", "hold_late", "strength_late", "camp", "command", "supply"}

// Features are one side's view of a position.
type Features [NumFeatures]float64

// sideTotals are one side's sums over its units.
type sideTotals struct {
	units, broken, worn, outCmd, onTable int
	strength, left                       float64
}

// Extract writes side's features of s into f. It allocates nothing.
func Extract(s *drums.State, side int, f *Features) {
	var t [2]sideTotals
	n := s.NumUnits()
	var gens [drums.MaxGenerals]drums.GeneralView
	ng := s.NumGenerals()
	for g := range ng {
		gens[g] = s.General(g)
	}
	var camp [2]geom.Rect
	var campOn [2]bool
	for k := range 2 {
		camp[k], campOn[k] = s.CampOf(k)
	}
	var near [2]int // units of side k within 8BW of the other's camp
	for i := range n {
		v := s.Unit(i)
		k := v.Side
		st := &t[k]
		st.units++
		full := float64(v.Profile.Strength())
		st.strength += full
		if v.Broken {
			st.broken++
			continue
		}
		st.left += full - float64(v.Hits)
		if 2*v.Hits >= v.Profile.Strength() {
			st.worn++
		}
		if !v.OnTable {
			continue
		}
		st.onTable++
		for g := range ng {
			gv := &gens[g]
			if gv.Side == k && gv.Command == v.Command {
				if !gv.OnTable || !drums.PointWithin(gv.Pos, v.Footprint, gv.Range) {
					st.outCmd++
				}
				break
			}
		}
		if campOn[1-k] && geom.RectDistance(v.Footprint, camp[1-k]) <= 8 {
			near[k]++
		}
	}
	sc := s.Scenario()
	share := sc.Objective.BreakShare
	if share == 0 {
		share = drums.DefaultBreakShare
	}
	var held [2]int
	for _, h := range sc.Objective.Hold {
		var in [2]bool
		for i := range n {
			v := s.Unit(i)
			if v.OnTable && geom.RectCircleOverlap(v.Footprint, h.Centre, h.Radius) {
				in[v.Side] = true
			}
		}
		if in[0] != in[1] {
			if in[0] {
				held[0]++
			} else {
				held[1]++
			}
		}
	}
	limit := float64(sc.TurnLimit)
	progress := 0.0
	if limit > 0 {
		progress = math.Min(1, float64(s.Turn())/limit)
	}
	o, e := side, 1-side
	frac := func(a, b float64) float64 {
		if b <= 0 {
			return 0
		}
		return a / b
	}
	campScore := func(k int) float64 {
		v := float64(near[k])
		if s.Camp[1-k].Lost {
			v += 4
		}
		return v
	}
	f[FStrength] = frac(t[o].left, t[o].strength) - frac(t[e].left, t[e].strength)
	f[FBreak] = frac(float64(t[e].broken), share*float64(t[e].units)) - frac(float64(t[o].broken), share*float64(t[o].units))
	f[FWorn] = frac(float64(t[e].worn), float64(t[e].units)) - frac(float64(t[o].worn), float64(t[o].units))
	f[FHold] = float64(held[o] - held[e])
	f[FHoldLate] = f[FHold] * progress
	f[FStrengthLate] = f[FStrength] * progress
	f[FCamp] = (campScore(o) - campScore(e)) / 4
	f[FCommand] = frac(float64(t[e].outCmd), float64(max(t[e].onTable, 1))) - frac(float64(t[o].outCmd), float64(max(t[o].onTable, 1)))
	f[FSupply] = float64(s.SupplyLeft(o)-s.SupplyLeft(e)) / 6
}
