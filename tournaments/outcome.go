package tournaments

import (
	"fmt"
	"strconv"

	"github.com/grognard/grognard/engine"
)

// apDestroyed is what each side destroyed of the other's army, when the
// ruleset offers the material for adjudication (engine.Material); other
// rulesets' turn-limit games are never adjudicated.
func apDestroyed(st engine.State) ([2]float64, bool) {
	m, ok := st.(engine.Material)
	if !ok {
		return [2]float64{}, false
	}
	return m.MaterialDestroyed(), true
}

// score decides the outcome the tournament counts. A game ended by the
// turn limit goes to the side that destroyed more AP (a draw if equal)
// under AdjudicateAP; every other result stands as the ruleset gave it.
func score(res engine.Result, ap [2]float64, haveAP bool, mode Adjudication) Outcome {
	out := Outcome{Winner: res.Winner, Reason: res.Reason, Kind: res.Kind}
	if haveAP {
		a := ap
		out.APDestroyed = &a
	}
	if mode != AdjudicateAP || !haveAP || res.Winner != engine.NoPlayer || res.Kind != engine.TurnLimit {
		return out
	}
	out.Adjudicated, out.Kind = true, engine.Adjudicated
	hi, lo := ap[0], ap[1]
	switch {
	case ap[0] > ap[1]:
		out.Winner = 0
	case ap[1] > ap[0]:
		out.Winner = 1
		hi, lo = ap[1], ap[0]
	default:
		out.Winner = engine.NoPlayer
	}
	out.Reason = "adjudicated: AP destroyed " + apText(hi) + " to " + apText(lo)
	return out
}

// apText writes AP as the rules do: 12, or 3.5 for the half points of
// small units.
func apText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// slot is one game's result as the statistics need it, in a byte so that
// a tournament of millions of games keeps its results in a few megabytes:
// 0 while unfinished, else 1 + the first agent of the pairing's score in
// half points (0 loss, 1 draw, 2 win), plus slotAdjudicated.
type slot uint8

const slotAdjudicated slot = 4

func (s slot) done() bool { return s&3 != 0 }

// halfPoints is the pairing's first agent's score in half points.
func (s slot) halfPoints() int { return int(s&3) - 1 }

func (s slot) adjudicated() bool { return s&slotAdjudicated != 0 }

// slotFor scores an outcome of game g for the pairing's first agent,
// which plays side g.Leg.
func slotFor(g Game, o Outcome) (slot, error) {
	var half int
	switch o.Winner {
	case engine.NoPlayer:
		half = 1
	case engine.Player(g.Leg):
		half = 2
	case engine.Player(1 - g.Leg):
		half = 0
	default:
		return 0, fmt.Errorf("winner %d is neither side 0, side 1 nor a draw", o.Winner)
	}
	s := slot(1 + half)
	if o.Adjudicated {
		s |= slotAdjudicated
	}
	return s, nil
}
