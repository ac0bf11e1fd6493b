package legal

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRender feeds operator files to the renderer: it never panics, and what
// it accepts is a title and HTML without anything that runs.
func FuzzRender(f *testing.F) {
	for _, lang := range Langs {
		for _, page := range Pages {
			src, err := defaults.ReadFile("defaults/" + lang + "/" + page + ".md")
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	f.Add([]byte("# T\n\n<script>alert(1)</script>[x](javascript:alert(1))<img src=x onerror=y>"))
	f.Add([]byte("# T\n\n" + strings.Repeat("[", 1000) + strings.Repeat("*a", 1000)))
	f.Add([]byte("# T\n\n| a |\n|---|\n" + strings.Repeat("| <b onclick=x>1</b> |\n", 50)))
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := Render(src)
		if err != nil {
			return
		}
		if doc.Title == "" || doc.HTML == "" || !utf8.ValidString(doc.HTML) {
			t.Fatalf("accepted %q as %+v", src, doc)
		}
		low := strings.ToLower(doc.HTML)
		for _, bad := range []string{"<script", "javascript:", "<iframe", "<style", " onerror", " onclick", " onload"} {
			if strings.Contains(low, bad) {
				t.Fatalf("%q survived in %q", bad, doc.HTML)
			}
		}
	})
}
