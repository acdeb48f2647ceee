package armies_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/grognard/grognard/scenarios/drums/armies"
)

// A row's profile: the document's "Artillery ART(F)/ART(P) 1+ 3+" of the
// Revolutionary French is field artillery, with position artillery as the
// alternative (ruling D-ARMY-ART).
func ExampleList_Profile() {
	l, err := armies.ByID("french-revolutionary")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"Artillery", "Artillery (position)", "Volunteer Line"} {
		p, err := l.Profile(name, 0)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: bases %d, thresholds %v\n", p.Name, p.Bases, p.Thresholds)
	}
	// Output:
	// Artillery (field): bases 1, thresholds [1 3 0]
	// Artillery (position): bases 2, thresholds [1 3 0]
	// Volunteer Line: bases 6, thresholds [1 2 4]
}

// An army file is read and checked against its list; problems come back
// with their lines.
func ExampleParseArmy() {
	src := `list: british-100-days
side: Allied
commander: Wellington
commands:
  - general: Picton
    units:
      - Highlander
      - {unit: Line/KGL, bases: 5}
      - Line Fusiliers
`
	_, err := armies.ParseArmy("waterloo.yaml", []byte(src))
	fmt.Println(err)
	// Output:
	// waterloo.yaml:9: unknown unit "Line Fusiliers" in british-100-days (did you mean "Fusilier"? (rows: Foot Guard, Fusilier, Veteran Line/KGL, Line/KGL, Light/Rifles/KGL Light, 60th KGL Light, Highlander, Nassau Line, Nassau Light, Brunswicker Line, Brunswicker Lieb Line, KGL Militia, Dutch Line, Dutch Light, Household Cavalry, Dragoon Guard, Scots Greys, British Dragoon, Dutch Heavy Cavalry, British/KGL Light Cavalry, Other Light Cavalry, Artillery (field), Artillery (position), RHA))
}

// A random force is seeded: the same generator state gives the same force.
func ExampleList_Random() {
	l, _ := armies.ByID("russian-1808")
	f := l.Random(rand.New(rand.NewPCG(1, 1)), 2, 4)
	for _, c := range f.Commands {
		fmt.Print(c.General.Label, ":")
		for _, u := range c.Units {
			fmt.Printf(" %s %s;", u.Label, u.Profile.Name)
		}
		fmt.Println()
	}
	fmt.Println(l.Validate(&f))
	// Output:
	// G1: A1 Militia Line; A2 Militia Line; A3 Dragoons; A4 Artillery (field);
	// G2: B1 Guard Jager; B2 Line; B3 Guard Cossacks; B4 Artillery (field);
	// <nil>
}
