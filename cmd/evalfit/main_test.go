package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/evaluation"
)

func TestRunWritesModels(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.json")
	var buf bytes.Buffer
	args := []string{"-games", "10", "-seed", "3", "-workers", "2", "-out", out}
	if err := run(args, &buf); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	for _, want := range []string{"held-out games", "default", "material", "constant", "wrote"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, buf.String())
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var f evaluation.File
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if f.Command != "go run ./cmd/evalfit "+strings.Join(args, " ") || f.Games != 10 || f.HeldOutGames != 2 || len(f.Models) != 2 {
		t.Errorf("file: command %q, %d games, %d held out, %d models", f.Command, f.Games, f.HeldOutGames, len(f.Models))
	}
	for _, fm := range f.Models {
		if _, err := evaluation.ModelFromFile(fm); err != nil {
			t.Error(err)
		}
	}

	// The same run on one worker writes the same models.
	out1 := filepath.Join(t.TempDir(), "w1.json")
	if err := run([]string{"-games", "10", "-seed", "3", "-workers", "1", "-out", out1}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	b1, err := os.ReadFile(out1)
	if err != nil {
		t.Fatal(err)
	}
	var f1 evaluation.File
	if err := json.Unmarshal(b1, &f1); err != nil {
		t.Fatal(err)
	}
	for i := range f.Models {
		for k, w := range f.Models[i].Weights {
			if f1.Models[i].Weights[k] != w {
				t.Errorf("%s %s: %v with 2 workers, %v with 1", f.Models[i].Name, k, w, f1.Models[i].Weights[k])
			}
		}
	}
}

func TestRunRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-games", "2"}, {"-every", "0"}, {"-nope"}} {
		if err := run(args, &bytes.Buffer{}); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
