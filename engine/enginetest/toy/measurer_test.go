package toy

import (
	"testing"

	"github.com/grognard/grognard/engine"
)

// The toy measures its track in squares, the unit TableSize gives, and
// knows no other.
func TestLengths(t *testing.T) {
	st := newSkirmish(t)
	ls := st.Lengths()
	if len(ls) != 1 || ls[0].Name != "sq" || ls[0].PerOwn != 1 {
		t.Fatalf("Lengths: %+v", ls)
	}
	for _, name := range []string{"sq", "Squares", "square"} {
		if l, err := engine.FindLength(ls, name); err != nil || l.Name != "sq" {
			t.Errorf("%s: %+v, %v", name, l, err)
		}
	}
	if _, err := engine.FindLength(ls, "in"); err == nil {
		t.Error("the toy reads inches")
	}
	if w, d := st.TableSize(); w != TrackLen || d != 1 {
		t.Errorf("the track is %g by %g squares", w, d)
	}
}
