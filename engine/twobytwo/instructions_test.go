package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// TestTableInstructions: a move reads as the turns and ruler distances a
// person makes at the table.
func TestTableInstructions(t *testing.T) {
	s := editPosition(t)
	tests := []struct {
		name  string
		slide bool
		face  float64
		pts   []geom.Vec
		want  []string
	}{
		{"turn, go, turn back", false, 0, []geom.Vec{{X: 2, Y: 5}},
			[]string{"F1: move. It stands at (5.00, 5.00) facing 0.", "1) Turn it 90° left, to face 270.", `2) Move it 3.00" straight ahead to (2.00, 5.00).`, "3) Turn it 90° right, to face 0."}},
		{"straight ahead", false, 0, []geom.Vec{{X: 5, Y: 7.5}},
			[]string{`1) Move it 2.50" straight ahead to (5.00, 7.50).`}},
		{"two legs", false, 45, []geom.Vec{{X: 5, Y: 7}, {X: 7, Y: 9}},
			[]string{`1) Move it 2.00" straight ahead`, "2) Turn it 45° right, to face 45.", `3) Move it 2.83" straight ahead to (7.00, 9.00).`}},
		{"slide", true, 0, []geom.Vec{{X: 3, Y: 5}},
			[]string{`1) Keeping its facing, move it 2.00" to its left (bearing 270) to (3.00, 5.00).`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := FreeMove(0, tc.face, tc.slide, tc.pts...)
			if err != nil {
				t.Fatal(err)
			}
			got := s.TableInstructions(a)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("instructions lack %q:\n%s", w, got)
				}
			}
			if tc.name == "straight ahead" && strings.Contains(got, "Turn") {
				t.Errorf("a straight move has a turn: %s", got)
			}
		})
	}
	fire := act(KindFire, 0, 2)
	if got := s.TableInstructions(fire); got != s.DescribeAction(fire) {
		t.Errorf("a shot reads %q", got)
	}
}
