package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rulesetDirs are the names a ruleset's packages carry as a path element
// (engine/twobytwo, agents/twobytwo, scenarios/twobytwo/armies, ...).
var rulesetDirs = []string{"twobytwo", "drums", "toy"}

// registration is the one file of the command that names every ruleset,
// linking their packages in.
const registration = "cmd/grognard/rulesets.go"

// rulesetTools are whole programs that serve one ruleset: evalfit fits the
// 2 by 2 evaluation's weights.
var rulesetTools = map[string]string{"cmd/evalfit/": "twobytwo"}

// TestNothingGenericImportsARuleset: outside a ruleset's own packages, the
// command's registration, its files named for a ruleset (twobytwo.go) and
// the ruleset's own tools (rulesetTools), no Go file of a package imports
// a ruleset's package, so generic code cannot type-check for one ruleset. Tests may:
// 2 by 2 is the real-world fixture of many generic tests, beside the toy
// ruleset.
func TestNothingGenericImportsARuleset(t *testing.T) {
	root := filepath.Join("..", "..")
	module := "github.com/grognard/grognard/"
	fset := token.NewFileSet()
	var bad []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == ".git" || n == "testdata" || (strings.HasPrefix(n, ".") && path != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		own := rulesetOf(strings.TrimSuffix(rel, ".go"))
		for dir, r := range rulesetTools {
			if strings.HasPrefix(rel, dir) {
				own = r
			}
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if !strings.HasPrefix(p, module) {
				continue
			}
			r := rulesetOf(strings.TrimPrefix(p, module))
			if r == "" || r == own || rel == registration {
				continue
			}
			bad = append(bad, rel+" imports "+p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("generic code imports a ruleset's package (move the code to the ruleset's package, or reach it through a named capability or kit):\n%s", strings.Join(bad, "\n"))
	}
	if _, err := os.Stat(filepath.Join(root, registration)); err != nil {
		t.Fatalf("the registration file: %v", err)
	}
}

// rulesetOf is the ruleset whose package a module path is in, or whose
// file a file path (without ".go") is, as cmd/grognard/twobytwo.go holds
// the command's 2 by 2 only sub-commands; or "".
func rulesetOf(path string) string {
	for _, el := range strings.Split(path, "/") {
		if slices.Contains(rulesetDirs, el) {
			return el
		}
	}
	return ""
}
