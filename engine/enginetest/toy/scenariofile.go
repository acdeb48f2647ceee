package toy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"
)

// A toy scenario file is the YAML 'grognard scenario show --ruleset toy'
// writes and 'scenario check' reads: the toy has scenario files so that
// every scenario tool of the plug-in layer is exercised by a ruleset that
// is not one of the real three.

// maxFileBytes bounds a scenario file read: a toy scenario is a few
// hundred bytes.
const maxFileBytes = 64 << 10

// fileScenario is a scenario file's wire form.
type fileScenario struct {
	Name  string     `yaml:"name"`
	Turns int        `yaml:"turns"`
	Units []fileUnit `yaml:"units"`
}

// fileUnit is one unit of a scenario file.
type fileUnit struct {
	Label  string `yaml:"label"`
	Side   string `yaml:"side"`
	Type   string `yaml:"type"`
	Square int    `yaml:"square"`
}

// marshalScenario is sc as a scenario file.
func marshalScenario(sc *scenario) ([]byte, error) {
	f := fileScenario{Name: sc.name, Turns: sc.turns}
	for _, u := range sc.units {
		f.Units = append(f.Units, fileUnit{Label: u.Label, Side: sideNames[u.Side], Type: typeNames[u.Type], Square: int(u.Start)})
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s: a track of %d squares, %d turns\n", sc.name, TrackLen, sc.turns)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(f); err != nil {
		return nil, fmt.Errorf("write toy scenario %q: %w", sc.name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("write toy scenario %q: %w", sc.name, err)
	}
	return b.Bytes(), nil
}

// parseScenario reads a scenario file's bytes and checks it as NewGame
// would play it: every error says what is wrong and what is allowed.
func parseScenario(data []byte) (*scenario, error) {
	var f fileScenario
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("the file is empty: a toy scenario has a name, turns and units")
		}
		return nil, err
	}
	if f.Name == "" {
		return nil, errors.New("no name: give the scenario a name")
	}
	if f.Turns < 1 || f.Turns > 99 {
		return nil, fmt.Errorf("turns %d: give 1 to 99", f.Turns)
	}
	if len(f.Units) < 2 || len(f.Units) > MaxUnits {
		return nil, fmt.Errorf("%d units: a toy scenario has 2 to %d", len(f.Units), MaxUnits)
	}
	sc := &scenario{name: f.Name, turns: f.Turns}
	var sides [2]int
	for k, u := range f.Units {
		side := slices.Index(sideNames[:], u.Side)
		typ := slices.Index(typeNames[:], u.Type)
		switch {
		case strings.TrimSpace(u.Label) == "" || strings.ContainsFunc(u.Label, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }):
			return nil, fmt.Errorf("unit %d: label %q: give a label without spaces or control characters", k+1, u.Label)
		case slices.ContainsFunc(sc.units, func(o unitSpec) bool { return o.Label == u.Label }):
			return nil, fmt.Errorf("unit %d: label %q is given twice", k+1, u.Label)
		case side < 0:
			return nil, fmt.Errorf("unit %s: side %q: give %s", u.Label, u.Side, strings.Join(sideNames[:], " or "))
		case typ < 0:
			return nil, fmt.Errorf("unit %s: type %q: give %s", u.Label, u.Type, strings.Join(typeNames[:], ", "))
		case u.Square < 0 || u.Square >= TrackLen:
			return nil, fmt.Errorf("unit %s: square %d is off the track (0 to %d)", u.Label, u.Square, TrackLen-1)
		case slices.ContainsFunc(sc.units, func(o unitSpec) bool { return int(o.Start) == u.Square }):
			return nil, fmt.Errorf("unit %s: square %d already holds a unit", u.Label, u.Square)
		}
		sides[side]++
		sc.units = append(sc.units, unitSpec{Label: u.Label, Side: uint8(side), Type: uint8(typ), Start: int8(u.Square)})
	}
	for side, n := range sides {
		if n == 0 {
			return nil, fmt.Errorf("%s has no unit: each side needs one", sideNames[side])
		}
	}
	return sc, nil
}

// checkFile reads and checks the scenario file at path, bounded in size;
// its error names the file.
func checkFile(path string) (*scenario, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, maxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxFileBytes {
		return nil, fmt.Errorf("%s: over %d KiB: a toy scenario is a few hundred bytes", path, maxFileBytes>>10)
	}
	sc, err := parseScenario(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return sc, nil
}
