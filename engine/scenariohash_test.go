package engine

import "testing"

// TestHashScenario pins the scheme: records in the wild carry these
// values, so a change to it is a change to every ruleset's records.
func TestHashScenario(t *testing.T) {
	for _, c := range []struct {
		canonical string
		opts      Options
		want      string
	}{
		{"", Options{}, "e3b0c44298fc1c14"},
		{"{}", Options{}, "44136fa355b3678a"},
		{"{}", Options{TurnLimit: 12}, "44136fa355b3678a-t12"},
		{"{}", Options{TurnLimit: -1}, "44136fa355b3678a"},
		{"{}", Options{Variants: []string{"b", "a"}}, "44136fa355b3678a-b-a"},
		{"{}", Options{TurnLimit: 3, Variants: []string{"grand-battery"}}, "44136fa355b3678a-t3-grand-battery"},
		{"{ }", Options{}, "257c1be96ae69f4b"},
	} {
		if got := HashScenario([]byte(c.canonical), c.opts); got != c.want {
			t.Errorf("HashScenario(%q, %+v) = %s, want %s", c.canonical, c.opts, got, c.want)
		}
	}
}
