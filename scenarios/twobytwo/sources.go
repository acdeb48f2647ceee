package twobytwo

import (
	"embed"
	"fmt"
	"strconv"

	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/twobytwo/generate"
)

// builtinFiles are the scenario files compiled into the binary.
//
//go:embed builtin
var builtinFiles embed.FS

// embedded are the scenario files compiled into the binary.
var embedded = scenarios.Embedded[*tb.Scenario]{FS: builtinFiles, Pattern: "builtin/*.yaml", Parse: Parse}

// builtinNames are the embedded scenario files, in file-name order.
func builtinNames() []string { return embedded.Files() }

// parseEmbedded parses one embedded file by its path.
func parseEmbedded(file string) (*tb.Scenario, error) { return embedded.ParseFile(file) }

// Builtins parses every embedded scenario file, in file-name order.
func Builtins() ([]*tb.Scenario, error) { return embedded.All() }

// setName names a scenario as it was asked for.
func setName(sc *tb.Scenario, name string) { sc.Name = name }

// format is the ruleset's scenario file format: its file source, Load and
// ParseScenario share one skeleton (read within the size bound, parse,
// name by the path).
var format = scenarios.Format[*tb.Scenario]{Parse: Parse, Rename: setName}

// fileSource resolves a scenario file's path, the scenario named by it.
var fileSource = format.FileSource()

// ParseScenario is the scenario the file named name holding data
// resolves to, as the file source resolves it but without the file
// system: parsed (Parse, whose errors name name) and named by name, so
// records of it find the file again. A server reading files itself
// (through an os.Root) passes the bytes here.
func ParseScenario(name string, data []byte) (*tb.Scenario, error) {
	return format.ParseScenario(name, data)
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
var generatedSource = scenarios.GeneratedSource(func(name string) (*tb.Scenario, error) {
	seed, ap, err := ParseGeneratedName(name)
	if err != nil {
		return nil, err
	}
	return generate.Battlefield(seed, generate.Options{AP: ap})
}, setName)

// init registers the embedded scenarios and the sources of scenario files
// and generated battlefields with the 2 by 2 rules, so every command and
// the tournament runner can name them. A broken embedded file is a build
// mistake the tests catch; it panics here rather than vanish.
func init() {
	embedded.Register(tb.RegisterBuiltin, func(sc *tb.Scenario) string { return sc.Name })
	tb.RegisterSource(fileSource)
	tb.RegisterGeneratedSource(generatedSource)
}
