package drums

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/fileio/fileiotest"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/drums/generate"
)

// TestFileSource: a path ending in .yaml is a scenario everywhere the
// drums rules take a name, named by its path.
func TestFileSource(t *testing.T) {
	path := filepath.Join("testdata", "example.yaml")
	sc, err := dm.Builtin(path)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != path || sc.Title != "The crossroads: a brigade a side" {
		t.Errorf("scenario %q %q", sc.Name, sc.Title)
	}
	s, err := dm.NewGame(path, engine.Options{})
	if err != nil || s.ScenarioName() != path {
		t.Fatalf("NewGame: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("title: x\nwidth: 300\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := dm.Builtin(bad); err == nil || !strings.Contains(err.Error(), "bad.yaml:2:") {
		t.Errorf("bad file: %v, want its problem at line 2", err)
	}
	if _, err := dm.Builtin(filepath.Join(t.TempDir(), "missing.yaml")); err == nil {
		t.Error("a missing file was read")
	}
}

// TestGeneratedSource: gen:SEED and gen:SEED:SIZE name generated
// battles; bad names say how to write them.
func TestGeneratedSource(t *testing.T) {
	for _, c := range []struct {
		name     string
		commands int
		width    float64
	}{{"gen:5", 3, 48}, {"gen:5:small", 2, 48}, {"gen:5:medium", 3, 48}, {"gen:5:large", 4, 60}, {"gen:5:4", 4, 60}} {
		sc, err := dm.Builtin(c.name)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if sc.Name != c.name || len(sc.Forces[0].Commands) != c.commands || sc.Width != c.width {
			t.Errorf("%s: name %q, %d commands, width %g", c.name, sc.Name, len(sc.Forces[0].Commands), sc.Width)
		}
	}
	for _, bad := range []string{"gen:x", "gen:5:huge", "gen:"} {
		if _, err := dm.Builtin(bad); err == nil || !strings.Contains(err.Error(), "gen:") {
			t.Errorf("%s: %v", bad, err)
		}
	}
	for _, c := range []struct {
		seed uint64
		size generate.Size
		want string
	}{{3, 0, "gen:3"}, {3, generate.Medium, "gen:3"}, {3, generate.Large, "gen:3:large"}} {
		if got := GeneratedName(c.seed, c.size); got != c.want {
			t.Errorf("GeneratedName(%d, %v) = %q, want %q", c.seed, c.size, got, c.want)
		}
		seed, size, err := ParseGeneratedName(c.want)
		if err != nil || seed != c.seed || (size != c.size && c.size != 0) {
			t.Errorf("ParseGeneratedName(%q) = %d %v %v", c.want, seed, size, err)
		}
	}
}

// TestGenerateAlwaysValid: 200 seeds (and more of the other sizes) give
// battles the engine starts, every command deploys whoever attacks and in
// whatever order (Generate checks both with CheckGenerated), the file
// format reads back, and the same seed gives the same battle.
func TestGenerateAlwaysValid(t *testing.T) {
	n := uint64(200)
	if testing.Short() {
		n = 40
	}
	marsh := 0
	for _, size := range []generate.Size{generate.Medium, generate.Small, generate.Large} {
		seeds := n
		if size != generate.Medium {
			seeds = n / 8
		}
		for seed := range seeds {
			sc, err := Generate(seed, size)
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, size, err)
			}
			if seed%10 == 0 {
				again, _ := Generate(seed, size)
				if !reflect.DeepEqual(sc, again) {
					t.Fatalf("seed %d %v: two battles from one seed", seed, size)
				}
			}
			b, err := Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse("gen.yaml", b)
			if err != nil {
				t.Fatalf("seed %d %v: the file does not read back: %v\n%s", seed, size, err, b)
			}
			if !reflect.DeepEqual(back, sc) {
				t.Fatalf("seed %d %v: read back differs", seed, size)
			}
			for _, f := range sc.Terrain {
				if f.Kind == dm.Impassable {
					marsh++
				}
			}
		}
	}
	if marsh == 0 {
		t.Error("no generated battle has a marsh")
	}
}

// TestGeneratedGamesPlay plays a few generated battles to the end.
func TestGeneratedGamesPlay(t *testing.T) {
	for seed := range uint64(6) {
		s, err := dm.NewGame(GeneratedName(seed, 0), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, s, seed)
	}
}

// TestLoadRefusesFIFOAndDevices: a FIFO or an endless device named as a
// scenario is refused at once, not read for ever.
func TestLoadRefusesFIFOAndDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "battle.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(big, make([]byte, scenarios.MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{{fifo, "a FIFO"}, {"/dev/zero", "a character device"}, {big, "over 1048576 bytes"}} {
		err := fileiotest.Within(t, "Load("+c.file+")", func() error {
			_, err := Load(c.file)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%s): %v, want an error saying %q", c.file, err, c.want)
		}
	}
}
