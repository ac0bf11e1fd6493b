package directory

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func FuzzCheckReply(f *testing.F) {
	for _, s := range []string{"", " ", "Merci !", "a\r\nb", "\x00", "é", strings.Repeat("é", MaxReplyRunes+1), "\xff", "\t x \n", "</script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := checkReply(s)
		if err != nil {
			if out != "" {
				t.Fatal("a refused reply has a text")
			}
			return
		}
		if out == "" || out != strings.TrimSpace(out) || !utf8.ValidString(out) || utf8.RuneCountInString(out) > MaxReplyRunes ||
			strings.Contains(out, "\r\n") {
			t.Fatalf("accepted %q as %q", s, out)
		}
		for _, r := range out {
			if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
				t.Fatalf("control %U in %q", r, out)
			}
		}
	})
}
