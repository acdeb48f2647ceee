package toy

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestScenarioFileRoundTrip: every built-in scenario, written as a file,
// reads back to the same scenario.
func TestScenarioFileRoundTrip(t *testing.T) {
	for _, sc := range scenarios {
		data, err := marshalScenario(sc)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseScenario(data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", sc.name, err, data)
		}
		if !reflect.DeepEqual(got, sc) {
			t.Errorf("%s reads back as %+v, want %+v", sc.name, got, sc)
		}
	}
}

// TestScenarioFileRefused: each wrong file is refused with what is wrong.
func TestScenarioFileRefused(t *testing.T) {
	const good = "name: x\nturns: 3\nunits:\n  - {label: B1, side: Blue, type: Line, square: 1}\n  - {label: R1, side: Red, type: Guns, square: 9}\n"
	if _, err := parseScenario([]byte(good)); err != nil {
		t.Fatalf("the good file is refused: %v", err)
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"empty", good, "", "empty"},
		{"no name", "name: x", "name: ''", "no name"},
		{"no turns", "turns: 3", "turns: 0", "1 to 99"},
		{"unknown field", "turns: 3", "turns: 3\nweather: rain", "weather"},
		{"one unit", "  - {label: R1, side: Red, type: Guns, square: 9}\n", "", "2 to 8"},
		{"bad side", "side: Red", "side: Green", "Blue or Red"},
		{"bad type", "type: Guns", "type: Cannon", "Line, Guns, Skirmishers"},
		{"off the track", "square: 9", "square: 12", "off the track"},
		{"same square", "square: 9", "square: 1", "already holds"},
		{"same label", "label: R1", "label: B1", "given twice"},
		{"label with a space", "label: R1", "label: 'R 1'", "without spaces"},
		{"label with an escape", "label: R1", `label: "R\e[31m"`, "control characters"},
		{"one side only", "side: Red", "side: Blue", "Red has no unit"},
		{"not YAML", good, "{{{", "yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseScenario([]byte(strings.Replace(good, tc.old, tc.new, 1)))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// TestScenarioFileTooLarge: a file past the bound is refused before it is
// parsed.
func TestScenarioFileTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, []byte("# "+strings.Repeat("x", maxFileBytes)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := checkFile(path); err == nil || !strings.Contains(err.Error(), "KiB") {
		t.Fatalf("got %v, want the size refused", err)
	}
}

// FuzzParseScenario: no file makes the reader panic, and what it accepts
// writes and reads back to itself.
func FuzzParseScenario(f *testing.F) {
	for _, sc := range scenarios {
		data, _ := marshalScenario(sc)
		f.Add(data)
	}
	f.Add([]byte("units: [{square: -1}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := parseScenario(data)
		if err != nil {
			return
		}
		again, err := marshalScenario(sc)
		if err != nil {
			t.Fatal(err)
		}
		back, err := parseScenario(again)
		if err != nil || !reflect.DeepEqual(back, sc) {
			t.Fatalf("%q reads back as %+v (%v), want %+v", again, back, err, sc)
		}
	})
}
