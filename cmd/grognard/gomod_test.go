package main

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGoModDirect checks go.mod the way `go mod tidy` would mark it: every
// module whose packages this module's code imports is a direct
// requirement, not "// indirect", and every import outside the standard
// library and this module is required at all. It reads the source rather
// than running the go command, so it needs no network and no module
// cache; the binary links every package, so it lives with it.
func TestGoModDirect(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	self, required := readGoMod(t, filepath.Join(root, "go.mod"))
	imports := map[string]string{} // import path -> a file importing it
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if _, seen := imports[p]; !seen {
				imports[p] = path
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, file := range imports {
		first, _, _ := strings.Cut(p, "/")
		if !strings.Contains(first, ".") || p == self || strings.HasPrefix(p, self+"/") {
			continue // the standard library, or this module
		}
		mod := ""
		for m := range required {
			if (p == m || strings.HasPrefix(p, m+"/")) && len(m) > len(mod) {
				mod = m
			}
		}
		switch {
		case mod == "":
			t.Errorf("%s imports %s, which no requirement in go.mod provides: run go mod tidy", file, p)
		case required[mod]:
			t.Errorf("%s imports %s, but go.mod marks %s as indirect: run go mod tidy", file, p, mod)
		}
	}
}

// readGoMod returns the module path and the required modules, each with
// whether it is marked "// indirect".
func readGoMod(t *testing.T, path string) (string, map[string]bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	self := ""
	required := map[string]bool{}
	inBlock := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		code, comment, _ := strings.Cut(line, "//")
		fields := strings.Fields(code)
		indirect := strings.TrimSpace(comment) == "indirect"
		switch {
		case len(fields) == 0:
		case fields[0] == "module" && len(fields) == 2:
			self = fields[1]
		case fields[0] == "require" && len(fields) == 2 && fields[1] == "(":
			inBlock = true
		case fields[0] == "require" && len(fields) == 3:
			required[fields[1]] = indirect
		case inBlock && fields[0] == ")":
			inBlock = false
		case inBlock && len(fields) == 2:
			required[fields[0]] = indirect
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if self == "" || len(required) == 0 {
		t.Fatalf("%s: no module line or no requirements read", path)
	}
	return self, required
}
