package main

import (
	"encoding/csv"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// figures are the flags of a quick tournament (8 games a pairing, seed 5)
// whose pairings give different LOS from single games and from pairs
// (random against random#3 goes 0-5-3: 1% from the games, 4% from the
// pairs), so an output that quotes the games' figure shows.
func figures(records string, more ...string) []string {
	return append([]string{"tournament", "--agents", "random,random,random", "--games", "8", "--turn-limit", "3", "--seed", "5", "--workers", "2", "--records", records}, more...)
}

// TestTournamentLOSAgrees: the text table, the CSV and the JSON give each
// pairing the same LOS, the pairs' one.
func TestTournamentLOSAgrees(t *testing.T) {
	dir := t.TempDir()
	rep := decodeReport(t, figures(filepath.Join(dir, "j.jsonl"))...)
	code, text, errOut := grognard(t, figures(filepath.Join(dir, "t.jsonl"))...)
	if code != 0 {
		t.Fatalf("tables: exit %d: %s", code, errOut)
	}
	code, out, errOut := grognard(t, figures(filepath.Join(dir, "c.jsonl"), "--csv")...)
	if code != 0 {
		t.Fatalf("--csv: exit %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("--csv output: %v\n%s", err, out)
	}
	lines := strings.Split(text, "\n")
	differ := false
	for i, p := range rep.Pairings {
		if p.PentaEstimate == nil || float64(p.LOS) != float64(p.PentaEstimate.LOS) {
			t.Fatalf("pairing %s vs %s: JSON los %v, the pairs give %+v", p.A, p.B, p.LOS, p.PentaEstimate)
		}
		differ = differ || fmt.Sprintf("%.0f", 100*float64(p.Estimate.LOS)) != fmt.Sprintf("%.0f", 100*float64(p.LOS))
		// The text: the row's last column.
		want := fmt.Sprintf("%.0f%%", 100*float64(p.LOS))
		found := false
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 3 && f[0] == p.A && f[1] == "vs" && f[2] == p.B {
				found = true
				if f[len(f)-1] != want {
					t.Errorf("table row %q: LOS %s, the JSON says %s", l, f[len(f)-1], want)
				}
			}
		}
		if !found {
			t.Errorf("no table row for %s vs %s:\n%s", p.A, p.B, text)
		}
		// The CSV: row 1+i, column los.
		if r := rows[1+i]; r[0] != "pairing" || r[1] != p.A || r[2] != p.B || r[12] != strconv.FormatFloat(float64(p.LOS), 'f', 4, 64) {
			t.Errorf("CSV row %q: los %s, the JSON says %.4f", r, r[12], float64(p.LOS))
		}
	}
	if !differ {
		t.Error("the games and the pairs round to the same LOS in every pairing: the test shows nothing")
	}
	if !strings.Contains(text, "pair Elo  95%") || !strings.Contains(text, "LOS\n") {
		t.Errorf("the pairings' header does not end in LOS:\n%s", text)
	}
}

// TestTournamentNoMinusZero: with every game drawn the Elo figures are 0,
// and no output writes them as -0 (-400*log10(1) is -0).
func TestTournamentNoMinusZero(t *testing.T) {
	dir := t.TempDir()
	args := func(records string, more ...string) []string {
		return append([]string{"tournament", "--agents", "random,random", "--games", "4", "--turn-limit", "1", "--adjudicate", "none", "--records", filepath.Join(dir, records)}, more...)
	}
	rep := decodeReport(t, args("j.jsonl")...)
	if p := rep.Pairings[0]; p.Draws != p.Games {
		t.Fatalf("W-D-L %d-%d-%d: the test wants every game drawn", p.Wins, p.Draws, p.Losses)
	}
	for _, c := range []struct {
		name string
		more []string
		bad  *regexp.Regexp
	}{
		{"json", []string{"--json"}, regexp.MustCompile(`:\s*-0[,\s}]`)},
		{"csv", []string{"--csv"}, regexp.MustCompile(`(^|,)-0\.0+(,|$)`)},
		{"tables", nil, regexp.MustCompile(`(^|\s|\[)-0(\s|,|\]|$)`)},
	} {
		code, out, errOut := grognard(t, args(c.name+".jsonl", c.more...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
		}
		for _, l := range strings.Split(out, "\n") {
			if c.bad.MatchString(l) {
				t.Errorf("%s writes -0: %q", c.name, l)
			}
		}
	}
}

// TestTournamentNameParameter: an external bot's name= names it in the
// tables, the CSV, the JSON and the chart, and --anchor takes it. The CSV
// and the JSON resume the first run's records, so the bot plays 2 games
// in all.
func TestTournamentNameParameter(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (CI installs it): the bot is a Python script")
	}
	dir := t.TempDir()
	records := filepath.Join(dir, "g.jsonl")
	args := func(more ...string) []string {
		return append([]string{"tournament", "--agents", "random,external:cmd=python3 ../../examples/bots/random_bot.py,name=pybot",
			"--games", "2", "--turn-limit", "2", "--anchor", "pybot", "--records", records}, more...)
	}
	chart := filepath.Join(dir, "chart.svg")
	runCase(t, args("--chart", chart), 0, []string{"random  pybot  total", "random vs pybot ", "pybot = 0", "pybot  "}, nil, false)
	checkSVG(t, chart, "Score over 2 games", []string{"random", "pybot"})
	runCase(t, args("--resume", "--csv"), 0, []string{"\npairing,random,pybot,", "\nagent,pybot,"}, nil, false)
	rep := decodeReport(t, args("--resume")...)
	if rep.Agents[1] != "pybot" || rep.Anchor != "pybot" || rep.Pairings[0].B != "pybot" || !strings.Contains(rep.Specs[1], "name=pybot") || rep.Played != 0 {
		t.Errorf("JSON agents %q, anchor %q, pairing %s vs %s, spec %q, played %d", rep.Agents, rep.Anchor, rep.Pairings[0].A, rep.Pairings[0].B, rep.Specs[1], rep.Played)
	}
}
