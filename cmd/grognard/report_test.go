package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
)

// TestReportedLostActions plays random Drums and Muskets games through
// the session (both sides played by the client, the program's dice) and
// checks that every step whose state reports a declared action lost
// (engine.Reporter) says so in its reply, its Step and show history.
// The step that lost one is then played again through the served
// protocol, in the text and the JSON framing, and its reply carries the
// report there too.
func TestProtocolDrumsReportsLostActions(t *testing.T) {
	registerRulesets()
	found := 0
	for seed := uint64(1); seed <= 4 && found == 0; seed++ {
		s := protocol.NewSession(protocol.Config{})
		if _, err := s.NewGame(protocol.NewGameConfig{Ruleset: drums.Name, Seed: seed, Sides: [2]string{"human", "human"}}); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for step := 0; step < 3000 && !s.State().Terminal(); step++ {
			st := s.State()
			var rep protocol.Reply
			var err error
			var cmd string
			if st.ToMove() == engine.Chance {
				d := engine.RollWith(rng, st.PendingRoll())
				var vals []string
				for _, v := range d.Values() {
					vals = append(vals, strconv.Itoa(int(v)))
				}
				cmd = "dice " + strings.Join(vals, " ")
				rep, err = s.Execute(context.Background(), protocol.Request{Cmd: "dice", Args: vals})
			} else {
				legal := st.Legal(nil)
				a := legal[rng.IntN(len(legal))]
				cmd = "play " + st.FormatAction(a)
				rep, err = s.Play("", strings.Fields(st.FormatAction(a))...)
			}
			if err != nil {
				t.Fatalf("seed %d step %d: %s: %v", seed, step, cmd, err)
			}
			report := engine.Report(s.State())
			if report == "" {
				continue
			}
			found++
			var data struct {
				Text   string `json:"text"`
				Report string `json:"report"`
			}
			b, _ := json.Marshal(rep.Data)
			_ = json.Unmarshal(b, &data)
			if first := strings.SplitN(rep.Text, "\n", 2)[0]; !strings.Contains(first, report) || data.Report != report || !strings.Contains(data.Text, report) {
				t.Fatalf("seed %d step %d: %s reported %q; the reply says %q (data %+v)", seed, step, cmd, report, rep.Text, rep.Data)
			}
			hist, err := s.Show(protocol.ShowHistory)
			if err != nil {
				t.Fatal(err)
			}
			if lines := strings.Split(hist.Text, "\n"); !strings.HasSuffix(lines[len(lines)-1], "-- "+report) {
				t.Fatalf("show history ends %q, want the report %q", lines[len(lines)-1], report)
			}
			// Again, served: undo the step and play it in each framing.
			for _, mode := range []string{"text", "json"} {
				var out bytes.Buffer
				in := fmt.Sprintf("1 mode %s\n2 undo\n3 %s\n", mode, cmd)
				if mode == "json" {
					f := strings.Fields(cmd)
					args, _ := json.Marshal(f[1:])
					in = fmt.Sprintf("1 mode json\n{\"id\":2,\"cmd\":\"undo\"}\n{\"id\":3,\"cmd\":%q,\"args\":%s}\n", f[0], args)
				}
				if err := protocol.Serve(context.Background(), s, strings.NewReader(in), &out); err != nil {
					t.Fatal(err)
				}
				got := out.String()
				if mode == "json" {
					last := strings.Split(strings.TrimSpace(got), "\n")
					var r struct {
						OK     bool `json:"ok"`
						Result struct {
							Report string `json:"report"`
						} `json:"result"`
					}
					if err := json.Unmarshal([]byte(last[len(last)-1]), &r); err != nil || !r.OK || r.Result.Report != report {
						t.Fatalf("json framing: %q: %v", last[len(last)-1], err)
					}
				} else if !strings.Contains(got, "=3 ") || !strings.Contains(got, report) {
					t.Fatalf("text framing: %q lacks %q", got, report)
				}
			}
			break
		}
	}
	if found == 0 {
		t.Fatal("no random game lost a declared action: the check proves nothing")
	}
}
