// Package fuzzcorpus checks that every fuzz target of the module has a seed
// corpus: `go test` runs the seeds in testdata/fuzz/<Target> of a target's
// package as ordinary tests, so a target without one is only exercised
// when someone runs `make fuzz`, and its realistic inputs are nowhere.
package fuzzcorpus

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the module's folder, two levels up from tools/fuzzcorpus.
const root = "../.."

// skipped are folders that hold no Go code of the module.
var skipped = map[string]bool{".git": true, "node_modules": true, "dist": true}

// target is one fuzz function and the folder of its package.
type target struct{ dir, name, file string }

func fuzzTargets(t *testing.T) []target {
	t.Helper()
	var out []target
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipped[d.Name()] || (path != root && strings.HasPrefix(d.Name(), ".")) || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if ok && fn.Recv == nil && isFuzzName(fn.Name.Name) && takesF(fn) {
				out = append(out, target{dir: filepath.Dir(path), name: fn.Name.Name, file: path})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// isFuzzName is the rule of `go test`: Fuzz, then nothing or not a lower-case letter.
func isFuzzName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Fuzz")
	return ok && (rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z'))
}

// takesF reports whether fn's one parameter is a *testing.F.
func takesF(fn *ast.FuncDecl) bool {
	if len(fn.Type.Params.List) != 1 {
		return false
	}
	star, ok := fn.Type.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "F"
}

func TestEveryFuzzTargetHasASeedCorpus(t *testing.T) {
	targets := fuzzTargets(t)
	// The module had 53 targets when this test was written: far fewer
	// means the walk no longer finds them.
	if len(targets) < 50 {
		t.Fatalf("found only %d fuzz targets: the walk misses them", len(targets))
	}
	for _, tg := range targets {
		dir := filepath.Join(tg.dir, "testdata", "fuzz", tg.name)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Errorf("%s (%s) has no seed corpus: add inputs to %s", tg.name, tg.file, dir)
			continue
		}
		seeds := 0
		for _, e := range entries {
			if !e.Type().IsRegular() {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(data, []byte("go test fuzz v1\n")) {
				t.Errorf("%s: not a corpus file (go test fuzz v1)", filepath.Join(dir, e.Name()))
				continue
			}
			seeds++
		}
		if seeds == 0 {
			t.Errorf("%s (%s) has an empty seed corpus in %s", tg.name, tg.file, dir)
		}
	}
}
