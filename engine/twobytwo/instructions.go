package twobytwo

import (
	"fmt"
	"math"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// TableInstructions says how to carry out action a on a real table with a
// ruler, for the position s (before a is played): which base, where it
// stands now, each turn as an angle left or right and the facing it
// reaches, each leg's distance in inches and end point, the facing at the
// end, and for a charge the target and the face it strikes. Actions that
// do not move a base read as DescribeAction does.
func (s *State) TableInstructions(a engine.Action) string {
	if a.Kind != KindMove && a.Kind != KindSlide || int(a.Unit) >= int(s.n) {
		return s.DescribeAction(a)
	}
	i := int(a.Unit)
	u := &s.U[i]
	var b strings.Builder
	face := geom.FacingOf(u.Dir)
	what := "move"
	if a.Order == OrderCharge {
		what = fmt.Sprintf("charge %s (its %s face)", s.label(int(a.Target)), geom.Face(a.Arg))
	}
	fmt.Fprintf(&b, "%s: %s. It stands at (%.2f, %.2f) facing %.0f.", s.label(i), what, u.Pos.X, u.Pos.Y, face)
	prev := u.Pos
	step := 1
	for _, p := range a.Points() {
		d := p.Dist(prev)
		if d < 1e-6 {
			continue
		}
		if a.Kind == KindSlide {
			fmt.Fprintf(&b, " %d) Keeping its facing, move it %.2f\" %s to (%.2f, %.2f).", step, d, sideways(face, geom.FacingOf(p.Sub(prev))), p.X, p.Y)
		} else {
			head := geom.FacingOf(p.Sub(prev))
			if turn := turnWords(face, head); turn != "" {
				fmt.Fprintf(&b, " %d) %s.", step, turn)
				step++
			}
			fmt.Fprintf(&b, " %d) Move it %.2f\" straight ahead to (%.2f, %.2f).", step, d, p.X, p.Y)
			face = head
		}
		step++
		prev = p
	}
	if a.Order == OrderCharge {
		fmt.Fprintf(&b, " Its front is then in contact with %s.", s.label(int(a.Target)))
	} else if turn := turnWords(face, a.Facing); turn != "" {
		fmt.Fprintf(&b, " %d) %s.", step, turn)
	}
	return b.String()
}

// turnBy is the turn in degrees from facing from to facing to, in
// [-180, 180): positive clockwise (to the right).
func turnBy(from, to float64) float64 { return math.Mod(to-from+540, 360) - 180 }

// turnWords says how to turn a base from facing from to facing to, or ""
// for no turn.
func turnWords(from, to float64) string {
	d := turnBy(from, to)
	switch {
	case math.Abs(d) < 0.5:
		return ""
	case d > 0:
		return fmt.Sprintf("Turn it %.0f° right, to face %.0f", d, geom.NormDeg(to))
	default:
		return fmt.Sprintf("Turn it %.0f° left, to face %.0f", -d, geom.NormDeg(to))
	}
}

// sideways names the direction of a slide relative to the base's facing.
func sideways(face, head float64) string {
	d := turnBy(face, head)
	switch {
	case math.Abs(d) <= 22.5:
		return "forward"
	case math.Abs(d) >= 157.5:
		return "straight back"
	case d > 0:
		return fmt.Sprintf("to its right (bearing %.0f)", geom.NormDeg(head))
	default:
		return fmt.Sprintf("to its left (bearing %.0f)", geom.NormDeg(head))
	}
}
