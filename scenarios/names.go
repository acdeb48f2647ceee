// Package scenarios holds what scenario names and files mean for every
// ruleset: a scenario is named as a file to load ("my-battle.yaml"), a
// generated battlefield ("gen:SEED", "gen:SEED:BUDGET") or else a
// ruleset's built-in scenario, and scenario files are read within one
// size limit; FileSource, GeneratedSource and Embedded are the pieces
// every ruleset's scenario sources are built from. Each ruleset's own
// scenario format, built-in scenarios, army lists and generator are in
// scenarios/<ruleset> (2 by 2: scenarios/twobytwo).
package scenarios

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine/fileio"
)

// Kind is what a scenario name names.
type Kind int

// The kinds of scenario name.
const (
	// Builtin is a ruleset's built-in scenario ("village").
	Builtin Kind = iota
	// File is a scenario file to load ("my-battle.yaml").
	File
	// Generated is a battlefield generated from a seed ("gen:42").
	Generated
)

// KindOf says what a scenario name names: a file when it ends in .yaml
// or .yml, a generated battlefield when it starts with GeneratedPrefix,
// else a built-in scenario.
func KindOf(name string) Kind {
	switch {
	case IsFileName(name):
		return File
	case strings.HasPrefix(name, GeneratedPrefix):
		return Generated
	}
	return Builtin
}

// IsFileName reports whether a scenario name is a file path to load: it
// ends in .yaml or .yml.
func IsFileName(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".yaml" || ext == ".yml"
}

// GeneratedPrefix starts the name of a generated battlefield: "gen:SEED"
// for the ruleset's default size of army, "gen:SEED:BUDGET" for another
// (for 2 by 2, the AP a side).
const GeneratedPrefix = "gen:"

// SplitGeneratedName reads "gen:SEED" or "gen:SEED:BUDGET" into the seed
// and the budget's text, hasBudget telling whether the name gives one;
// what a budget means, and which are allowed, is the ruleset's.
func SplitGeneratedName(name string) (seed uint64, budget string, hasBudget bool, err error) {
	rest, ok := strings.CutPrefix(name, GeneratedPrefix)
	if !ok {
		return 0, "", false, fmt.Errorf("%q is not a generated battlefield's name (gen:SEED or gen:SEED:AP)", name)
	}
	seedText, budget, hasBudget := strings.Cut(rest, ":")
	seed, err = strconv.ParseUint(seedText, 10, 64)
	if err != nil {
		return 0, "", false, fmt.Errorf("generated battlefield %q: the seed must be a whole number, as in gen:42", name)
	}
	return seed, budget, hasBudget, nil
}

// MaxFileSize bounds what ReadFile reads: scenario and army files are a
// few kilobytes.
const MaxFileSize = 1 << 20

// ReadFile reads a scenario or army file: a regular file (a FIFO, which
// would block, or a device is refused at once) of at most MaxFileSize
// bytes.
func ReadFile(path string) ([]byte, error) {
	data, err := fileio.ReadFile(context.Background(), path, MaxFileSize, "scenario file")
	if errors.Is(err, fileio.ErrTooLarge) {
		return nil, fmt.Errorf("read %s: the file is over %d bytes; a scenario file is a few kilobytes", path, MaxFileSize)
	}
	if err != nil {
		return nil, err // it names the file
	}
	return data, nil
}
