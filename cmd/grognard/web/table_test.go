package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestTableCorrectionsThroughTheAPI: what a player at a real table must
// be able to tell the program and read from it (issue 69, item 3), through
// the page's requests in a drums game: a unit's history this turn and
// game, the baggage camp moved, each base's position in show units, every
// unit's place in a deployment, and a pending roll's table rows.
func TestTableCorrectionsThroughTheAPI(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	if code, rep := cmd(t, ts, id, "new_game", "ruleset=drums", "side0=human", "side1=random", "seed=3"); code != 200 || !rep.OK {
		t.Fatalf("new_game: %d %+v", code, rep)
	}
	// Deployment: each listed deployment says where every unit goes.
	deployed := false
	for step := 0; step < 40 && !deployed; step++ {
		_, l := cmd(t, ts, id, "legal")
		if strings.Contains(l.Text, "deploy") {
			if !strings.Contains(l.Text, "front centre at (") || !strings.Contains(l.Text, "facing 0") {
				t.Fatalf("a deployment without its units' places:\n%s", l.Text)
			}
			deployed = true
		}
		if _, p := cmd(t, ts, id, "play", "1"); !p.OK {
			t.Fatalf("play 1: %+v", p)
		}
		cmd(t, ts, id, "advance")
	}
	if !deployed {
		t.Fatal("no deployment was offered")
	}
	for _, c := range []struct {
		args []string
		ok   bool
		want string
	}{
		{[]string{"unit", "B5", "ap", "1", "moved", "shot", "shots", "2", "first-shot-spent"}, true, "set B5"},
		{[]string{"unit", "B5", "not-moved", "charges", "1"}, true, "set B5"},
		{[]string{"unit", "B5", "ap", "3"}, false, "0 to 2 action points"},
		{[]string{"camp", "British", "at", "30", "27"}, true, "British baggage camp set at (30,27)"},
		{[]string{"camp", "British", "at", "30", "40"}, false, "off the table"},
	} {
		_, rep := cmd(t, ts, id, "set", c.args...)
		text := rep.Text + rep.Error
		if rep.OK != c.ok || !strings.Contains(text, c.want) {
			t.Fatalf("set %v: %+v, want ok=%v and %q", c.args, rep, c.ok, c.want)
		}
	}
	_, units := cmd(t, ts, id, "show", "units")
	var us []struct {
		Label string `json:"label"`
		Bases []struct {
			Centre struct{ X, Y float64 } `json:"centre"`
		} `json:"bases"`
	}
	if err := json.Unmarshal(units.Result, &us); err != nil {
		t.Fatalf("show units: %v: %s", err, units.Result)
	}
	several := false
	for _, u := range us {
		if len(u.Bases) > 1 {
			several = true
			if u.Bases[0].Centre == u.Bases[1].Centre {
				t.Fatalf("%s: two bases at one place: %+v", u.Label, u.Bases)
			}
		}
	}
	if !several || !strings.Contains(units.Text, "base 2 of") {
		t.Fatalf("show units gives no unit's every base:\n%s", units.Text)
	}
	// A pending roll says which rows it applies: a game of bots with the
	// dice typed stops at each roll; the first resilience or hold test and
	// the first shot are read.
	if code, rep := cmd(t, ts, id, "new_game", "ruleset=drums", "side0=random", "side1=random", "seed=3", "dice=manual"); code != 200 || !rep.OK {
		t.Fatalf("new_game: %d %+v", code, rep)
	}
	var test, shot bool
	for step := 0; step < 5000 && !(test && shot); step++ {
		_, adv := cmd(t, ts, id, "advance")
		if !adv.OK || strings.Contains(adv.Text, "game over") {
			break
		}
		_, p := cmd(t, ts, id, "pending")
		switch {
		case strings.Contains(p.Text, "resilience test") || strings.Contains(p.Text, "hold test"):
			if !strings.Contains(p.Text, "modifier") || !strings.Contains(p.Text, " (") {
				t.Fatalf("a test without its rows: %s", p.Text)
			}
			test = true
		case strings.Contains(p.Text, "shooting:"):
			if !strings.Contains(p.Text, "dice from the bases") {
				t.Fatalf("a shot without its pool: %s", p.Text)
			}
			shot = true
		}
		if _, r := cmd(t, ts, id, "roll"); !r.OK {
			t.Fatalf("roll: %+v", r)
		}
	}
	if !test || !shot {
		t.Fatalf("no test (%v) or no shot (%v) came up", test, shot)
	}
}

// TestLostActionsReachThePage: in a drums game of two bots advanced through
// the page's requests, every step whose declared action was lost says why
// in the reply the page shows, as show history records it (issue 69: no
// declared action vanishes without a result or a reason, in any front end).
func TestLostActionsReachThePage(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	found := 0
	for seed := 1; seed <= 6 && found == 0; seed++ {
		if code, rep := cmd(t, ts, id, "new_game", "ruleset=drums", "side0=random", "side1=random", fmt.Sprintf("seed=%d", seed)); code != 200 || !rep.OK {
			t.Fatalf("new_game: %d %+v", code, rep)
		}
		var shown strings.Builder
		for step := 0; step < 400; step++ {
			_, adv := cmd(t, ts, id, "advance", "max=25")
			if !adv.OK {
				t.Fatalf("advance: %+v", adv)
			}
			shown.WriteString(adv.Text)
			if strings.Contains(adv.Text, "game over") {
				break
			}
		}
		_, h := cmd(t, ts, id, "show", "history")
		var steps []struct {
			Report string `json:"report"`
		}
		if err := json.Unmarshal(h.Result, &steps); err != nil {
			t.Fatalf("show history: %v: %s", err, h.Result)
		}
		for _, s := range steps {
			if s.Report == "" {
				continue
			}
			found++
			if !strings.Contains(shown.String(), s.Report) {
				t.Fatalf("seed %d: the report %q is in the history but was never shown on the page", seed, s.Report)
			}
		}
	}
	if found == 0 {
		t.Fatal("no step lost a declared action in the games played: the test checks nothing")
	}
}
