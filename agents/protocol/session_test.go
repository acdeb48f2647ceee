package protocol

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

func init() { engine.Register(twobytwo.Rules{}) }

// do runs one text-mode line on s.
func do(t *testing.T, s *Session, line string) (Reply, error) {
	t.Helper()
	r, err := wire.ParseText(line)
	if err != nil {
		return Reply{}, err
	}
	return s.Execute(context.Background(), r)
}

// must runs a line that must succeed.
func must(t *testing.T, s *Session, line string) Reply {
	t.Helper()
	rep, err := do(t, s, line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return rep
}

// stateJSON is the whole game state, to check a request changed nothing.
func stateJSON(t *testing.T, s *Session) string {
	t.Helper()
	if s.State() == nil {
		return ""
	}
	b, err := s.State().MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "|" + strings.Repeat("s", len(s.g.rec.Steps)) + "|" + strings.Repeat("h", len(s.g.history))
}

// inMovement returns a session whose game (both sides human, dice auto)
// has reached side 0's first movement phase, set-up played by random.
func inMovement(t *testing.T) *Session {
	t.Helper()
	s := NewSession(Config{})
	must(t, s, "new_game seed=4 side0=human side1=human")
	for i := 0; i < 2000; i++ {
		st := s.State().(*twobytwo.State)
		if st.Turn() >= 1 && st.PhaseName() == "movement" && st.ToMove() == 0 {
			return s
		}
		if st.ToMove() == engine.Chance {
			must(t, s, "roll")
		} else {
			must(t, s, "genmove agent=heuristic")
		}
	}
	t.Fatal("no movement phase reached")
	return nil
}

// mover is the label of a side 0 unit on the table that is not an HQ.
func mover(t *testing.T, s *Session) string {
	t.Helper()
	st := s.State().(*twobytwo.State)
	for i := 0; i < st.NumUnits(); i++ {
		if st.Spec(i).Side == 0 && st.U[i].Loc == twobytwo.LocTable && !st.Spec(i).Type.IsHQ() {
			return st.Spec(i).Label
		}
	}
	t.Fatal("side 0 has no unit on the table")
	return ""
}

// TestBadRequestsChangeNothing: every malformed, unknown or illegal
// request is refused with a one-line reason and leaves the game as it was.
func TestBadRequestsChangeNothing(t *testing.T) {
	s := inMovement(t)
	tests := []struct {
		line, want string
	}{
		{"frobnicate", `unknown command "frobnicate"`},
		{"play", "play needs an action"},
		{"play 0", "no legal action 0"},
		{"play 99999", "no legal action 99999"},
		{"play charge the moon", `no legal action reads "charge the moon"`},
		{"move", "no unit named"},
		{"move Nobody to 3 3", `no unit is labelled "Nobody"`},
		{"move #999 to 3 3", "no unit #999"},
		{"move F3 Line", "no destination"},
		{"move F3 Line to 3", "needs a point"},
		{"move F3 Line to x y", `"x" is not a length`},
		{"move F3 Line to 3furlongs 4", `unknown unit "furlongs"`},
		{"move F3 Line to 3 4 facing up", `"up" is not a facing`},
		{"move F3 Line to 3 4 to 5 6", "two destinations"},
		{"move F3 Line to 3 4 via 1 1", "waypoints ('via') come before"},
		{"move F3 Line via 1 1 via 2 2 via 3 3 to 4 4", "at most 2 waypoints"},
		{"move F3 Line to 3 4 quickly", `unexpected "quickly"`},
		{"move F3 Line to 23.9 23.9", "illegal action"},
		{"dice 3", "no die roll is pending"},
		{"roll", "no die roll is pending"},
		{"undo 0", "not a whole number from 1"},
		{"undo 100000", "cannot undo 100000 steps"},
		{"new_game colour=red", `unknown key "colour"`},
		{"new_game side1=wizard", `unknown agent "wizard"`},
		{"new_game scenario=atlantis", `new game on "atlantis"`},
		{"new_game seed=-1", `seed "-1"`},
		{"new_game dice=loaded", `dice "loaded"`},
		{"genmove agent=mcts:iters=abc", "iters"},
		{"genmove loudly", `unexpected "loudly"`},
		{"hint n=0", "not a whole number from 1 to 50"},
		{"hint side=Prussians", `unknown side "Prussians"`},
		{"hint side=Austrians", "is not to move"},
		{"set", "set needs unit"},
		{"set unit F3 Line", "say what to change"},
		{"set unit F3 Line status asleep", `unknown status "asleep"`},
		{"set unit F3 Line at -5 3", "off the"},
		{"set turn 0", "outside 1 to"},
		{"set turn 2 side 7", `unknown side "7"`},
		{"set weather rain", `set "weather"`},
		{"show colours", `unknown view "colours"`},
		{"units furlongs", `unknown unit "furlongs"`},
		{"mode xml", `unknown mode "xml"`},
		{"load /nonexistent/game.json", "no such file"},
		{"name please", "takes no arguments"},
		{"advance max=x", `max "x"`},
	}
	before := stateJSON(t, s)
	label := `"` + mover(t, s) + `"`
	for _, tc := range tests {
		tc.line = strings.ReplaceAll(tc.line, "F3 Line", label)
		t.Run(tc.line, func(t *testing.T) {
			_, err := do(t, s, tc.line)
			if err == nil {
				t.Fatalf("%q was accepted", tc.line)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: error %q does not say %q", tc.line, err, tc.want)
			}
			if out := wire.FormatText("", Reply{}, err); strings.Count(out, "\n") != 2 || !strings.HasPrefix(out, "? ") {
				t.Errorf("%q: error reply is not one line: %q", tc.line, out)
			}
			if after := stateJSON(t, s); after != before {
				t.Errorf("%q changed the game", tc.line)
			}
		})
	}
}

func TestNoGameYet(t *testing.T) {
	s := NewSession(Config{})
	for _, line := range []string{"show", "legal", "play 1", "roll", "genmove", "hint", "undo", "save", "set turn 1", "result", "advance", "pending"} {
		if _, err := do(t, s, line); err == nil || !strings.Contains(err.Error(), "no game: start one with new_game") {
			t.Errorf("%s without a game: %v", line, err)
		}
	}
	for _, line := range []string{"protocol_version", "name", "version", "help", "help play", "list_rulesets", "list_scenarios", "list_agents", "units mm", "units"} {
		must(t, s, line)
	}
	if rep := must(t, s, "protocol_version"); rep.Text != Version {
		t.Errorf("protocol_version = %q", rep.Text)
	}
	if rep := must(t, s, "units"); rep.Text != "mm" {
		t.Errorf("units = %q after units mm", rep.Text)
	}
}

// TestPlayByIDTextAndMove: the three ways to give an action reach the
// same engine actions.
func TestPlayByIDTextAndMove(t *testing.T) {
	s := inMovement(t)
	acts := s.g.legal(s.g.st.ToMove())
	text := s.State().DescribeAction(acts[2])
	rep := must(t, s, "play "+strings.ToUpper(text))
	if !strings.Contains(rep.Text, text) {
		t.Errorf("play by text replied %q", rep.Text)
	}
	must(t, s, "undo")
	must(t, s, "play 3")
	if got := s.g.rec.Steps[len(s.g.rec.Steps)-1].Action; *got != acts[2] {
		t.Errorf("play 3 played %+v, want %+v", *got, acts[2])
	}
	must(t, s, "undo")

	// A free-form move: a unit that may move goes 1" straight ahead.
	st := s.State().(*twobytwo.State)
	for i := 0; i < st.NumUnits(); i++ {
		u := st.U[i]
		if st.Spec(i).Side != 0 || u.Loc != twobytwo.LocTable || st.Spec(i).Type.IsHQ() {
			continue
		}
		dest := u.Pos.Add(u.Dir)
		line := "move " + st.Spec(i).Label + " to " + ftoa(dest.X) + " " + ftoa(dest.Y)
		if _, err := do(t, s, line); err != nil {
			continue // blocked or in contact: try the next unit
		}
		got := s.State().(*twobytwo.State).U[i].Pos
		if got.Dist(dest) > 0.01 {
			t.Errorf("%s ended at %v, want %v", line, got, dest)
		}
		// The same move in millimetres and paces from the same start.
		must(t, s, "undo")
		mm := "move " + st.Spec(i).Label + " to " + ftoa(dest.X*25) + "mm " + ftoa(dest.Y*25) + "mm"
		must(t, s, mm)
		if got := s.State().(*twobytwo.State).U[i].Pos; got.Dist(dest) > 0.01 {
			t.Errorf("%s ended at %v, want %v", mm, got, dest)
		}
		must(t, s, "undo")
		must(t, s, "units paces")
		paces := "play move " + st.Spec(i).Label + " to " + ftoa(dest.X*300) + " " + ftoa(dest.Y*300)
		must(t, s, paces)
		if got := s.State().(*twobytwo.State).U[i].Pos; got.Dist(dest) > 0.01 {
			t.Errorf("%s ended at %v, want %v", paces, got, dest)
		}
		return
	}
	t.Fatal("no unit could move 1\" ahead")
}

func ftoa(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestUndoRestoresEveryStep: undo N walks back exactly N steps, and the
// game then replays to the same states.
func TestUndoRestoresEveryStep(t *testing.T) {
	s := NewSession(Config{})
	must(t, s, "new_game seed=9 side0=random side1=random")
	var states []string
	for range 40 {
		states = append(states, stateJSON(t, s))
		must(t, s, "advance max=1")
	}
	states = append(states, stateJSON(t, s))
	for k := 40; k-7 >= 0; k -= 7 {
		must(t, s, "undo 7")
		if got := stateJSON(t, s); got != states[k-7] {
			t.Fatalf("after undoing to step %d the state differs", k-7)
		}
	}
}

// TestWholeGameAgainstBot: a human side played by genmove and a bot side
// by advance reach a result, and the record replays to the same result.
func TestWholeGameAgainstBot(t *testing.T) {
	s := NewSession(Config{})
	must(t, s, "new_game seed=11 side0=human side1=heuristic:doctrine=fireline turn_limit=8")
	for i := 0; i < 5000 && !s.State().Terminal(); i++ {
		rep := must(t, s, "advance")
		info := rep.Data.(Advance)
		if strings.HasPrefix(info.Stopped, "human") {
			must(t, s, "genmove agent=heuristic:doctrine=assault")
		}
	}
	if !s.State().Terminal() {
		t.Fatal("the game did not end")
	}
	st, err := engine.Replay(twobytwo.Rules{}, s.g.rec)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if st.Hash() != s.State().Hash() {
		t.Error("the replayed record ends in another position")
	}
	if rep := must(t, s, "result"); !strings.Contains(rep.Text, "turn") {
		t.Errorf("result: %q", rep.Text)
	}
	if _, err := do(t, s, "legal"); err == nil || !strings.Contains(err.Error(), "the game is over") {
		t.Errorf("legal after the end: %v", err)
	}
}

// TestManualDice: with dice=manual advance stops at every roll, dice takes
// the values, and the values decide (a scripted set-up roll picks the
// attacker).
func TestManualDice(t *testing.T) {
	s := NewSession(Config{})
	must(t, s, "new_game seed=1 side0=random side1=random dice=manual")
	rep := must(t, s, "advance")
	if info := rep.Data.(Advance); !strings.HasPrefix(info.Stopped, "dice:") || len(info.Steps) != 0 {
		t.Fatalf("advance with manual dice: %+v", info)
	}
	if p := must(t, s, "pending").Data.(Pending); !p.Pending || p.Dice != 2 || p.Sides != 6 {
		t.Fatalf("pending: %+v", p)
	}
	for _, bad := range []string{"dice 1", "dice 1 2 3", "dice 0 3", "dice 7 1", "dice a b"} {
		if _, err := do(t, s, bad); err == nil {
			t.Errorf("%s accepted for 2d6", bad)
		}
	}
	must(t, s, "dice 2 5") // side 1 attacks
	if st := s.State().(*twobytwo.State); st.Attacker() != 1 {
		t.Errorf("dice 2 5 made side %d the attacker", st.Attacker())
	}
}

// TestSaveLoad: a saved game loads to the same state, with its history
// (undo works after load), and a tampered record is refused; a game with
// corrections loads from its state.
func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	s := inMovement(t)
	file := filepath.Join(dir, "g.json")
	must(t, s, "save "+file)
	before := stateJSON(t, s)

	s2 := NewSession(Config{})
	must(t, s2, "load "+file)
	if got := stateJSON(t, s2); got != before {
		t.Fatal("loaded game differs")
	}
	must(t, s2, "undo 3")
	must(t, s, "undo 3")
	if stateJSON(t, s2) != stateJSON(t, s) {
		t.Fatal("undo after load differs from undo before save")
	}

	// A record that lost its last step no longer replays to the state.
	b, _ := os.ReadFile(file)
	var doc SavedGame
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	doc.Record.Steps = doc.Record.Steps[:len(doc.Record.Steps)-1] // one step lost
	bad, _ := json.Marshal(doc)
	badFile := filepath.Join(dir, "bad.json")
	os.WriteFile(badFile, bad, 0o644)
	if _, err := do(t, s2, "load "+badFile); err == nil {
		t.Error("a tampered record was loaded")
	}
	os.WriteFile(badFile, []byte("{\"format\":\"grognard-game\""), 0o644)
	if _, err := do(t, s2, "load "+badFile); err == nil || !strings.Contains(err.Error(), "not a saved game") {
		t.Errorf("a truncated file: %v", err)
	}

	// A corrected game saves its state and loads it.
	must(t, s, "set unit \""+mover(t, s)+"\" status pinned")
	must(t, s, "save "+file)
	s3 := NewSession(Config{})
	must(t, s3, "load "+file)
	if stateJSON(t, s3)[:200] != stateJSON(t, s)[:200] || s3.State().Hash() != s.State().Hash() {
		t.Fatal("a corrected game did not load to its state")
	}
}

// TestEncodeReplayed: a recorded game cut at a step saves as a game that
// load takes up at that step, with its agents as the sides, and whose
// state SavedState finds; steps past the record are refused.
func TestEncodeReplayed(t *testing.T) {
	s := inMovement(t)
	rec := *s.g.rec
	rec.Agents = [2]string{"heuristic:doctrine=fireline", "my-bot"} // the second no spec a session can build
	n := len(rec.Steps) - 5
	rs := twobytwo.Rules{}
	at, err := engine.ReplaySteps(rs, &rec, n)
	if err != nil {
		t.Fatal(err)
	}

	b, err := EncodeReplayed(&rec, n, at)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "cut.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	s2 := NewSession(Config{})
	must(t, s2, "load "+file)
	if s2.State().Hash() != at.Hash() || len(s2.g.rec.Steps) != n {
		t.Fatalf("loaded %d steps to hash %x, want %d steps to %x", len(s2.g.rec.Steps), s2.State().Hash(), n, at.Hash())
	}
	if got := s2.g.cfg.sides; got != [2]string{"heuristic:doctrine=fireline", "human"} {
		t.Errorf("sides %q: want the recorded spec and human for the unknown bot", got)
	}
	if len(rec.Steps) != n+5 || rec.Agents[1] != "my-bot" {
		t.Error("EncodeReplayed changed the caller's record")
	}
	must(t, s2, "undo 2") // the history is the record's

	for _, tc := range []struct {
		name string
		data []byte
		want string // the error; none: the state at step n
	}{
		{name: "saved game", data: b},
		{name: "bare state", data: mustJSON(t, at)},
		{name: "saved game without state", data: []byte(`{"format":"grognard-game"}`), want: "no state"},
		{name: "not JSON", data: []byte("turn 3"), want: "invalid character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := SavedState(tc.data)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one saying %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			st, err := rs.DecodeState(raw)
			if err != nil || st.Hash() != at.Hash() {
				t.Errorf("the state found does not decode to the game at step %d (%v)", n, err)
			}
		})
	}
	for _, steps := range []int{-1, len(rec.Steps) + 1} {
		if _, err := EncodeReplayed(&rec, steps, at); err == nil {
			t.Errorf("step %d of %d was encoded", steps, len(rec.Steps))
		}
	}
}

// mustJSON is st as MarshalJSON writes it.
func mustJSON(t *testing.T, st engine.State) []byte {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSetMatchesTheTable: corrections change exactly what they say, are
// refused when the table could not hold them, and undo takes them back.
func TestSetMatchesTheTable(t *testing.T) {
	s := inMovement(t)
	label := mover(t, s)
	i, _ := s.State().(*twobytwo.State).UnitByLabel(label)
	before := stateJSON(t, s)
	must(t, s, "set unit \""+label+"\" at 2 2 facing east status disrupted")
	u := s.State().(*twobytwo.State).U[i]
	if u.Pos.X != 2 || u.Pos.Y != 2 || u.Stat != twobytwo.Disrupted {
		t.Errorf("after set: %+v", u)
	}
	must(t, s, "undo")
	if stateJSON(t, s) != before {
		t.Error("undo did not take the correction back")
	}
	d := s.State().(*twobytwo.State).Destroyed(0)
	must(t, s, "set unit \""+label+"\" status destroyed")
	if got := s.State().(*twobytwo.State).Destroyed(0); got != d+1 {
		t.Errorf("destroyed count %d, want %d", got, d+1)
	}
	must(t, s, "set unit \""+label+"\" status table at 2 2")
	if got := s.State().(*twobytwo.State).Destroyed(0); got != d {
		t.Errorf("destroyed count %d after putting it back, want %d", got, d)
	}
	must(t, s, "set turn 5 side Austrians")
	if st := s.State().(*twobytwo.State); st.Turn() != 5 || st.Phasing() != 1 || st.ToMove() != 1 {
		t.Errorf("set turn: turn %d phasing %d", st.Turn(), st.Phasing())
	}
}

// TestHint: hints rank the side to move's actions, each with shares of
// win, draw and loss that add up, point at a legal action, and change
// nothing; a plan covers the phase.
func TestHint(t *testing.T) {
	s := inMovement(t)
	before := stateJSON(t, s)
	rep := must(t, s, "hint n=2 plan explain agent=mcts:iters=60 playouts=2")
	if stateJSON(t, s) != before {
		t.Fatal("hint changed the game")
	}
	info := rep.Data.(Hints)
	if len(info.Hints) == 0 || len(info.Hints) > 2 || len(info.Plan) == 0 || info.Explanation == nil {
		t.Fatalf("hint: %+v", info)
	}
	if !strings.Contains(rep.Text, info.Explanation.String()) {
		t.Error("hint explain does not print the agent's explanation")
	}
	if !strings.Contains(info.Note, "later orders by mcts:iters=15") {
		t.Errorf("the note %q does not say the plan's later orders are searched on a quarter of the budget", info.Note)
	}
	for _, h := range info.Hints {
		if sum := h.Win + h.Draw + h.Loss; sum < 0.999 || sum > 1.001 {
			t.Errorf("hint %q: win+draw+loss = %v", h.Text, sum)
		}
		if h.ID < 1 {
			t.Errorf("hint %q is not in legal", h.Text)
		}
	}
	// The plan starts with hint 1, numbers its own orders, and replays
	// (orders, the enemy's replies, its dice) to the end of the half-turn.
	if info.Plan[0].Action != info.Hints[0].Action || info.Plan[0].Rank != 1 {
		t.Errorf("the plan starts with %q, hint 1 is %q", info.Plan[0].Text, info.Hints[0].Text)
	}
	st := s.State().Clone().(*twobytwo.State)
	turn, phasing, own := st.Turn(), st.Phasing(), 0
	for _, e := range info.Plan {
		var err error
		switch e.By {
		case "dice":
			err = st.ApplyDice(engine.NewDice(e.Dice...))
		case "":
			own++
			if e.Rank != own {
				t.Errorf("plan order %q is numbered %d, want %d", e.Text, e.Rank, own)
			}
			err = st.Apply(e.Action)
		default:
			err = st.Apply(e.Action)
		}
		if err != nil {
			t.Fatalf("plan step %q does not replay: %v", e.Text, err)
		}
	}
	if !st.Terminal() && st.Turn() == turn && st.Phasing() == phasing {
		t.Errorf("the plan stops inside the half-turn (turn %d, %s phase)", st.Turn(), st.PhaseName())
	}
	must(t, s, "play "+itoa(info.Hints[0].ID))
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestGenmoveDeterministic: the same seed and iteration budget give the
// same bot move.
func TestGenmoveDeterministic(t *testing.T) {
	var got []string
	for range 2 {
		s := inMovement(t)
		got = append(got, must(t, s, "genmove agent=mcts iters=80").Text)
	}
	if got[0] != got[1] {
		t.Errorf("genmove differs between runs:\n%s\n%s", got[0], got[1])
	}
}

// TestRevision: a refused request leaves the revision as it was; a step,
// a correction and an undo each give a revision never seen before, so a
// front end that saves on a new revision saves every different game.
func TestRevision(t *testing.T) {
	s := inMovement(t)
	seen := map[uint64]bool{s.Revision(): true}
	fresh := func(what string) {
		t.Helper()
		r := s.Revision()
		if seen[r] {
			t.Errorf("after %s: revision %#x was seen before", what, r)
		}
		seen[r] = true
	}
	before := s.Revision()
	for _, bad := range []string{"play 99999", "move NOSUCH to 1 1", "set unit NOSUCH at 1 1", "undo 99999", "dice 7"} {
		if _, err := do(t, s, bad); err == nil {
			t.Fatalf("%s: accepted", bad)
		}
		if s.Revision() != before {
			t.Errorf("refused %q changed the revision", bad)
		}
	}
	must(t, s, "play 1")
	fresh("a step")
	must(t, s, "undo")
	fresh("an undo")
	must(t, s, "play 2")
	fresh("another step from the same position")
	must(t, s, "set unit "+mover(t, s)+" facing 90")
	fresh("a correction")
	must(t, s, "new_game seed=4 side0=human side1=human")
	fresh("a new game")
}
