package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// TestProtocolTextEveryRuleset plays a game of each ruleset through the text
// protocol: a human side answering from the legal list (by number and by
// notation), the other side a bot, refused requests changing nothing.
func TestProtocolTextEveryRuleset(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	registerRulesets()
	bin := buildGrognard(t)
	for _, b := range engine.Bundles() {
		t.Run(b.Rules.Name(), func(t *testing.T) { protocolTextGame(t, bin, b.Rules.Name()) })
	}
}

// protocolTextGame plays a game of ruleset r through the text protocol,
// every decision typed by number or notation, bad requests refused
// without changing the game.
func protocolTextGame(t *testing.T, bin, r string) {
	c := startProtocol(t, bin)
	if r := c.sendText("new_game ruleset=" + r + " seed=5 side0=human side1=random turn_limit=3"); !r.ok {
		t.Fatalf("new_game: %s", r.text)
	}
	over, decisions := false, 0
	for step := 0; step < 4000 && !over; step++ {
		r := c.sendText("advance")
		if !r.ok {
			t.Fatalf("advance: %s", r.text)
		}
		switch {
		case strings.Contains(r.text, "stopped: game over"):
			over = true
		case strings.Contains(r.text, "stopped: human"):
			decisions++
			legal := c.sendText("legal")
			lines := strings.Split(strings.TrimSpace(legal.text), "\n")
			if !legal.ok || len(lines) < 2 {
				t.Fatalf("legal: %+v", legal)
			}
			if step%9 == 0 {
				before := c.sendText("show json").text
				for _, bad := range []string{"play dance the polka", "play 9999", "play 0", "dice 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7", "set unit NOBODY at -40 -40"} {
					if r := c.sendText(bad); r.ok {
						t.Fatalf("%q was accepted: %s", bad, r.text)
					}
				}
				if after := c.sendText("show json").text; after != before {
					t.Fatal("refused requests changed the game")
				}
			}
			// Every other decision is played by its notation, the text
			// after the "|" of the legal list.
			choice := lines[1+step%(len(lines)-1)]
			move := fmt.Sprint(1 + step%(len(lines)-1))
			if _, notation, ok := strings.Cut(choice, " | "); ok && step%2 == 0 {
				move = notation
			}
			if r := c.sendText("play " + move); !r.ok {
				t.Fatalf("play %s: %s", move, r.text)
			}
		default:
			t.Fatalf("advance stopped for another reason: %s", r.text)
		}
	}
	if !over {
		t.Fatal("the game did not end")
	}
	t.Logf("%d decisions typed", decisions)
	for _, view := range []string{"result", "show", "show history"} {
		if r := c.sendText(view); !r.ok || r.text == "" {
			t.Fatalf("%s: %+v", view, r)
		}
	}
	if r := c.sendText("quit"); !r.ok {
		t.Fatalf("quit: %+v", r)
	}
}

// TestProtocolJSONEveryRuleset plays a game of each ruleset with the JSON
// protocol and every die typed, as a front end at a real table does,
// pools included.
func TestProtocolJSONEveryRuleset(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	registerRulesets()
	bin := buildGrognard(t)
	for _, b := range engine.Bundles() {
		t.Run(b.Rules.Name(), func(t *testing.T) { protocolJSONGame(t, bin, b.Rules.Name()) })
	}
}

// protocolJSONGame plays a game of ruleset r through the JSON protocol,
// every die typed.
func protocolJSONGame(t *testing.T, bin, r string) {
	c := startProtocol(t, bin, "--json")
	if r := c.sendJSON("new_game", "ruleset="+r, "seed=6", "side0=human", "side1=random", "dice=manual", "turn_limit=3"); !r.OK {
		t.Fatalf("new_game: %s", r.Error)
	}
	pools := playTypingDice(t, c, 8000, func(int) {
		if r := c.sendJSON("genmove", "agent=random"); !r.OK {
			t.Fatalf("genmove: %s", r.Error)
		}
	})
	t.Logf("%d pools of more than two dice typed", pools)
	if r := c.sendJSON("quit"); !r.OK {
		t.Fatalf("quit: %+v", r)
	}
}

// playTypingDice plays a JSON-framed game to its end (within maxSteps
// advances): it types every die the program stops for, as from real dice,
// and calls human(step) when the human side is to move, which must make a
// move. It returns how many pools of more than two dice were typed.
func playTypingDice(t *testing.T, c *protocolClient, maxSteps int, human func(step int)) int {
	t.Helper()
	die, pools := 0, 0
	for step := 0; step < maxSteps; step++ {
		r := c.sendJSON("advance")
		if !r.OK {
			t.Fatalf("advance: %s", r.Error)
		}
		var adv struct {
			Stopped string `json:"stopped"`
		}
		if err := json.Unmarshal(r.Result, &adv); err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasPrefix(adv.Stopped, "game over"):
			return pools
		case strings.HasPrefix(adv.Stopped, "dice"):
			p := c.sendJSON("pending")
			var pend struct {
				Pending     bool
				Dice, Sides int
			}
			if err := json.Unmarshal(p.Result, &pend); err != nil || !pend.Pending || pend.Dice < 1 {
				t.Fatalf("pending: %s (%v)", p.Result, err)
			}
			if pend.Dice > 2 {
				pools++
			}
			args := make([]string, pend.Dice)
			for k := range args {
				die = (die*7 + 3) % 1000003
				args[k] = fmt.Sprint(1 + die%pend.Sides)
			}
			if r := c.sendJSON("dice", args...); !r.OK {
				t.Fatalf("dice %v: %s", args, r.Error)
			}
		case strings.HasPrefix(adv.Stopped, "human"):
			human(step)
		default:
			t.Fatalf("advance stopped for another reason: %s", adv.Stopped)
		}
	}
	t.Fatal("the game did not end")
	return pools
}
