package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// Tool is one sub-command a ruleset offers a command that serves every
// ruleset ('grognard scenario show', 'grognard army random'): its name,
// help and options, and what it does. The command builds its flags from
// Options, so a ruleset's tools need no command-line library, and refuses
// a flag that only another ruleset's tool of the same name reads.
type Tool struct {
	// Name is the sub-command's name; Aliases other names for it.
	Name    string
	Aliases []string
	// Usage is its one-line help, ArgsUsage how its arguments are written
	// ("NAME|FILE") and Description its longer help.
	Usage, ArgsUsage, Description string
	// Options are its flags.
	Options []Option
	// Run does the work, reading arguments and flags from in and writing
	// to in.Stdout. A *UsageError says the person asked wrongly (exit
	// code 2); any other error that the work failed (exit code 1).
	Run func(ctx context.Context, in ToolInput) error
}

// Names are the tool's name and aliases.
func (t Tool) Names() []string { return append([]string{t.Name}, t.Aliases...) }

// OptionKind is the type of an option's value.
type OptionKind int

// The kinds of option.
const (
	// StringOption is a text value; StringsOption a text value that may be
	// given many times; IntOption and UintOption whole numbers;
	// FloatOption a number; BoolOption a switch.
	StringOption OptionKind = iota
	StringsOption
	IntOption
	UintOption
	FloatOption
	BoolOption
)

var optionKindNames = [...]string{"text", "texts", "whole number", "non-negative whole number", "number", "switch"}

func (k OptionKind) String() string {
	if k < 0 || int(k) >= len(optionKindNames) {
		return fmt.Sprintf("kind-%d", int(k))
	}
	return optionKindNames[k]
}

// Option is a flag of a tool.
type Option struct {
	// Name is the flag's name without dashes ("seed").
	Name string
	// Kind is its value's type.
	Kind OptionKind
	// Usage is its help; a word in backquotes names its value ("write to
	// `FILE`").
	Usage string
	// Default is its value when not given, written as on the command
	// line ("1", "40", "medium"); "" for none.
	Default string
}

// ToolInput is what a tool reads and writes: its arguments, its options'
// values (the option's Default when the flag is not given) and the
// output.
type ToolInput interface {
	// Args are the arguments after the flags.
	Args() []string
	// String, Strings, Int, Uint, Float and Bool are an option's value.
	String(name string) string
	Strings(name string) []string
	Int(name string) int
	Uint(name string) uint64
	Float(name string) float64
	Bool(name string) bool
	// IsSet says whether the person gave the flag.
	IsSet(name string) bool
	// Stdout is where the tool writes what it shows.
	Stdout() io.Writer
	// Output writes a file's text (a scenario, an army) to the file the
	// "out" option names, saying so on Stdout, or to Stdout when it names
	// none; what says what the text is ("scenario").
	Output(data []byte, what string) error
}

// UsageError is a tool's refusal of what it was asked: the message says
// what was wrong and how to ask instead.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef is a *UsageError with a formatted message.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// IsUsage says whether err is a tool's refusal of what it was asked.
func IsUsage(err error) bool {
	var u *UsageError
	return errors.As(err, &u)
}

// checkTools reports tools named twice, unnamed or without work, and
// options named twice in a tool.
func checkTools(tools []Tool) error {
	var seen []string
	for _, t := range tools {
		if t.Name == "" || t.Run == nil {
			return fmt.Errorf("tool %q has no name or no Run", t.Name)
		}
		for _, n := range t.Names() {
			if slices.Contains(seen, n) {
				return fmt.Errorf("tool name %q is given twice", n)
			}
			seen = append(seen, n)
		}
		var opts []string
		for _, o := range t.Options {
			if o.Name == "" || slices.Contains(opts, o.Name) {
				return fmt.Errorf("tool %s: option %q is unnamed or given twice", t.Name, o.Name)
			}
			opts = append(opts, o.Name)
			if err := checkDefault(o); err != nil {
				return fmt.Errorf("tool %s: option %s: %w", t.Name, o.Name, err)
			}
		}
	}
	return nil
}

// StateReader is a ToolInput that can read a saved game or a game state
// from a file an option names (the command knows the saved-game format;
// a ruleset's tool does not need to).
type StateReader interface {
	ReadState(ctx context.Context, option string, r Ruleset) (State, error)
}

// checkDefault refuses a default that is not a value of its option's kind,
// which the command would otherwise read as zero.
func checkDefault(o Option) error {
	if o.Default == "" {
		return nil
	}
	var err error
	switch o.Kind {
	case IntOption:
		_, err = strconv.Atoi(o.Default)
	case UintOption:
		_, err = strconv.ParseUint(o.Default, 10, 64)
	case FloatOption:
		_, err = strconv.ParseFloat(o.Default, 64)
	case BoolOption:
		_, err = strconv.ParseBool(o.Default)
	}
	if err != nil {
		return fmt.Errorf("default %q is not a %s", o.Default, o.Kind)
	}
	return nil
}
