package main

import "github.com/grognard/grognard/engine"

// defaultRuleset is what a command plays when it is not told: the first
// ruleset registered, whose first scenario is the README's first game.
func defaultRuleset() string { return engine.DefaultRuleset() }
