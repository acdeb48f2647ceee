package armies

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestRandomIsDeterministic(t *testing.T) {
	l, err := ByID("russian-1808")
	if err != nil {
		t.Fatal(err)
	}
	a := l.Random(rand.New(rand.NewPCG(7, 9)), 4, 8)
	b := l.Random(rand.New(rand.NewPCG(7, 9)), 4, 8)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave two forces")
	}
	c := l.Random(rand.New(rand.NewPCG(8, 9)), 4, 8)
	if reflect.DeepEqual(a, c) {
		t.Fatal("two seeds gave the same 32-unit force")
	}
}

// TestRandomPinned pins a seeded force so a change to the drawing or the
// data that alters it is seen.
func TestRandomPinned(t *testing.T) {
	l, err := ByID("french-imperial-1803")
	if err != nil {
		t.Fatal(err)
	}
	f := l.Random(rand.New(rand.NewPCG(1, 2)), 2, 5)
	var got []string
	for _, c := range f.Commands {
		for _, u := range c.Units {
			got = append(got, u.Label+" "+u.Profile.Name)
		}
	}
	want := "A1 Italian Light; A2 Italian Light; A3 Regular French Light; A4 Newly raised French Light; A5 Line Artillery (field); " +
		"B1 Regular French Light; B2 Italian Line; B3 Combined Grenadiers; B4 Grenadiers au Cheval; B5 Line Artillery (field)"
	if strings.Join(got, "; ") != want {
		t.Fatalf("force:\n%s", strings.Join(got, "; "))
	}
}

// TestRandomAlwaysValidates draws 100 forces of every list with sizes
// from 1x1 to 8x12 and checks each passes Validate and has the mix of
// ruling D-ARMY-RANDOM.
func TestRandomAlwaysValidates(t *testing.T) {
	for _, l := range Lists() {
		t.Run(l.ID, func(t *testing.T) {
			for seed := range uint64(100) {
				r := rand.New(rand.NewPCG(seed, 0x5eed))
				nc, nu := 1+int(seed%MaxCommands), 1+int(seed*7%MaxUnitsPerCommand)
				f := l.Random(r, nc, nu)
				if err := l.Validate(&f); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if len(f.Commands) != nc || f.Commander.Label != "FC" || f.List != l.ID {
					t.Fatalf("seed %d: %d commands, commander %q, list %q", seed, len(f.Commands), f.Commander.Label, f.List)
				}
				for c, cmd := range f.Commands {
					if cmd.General.Label != "G"+strconv.Itoa(c+1) || len(cmd.Units) != nu {
						t.Fatalf("seed %d command %d: general %q, %d units", seed, c, cmd.General.Label, len(cmd.Units))
					}
					art, cav := 0, 0
					for u, us := range cmd.Units {
						if want := commandLetter(c) + strconv.Itoa(u+1); us.Label != want {
							t.Fatalf("seed %d: label %q, want %q", seed, us.Label, want)
						}
						switch {
						case us.Profile.Type.IsArtillery():
							art++
						case us.Profile.Type.IsCavalry():
							cav++
						}
					}
					if art > 1 || cav > (nu-art)/3 {
						t.Fatalf("seed %d command %d: %d artillery, %d cavalry of %d units", seed, c, art, cav, nu)
					}
				}
			}
		})
	}
}

// TestCommandLetterSkipsG pins ruling D-ARMY-LABELS.
func TestCommandLetterSkipsG(t *testing.T) {
	var got string
	for c := range MaxFileCommands {
		got += commandLetter(c)
	}
	if got != "ABCDEFHIJKLMNOPQ" {
		t.Fatalf("letters %q", got)
	}
}

func TestRandomClampsAndSeedsNil(t *testing.T) {
	l, _ := ByID("mapuche")
	for _, tc := range []struct {
		name         string
		commands, up int
		wantC, wantU int
	}{
		{"zero is one", 0, 0, 1, 1},
		{"negative is one", -5, -1, 1, 1},
		{"over the limits is the limits", 99, 99, MaxCommands, MaxUnitsPerCommand},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := l.Random(nil, tc.commands, tc.up)
			if len(f.Commands) != tc.wantC || len(f.Commands[0].Units) != tc.wantU {
				t.Fatalf("%d commands of %d units", len(f.Commands), len(f.Commands[0].Units))
			}
			if err := l.Validate(&f); err != nil {
				t.Fatal(err)
			}
		})
	}
	if !reflect.DeepEqual(l.Random(nil, 3, 4), l.Random(nil, 3, 4)) {
		t.Fatal("a nil rng is not seeded the same each time")
	}
}
