package picture

import (
	"bytes"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// TestThreats: enemies within a move of the target (infantry and cavalry)
// or with it in their field of fire are threats; others are not, and the
// picture draws one line per threat.
func TestThreats(t *testing.T) {
	u := func(side int, label string, typ twobytwo.UnitType, hq int, x, y, facing float64) twobytwo.UnitSpec {
		return twobytwo.UnitSpec{Side: side, Label: label, Type: typ, HQ: hq, Start: &twobytwo.Placement{X: x, Y: y, Facing: facing}}
	}
	sc := &twobytwo.Scenario{Name: "threats", Title: "threats", Size: 24, SideNames: [2]string{"S", "N"}, TurnLimit: 30, Attacker: 1,
		Units: []twobytwo.UnitSpec{
			u(0, "S-CHQ", twobytwo.CorpsHQ, -1, 2, 2, 0),
			u(0, "T", twobytwo.LineInfantry, 0, 12, 12, 0),
			u(1, "N-CHQ", twobytwo.CorpsHQ, -1, 22, 22, 180),
			u(1, "Hussars", twobytwo.HeavyCavalry, 2, 12, 17, 180),  // 4.5" away, moves 6": may charge
			u(1, "Battery", twobytwo.FootArtillery, 2, 12, 20, 180), // 7.5" in front, long range 8": may fire
			u(1, "Far", twobytwo.LineInfantry, 2, 3, 21, 180),       // too far for either
			u(1, "Turned", twobytwo.FootArtillery, 2, 20, 12.5, 90), // in range but facing away
			u(1, "Lights", twobytwo.LightCavalry, 2, 19.5, 10, 0),   // about 7" away, moves 8": may charge
		}}
	st, err := twobytwo.NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, th := range Threats(st, 1) {
		kind := ""
		if th.Charge {
			kind += "charge"
		}
		if th.Fire {
			kind += "fire"
		}
		got[st.Spec(th.Enemy).Label] = kind
	}
	want := map[string]string{"Hussars": "charge", "Battery": "fire", "Lights": "charge"}
	if len(got) != len(want) {
		t.Fatalf("threats %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	var b bytes.Buffer
	if err := SVG(&b, st, Options{RangesOf: 1}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `<line class="threat`); n != 3 {
		t.Errorf("%d threat lines drawn, want 3", n)
	}
	if Threats(st, 99) != nil || Threats(st, -1) != nil {
		t.Error("a unit that does not exist has threats")
	}
}
