package main

// The rulesets compiled into the program. This file, twobytwo.go,
// drums.go and grand.go (each ruleset's scenario and army file tools) are the
// command's only files that name a ruleset; every other command
// reaches the rules through engine's contracts and named capabilities.

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/grand"
	"github.com/grognard/grognard/engine/twobytwo"

	// The 2 by 2 kit (greedy, heuristic, the doctrines and evaluation the
	// searches use), pictures (engine.Pictures) and scenarios: the
	// built-in scenario files, scenario files by path and gen:SEED
	// battlefields.
	_ "github.com/grognard/grognard/agents/twobytwo"
	_ "github.com/grognard/grognard/engine/twobytwo/picture"
	_ "github.com/grognard/grognard/scenarios/twobytwo"

	// The Drums and Muskets kit (the drums-assault and drums-line
	// doctrines and the fitted evaluation the searches use), pictures
	// and scenarios (the built-in battles, scenario files by path and
	// gen:SEED battlefields).
	_ "github.com/grognard/grognard/agents/drums"
	_ "github.com/grognard/grognard/engine/drums/picture"
	_ "github.com/grognard/grognard/scenarios/drums"

	// The grand-strategic battle resolver's kit (the equilibrium agent,
	// the chart doctrine, the fixed-posture baseline) and scenario files
	// (the built-in battles and files by path).
	_ "github.com/grognard/grognard/agents/grand"
	_ "github.com/grognard/grognard/scenarios/grand"
)

// defaultRuleset is what a command plays when it is not told: the first
// ruleset, whose first scenario is the README's first game.
const defaultRuleset = twobytwo.Name

// registerRulesets makes every ruleset compiled into the program available
// by name. It is idempotent, so tests may run the app many times.
func registerRulesets() {
	engine.Register(twobytwo.Rules{})
	engine.Register(drums.Rules{})
	engine.Register(grand.Rules{})
}
