package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
)

// TestPlayTableModeReportsLostActions plays drums games with 'grognard
// play --table' from a script (side 0's orders typed as their words, every
// die typed), the bot on side 1, and checks that every declared action the
// engine fed the same script loses is reported on the terminal with its
// reason (issue 69: no declared action vanishes in any front end).
func TestPlayTableModeReportsLostActions(t *testing.T) {
	const bot, turns = "random", 6
	found := 0
	for seed := uint64(1); seed <= 6 && found == 0; seed++ {
		lines, reports := drumsScript(t, seed, bot, turns)
		if len(reports) == 0 {
			continue
		}
		var out, errOut bytes.Buffer
		in := strings.NewReader(strings.Join(lines, "\n") + "\n")
		args := []string{"grognard", "play", "--ruleset", "drums", "--table", "--seed", fmt.Sprint(seed), "--bot", bot, "--turn-limit", fmt.Sprint(turns)}
		if code := runWithInput(context.Background(), args, in, &out, &errOut); code != 0 {
			t.Fatalf("seed %d: exit %d: %s", seed, code, errOut.String())
		}
		text := out.String()
		if i := strings.Index(text, "\n? "); i >= 0 {
			t.Fatalf("seed %d: a typed line was refused: %s", seed, text[max(0, i-300):min(len(text), i+300)])
		}
		for _, r := range reports {
			found++
			if !strings.Contains(text, r) {
				t.Fatalf("seed %d: the engine reports %q, the terminal never said it:\n%s", seed, r, text[max(0, len(text)-2000):])
			}
		}
	}
	if found == 0 {
		t.Fatal("no scripted game lost a declared action: the test checks nothing")
	}
}

// drumsScript plays a drums game in the engine as 'grognard play --table
// --seed seed --bot bot' would with a random player on side 0 typing each
// order's words and every die typed from a seeded stream; it returns the
// typed lines and the reports of the steps that lost a declared action.
func drumsScript(t *testing.T, seed uint64, bot string, turns int) (lines, reports []string) {
	t.Helper()
	st, err := drums.NewGame(drums.DefaultScenario, engine.Options{TurnLimit: turns})
	if err != nil {
		t.Fatal(err)
	}
	opponent, err := agents.New(bot, protocol.AgentSeed(seed, 1))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 6))
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 20000 {
			t.Fatal("the reference game does not end")
		}
		switch st.ToMove() {
		case engine.Chance:
			d := engine.RollWith(rng, st.PendingRoll())
			var vals []string
			for _, v := range d.Values() {
				vals = append(vals, fmt.Sprint(v))
			}
			lines = append(lines, strings.Join(vals, " "))
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
		case 1:
			a, err := opponent.Choose(context.Background(), st.Clone(), 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		default:
			legal := st.Legal(nil)
			a := legal[rng.IntN(len(legal))]
			lines = append(lines, st.DescribeAction(a))
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if r := engine.Report(st); r != "" {
			reports = append(reports, r)
		}
	}
	return lines, reports
}
