package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// tableScript plays a reference game in the engine: side 0 by a doctrine
// whose every decision is written as a person would type it at the table
// (moves and placements free-form, in inches, other orders by their
// text), side 1 by bot with the seed 'grognard play --seed seed' gives
// it, and every die from a seeded stream written as typed values. It
// returns the typed lines and the final state.
func tableScript(t *testing.T, seed uint64, bot string, turns int) ([]string, engine.State) {
	t.Helper()
	st, err := twobytwo.NewGame("standard", engine.Options{TurnLimit: turns})
	if err != nil {
		t.Fatal(err)
	}
	human, err := agents.New("heuristic:doctrine=assault", 77)
	if err != nil {
		t.Fatal(err)
	}
	opponent, err := agents.New(bot, protocol.AgentSeed(seed, 1))
	if err != nil {
		t.Fatal(err)
	}
	dice := rand.New(rand.NewPCG(5, 6))
	var lines []string
	free := 0
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 20000 {
			t.Fatal("the reference game does not end")
		}
		switch st.ToMove() {
		case engine.Chance:
			r := st.PendingRoll()
			var vals []string
			var d engine.Dice
			for k := range r.Count() {
				v := 1 + dice.IntN(r.Sides(k))
				vals = append(vals, fmt.Sprint(v))
				d.V[k] = uint8(v)
			}
			d.N = uint8(r.Count())
			lines = append(lines, strings.Join(vals, " "))
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
		case 1:
			a, err := opponent.Choose(context.Background(), st.Clone(), st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		default:
			a, err := human.Choose(context.Background(), st.Clone(), st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			line, typed := typedLine(st, a)
			if typed != nil {
				if next := st.Clone(); next.Apply(*typed) == nil {
					a = *typed
					free++
				} else {
					line = st.DescribeAction(a)
				}
			}
			lines = append(lines, line)
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if free < 10 {
		t.Fatalf("only %d decisions were typed as free-form moves", free)
	}
	return lines, st
}

// typedLine is how a person types action a: a free-form move or
// placement (and the action it parses to), or else the order's text.
func typedLine(st *twobytwo.State, a engine.Action) (string, *engine.Action) {
	g := func(v float64) string { return fmt.Sprintf("%.17g", v) }
	var line string
	switch {
	case a.Kind == twobytwo.KindDeploy:
		line = fmt.Sprintf("place #%d at %s %s facing %s", a.Unit, g(a.Path[0].X), g(a.Path[0].Y), g(a.Facing))
	case a.Kind == twobytwo.KindMove && a.Order != twobytwo.OrderCharge:
		line = fmt.Sprintf("move #%d", a.Unit)
		for k, p := range a.Points() {
			word := "via"
			if k == int(a.NPath)-1 {
				word = "to"
			}
			line += fmt.Sprintf(" %s %s %s", word, g(p.X), g(p.Y))
		}
		line += " facing " + g(a.Facing)
	default:
		return st.DescribeAction(a), nil
	}
	req, err := wire.ParseText(line)
	if err != nil {
		return st.DescribeAction(a), nil
	}
	text := strings.Join(req.Args, " ")
	if req.Cmd == "place" {
		text = "place " + text
	}
	typed, err := st.ParseMove(text)
	if err != nil {
		return st.DescribeAction(a), nil
	}
	return line, &typed
}

// TestPlayTableModeScript plays a whole game with 'grognard play --table'
// from a script of typed moves and dice, and checks it ends as the engine
// fed the same moves and dice does, with every line accepted.
func TestPlayTableModeScript(t *testing.T) {
	const seed, bot, turns = 22, "heuristic:doctrine=assault", 15
	lines, ref := tableScript(t, seed, bot, turns)
	t.Logf("%d typed lines; the reference game ends %s on turn %d", len(lines), ref.Result(), ref.Turn())
	var out, errOut bytes.Buffer
	in := strings.NewReader(strings.Join(lines, "\n") + "\n")
	saved := filepath.Join(t.TempDir(), "game.json")
	code := runWithInput(context.Background(), []string{"grognard", "play", "--table", "--seed", fmt.Sprint(seed), "--bot", bot, "--turn-limit", fmt.Sprint(turns), "--save", saved}, in, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text := out.String()
	if strings.Contains(text, "\n? ") || strings.Contains(text, "> ? ") {
		i := strings.Index(text, "? ")
		t.Fatalf("a typed line was refused: %s", text[max(0, i-300):min(len(text), i+300)])
	}
	res := ref.Result()
	want := fmt.Sprintf("(%s) on turn %d.", res.Reason, ref.Turn())
	if res.Winner == 0 || res.Winner == 1 {
		want = []string{"French", "Austrians"}[res.Winner] + " wins " + want
	}
	if !strings.Contains(text, want) {
		t.Fatalf("the game did not end %q:\n%s", want, text[max(0, len(text)-1500):])
	}
	// The saved game is the reference position, bit for bit.
	b, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	var doc protocol.SavedGame
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	got, err := twobytwo.Rules{}.DecodeState(doc.State)
	if err != nil {
		t.Fatal(err)
	}
	if got.Hash() != ref.Hash() {
		t.Error("the game played from the script ends in another position than the engine's")
	}
	for _, w := range []string{"straight ahead to (", "Roll 1d6", "dice ("} {
		if !strings.Contains(text, w) {
			t.Errorf("table mode output lacks %q", w)
		}
	}
}

// TestHintCommand: hint on a new game and on a saved game prints ranked
// orders with win/draw/loss, as JSON on request, and draws them.
func TestHintCommand(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "hint.svg")
	code, out, errOut := grognard(t, "hint", "--agent", "mcts:iters=60", "--n", "2", "--playouts", "2", "--json", "--svg", svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var h protocol.Hints
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if h.Side != "French" || len(h.Hints) != 2 || h.Hints[0].ID < 1 {
		t.Fatalf("hints: %+v", h)
	}
	for _, e := range h.Hints {
		if s := e.Win + e.Draw + e.Loss; s < 0.999 || s > 1.001 {
			t.Errorf("%s: win+draw+loss %v", e.Text, s)
		}
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), `class="suggestion place"`) {
		t.Errorf("the picture lacks the suggested deployments (%v)", err)
	}

	// A saved game in the movement phase, advised for the side to move.
	lines, _ := tableScript(t, 3, "heuristic", 2)
	saved := filepath.Join(dir, "game.json")
	// Cut the script before one of side 0's orders, so the saved game
	// waits for side 0 (a cut before a die would leave the die pending).
	cut := len(lines) * 2 / 3
	for cut < len(lines) && isNumber(strings.Fields(lines[cut])[0]) {
		cut++
	}
	in := strings.NewReader(strings.Join(lines[:cut], "\n") + "\n")
	var po, pe bytes.Buffer
	if code := runWithInput(context.Background(), []string{"grognard", "play", "--table", "--seed", "3", "--bot", "heuristic", "--turn-limit", "2", "--save", saved}, in, &po, &pe); code != 0 {
		t.Fatalf("play: exit %d: %s", code, pe.String())
	}
	code, out, errOut = grognard(t, "hint", "--game", saved, "--agent", "heuristic", "--playouts", "1", "--plan")
	if code != 0 {
		t.Fatalf("hint --game: exit %d: %s", code, errOut)
	}
	for _, w := range []string{"hints for", " 1. ", "win ", "plan for the rest of the turn"} {
		if !strings.Contains(out, w) {
			t.Errorf("hint --game output lacks %q:\n%s", w, out)
		}
	}
	// The game the README's hint example reads still loads.
	code, out, errOut = grognard(t, "hint", "--game", filepath.Join("..", "..", "examples", "games", "turn3.json"), "--agent", "heuristic", "--playouts", "0", "--n", "1")
	if code != 0 || !strings.Contains(out, "hints for French") {
		t.Errorf("hint on examples/games/turn3.json: exit %d: %s%s", code, out, errOut)
	}
	for _, bad := range [][]string{{"hint", "--game", saved, "--scenario", "standard"}, {"hint", "--side", "Prussians"}, {"hint", "--game", filepath.Join(dir, "none.json")}} {
		if code, _, errOut := grognard(t, bad...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, %q", bad, code, errOut)
		}
	}
}

// TestDefaultBot checks that the play and hint default is a valid spec that
// names exactly the search docs/agents.md measured: two workers on one
// shared tree with no virtual loss (a misspelt key or a default that
// changed under it would name another search).
func TestDefaultBot(t *testing.T) {
	const want = "mcts:iters=1600,workers=2,parallel=tree,vloss=0"
	bot, err := agents.New(protocol.DefaultBot, 1)
	if err != nil {
		t.Fatalf("the default bot %q: %v", protocol.DefaultBot, err)
	}
	if got := bot.Name(); got != want {
		t.Errorf("the default bot is named %q, want %q", got, want)
	}
}

// TestPlayHelpIsTheRulesets: help at the prompt of every ruleset's game
// says how that ruleset writes a free-form move and a correction, and in
// which units of length bare numbers are read, never another ruleset's.
func TestPlayHelpIsTheRulesets(t *testing.T) {
	registerRulesets()
	for _, rs := range engine.Rulesets() {
		t.Run(rs.Name(), func(t *testing.T) {
			st, err := rs.NewGame(rs.Scenarios()[0], engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var want, wrong []string
			if ff, ok := st.(engine.FreeForm); ok {
				want = append(want, "a free-form move", ff.MoveHelp())
			} else {
				want = append(want, "do not offer free-form moves")
			}
			if c, ok := st.(engine.Corrector); ok {
				want = append(want, c.CorrectHelp())
			}
			if m, ok := st.(engine.Measurer); ok {
				want = append(want, "bare numbers in "+m.Lengths()[0].Words)
			}
			if ff, ok := st.(engine.FreeForm); !ok || !strings.Contains(ff.MoveHelp(), "[slide]") {
				wrong = append(wrong, "[slide]", "3600p")
			}
			var out, errOut bytes.Buffer
			code := runWithInput(context.Background(), []string{"grognard", "play", "--ruleset", rs.Name(), "--bot", "random"}, strings.NewReader("help\nquit\n"), &out, &errOut)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			for _, w := range want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("help does not say %q:\n%s", w, out.String())
				}
			}
			for _, w := range wrong {
				if strings.Contains(out.String(), w) {
					t.Errorf("help says %q, another ruleset's:\n%s", w, out.String())
				}
			}
		})
	}
}
