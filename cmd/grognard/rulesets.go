package main

// The rulesets compiled into the program: one line each, the only lines
// of the command that name a ruleset. Each names the ruleset's top
// package (agents/<ruleset>), whose Bundle is its rules, scenario and army
// tools and pictures, and whose import links its kit for the agents.
// Every command reaches the rules through the registered bundles and
// engine's named capabilities. The first is the default ruleset.

import (
	"github.com/grognard/grognard/agents/drums"
	"github.com/grognard/grognard/agents/grand"
	"github.com/grognard/grognard/agents/twobytwo"
	"github.com/grognard/grognard/engine"
)

// registerRulesets makes every ruleset compiled into the program available
// by name. It is idempotent, so tests may run the app many times.
func registerRulesets() {
	engine.RegisterBundle(twobytwo.Bundle())
	engine.RegisterBundle(drums.Bundle())
	engine.RegisterBundle(grand.Bundle())
}

// defaultRuleset is what a command plays when it is not told: the first
// ruleset registered, whose first scenario is the README's first game.
func defaultRuleset() string { return engine.DefaultRuleset() }
