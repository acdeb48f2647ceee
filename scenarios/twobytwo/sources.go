package twobytwo

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"

	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/twobytwo/generate"
)

// builtinFiles are the scenario files compiled into the binary.
//
//go:embed builtin
var builtinFiles embed.FS

// builtinNames are the embedded scenario files, in file-name order.
func builtinNames() []string {
	names, err := fs.Glob(builtinFiles, "builtin/*.yaml")
	if err != nil {
		panic(err) // the pattern is a constant and valid
	}
	sort.Strings(names)
	return names
}

// Builtins parses every embedded scenario file, in file-name order.
func Builtins() ([]*tb.Scenario, error) {
	var out []*tb.Scenario
	for _, n := range builtinNames() {
		sc, err := parseEmbedded(n)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

func parseEmbedded(name string) (*tb.Scenario, error) {
	data, err := builtinFiles.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read built-in scenario %s: %w", name, err)
	}
	return Parse(path.Base(name), data)
}

// fileSource resolves a scenario file's path. The scenario takes the path
// as its name, so saved games and records of it find it again (and a
// changed file is caught by the scenario hash records carry).
func fileSource(name string) (*tb.Scenario, bool, error) {
	if scenarios.KindOf(name) != scenarios.File {
		return nil, false, nil
	}
	sc, err := Load(name)
	if err != nil {
		return nil, true, err
	}
	sc.Name = name
	return sc, true, nil
}

// GeneratedName is the scenario name of the battlefield for seed at ap
// (0 or 40 for the default).
func GeneratedName(seed uint64, ap float64) string {
	if ap == 0 || ap == 40 {
		return fmt.Sprintf("%s%d", scenarios.GeneratedPrefix, seed)
	}
	return fmt.Sprintf("%s%d:%g", scenarios.GeneratedPrefix, seed, ap)
}

// ParseGeneratedName reads "gen:SEED" or "gen:SEED:AP": 40 AP a side
// unless the name gives from 20 to 200.
func ParseGeneratedName(name string) (seed uint64, ap float64, err error) {
	seed, apText, hasAP, err := scenarios.SplitGeneratedName(name)
	if err != nil {
		return 0, 0, err
	}
	ap = 40
	if hasAP {
		ap, err = strconv.ParseFloat(apText, 64)
		if err != nil || ap < 20 || ap > 200 {
			return 0, 0, fmt.Errorf("generated battlefield %q: the AP after the seed must be a number from 20 to 200, as in gen:42:80", name)
		}
	}
	return seed, ap, nil
}

// generatedSource resolves "gen:SEED[:AP]" to the generated battlefield,
// named as asked so records of it regenerate it.
func generatedSource(name string) (*tb.Scenario, bool, error) {
	if scenarios.KindOf(name) != scenarios.Generated {
		return nil, false, nil
	}
	seed, ap, err := ParseGeneratedName(name)
	if err != nil {
		return nil, true, err
	}
	sc, err := generate.Battlefield(seed, generate.Options{AP: ap})
	if err != nil {
		return nil, true, err
	}
	sc.Name = name
	return sc, true, nil
}

// init registers the embedded scenarios and the sources of scenario files
// and generated battlefields with the 2 by 2 rules, so every command and
// the tournament runner can name them. A broken embedded file is a build
// mistake the tests catch; it panics here rather than vanish.
func init() {
	for _, file := range builtinNames() {
		sc, err := parseEmbedded(file)
		if err != nil {
			panic(err)
		}
		tb.RegisterBuiltin(sc.Name, func() *tb.Scenario {
			s, err := parseEmbedded(file)
			if err != nil {
				panic(err) // it parsed a moment ago; the embedded data cannot change
			}
			return s
		})
	}
	tb.RegisterSource(fileSource)
	tb.RegisterSource(generatedSource)
}
