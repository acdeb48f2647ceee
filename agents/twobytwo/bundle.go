package twobytwo

import (
	"github.com/grognard/grognard/engine"
	rules "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/picture"
	scen "github.com/grognard/grognard/scenarios/twobytwo"
)

// Bundle is the ruleset's plug-in: its rules, scenario and army tools and
// pictures, for engine.RegisterBundle. It lives here, in the ruleset's
// top package, so a program that names it links the ruleset's kit too.
func Bundle() engine.Bundle {
	return engine.Bundle{
		Rules:     rules.Rules{},
		Scenarios: scen.ScenarioTools(),
		Armies:    scen.ArmyTools(),
		Pictures:  picture.Drawer{},
	}
}
