package i18n

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codeUses finds the message codes the Go code hands to users: the codes of
// apperr errors, per-field codes, and keys passed to T.
var codeUses = []*regexp.Regexp{
	regexp.MustCompile(`apperr\.(?:New|Wrap)\([^,]+, "([a-z0-9_]+(?:\.[a-z0-9_]+)+)"`),
	regexp.MustCompile(`Code: +"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"`),
	regexp.MustCompile(`\.Add\("[A-Za-z_]+", "([a-z0-9_]+(?:\.[a-z0-9_]+)+)"\)`),
	regexp.MustCompile(`map\[string\]string\{"[A-Za-z_]+": "([a-z0-9_]+(?:\.[a-z0-9_]+)+)"\}`),
	regexp.MustCompile(`\.T\([^,()]+, "([a-z0-9_]+(?:\.[a-z0-9_]+)+)"`),
	regexp.MustCompile(`return "(validation\.[a-z0-9_.]+)"`),
	regexp.MustCompile(`"(credits\.log\.[a-z0-9_.]+)"`),
}

func TestEveryCodeTheServerSendsHasATextInEveryLanguage(t *testing.T) {
	b := MustLoad()
	root := filepath.Join("..")
	found := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, re := range codeUses {
			for _, m := range re.FindAllStringSubmatch(string(src), -1) {
				found++
				for _, lang := range Langs {
					if !b.Has(lang, m[1]) {
						t.Errorf("%s uses %q, which has no %s text", path, m[1], lang)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 30 {
		t.Errorf("found only %d codes in the sources: the patterns no longer match the code", found)
	}
}
