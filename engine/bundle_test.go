package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

func noop(context.Context, engine.ToolInput) error { return nil }

// TestRegisterBundleRefuses: a bundle without rules, a tool without a
// name or work, a tool name given twice and an option given twice are
// programming errors found at start-up.
func TestRegisterBundleRefuses(t *testing.T) {
	tests := []struct {
		name string
		b    engine.Bundle
		want string
	}{
		{"no rules", engine.Bundle{}, "needs its rules"},
		{"unnamed tool", engine.Bundle{Rules: toy.Rules{}, Scenarios: []engine.Tool{{Run: noop}}}, "no name"},
		{"tool without work", engine.Bundle{Rules: toy.Rules{}, Scenarios: []engine.Tool{{Name: "list"}}}, "no Run"},
		{"a name twice", engine.Bundle{Rules: toy.Rules{}, Armies: []engine.Tool{{Name: "check", Run: noop}, {Name: "validate", Aliases: []string{"check"}, Run: noop}}}, `"check" is given twice`},
		{"an option twice", engine.Bundle{Rules: toy.Rules{}, Scenarios: []engine.Tool{{Name: "list", Run: noop, Options: []engine.Option{{Name: "out"}, {Name: "out"}}}}}, `option "out"`},
		{"a default of the wrong kind", engine.Bundle{Rules: toy.Rules{}, Scenarios: []engine.Tool{{Name: "list", Run: noop, Options: []engine.Option{{Name: "n", Kind: engine.IntOption, Default: "many"}}}}}, `default "many"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(r.(string), tc.want) {
					t.Fatalf("panic %v, want one saying %q", r, tc.want)
				}
			}()
			engine.RegisterBundle(tc.b)
		})
	}
}

// TestBundlesKeepTheirOrder: the first ruleset registered is the default,
// registering again keeps its place, and an unknown name lists the known.
func TestBundlesKeepTheirOrder(t *testing.T) {
	engine.RegisterBundle(toy.Bundle())
	first := engine.DefaultRuleset()
	engine.RegisterBundle(toy.Bundle())
	if engine.DefaultRuleset() != first {
		t.Fatalf("the default moved from %s to %s", first, engine.DefaultRuleset())
	}
	b, err := engine.BundleOf(toy.Name)
	if err != nil || b.Rules.Name() != toy.Name {
		t.Fatalf("BundleOf: %v %v", b, err)
	}
	if _, err := engine.BundleOf("chess"); err == nil || !strings.Contains(err.Error(), toy.Name) {
		t.Fatalf("an unknown ruleset: %v", err)
	}
	if p, err := engine.Pictures(toy.Name); err != nil || p == nil {
		t.Fatalf("the bundle's pictures are not registered: %v", err)
	}
	if engine.DefaultScenario(toy.Rules{}) != "skirmish" {
		t.Fatalf("default scenario %q", engine.DefaultScenario(toy.Rules{}))
	}
}
