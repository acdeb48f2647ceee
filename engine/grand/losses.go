package grand

import "github.com/grognard/grognard/engine"

// Lost is the factors side has lost (engine.Losses).
func (s *State) Lost(side engine.Player) float64 {
	return float64(s.armies[side&1].FactorsLost)
}

// Strength is the factors side's force had at the start (engine.Losses).
func (s *State) Strength(side engine.Player) float64 {
	return float64(s.sc.Forces[side&1].Total())
}

// LossUnit names what Lost counts (engine.Losses).
func (s *State) LossUnit() string { return "factors" }

var _ engine.Losses = (*State)(nil)
