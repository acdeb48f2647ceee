package toy_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
)

// toyState is what show json gives of a toy state.
type toyState struct {
	Phase   string    `json:"phase"`
	Turn    int       `json:"turn"`
	Posture [2]string `json:"posture"`
}

func parseToyState(t *testing.T, r reply) toyState {
	t.Helper()
	var st toyState
	if err := json.Unmarshal([]byte(r.data), &st); err != nil {
		t.Fatalf("show json: %v in %q", err, r.data)
	}
	return st
}

// postureRequest is a genmove request for a posture in the bot's log.
type postureRequest struct {
	// Side is the side asked.
	Side int
	// Posture are the postures its state shows.
	Posture [2]string
	// Legal are the notations of the choices offered, Texts their text.
	Legal, Texts []string
	// Line is the request as logged.
	Line string
}

// postureRequests reads the bot's log: every genmove request for a
// posture.
func postureRequests(t *testing.T, logPath string) []postureRequest {
	t.Helper()
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var out []postureRequest
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var req struct {
			Side  int    `json:"side"`
			Phase string `json:"phase"`
			Legal []struct {
				Text     string `json:"text"`
				Notation string `json:"notation"`
			} `json:"legal"`
			State toyState `json:"state"`
		}
		if err := json.Unmarshal([]byte(line), &req); err != nil {
			t.Fatalf("a logged request: %v", err)
		}
		if req.Phase != "posture" {
			continue
		}
		q := postureRequest{Side: req.Side, Posture: req.State.Posture, Line: line}
		for _, l := range req.Legal {
			q.Legal = append(q.Legal, l.Notation)
			q.Texts = append(q.Texts, l.Text)
		}
		out = append(out, q)
	}
	return out
}

// A person plays Blue against an external bot through the protocol, at the
// sealed posture choice, in text and in JSON mode: legal lists Blue's
// choices with their notation; the bot's commit, made first, is kept from
// the person by every view (the step, show json, show history, pending)
// while saying that Red has chosen; undo takes it back; the person
// commits by notation and is then refused a second choice
// (not-your-turn); a save and load keeps the commit; the bot, asked
// after the person, is sent a state without Blue's posture; and once both
// are in, the state shows both.
func TestProtocolSealedPersonVsBot(t *testing.T) {
	for _, mode := range []string{"text", "json"} {
		t.Run(mode, func(t *testing.T) {
			logPath := filepath.Join(t.TempDir(), "requests.jsonl")
			t.Setenv(botEnv, logPath)
			saved := filepath.Join(t.TempDir(), "game.json")
			bot := botSpec(t)
			reqs := []string{
				"new_game ruleset=toy scenario=skirmish seed=4 human=0 bot=" + bot, // 0
				"legal",                           // 1
				"genmove",                         // 2: Red commits, sealed
				"show json",                       // 3
				"show history",                    // 4
				"pending",                         // 5
				"show",                            // 6
				"undo",                            // 7
				"pending",                         // 8
				"play posture attack",             // 9: Blue commits by notation
				"legal",                           // 10
				"play posture defend",             // 11
				"play side=Red 1",                 // 12: Red's choice made by the person, named
				"undo",                            // 13
				"show json",                       // 14
				"save " + saved,                   // 15
				"load " + saved + " side1=" + bot, // 16
				"show json",                       // 17
				"genmove",                         // 18: Red commits from its view; both in
				"show json",                       // 19
				"show history",                    // 20
				"quit",
			}
			r := converse(t, mode, reqs)
			check := func(i int, ok bool, code string, want ...string) {
				t.Helper()
				if r[i].ok != ok || (code != "" && r[i].code != code) {
					t.Errorf("%q: ok %v code %q %q, want ok %v code %q", reqs[i], r[i].ok, r[i].code, r[i].text, ok, code)
				}
				for _, w := range want {
					if !strings.Contains(r[i].text, w) {
						t.Errorf("%q: %q lacks %q", reqs[i], r[i].text, w)
					}
				}
			}
			check(0, true, "")
			check(1, true, "", "legal actions for Blue's sealed choice (Red has yet to choose)", "1 choose the attack posture | posture attack", "3 choose the maneuver posture | posture maneuver")
			check(2, true, "", "Red: Red has made its sealed choice", "sealed choice: Blue (human) to choose, Red has chosen")
			if strings.ContainsAny(r[2].text+r[2].data, "|") || strings.Contains(r[2].data, "attack") || strings.Contains(r[2].data, "defend") || strings.Contains(r[2].data, "maneuver") {
				t.Errorf("genmove's reply gives Red's sealed posture away: %s", r[2].data)
			}
			if st := parseToyState(t, r[3]); st.Phase != "posture" || st.Posture != [2]string{"none", "none"} {
				t.Errorf("show json after Red's commit shows %+v", st)
			}
			check(4, true, "", "Red: (a sealed choice, not yet revealed)")
			check(5, true, "", "Blue owes a sealed choice (Red has chosen)")
			check(6, true, "", "Blue owes a sealed choice (Red has chosen)")
			check(7, true, "")
			check(8, true, "", "Blue and Red owe a sealed choice")
			check(9, true, "", "Blue: choose the attack posture | posture attack", "Red (bot")
			check(10, false, "not-your-turn", "genmove or advance")
			check(11, false, "not-your-turn", "genmove or advance")
			check(12, true, "", "Red: choose the attack posture | posture attack")
			check(13, true, "")
			if st := parseToyState(t, r[14]); st.Posture != [2]string{"attack", "none"} {
				t.Errorf("show json after Blue's commit shows %+v", st)
			}
			check(15, true, "")
			check(16, true, "")
			if st := parseToyState(t, r[17]); st.Phase != "posture" || st.Posture != [2]string{"attack", "none"} {
				t.Errorf("show json after load shows %+v", st)
			}
			check(18, true, "", "Red: choose the ", "revealed: Blue: posture attack, Red: posture ")
			st := parseToyState(t, r[19])
			if st.Phase != "activation" || st.Posture[0] != "attack" || st.Posture[1] == "none" {
				t.Errorf("after both commits the state shows %+v", st)
			}
			check(20, true, "", "Blue: posture attack\n2 Red: posture ")
			asked := postureRequests(t, logPath)
			if len(asked) != 2 {
				t.Fatalf("the bot was asked %d postures, want 2 (before Blue's commit, then after it and the load)", len(asked))
			}
			for k, q := range asked {
				if q.Side != 1 || len(q.Legal) != 3 || q.Legal[0] != "posture attack" {
					t.Errorf("posture request %d: side %d, legal %v", k, q.Side, q.Legal)
				}
				if q.Posture[0] != "none" {
					t.Errorf("posture request %d: Red's bot was sent Blue's sealed posture %q", k, q.Posture[0])
				}
			}
		})
	}
}

// Two external bots play a whole game through advance, in text and JSON
// mode: each is asked for its posture from its own view (never the
// other's posture, though the other has committed when side 1 is asked),
// the steps give every action's notation, and the game ends.
func TestProtocolSealedBotVsBot(t *testing.T) {
	for _, mode := range []string{"text", "json"} {
		t.Run(mode, func(t *testing.T) {
			logPath := filepath.Join(t.TempDir(), "requests.jsonl")
			t.Setenv(botEnv, logPath)
			bot := botSpec(t)
			reqs := []string{
				"new_game ruleset=toy scenario=duel seed=8 turn_limit=3 side0=" + bot + " side1=" + bot,
				"advance",
				"show history",
				"quit",
			}
			r := converse(t, mode, reqs)
			for i := range 3 {
				if !r[i].ok {
					t.Fatalf("%q refused: %s", reqs[i], r[i].text)
				}
			}
			if !strings.Contains(r[1].text, "stopped: game over") || !strings.Contains(r[1].text, "Blue: choose the ") || !strings.Contains(r[1].text, "| posture ") {
				t.Errorf("advance: %s", r[1].text)
			}
			if strings.Contains(r[2].text, "not yet revealed") {
				t.Errorf("a bot's posture is hidden from a client that plays neither side: %s", r[2].text)
			}
			asked := postureRequests(t, logPath)
			perSide := [2]int{}
			for k, q := range asked {
				perSide[q.Side]++
				if q.Posture != [2]string{"none", "none"} {
					t.Errorf("posture request %d to side %d shows postures %v", k, q.Side, q.Posture)
				}
			}
			if perSide[0] == 0 || perSide[0] != perSide[1] {
				t.Errorf("posture requests per side: %v", perSide)
			}
		})
	}
}

// A person who plays both sides names the side at a sealed point (legal
// and play without one are refused, saying so), and every action legal
// lists, posture or order, is played back by its notation through play:
// the step is that action.
func TestProtocolNotationRoundTrip(t *testing.T) {
	s := protocol.NewSession(protocol.Config{})
	do := func(line string) (protocol.Reply, error) {
		t.Helper()
		req, err := wire.ParseText(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		return s.Execute(context.Background(), req)
	}
	must := func(line string) protocol.Reply {
		t.Helper()
		rep, err := do(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		return rep
	}
	must("new_game ruleset=toy scenario=skirmish seed=2 side0=human side1=human")
	for _, line := range []string{"legal", "play 1", "play posture attack"} {
		_, err := do(line)
		if err == nil || !strings.Contains(err.Error(), "name the side") || !strings.Contains(err.Error(), "side=") {
			t.Errorf("%q with both sides owing: %v, want a request to name the side", line, err)
		}
	}
	if _, err := do("legal side=Green"); err == nil {
		t.Errorf("legal side=Green was accepted")
	}
	roundTrip := func(side string) {
		t.Helper()
		rep := must("legal " + side)
		b, _ := json.Marshal(rep.Data)
		var acts []struct {
			ID       int           `json:"id"`
			Notation string        `json:"notation"`
			Action   engine.Action `json:"action"`
		}
		if err := json.Unmarshal(b, &acts); err != nil || len(acts) == 0 {
			t.Fatalf("legal %s: %v %s", side, err, b)
		}
		for _, a := range acts {
			if a.Notation == "" || !strings.Contains(rep.Text, " | "+a.Notation+"\n") {
				t.Errorf("legal %s: action %d has notation %q, text %q", side, a.ID, a.Notation, rep.Text)
			}
			step := must("play " + side + " " + a.Notation)
			b, _ := json.Marshal(step.Data)
			var got struct {
				Notation string `json:"notation"`
				Action   struct {
					Action engine.Action `json:"action"`
				} `json:"action"`
			}
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			if got.Action.Action != a.Action || got.Notation != a.Notation {
				t.Errorf("play %s gave %+v %q, want %+v", a.Notation, got.Action.Action, got.Notation, a.Action)
			}
			must("undo")
		}
	}
	roundTrip("side=Red")
	roundTrip("side=0")
	must("play side=1 posture defend")
	if rep := must("legal"); !strings.Contains(rep.Text, "Blue's sealed choice") {
		t.Errorf("legal once Red has chosen: %q", rep.Text)
	}
	if _, err := do("play side=1 posture attack"); err == nil || !strings.Contains(err.Error(), "already made its sealed choice") {
		t.Errorf("a second commit for Red: %v", err)
	}
	if rep := must("play posture maneuver"); !strings.Contains(rep.Text, "revealed: Red: posture defend, Blue: posture maneuver") {
		t.Errorf("the last commit does not reveal both: %q", rep.Text)
	}
	if rep := must("show json"); !strings.Contains(rep.Text, `"posture":["maneuver","defend"]`) {
		t.Errorf("after both commits: %s", rep.Text)
	}
	roundTrip("") // Blue maneuvers alone, so acts first
	if _, err := do("play B-Guns fire R-Line"); err == nil || !strings.Contains(err.Error(), "not a legal action now") {
		t.Errorf("a notation that reads but is not legal: %v", err)
	}
}
