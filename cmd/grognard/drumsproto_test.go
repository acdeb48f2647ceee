package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestDrumsProtocolText plays a Drums and Muskets game through the text
// protocol: a human side answering from the legal list (by number and by
// notation), the other side a bot, refused requests changing nothing.
func TestDrumsProtocolText(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	c := startProtocol(t, buildGrognard(t))
	if r := c.sendText("new_game ruleset=drums seed=5 side0=human side1=random turn_limit=3"); !r.ok {
		t.Fatalf("new_game: %s", r.text)
	}
	over := false
	for step := 0; step < 4000 && !over; step++ {
		r := c.sendText("advance")
		if !r.ok {
			t.Fatalf("advance: %s", r.text)
		}
		switch {
		case strings.Contains(r.text, "stopped: game over"):
			over = true
		case strings.Contains(r.text, "stopped: human"):
			legal := c.sendText("legal")
			lines := strings.Split(strings.TrimSpace(legal.text), "\n")
			if !legal.ok || len(lines) < 2 {
				t.Fatalf("legal: %+v", legal)
			}
			if step%9 == 0 {
				before := c.sendText("show json").text
				for _, bad := range []string{"play F1 dance", "play 9999", "dice 7 7", "play F1 advance NaN,3", "set unit F1 at -40 -40"} {
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
	for _, view := range []string{"result", "show", "show sketch", "show units"} {
		if r := c.sendText(view); !r.ok || r.text == "" {
			t.Fatalf("%s: %+v", view, r)
		}
	}
	if r := c.sendText("quit"); !r.ok {
		t.Fatalf("quit: %+v", r)
	}
}

// TestDrumsProtocolJSON plays one with the JSON protocol and every die
// typed, as a front end at a real table does, pools included.
func TestDrumsProtocolJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	c := startProtocol(t, buildGrognard(t), "--json")
	if r := c.sendJSON("new_game", "ruleset=drums", "seed=6", "side0=human", "side1=random", "dice=manual", "turn_limit=3"); !r.OK {
		t.Fatalf("new_game: %s", r.Error)
	}
	die, pools, over := 0, 0, false
	for step := 0; step < 8000 && !over; step++ {
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
			over = true
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
			if r := c.sendJSON("genmove", "agent=random"); !r.OK {
				t.Fatalf("genmove: %s", r.Error)
			}
		default:
			t.Fatalf("advance stopped for another reason: %s", adv.Stopped)
		}
	}
	if !over {
		t.Fatal("the game did not end")
	}
	if pools == 0 {
		t.Error("no pool of dice was typed")
	}
	if r := c.sendJSON("quit"); !r.OK {
		t.Fatalf("quit: %+v", r)
	}
}
