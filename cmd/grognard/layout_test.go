package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// rulesetDirs are the names a ruleset's packages carry as a path element
// (engine/twobytwo, agents/twobytwo, scenarios/twobytwo/armies, ...): the
// registered rulesets' and the toy's (registered by tests only).
func rulesetDirs() []string {
	registerRulesets()
	names := []string{"toy"}
	for _, b := range engine.Bundles() {
		names = append(names, b.Rules.Name())
	}
	return names
}

// registration is the one file of the command that names every ruleset,
// linking their packages in.
const registration = "cmd/grognard/rulesets.go"

// TestNothingGenericImportsARuleset: outside a ruleset's own packages and
// the command's registration, no Go file of a package imports
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
		if slices.Contains(rulesetDirs(), el) {
			return el
		}
	}
	return ""
}

// TestCommandNamesNoRuleset counts the lines of the command (its Go files
// but the registration and the tests, the web page's HTML and JS) that
// name a registered ruleset, or its title: there must be none, so a new
// ruleset needs nothing here but its registration line, and the page
// learns the rulesets and bots from the server.
func TestCommandNamesNoRuleset(t *testing.T) {
	registerRulesets()
	var words []string
	for _, b := range engine.Bundles() {
		words = append(words, regexp.QuoteMeta(b.Rules.Name()), regexp.QuoteMeta(b.Rules.Title()))
	}
	named := regexp.MustCompile(`(?i)\b(` + strings.Join(words, "|") + `)\b`)
	var bad []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := filepath.Ext(path)
		if path == "rulesets.go" || strings.HasSuffix(path, "_test.go") || (ext != ".go" && ext != ".js" && ext != ".html") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if named.MatchString(line) {
				bad = append(bad, fmt.Sprintf("cmd/grognard/%s:%d: %s", path, i+1, strings.TrimSpace(line)))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d lines of cmd/grognard outside rulesets.go name a ruleset", len(bad))
	if len(bad) > 0 {
		t.Errorf("lines of the command that name a ruleset (ask the registered bundles or a named capability instead):\n%s", strings.Join(bad, "\n"))
	}
}
