package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestArmyCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "france.yaml")
	over := filepath.Join(dir, "over.yaml")
	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  []string
		stderr  []string
		prepare func(t *testing.T)
	}{
		{name: "nations", args: []string{"army", "nations"}, stdout: []string{"Austria", "20-35%", "Ottoman Empire"}},
		{name: "random to stdout", args: []string{"army", "random", "--nation", "prussia", "--ap", "80", "--seed", "2"}, stdout: []string{"nation: Prussia", "ap: 80", "type: corps hq"}},
		{name: "random to file", args: []string{"army", "random", "--nation", "France", "--out", out}, stdout: []string{"Army written to " + out}},
		{name: "validate", args: []string{"army", "validate", out}, stdout: []string{out + ": ok: France", "AP of 40"}},
		{name: "validate over budget", args: []string{"army", "validate", over}, code: exitFailure,
			prepare: func(t *testing.T) {
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(over, []byte(strings.Replace(string(b), "ap: 40", "ap: 30", 1)), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			stdout: []string{over + ":4:", "over its budget of 30"}, stderr: []string{"1 of 1 files have problems"}},
		{name: "validate missing", args: []string{"army", "validate", filepath.Join(dir, "none.yaml")}, code: exitFailure, stdout: []string{"none.yaml"}},
		{name: "validate nothing", args: []string{"army", "validate"}, code: exitUsage, stderr: []string{"at least one FILE"}},
		{name: "random unknown nation", args: []string{"army", "random", "--nation", "Atlantis"}, code: exitUsage, stderr: []string{`"Atlantis"`, "army lists"}},
		{name: "random without nation", args: []string{"army", "random"}, code: exitUsage, stderr: []string{"nation"}},
		{name: "random bad ap", args: []string{"army", "random", "--nation", "France", "--ap", "500"}, code: exitUsage, stderr: []string{"--ap 500 is out of range"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.prepare != nil {
				tc.prepare(t)
			}
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
		})
	}
}
