package twobytwo

import (
	"fmt"

	"github.com/grognard/grognard/engine/geom"
)

// DefaultScenario is the built-in scenario used when none is named.
const DefaultScenario = "standard"

// StandardTemplate appends the document's "Standard template: 17 units"
// (40 AP) for one side: a corps HQ, 2 light cavalry and 2 foot artillery
// under it, and two divisions of a division HQ and 5 line infantry.
func StandardTemplate(units []UnitSpec, side int, prefix string, screened bool) []UnitSpec {
	corps := len(units)
	units = append(units, UnitSpec{Side: side, Label: prefix + "-CHQ", Type: CorpsHQ, HQ: -1})
	for k := 1; k <= 2; k++ {
		units = append(units, UnitSpec{Side: side, Label: fmt.Sprintf("%s-LC%d", prefix, k), Type: LightCavalry, HQ: corps})
	}
	for k := 1; k <= 2; k++ {
		units = append(units, UnitSpec{Side: side, Label: fmt.Sprintf("%s-FA%d", prefix, k), Type: FootArtillery, HQ: corps})
	}
	n := 1
	for d := 1; d <= 2; d++ {
		div := len(units)
		units = append(units, UnitSpec{Side: side, Label: fmt.Sprintf("%s-DHQ%d", prefix, d), Type: DivisionHQ, HQ: corps})
		for k := 0; k < 5; k++ {
			units = append(units, UnitSpec{Side: side, Label: fmt.Sprintf("%s%d Line", prefix, n), Type: LineInfantry, HQ: div, Screened: screened})
			n++
		}
	}
	return units
}

// StandardScenario is the 40 AP standard template for both sides on a
// simple table: a road through a village, a hill, a wood and a stream. The
// set-up (attacker by dice, 10 AP deployed, reinforcement points and their
// queues) is played as the document describes.
func StandardScenario() *Scenario {
	var units []UnitSpec
	units = StandardTemplate(units, 0, "F", true)
	units = StandardTemplate(units, 1, "A", false)
	return &Scenario{
		Name:        DefaultScenario,
		Title:       "Standard 40 AP battle",
		Description: "Two corps of the standard 17-unit template meet on a 24\" table: a road runs south to north through a village, with a hill to the west, a wood to the east and a stream across the northern half. French infantry is screened by skirmishers.",
		Size:        24,
		SideNames:   [2]string{"French", "Austrians"},
		Units:       units,
		Victory:     Fast,
		SetupByPlay: true,
		DeployAP:    10,
		TurnLimit:   30,
		Terrain: []Feature{
			{Kind: Road, Name: "the high road", Points: []geom.Vec{{X: 12, Y: 0}, {X: 12, Y: 10}, {X: 12.5, Y: 12}, {X: 13, Y: 14}, {X: 13, Y: 24}}},
			{Kind: Town, Name: "the village", Points: []geom.Vec{{X: 11.5, Y: 11}, {X: 13.5, Y: 11}, {X: 13.5, Y: 13}, {X: 11.5, Y: 13}}},
			{Kind: Hill, Name: "the hill", Points: octagon(geom.V(6, 13), 2.2)},
			{Kind: Wood, Name: "the wood", Points: octagon(geom.V(18.5, 9), 1.8)},
			{Kind: Stream, Name: "the brook", Points: []geom.Vec{{X: 0, Y: 16.5}, {X: 8, Y: 17.5}, {X: 16, Y: 16.8}, {X: 24, Y: 17.5}}},
		},
	}
}

// octagon is a regular octagon of circumradius r around c.
func octagon(c geom.Vec, r float64) []geom.Vec {
	pts := make([]geom.Vec, 8)
	for k := range pts {
		pts[k] = c.Add(geom.Heading(22.5 + 45*float64(k)).Scale(r))
	}
	return pts
}
