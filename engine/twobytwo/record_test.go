package twobytwo

import (
	"bytes"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// playRecorded plays a random game under opts with seeded dice, recording
// it, and returns the record and the final state.
func playRecorded(t testing.TB, seed uint64, opts engine.Options) (*engine.Record, *State) {
	t.Helper()
	rec, err := engine.NewRecord(Rules{}, DefaultScenario, opts)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewGame(DefaultScenario, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	dice := engine.NewRandomDice(seed)
	var buf []engine.Action
	for !s.Terminal() {
		if s.ToMove() == engine.Chance {
			d, _ := dice.Roll(s.PendingRoll())
			rec.AddDice(s, d)
			if err := s.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		buf = s.Legal(buf[:0])
		a := buf[rng.IntN(len(buf))]
		rec.AddAction(s, s.ToMove(), a)
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	rec.Result, rec.Turns = s.Result(), s.Turn()
	return rec, s
}

// encodeRecord is rec's JSON line.
func encodeRecord(t testing.TB, rec *engine.Record) []byte {
	t.Helper()
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		t.Fatal(err)
	}
	return w.Bytes()
}

// TestRecordFormat1Replays: a record written before records had a format
// (a heuristic game of format 1, as grognard wrote it until format 2)
// still replays, and UpgradeRecord rewrites it as format 2, which
// replays to the same position in a quarter of the bytes.
func TestRecordFormat1Replays(t *testing.T) {
	recs, err := engine.ReadRecordFile(filepath.Join("testdata", "format1-heuristic.jsonl.gz"))
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v (%d records)", err, len(recs))
	}
	rec := recs[0]
	if rec.Format != 0 || rec.Steps[1].Action == nil || rec.Steps[1].Text == "" || rec.Steps[1].Notation != "" {
		t.Fatalf("the test file is not a record of format 1: format %d, step 1 %+v", rec.Format, rec.Steps[1])
	}
	before := len(encodeRecord(t, rec))
	end, err := engine.Replay(Rules{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.UpgradeRecord(Rules{}, rec); err != nil {
		t.Fatal(err)
	}
	if rec.Format != engine.RecordFormat {
		t.Fatalf("upgraded to format %d", rec.Format)
	}
	line := encodeRecord(t, rec)
	if bytes.Contains(line, []byte(`"t":`)) || bytes.Contains(line, []byte(`"a":{`)) {
		t.Fatal("the upgraded record still holds descriptions or action fields")
	}
	again, err := engine.ReadRecords(bytes.NewReader(line))
	if err != nil || len(again) != 1 {
		t.Fatalf("read back: %v", err)
	}
	end2, err := engine.Replay(Rules{}, again[0])
	if err != nil {
		t.Fatal(err)
	}
	if end2.Hash() != end.Hash() {
		t.Fatal("the upgraded record replays to another position")
	}
	t.Logf("heuristic game of %d steps: format 1 %d bytes, format 2 %d bytes", len(rec.Steps), before, len(line))
	if len(line)*3 > before {
		t.Errorf("format 2 is %d bytes, not under a third of format 1's %d", len(line), before)
	}
}

// TestRecordFormatChecks: replay refuses a record of a newer format, a
// record of format 1 with steps of format 2, and a step whose notation
// does not read or is refused, saying which step.
func TestRecordFormatChecks(t *testing.T) {
	rec, _ := playRecorded(t, 3, engine.Options{TurnLimit: 1})
	if _, err := engine.Replay(Rules{}, rec); err != nil {
		t.Fatalf("the record itself: %v", err)
	}
	first := 1 // step 0 is the set-up roll
	if rec.Steps[first].Notation == "" {
		t.Fatalf("step %d is not an action of format 2: %+v", first, rec.Steps[first])
	}
	// An action the notation cannot write exactly (a NaN never equals
	// itself) keeps its fields, even in format 2.
	odd := engine.Action{Kind: KindFace, Unit: 6, Target: NoUnit, Order: OrderFace, Facing: math.NaN()}
	rec2, _ := engine.NewRecord(Rules{}, DefaultScenario, engine.Options{})
	s, _ := NewGame(DefaultScenario, engine.Options{})
	rec2.AddAction(s, 0, act(KindHold, 6, NoUnit))
	rec2.AddAction(s, 0, odd)
	if rec2.Steps[0].Notation != "F1_Line hold" || rec2.Steps[1].Notation != "" || rec2.Steps[1].Action == nil {
		t.Errorf("steps recorded as %+v", rec2.Steps)
	}
	for _, c := range []struct {
		name   string
		change func(r *engine.Record)
		want   string
	}{
		{"newer format", func(r *engine.Record) { r.Format = 3 }, "this grognard reads formats 1 to 2"},
		{"format 1 with notation", func(r *engine.Record) { r.Format = 0 }, "a record of format 1 gives its fields"},
		{"bad notation", func(r *engine.Record) { r.Steps[first].Notation = "F1_Line dance" }, `step 1: not an action in the notation "F1_Line dance"`},
		{"illegal action", func(r *engine.Record) { r.Steps[first].Notation = "F1_Line hold" }, "step 1 (F1_Line hold)"},
		{"action by chance", func(r *engine.Record) { r.Steps[first].Player = engine.Chance }, "not by a side"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := *rec
			r.Steps = append([]engine.Step(nil), rec.Steps...)
			c.change(&r)
			// Through the JSON line, as a file holds it.
			recs, err := engine.ReadRecords(bytes.NewReader(encodeRecord(t, &r)))
			if err != nil || len(recs) != 1 {
				t.Fatalf("read: %v", err)
			}
			_, err = engine.Replay(Rules{}, recs[0])
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("replay: %v, want an error saying %q", err, c.want)
			}
		})
	}
}

// TestRecordBytes measures the bytes a seeded random game takes in a
// record of format 2, against format 1 (the same record with each
// action's fields and every step's description, as grognard wrote
// before), and holds format 2 under a third of it.
func TestRecordBytes(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		rec, _ := playRecorded(t, seed, engine.Options{})
		v2 := len(encodeRecord(t, rec))
		old := *rec
		old.Format = 0
		old.Steps = make([]engine.Step, len(rec.Steps))
		if _, err := engine.ReplayVisit(Rules{}, rec, func(i int, st engine.State) error {
			s := rec.Steps[i]
			old.Steps[i] = engine.Step{Player: s.Player, Action: s.Action, Dice: s.Dice, Text: st.DescribeRoll()}
			if s.Action != nil {
				old.Steps[i].Text = st.DescribeAction(*s.Action)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		v1 := len(encodeRecord(t, &old))
		if _, err := engine.Replay(Rules{}, &old); err != nil {
			t.Fatalf("the record of format 1: %v", err)
		}
		t.Logf("random game, seed %d, %d steps: format 1 %d bytes, format 2 %d bytes (%.1f bytes a step)", seed, len(rec.Steps), v1, v2, float64(v2)/float64(len(rec.Steps)))
		if v2*3 > v1 {
			t.Errorf("seed %d: format 2 takes %d bytes, not under a third of format 1's %d", seed, v2, v1)
		}
	}
}

// FuzzReplayRecord: no record line, however made, makes reading or
// replaying it panic; a format 2 record of a short game seeds it.
func FuzzReplayRecord(f *testing.F) {
	rec, _ := playRecorded(f, 5, engine.Options{TurnLimit: 1})
	rec.Steps = rec.Steps[:min(len(rec.Steps), 40)]
	rec.Result, rec.Turns = engine.Result{}, 0
	f.Add(string(encodeRecord(f, rec)))
	f.Add(`{"format":2,"ruleset":"twobytwo","steps":[{"p":0,"a":"end"}]}`)
	f.Fuzz(func(t *testing.T, line string) {
		recs, err := engine.ReadRecords(strings.NewReader(line))
		if err != nil {
			return
		}
		for _, r := range recs {
			end, err := engine.Replay(Rules{}, r)
			if err != nil {
				continue
			}
			// What replays is written again as a record that replays the same.
			again, err := engine.ReadRecords(bytes.NewReader(encodeRecord(t, r)))
			if err != nil || len(again) != 1 {
				t.Fatalf("a record that replays does not read back: %v", err)
			}
			end2, err := engine.Replay(Rules{}, again[0])
			if err != nil || end2.Hash() != end.Hash() {
				t.Fatalf("a record that replays, written again, does not replay the same: %v", err)
			}
		}
	})
}

// BenchmarkRecordBytes writes the record of a seeded random game (format
// 2) and reports its size: the records' bytes a game, the figure
// docs/notation.md gives.
func BenchmarkRecordBytes(b *testing.B) {
	rec, _ := playRecorded(b, 1, engine.Options{})
	var n int
	b.ReportAllocs()
	for b.Loop() {
		n = len(encodeRecord(b, rec))
	}
	b.ReportMetric(float64(n), "bytes/game")
	b.ReportMetric(float64(len(rec.Steps)), "steps/game")
}
