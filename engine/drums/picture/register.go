package picture

import (
	"fmt"
	"io"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
)

// Drawer draws Drums and Muskets positions as SVG (engine.Picturer): the
// ruleset's bundle (agents/drums/bundle.go) registers it, so front ends
// find it with engine.Pictures by the ruleset's name.
type Drawer struct{}

var _ engine.Picturer = Drawer{}

// Picture draws st, a Drums and Muskets state, as SVG on w: opts.Width
// pixels wide (0 for DefaultWidth, others clamped to [MinWidth,
// MaxWidth]), with opts.Arrows drawn from the position each is given in.
func (Drawer) Picture(w io.Writer, st engine.State, opts engine.PictureOptions) error {
	s, ok := st.(*drums.State)
	if !ok || s == nil {
		return fmt.Errorf("picture: the Drums and Muskets drawer cannot draw a %s position", rulesetOf(st))
	}
	o := Options{Width: float64(opts.Width)}
	for _, ar := range opts.Arrows {
		from := s
		if ar.From != nil {
			f, ok := ar.From.(*drums.State)
			if !ok || f == nil {
				return fmt.Errorf("picture: an arrow is given in a %s position, not a Drums and Muskets one", rulesetOf(ar.From))
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
