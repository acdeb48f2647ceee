package scenarios

// Helpers of the scenario and army tools every ruleset offers
// (engine.Tool): what the tools of every ruleset do alike, written once.

import (
	"fmt"

	"github.com/grognard/grognard/engine"
)

// OutOption is the "out" option of a tool that writes a file's text
// (engine.ToolInput.Output reads it).
func OutOption(what string) engine.Option {
	return engine.Option{Name: "out", Usage: "write the " + what + " to `FILE` instead of standard output"}
}

// SeedOption is the "seed" option of a tool that draws at random.
func SeedOption(usage string) engine.Option {
	return engine.Option{Name: "seed", Kind: engine.UintOption, Default: "1", Usage: usage}
}

// NoArgs refuses arguments to a tool that takes none.
func NoArgs(in engine.ToolInput, tool string) error {
	if args := in.Args(); len(args) > 0 {
		return engine.Usagef("%s takes no arguments, got %q (flags go before arguments; see '%s --help')", tool, args, tool)
	}
	return nil
}

// OneArg is the one argument of a tool that takes exactly one, or a usage
// error that says what to give (what, and where to find one: hint).
func OneArg(in engine.ToolInput, tool, what, hint string) (string, error) {
	args := in.Args()
	if len(args) != 1 {
		return "", engine.Usagef("%s takes exactly one %s, got %q (%s; flags go before the name)", tool, what, args, hint)
	}
	return args[0], nil
}

// CheckFiles runs check on every file the tool was given, printing each
// problem (the error check returns, which says which file and line), and
// fails saying how many files had one. check prints its own "ok" line. A
// tool given no file is refused with need, which says what to give.
func CheckFiles(in engine.ToolInput, need string, check func(path string) error) error {
	files := in.Args()
	if len(files) == 0 {
		return engine.Usagef("%s", need)
	}
	bad := 0
	for _, f := range files {
		if err := check(f); err != nil {
			bad++
			fmt.Fprintln(in.Stdout(), err.Error())
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d files have problems", bad, len(files))
	}
	return nil
}

// WithHeader is a file's text after a comment line that says where it
// came from.
func WithHeader(header string, data []byte) []byte {
	return append([]byte("# "+header+"\n"), data...)
}

// Plural is "s" unless n is 1.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
