package protocol

import (
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// inDeployment returns a session at side 0's first deployment decision of
// the standard scenario, where some 460 placements are legal.
func inDeployment(t *testing.T) *Session {
	t.Helper()
	s := NewSession(Config{})
	must(t, s, "new_game seed=3 side0=human side1=human")
	for s.State().ToMove() == engine.Chance {
		must(t, s, "roll")
	}
	return s
}

// TestLegalGroupsLongLists: a deployment's hundreds of legal actions are
// listed a line for each unit's run of them, each line's numbers those of
// the full list, which 'legal all' still gives; 'legal UNIT' lists one
// unit's with the same numbers; the JSON data always holds every action.
func TestLegalGroupsLongLists(t *testing.T) {
	s := inDeployment(t)
	n := len(s.g.legal(s.g.st.ToMove()))
	if n <= legalListMax {
		t.Fatalf("only %d legal actions in the deployment", n)
	}
	rep := must(t, s, "legal")
	lines := strings.Split(strings.TrimRight(rep.Text, "\n"), "\n")
	if len(lines) > 40 {
		t.Errorf("legal printed %d lines for %d actions", len(lines), n)
	}
	if data := rep.Data.([]ActionInfo); len(data) != n {
		t.Errorf("the data holds %d actions, want %d", len(data), n)
	}
	// The groups cover 1..n in order, each a run of one unit's actions.
	next := 1
	for _, l := range lines[1:] {
		span, text, _ := strings.Cut(l, " ")
		lo, hi, isRun := strings.Cut(span, "-")
		from, err := strconv.Atoi(lo)
		to := from
		if isRun {
			to, _ = strconv.Atoi(hi)
		}
		if err != nil || from != next || to < from {
			t.Fatalf("line %q: want a group starting at %d", l, next)
		}
		acts := s.g.legal(s.g.st.ToMove())[from-1 : to]
		if !strings.HasPrefix(text, s.State().DescribeAction(acts[0])) {
			t.Errorf("line %q does not begin with action %d's text", l, from)
		}
		for _, a := range acts {
			if a.Kind != acts[0].Kind || a.Unit != acts[0].Unit {
				t.Errorf("line %q groups actions of different units or kinds", l)
			}
		}
		next = to + 1
	}
	if next != n+1 {
		t.Errorf("the groups end at %d of %d", next-1, n)
	}
	all := must(t, s, "legal all")
	if got := strings.Count(all.Text, "\n"); got != n+1 {
		t.Errorf("legal all printed %d lines, want %d", got, n+1)
	}
	one := must(t, s, "legal F3 Line")
	data := one.Data.([]ActionInfo)
	if len(data) == 0 || len(data) >= n {
		t.Fatalf("legal F3 Line gave %d actions", len(data))
	}
	for _, a := range data {
		if !strings.Contains(a.Text, "F3 Line") || s.g.legal(s.g.st.ToMove())[a.ID-1] != a.Action {
			t.Errorf("legal F3 Line lists %d %q", a.ID, a.Text)
		}
		if !strings.Contains(one.Text, strconv.Itoa(a.ID)+" "+a.Text+" | "+a.Notation+"\n") || a.Notation == "" {
			t.Errorf("legal F3 Line's text lacks %d %s", a.ID, a.Text)
		}
	}
	if _, err := do(t, s, "legal F99 Line"); err == nil || !strings.Contains(err.Error(), "F99 Line") {
		t.Errorf("legal of a unit that does not exist: %v", err)
	}
}

// TestLegalShortListsWhole: a list within legalListMax is printed one
// action a line, as before.
func TestLegalShortListsWhole(t *testing.T) {
	s := inMovement(t)
	n := len(s.g.legal(s.g.st.ToMove()))
	if n > legalListMax {
		t.Skipf("%d actions in this movement phase", n)
	}
	rep := must(t, s, "legal")
	if got := strings.Count(rep.Text, "\n"); got != n+1 {
		t.Errorf("legal printed %d lines for %d actions:\n%s", got, n, rep.Text)
	}
}

// TestNotationOnTheWire: every action legal lists carries its notation,
// in the text and the data, and play takes the notation back to exactly
// that action, in the deployment and in the movement phase of 2 by 2;
// show history gives the steps in notation.
func TestNotationOnTheWire(t *testing.T) {
	s := inDeployment(t)
	roundTrip := func(phase string) {
		t.Helper()
		rep := must(t, s, "legal all")
		acts := rep.Data.([]ActionInfo)
		tried := 0
		for k := 0; k < len(acts); k += 1 + len(acts)/25 {
			a := acts[k]
			if a.Notation == "" || !strings.Contains(rep.Text, a.line()+"\n") {
				t.Fatalf("%s: legal lists %d without its notation: %+v", phase, a.ID, a)
			}
			step := must(t, s, "play "+a.Notation)
			got := step.Data.(struct {
				Step
				Next  string    `json:"next"`
				State StateInfo `json:"state"`
			})
			if got.Action == nil || got.Action.Action != a.Action || got.Notation != a.Notation || !strings.Contains(step.Text, " | "+a.Notation) {
				t.Errorf("%s: play %s played %+v (%q)", phase, a.Notation, got.Action, step.Text)
			}
			must(t, s, "undo")
			tried++
		}
		t.Logf("%s: %d of %d actions played back by notation", phase, tried, len(acts))
	}
	roundTrip("deployment")
	for i := 0; engine.PhaseName(s.State()) != "movement"; i++ {
		if i > 300 {
			t.Fatalf("no movement phase after 300 steps: %s", engine.PhaseName(s.State()))
		}
		if s.State().ToMove() == engine.Chance {
			must(t, s, "roll")
		} else {
			must(t, s, "genmove agent=heuristic")
		}
	}
	roundTrip("movement")
	hist := must(t, s, "show history")
	steps := hist.Data.([]HistoryStep)
	if len(steps) != len(s.g.rec.Steps) || len(steps) < 10 {
		t.Fatalf("show history gives %d steps of %d", len(steps), len(s.g.rec.Steps))
	}
	for _, h := range steps {
		rs := s.g.rec.Steps[h.Step-1]
		if rs.Dice == nil && (h.Notation == "" || h.Notation != rs.Notation || !strings.Contains(hist.Text, strconv.Itoa(h.Step)+" "+h.Player+": "+h.Notation)) {
			t.Errorf("history step %d: %+v, recorded %q", h.Step, h, rs.Notation)
		}
	}
}
