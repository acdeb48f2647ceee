package drums

import (
	"embed"
	"fmt"

	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/drums/generate"
)

// builtinFiles are the scenario files compiled into the binary.
//
//go:embed builtin/*.yaml
var builtinFiles embed.FS

// embedded are the scenario files compiled into the binary.
var embedded = scenarios.Embedded[*dm.Scenario]{FS: builtinFiles, Pattern: "builtin/*.yaml", Parse: Parse}

// builtinNames are the embedded scenario files, in file-name order.
func builtinNames() []string { return embedded.Files() }

// BuiltinFiles parses every embedded scenario file, in file-name order
// (engine/drums's own first-battle is not among them).
func BuiltinFiles() ([]*dm.Scenario, error) { return embedded.All() }

// BuiltinText is the YAML of the embedded scenario file for name, and
// false for a name that is not one (first-battle is written by Marshal).
func BuiltinText(name string) ([]byte, bool) {
	data, err := builtinFiles.ReadFile("builtin/" + name + ".yaml")
	return data, err == nil
}

// setName names a scenario as it was asked for.
func setName(sc *dm.Scenario, name string) { sc.Name = name }

// format is the ruleset's scenario file format: its file source, Load and
// ParseScenario share one skeleton (read within the size bound, parse,
// name by the path).
var format = scenarios.Format[*dm.Scenario]{Parse: Parse, Rename: setName}

// fileSource resolves a scenario file's path, the scenario named by it.
var fileSource = format.FileSource()

// ParseScenario is the scenario the file named name holding data
// resolves to, as the file source resolves it but without the file
// system: parsed (Parse, whose errors name name) and named by name, so
// records of it find the file again. A server reading files itself
// (through an os.Root) passes the bytes here.
func ParseScenario(name string, data []byte) (*dm.Scenario, error) {
	return format.ParseScenario(name, data)
}

// GeneratedName is the scenario name of the battlefield for seed and size
// (0 or generate.DefaultSize for the default).
func GeneratedName(seed uint64, size generate.Size) string {
	if size == 0 || size == generate.DefaultSize {
		return fmt.Sprintf("%s%d", scenarios.GeneratedPrefix, seed)
	}
	return fmt.Sprintf("%s%d:%s", scenarios.GeneratedPrefix, seed, size)
}

// ParseGeneratedName reads "gen:SEED" or "gen:SEED:SIZE", SIZE small,
// medium or large (medium unless given) or a number of commands a side, 1
// to 4.
func ParseGeneratedName(name string) (seed uint64, size generate.Size, err error) {
	seed, text, has, err := scenarios.SplitGeneratedName(name)
	if err != nil {
		return 0, 0, fmt.Errorf("%w (Drums and Muskets: gen:SEED or gen:SEED:SIZE, SIZE small, medium or large)", err)
	}
	size = generate.DefaultSize
	if has {
		size, err = generate.ParseSize(text)
		if err != nil {
			return 0, 0, fmt.Errorf("generated battlefield %q: %w", name, err)
		}
	}
	return seed, size, nil
}

// generatedSource resolves "gen:SEED[:SIZE]" to the generated battlefield,
// named as asked so records of it regenerate it.
var generatedSource = scenarios.GeneratedSource(func(name string) (*dm.Scenario, error) {
	seed, size, err := ParseGeneratedName(name)
	if err != nil {
		return nil, err
	}
	return Generate(seed, size)
}, setName)

// Generate is the generated battlefield for seed and size, checked as a
// scenario file is: dm.CheckScenario and CheckDeploy. The generator keeps
// deployment zones clear so the check holds for every seed (tested for
// hundreds); should it ever fail, the error names the seed.
func Generate(seed uint64, size generate.Size) (*dm.Scenario, error) {
	return GenerateWith(seed, generate.Options{Size: size})
}

// GenerateWith is Generate with the generator's options (lists chosen);
// opt.Check is CheckGenerated.
func GenerateWith(seed uint64, opt generate.Options) (*dm.Scenario, error) {
	opt.Check = CheckGenerated
	sc, err := generate.Battlefield(seed, opt)
	if err != nil {
		return nil, err
	}
	sc.Name = GeneratedName(seed, opt.Size)
	if err := dm.CheckScenario(sc); err != nil {
		return nil, fmt.Errorf("generated battlefield %s is unplayable (a generator bug; try another seed): %w", sc.Name, err)
	}
	if err := CheckDeploy(sc); err != nil {
		return nil, fmt.Errorf("generated battlefield %s cannot deploy (a generator bug; try another seed): %w", sc.Name, err)
	}
	return sc, nil
}

// CheckGenerated is what a generated or built-in battle passes: every
// command can deploy (CheckDeploy) and no deployment order of
// deployOrders tried strands one (CheckDeployOrders).
func CheckGenerated(sc *dm.Scenario) error {
	if err := CheckDeploy(sc); err != nil {
		return err
	}
	return CheckDeployOrders(sc, deployOrders, 1)
}

// deployOrders is how many random deployment orders CheckGenerated tries
// for each attacker.
const deployOrders = 16

// Names lists the built-in scenarios of the drums rules: engine/drums's
// first-battle, then the embedded files.
func Names() []string { return dm.Rules{}.Scenarios() }

// init registers the embedded scenarios and the sources of scenario files
// and generated battlefields with the drums rules, so every command and
// the tournament runner can name them. A broken embedded file is a build
// mistake the tests catch; it panics here rather than vanish.
func init() {
	embedded.Register(dm.RegisterBuiltin, func(sc *dm.Scenario) string { return sc.Name })
	dm.RegisterSource(fileSource)
	dm.RegisterGeneratedSource(generatedSource)
}
