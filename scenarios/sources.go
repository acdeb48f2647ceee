package scenarios

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
)

// Format is a ruleset's scenario file format, the one skeleton every
// ruleset's file reading is built on: a file is read within MaxFileSize
// (ReadFile), its text parsed, and a scenario resolved from a file name
// named by that name.
type Format[S any] struct {
	// Parse reads and checks one file's text; source names the text in
	// messages (its errors carry it) and gives the scenario's name when
	// the text gives none.
	Parse func(source string, data []byte) (S, error)
	// Rename names a scenario as it was asked for.
	Rename func(sc S, name string)
}

// Load reads and parses a scenario file; the scenario keeps the name its
// text gives (or the file's base name).
func (f Format[S]) Load(path string) (S, error) {
	data, err := ReadFile(path)
	if err != nil {
		var zero S
		return zero, err // it names the file
	}
	return f.Parse(path, data)
}

// ParseScenario is the scenario a scenario name (a file's path) resolves
// to given the file's data, without touching the file system: parsed, then
// named by name, so records of it find it again. A server that reads files
// itself (through an os.Root) passes the bytes here.
func (f Format[S]) ParseScenario(name string, data []byte) (S, error) {
	sc, err := f.Parse(name, data)
	if err != nil {
		var zero S
		return zero, err
	}
	f.Rename(sc, name)
	return sc, nil
}

// FileSource is the ruleset's scenario source for file names (KindOf is
// File): Load, then named by its path as ParseScenario names it. Other
// names it declines (ok false).
func (f Format[S]) FileSource() func(name string) (S, bool, error) {
	return kindSource(File, f.Load, f.Rename)
}

// FileSource is a ruleset's scenario source for file names (KindOf is
// File): it loads the file with load and names the scenario by its path
// with rename, so saved games and records of it find it again (and a
// changed file is caught by the scenario hash records carry). Other names
// it declines (ok false).
func FileSource[S any](load func(path string) (S, error), rename func(sc S, name string)) func(name string) (S, bool, error) {
	return kindSource(File, load, rename)
}

// GeneratedSource is a ruleset's scenario source for generated
// battlefields ("gen:SEED[:...]", KindOf is Generated): gen reads the
// name and generates the battlefield, and rename names it as asked so
// records of it regenerate it. Other names it declines (ok false).
func GeneratedSource[S any](gen func(name string) (S, error), rename func(sc S, name string)) func(name string) (S, bool, error) {
	return kindSource(Generated, gen, rename)
}

func kindSource[S any](kind Kind, mk func(name string) (S, error), rename func(sc S, name string)) func(name string) (S, bool, error) {
	return func(name string) (S, bool, error) {
		var zero S
		if KindOf(name) != kind {
			return zero, false, nil
		}
		sc, err := mk(name)
		if err != nil {
			return zero, true, err
		}
		rename(sc, name)
		return sc, true, nil
	}
}

// Embedded is a set of scenario files compiled into the binary: the files
// of FS matching Pattern, read by Parse (given the file's base name).
type Embedded[S any] struct {
	// FS holds the files (an embed.FS).
	FS fs.ReadFileFS
	// Pattern selects the scenario files, as in "builtin/*.yaml".
	Pattern string
	// Parse reads one file's data; name is the file's base name.
	Parse func(name string, data []byte) (S, error)
}

// Files are the embedded scenario files' paths, in file-name order.
func (e Embedded[S]) Files() []string {
	names, err := fs.Glob(e.FS, e.Pattern)
	if err != nil {
		panic(err) // the pattern is a constant; a bad one is a build mistake the tests catch
	}
	sort.Strings(names)
	return names
}

// ParseFile parses one embedded file by its path.
func (e Embedded[S]) ParseFile(file string) (S, error) {
	data, err := e.FS.ReadFile(file)
	if err != nil {
		var zero S
		return zero, fmt.Errorf("read built-in scenario %s: %w", file, err)
	}
	return e.Parse(path.Base(file), data)
}

// All parses every embedded file, in file-name order.
func (e Embedded[S]) All() ([]S, error) {
	var out []S
	for _, f := range e.Files() {
		sc, err := e.ParseFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// Register registers every embedded file with a ruleset's register (its
// RegisterBuiltin) under the name nameOf gives the parsed scenario; each
// lookup parses the file afresh, so callers get their own copy. A broken
// embedded file is a build mistake the tests catch; it panics here, from
// init, rather than vanish.
func (e Embedded[S]) Register(register func(name string, mk func() S), nameOf func(S) string) {
	for _, file := range e.Files() {
		sc, err := e.ParseFile(file)
		if err != nil {
			panic(err)
		}
		register(nameOf(sc), func() S {
			s, err := e.ParseFile(file)
			if err != nil {
				panic(err) // it parsed a moment ago; the embedded data cannot change
			}
			return s
		})
	}
}
