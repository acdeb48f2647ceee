package grand

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	gr "github.com/grognard/grognard/engine/grand"
)

// TestFileSource: a path ending in .yaml is a scenario everywhere the
// grand rules take a name, named by its path; a bad file's problems name
// their line, and a missing file is an error.
func TestFileSource(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "my-battle.yaml")
	if err := os.WriteFile(good, []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := gr.Builtin(good)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != good || sc.Title != "A test" || sc.Forces[1].Factors[gr.Militia] != 3 {
		t.Errorf("scenario %+v", *sc)
	}
	loaded, err := Load(good)
	if err != nil || loaded.Name != "test" {
		t.Errorf("Load: %v, %+v", err, loaded)
	}
	s, err := gr.Rules{}.NewGame(good, engine.Options{})
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	if named, ok := s.(interface{ ScenarioName() string }); ok && named.ScenarioName() != good {
		t.Errorf("NewGame's scenario %q", named.ScenarioName())
	}
	yml := filepath.Join(dir, "other.yml")
	if err := os.WriteFile(yml, []byte(strings.Replace(base, "name: test\n", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if sc, err := gr.Builtin(yml); err != nil || sc.Name != yml {
		t.Errorf(".yml: %v %+v", err, sc)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(strings.Replace(base, "terrain: clear", "terrain: jungle", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gr.Builtin(bad); err == nil || !strings.Contains(err.Error(), "bad.yaml:3:") {
		t.Errorf("bad file: %v, want its problem at line 3", err)
	}
	if _, err := gr.Builtin(filepath.Join(dir, "missing.yaml")); err == nil {
		t.Error("a missing file was read")
	}
	if _, err := gr.Builtin("no-such-battle"); err == nil || !strings.Contains(err.Error(), "river-crossing") {
		t.Errorf("unknown name: %v, want the built-ins listed", err)
	}
}

// TestDocExample: the package documentation shows river-crossing as its
// file is.
func TestDocExample(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var block strings.Builder
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "//\t"); ok {
			block.WriteString(rest + "\n")
		} else if block.Len() > 0 {
			break
		}
	}
	want, _ := BuiltinText("river-crossing")
	if block.String() != string(want) {
		t.Errorf("doc.go shows\n%s\nthe file is\n%s", block.String(), want)
	}
}
