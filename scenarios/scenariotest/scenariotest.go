// Package scenariotest holds checks every ruleset's scenarios package
// runs in its tests, written once.
package scenariotest

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// ParseIsFileSource checks that parse, given a scenario file's name and
// bytes, gives exactly the scenario the ruleset's file source (lookup)
// resolves from the file itself, named by the file's path (nameOf); and
// that a parse problem names the file. file is a scenario file to copy.
func ParseIsFileSource[S any](t *testing.T, file string, lookup func(path string) (S, error), parse func(name string, data []byte) (S, error), nameOf func(S) string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "copy.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile, err := lookup(path)
	if err != nil {
		t.Fatal(err)
	}
	fromBytes, err := parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if nameOf(fromBytes) != path || !reflect.DeepEqual(fromBytes, fromFile) {
		t.Errorf("ParseScenario gives %+v, the file source %+v", fromBytes, fromFile)
	}
	if _, err := parse("broken.yaml", []byte("name: [")); err == nil || !strings.Contains(err.Error(), "broken.yaml") {
		t.Errorf("a broken text gives %v, want an error naming broken.yaml", err)
	}
}
