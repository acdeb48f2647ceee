package twobytwo

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/grognard/grognard/scenarios/twobytwo/armies"
)

// TestArmyFilesEveryNation: a random army of every nation at 40 and 80 AP,
// written as an army file, reads back unchanged and passes its list.
func TestArmyFilesEveryNation(t *testing.T) {
	for _, l := range armies.Lists() {
		for _, ap := range []float64{40, 80} {
			units, err := l.Random(ap, 0, "X", rand.New(rand.NewPCG(uint64(ap), 3)))
			if err != nil {
				t.Fatalf("%s %g AP: %v", l.Nation, ap, err)
			}
			b, err := MarshalArmy("", l.Nation, ap, units, 0)
			if err != nil {
				t.Fatal(err)
			}
			a, err := ParseArmy(l.Nation+".yaml", b)
			if err != nil {
				t.Fatalf("%s %g AP:\n%v\n%s", l.Nation, ap, err, b)
			}
			if a.Nation != l.Nation || a.Name != l.Nation || a.AP != ap || !reflect.DeepEqual(a.Units, units) {
				t.Fatalf("%s %g AP: read back differently: %+v", l.Nation, ap, a)
			}
		}
	}
}

func TestArmyFileProblems(t *testing.T) {
	base := `name: Left wing
nation: France
ap: 20
units:
  - {label: F-CHQ, type: corps hq}
  - {label: F-DHQ1, type: division hq, hq: F-CHQ}
  - {label: F1, type: line infantry, hq: F-DHQ1}
  - {label: F2, type: line infantry, hq: F-DHQ1}
  - {label: F3, type: line infantry, hq: F-DHQ1}
  - {label: F4, type: light cavalry, hq: F-DHQ1}
  - {label: F5, type: foot artillery, hq: F-CHQ}
`
	a, err := ParseArmy("left.yaml", []byte(base))
	if err != nil {
		t.Fatalf("the base army: %v", err)
	}
	if a.Name != "Left wing" || a.Nation != "France" || len(a.Units) != 7 || a.Units[6].HQ != 0 {
		t.Fatalf("read wrong: %+v", a)
	}
	cases := []struct {
		name, old, new string
		line           int
		want           string
	}{
		{"over budget", "ap: 20", "ap: 15", 3, "costs 18 AP, over its budget of 15"},
		{"no nation", "nation: France\n", "", 1, "no nation"},
		{"unknown nation", "nation: France", "nation: Frence", 2, `did you mean "France"`},
		{"not in the list", "type: light cavalry", "type: cossacks", 10, "France has no Cossacks"},
		{"no HQ", "type: line infantry, hq: F-DHQ1}", "type: line infantry}", 7, "no HQ in its chain of command"},
		{"positions are for scenarios", "hq: F-CHQ}\n", "hq: F-CHQ, at: [3, 3]}\n", 6, "given a position"},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			_, err := ParseArmy("left.yaml", []byte(strings.Replace(base, c.old, c.new, 1)))
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want problems", err)
			}
			for _, p := range pe.Problems {
				if strings.Contains(p.String(), c.want) && p.Line == c.line {
					return
				}
			}
			t.Fatalf("no problem on line %d mentions %q:\n%v", c.line, c.want, err)
		})
	}
}
