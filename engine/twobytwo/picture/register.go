package picture

import (
	"fmt"
	"io"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// Drawer draws 2 by 2 positions as SVG (engine.Picturer): the
// ruleset's bundle (agents/twobytwo/bundle.go) registers it, so front ends
// find it with engine.Pictures by the ruleset's name.
type Drawer struct{}

var _ engine.Picturer = Drawer{}

// Picture draws st, a 2 by 2 state, as SVG on w: opts.Width pixels wide
// (0 for the default scale), with opts.Arrows drawn from the position
// each is given in.
func (Drawer) Picture(w io.Writer, st engine.State, opts engine.PictureOptions) error {
	s, ok := st.(*twobytwo.State)
	if !ok || s == nil {
		return fmt.Errorf("picture: the 2 by 2 drawer cannot draw a %s position", rulesetOf(st))
	}
	o := DefaultOptions()
	if opts.Width != 0 {
		o.Scale = (float64(opts.Width) - 2*margin) / s.Scenario().Size
		if o.Scale <= 0 || math.IsNaN(o.Scale) {
			return fmt.Errorf("picture: %d pixels is too narrow: the margins alone take %.0f", opts.Width, 2*margin)
		}
	}
	for _, ar := range opts.Arrows {
		from := s
		if ar.From != nil {
			f, ok := ar.From.(*twobytwo.State)
			if !ok || f == nil {
				return fmt.Errorf("picture: an arrow is given in a %s position, not a 2 by 2 one", rulesetOf(ar.From))
			}
			from = f
		}
		if a, ok := ActionArrow(from, ar.Action, ar.Label); ok {
			o.Arrows = append(o.Arrows, a)
		}
	}
	return SVG(w, s, o)
}

// rulesetOf names st's ruleset for a message, nil included.
func rulesetOf(st engine.State) string {
	if st == nil {
		return "missing"
	}
	return st.Ruleset()
}
