package grand

import (
	"embed"

	gr "github.com/grognard/grognard/engine/grand"
	"github.com/grognard/grognard/scenarios"
)

// builtinFiles are the scenario files compiled into the binary.
//
//go:embed builtin/*.yaml
var builtinFiles embed.FS

// embedded are the scenario files compiled into the binary.
var embedded = scenarios.Embedded[*gr.Scenario]{FS: builtinFiles, Pattern: "builtin/*.yaml", Parse: Parse}

// builtinNames are the embedded scenario files, in file-name order.
func builtinNames() []string { return embedded.Files() }

// BuiltinFiles parses every embedded scenario file, in file-name order
// (engine/grand's own open-field is not among them).
func BuiltinFiles() ([]*gr.Scenario, error) { return embedded.All() }

// BuiltinText is the YAML of the embedded scenario file for name, and
// false for a name that is not one (open-field is written by Marshal).
func BuiltinText(name string) ([]byte, bool) {
	data, err := builtinFiles.ReadFile("builtin/" + name + ".yaml")
	return data, err == nil
}

// setName names a scenario as it was asked for.
func setName(sc *gr.Scenario, name string) { sc.Name = name }

// format is the ruleset's scenario file format: its file source, Load and
// ParseScenario share one skeleton (read within the size bound, parse,
// name by the path).
var format = scenarios.Format[*gr.Scenario]{Parse: Parse, Rename: setName}

// fileSource resolves a scenario file's path, the scenario named by it.
var fileSource = format.FileSource()

// ParseScenario is the scenario the file named name holding data
// resolves to, as the file source resolves it but without the file
// system: parsed (Parse, whose errors name name) and named by name, so
// records of it find the file again. A server reading files itself
// (through an os.Root) passes the bytes here.
func ParseScenario(name string, data []byte) (*gr.Scenario, error) {
	return format.ParseScenario(name, data)
}

// Names lists the built-in scenarios of the grand rules: engine/grand's
// open-field, then the embedded files.
func Names() []string { return gr.Rules{}.Scenarios() }

// init registers the embedded scenarios and the source of scenario files
// with the grand rules, so every command and the tournament runner can
// name them. A broken embedded file is a build mistake the tests catch;
// it panics here rather than vanish.
func init() {
	embedded.Register(gr.RegisterBuiltin, func(sc *gr.Scenario) string { return sc.Name })
	gr.RegisterSource(fileSource)
}
