package drums

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"

	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/drums/generate"
)

// builtinFiles are the scenario files compiled into the binary.
//
//go:embed builtin/*.yaml
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

// BuiltinFiles parses every embedded scenario file, in file-name order
// (engine/drums's own first-battle is not among them).
func BuiltinFiles() ([]*dm.Scenario, error) {
	var out []*dm.Scenario
	for _, n := range builtinNames() {
		sc, err := parseEmbedded(n)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// BuiltinText is the YAML of the embedded scenario file for name, and
// false for a name that is not one (first-battle is written by Marshal).
func BuiltinText(name string) ([]byte, bool) {
	data, err := builtinFiles.ReadFile("builtin/" + name + ".yaml")
	return data, err == nil
}

func parseEmbedded(name string) (*dm.Scenario, error) {
	data, err := builtinFiles.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read built-in scenario %s: %w", name, err)
	}
	return Parse(path.Base(name), data)
}

// fileSource resolves a scenario file's path. The scenario takes the path
// as its name, so saved games and records of it find it again (and a
// changed file is caught by the scenario hash records carry).
func fileSource(name string) (*dm.Scenario, bool, error) {
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
func generatedSource(name string) (*dm.Scenario, bool, error) {
	if scenarios.KindOf(name) != scenarios.Generated {
		return nil, false, nil
	}
	seed, size, err := ParseGeneratedName(name)
	if err != nil {
		return nil, true, err
	}
	sc, err := Generate(seed, size)
	if err != nil {
		return nil, true, err
	}
	sc.Name = name
	return sc, true, nil
}

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
	for _, file := range builtinNames() {
		sc, err := parseEmbedded(file)
		if err != nil {
			panic(err)
		}
		dm.RegisterBuiltin(sc.Name, func() *dm.Scenario {
			s, err := parseEmbedded(file)
			if err != nil {
				panic(err) // it parsed a moment ago; the embedded data cannot change
			}
			return s
		})
	}
	dm.RegisterSource(fileSource)
	dm.RegisterSource(generatedSource)
}
