package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScenarioCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
		svg    string   // file the command must write as well-formed XML
		inSVG  []string // substrings of that file
	}{
		{name: "list", args: []string{"scenario", "list"}, stdout: []string{"standard", "Standard 40 AP battle", "Two corps"}},
		{name: "show", args: []string{"scenario", "show", "standard"},
			stdout: []string{"Table: 24\" x 24\"", "road", "the village", "French (side 0): 17 units, 40 AP", "F3 Line", "under F-DHQ1 < F-CHQ", "Victory: fast", "Set-up: by play"}},
		{name: "show svg", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "a.svg"), "--seed", "4", "standard"},
			stdout: []string{"seed 4", "written to"}, svg: filepath.Join(dir, "a.svg"), inSVG: []string{`class="unit side0`, `id="terrain-4"`, "Turn 1"}},
		{name: "show ranges", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "b.svg"), "--ranges", "f-lc1", "standard"},
			svg: filepath.Join(dir, "b.svg"), inSVG: []string{`class="ranges side0"`, "Ranges of F-LC1"}},
		{name: "ranges of a waiting unit", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "e.svg"), "--ranges", "F-CHQ", "standard"}, code: exitUsage,
			stderr: []string{"F-CHQ is not on the table", "--seed"}},
		{name: "unknown scenario", args: []string{"scenario", "show", "waterloo"}, code: exitUsage, stderr: []string{`unknown scenario "waterloo"`, "standard"}},
		{name: "unknown label", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "c.svg"), "--ranges", "F99", "standard"}, code: exitUsage,
			stderr: []string{`no unit labelled "F99"`, "F3 Line"}},
		{name: "ranges without svg", args: []string{"scenario", "show", "--ranges", "F-CHQ", "standard"}, code: exitUsage, stderr: []string{"--svg"}},
		{name: "no name", args: []string{"scenario", "show"}, code: exitUsage, stderr: []string{"exactly one NAME"}},
		{name: "flag after name", args: []string{"scenario", "show", "standard", "--svg", "x.svg"}, code: exitUsage, stderr: []string{"flags go before"}},
		{name: "list argument", args: []string{"scenario", "list", "standard"}, code: exitUsage, stderr: []string{"takes no arguments"}},
		{name: "unwritable", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "none", "d.svg"), "standard"}, code: exitFailure, stderr: []string{"cannot write the picture"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
			if tc.svg == "" {
				return
			}
			b, err := os.ReadFile(tc.svg)
			if err != nil {
				t.Fatal(err)
			}
			var v struct{ XMLName xml.Name }
			if err := xml.Unmarshal(b, &v); err != nil || v.XMLName.Local != "svg" {
				t.Errorf("the picture is not an SVG document: %v (root %q)", err, v.XMLName.Local)
			}
			for _, w := range tc.inSVG {
				if !strings.Contains(string(b), w) {
					t.Errorf("the picture lacks %q", w)
				}
			}
		})
	}
}
