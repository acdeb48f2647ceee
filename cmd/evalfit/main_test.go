package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
	"github.com/grognard/grognard/tournaments"
)

// runAndRead runs evalfit with args, which write to out, checks that its
// output holds each of wants, and reads back the file written.
func runAndRead(t *testing.T, args []string, out string, wants ...string) evaltwo.File {
	t.Helper()
	var buf bytes.Buffer
	if err := run(args, &buf); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	for _, want := range wants {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, buf.String())
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var f evaltwo.File
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRunWritesModels(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.json")
	args := []string{"-games", "10", "-seed", "3", "-workers", "2", "-out", out}
	f := runAndRead(t, args, out, "held-out games", "default", "material", "constant", "shipped", "wrote")
	if f.Command != "go run ./cmd/evalfit "+strings.Join(args, " ") || f.Games != 10 || f.HeldOutGames != 2 || len(f.Models) != 2 {
		t.Errorf("file: command %q, %d games, %d held out, %d models", f.Command, f.Games, f.HeldOutGames, len(f.Models))
	}
	for _, fm := range f.Models {
		if _, err := evaltwo.ModelFromFile(fm); err != nil {
			t.Error(err)
		}
	}

	// The same run on one worker writes the same models.
	out1 := filepath.Join(t.TempDir(), "w1.json")
	f1 := runAndRead(t, []string{"-games", "10", "-seed", "3", "-workers", "1", "-out", out1}, out1)
	for i := range f.Models {
		for k, w := range f.Models[i].Weights {
			if f1.Models[i].Weights[k] != w {
				t.Errorf("%s %s: %v with 2 workers, %v with 1", f.Models[i].Name, k, w, f1.Models[i].Weights[k])
			}
		}
	}
}

// writeRecords plays n games of random against random from seed and
// writes their records to path, gzipped when its name ends in .gz.
func writeRecords(t *testing.T, path string, n int, seed uint64) []*engine.Record {
	t.Helper()
	var buf bytes.Buffer
	var recs []*engine.Record
	for g := range n {
		players := [2]agents.Agent{agents.NewRandom(seed + uint64(2*g)), agents.NewRandom(seed + uint64(2*g+1))}
		rec, err := tournaments.PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{}, players, seed+uint64(g), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := rec.Write(&buf); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	data := buf.Bytes()
	if strings.HasSuffix(path, ".gz") {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		if _, err := zw.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		data = z.Bytes()
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestRunFitsRecords(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "part-a.jsonl.gz"), filepath.Join(dir, "part-b.jsonl")
	writeRecords(t, a, 6, 100)
	recs := writeRecords(t, b, 4, 200)
	// An unfinished game has no outcome to learn from: it is left out.
	unfinished := *recs[0]
	unfinished.Result = engine.Result{}
	f, err := os.OpenFile(b, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unfinished.Write(f); err != nil {
		t.Fatal(err)
	}
	f.Close()

	out := filepath.Join(dir, "w.json")
	pattern := filepath.Join(dir, "part-*.jsonl*")
	file := runAndRead(t, []string{"-records", pattern, "-every", "5", "-out", out}, out,
		"left out 1 recorded games", "replayed 10 games", "held-out games", "wrote")
	wantCmd := "go run ./cmd/evalfit -records '" + pattern + "' -every 5 -out " + out
	if file.Games != 10 || file.HeldOutGames != 2 || file.Seed != 0 || file.Every != 5 ||
		len(file.Records) != 2 || file.Records[0] != a || file.Records[1] != b || file.Command != wantCmd {
		t.Errorf("file: %d games, %d held out, seed %d, every %d, records %q, command %q (want %q)",
			file.Games, file.HeldOutGames, file.Seed, file.Every, file.Records, file.Command, wantCmd)
	}
	// The samples are the records' own, every fifth game held out.
	var held int
	for i, rec := range recs[:4] {
		if (6+i)%5 == 4 {
			s, err := evaltwo.RecordSamples(rec, 5)
			if err != nil {
				t.Fatal(err)
			}
			held += len(s)
		}
	}
	if held == 0 || file.HeldOutSamples <= held {
		t.Errorf("%d held-out samples, of which game 10 alone gives %d", file.HeldOutSamples, held)
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.jsonl")
	writeRecords(t, rec, 1, 1)
	for _, args := range [][]string{
		{"-games", "2"}, {"-every", "0"}, {"-nope"},
		{"-records", rec, "-seed", "2"},                      // self-play's flags with records
		{"-records", filepath.Join(dir, "none-*.jsonl")},     // a pattern matching nothing
		{"-records", rec + "," + rec},                        // a file named twice
		{"-records", rec},                                    // too few games to hold some out
		{"-records", filepath.Join(dir, "r.jsonl"), "extra"}, // an unquoted pattern's other matches
	} {
		if err := run(args, &bytes.Buffer{}); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
