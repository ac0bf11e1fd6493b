package validate

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	for s, want := range map[string]string{
		"Lyon":                     "",
		"Saint-Étienne-du-Rouvray": "",
		"L'Haÿ-les-Roses":          "",
		"ميلان":                    "", // right-to-left text itself is fine
		"Tel\u200fAviv":            "", // a direction mark only hints
		"le 12\u202fjuin\u00a0":    "", // typographic spaces are not controls
		"Lyon\r\nBcc: x@y":         "validation.line_break",
		"Lyon\n":                   "validation.line_break",
		"Lyon\rBcc":                "validation.line_break",
		"Lyon\u2028Bcc":            "validation.line_break",
		"Lyon\u0085Bcc":            "validation.line_break",
		"Lyon\vBcc":                "validation.line_break",
		"Ly\x00on":                 "validation.control_characters",
		"Ly\ton":                   "validation.control_characters",
		"\x1b[31mLyon":             "validation.control_characters",
		"Ly\u009bon":               "validation.control_characters",
		"Ana \u202eamiL":           "validation.control_characters",
		"\u202aAna\u202c":          "validation.control_characters",
		"\u2066Ana\u2069":          "validation.control_characters",
		"\u2067Ana":                "validation.control_characters",
		"Ly\xffon":                 "validation.invalid_utf8",
		"":                         "",
	} {
		if got := Line(s); got != want {
			t.Errorf("Line(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		in, want, code string
	}{
		{"Bonjour,\n\nNous cherchons\tune salle.", "Bonjour,\n\nNous cherchons\tune salle.", ""},
		{"Bonjour,\r\nà bientôt\r\n", "Bonjour,\nà bientôt\n", ""},
		{"une\rdeux\u2028trois\u2029", "une\ndeux\ntrois\n", ""},
		{"Bonjour\x00", "", "validation.control_characters"},
		{"Bonjour\f", "", "validation.control_characters"},
		{"Signé \u202eanA", "", "validation.control_characters"},
		{"\u2068Ana\u2069", "", "validation.control_characters"},
		{"\xc3", "", "validation.invalid_utf8"},
	}
	for _, tc := range tests {
		got, code := Text(tc.in)
		if got != tc.want || code != tc.code {
			t.Errorf("Text(%q) = %q, %q, want %q, %q", tc.in, got, code, tc.want, tc.code)
		}
	}
}

func TestEveryOneLineRuleRefusesALineBreak(t *testing.T) {
	for name, code := range map[string]string{
		"City":                   City("Lyon\r\nBcc: x@y"),
		"Email":                  Email("ana@example.com\r\nBcc: x@y"),
		"Email with an override": Email("ana\u202e@example.com"),
		"Website":                func() string { _, c := Website("example.com/\u202e"); return c }(),
	} {
		if code == "" {
			t.Errorf("%s accepted a line break or an override", name)
		}
	}
}

func FuzzLine(f *testing.F) {
	for _, s := range []string{"Lyon", "Lyon\r\nBcc: x@y", "Ana \u202eamiL", "ميلان", "Ly\ton", "\xff", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code := Line(s)
		if code != "" {
			if code != "validation.line_break" && code != "validation.control_characters" && code != "validation.invalid_utf8" {
				t.Fatalf("Line(%q) = %q", s, code)
			}
			return
		}
		if !utf8.ValidString(s) {
			t.Fatalf("Line accepted %q", s)
		}
		for _, r := range s {
			if unicode.IsControl(r) || IsBidiControl(r) || r == '\u2028' || r == '\u2029' {
				t.Fatalf("Line accepted %q with %U", s, r)
			}
		}
	})
}

func FuzzText(f *testing.F) {
	for _, s := range []string{"Bonjour,\r\nà bientôt", "une\rdeux\u2028trois", "Signé \u202eanA", "tab\tok", "\x00", "\xc3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, code := Text(s)
		if code != "" {
			if out != "" || (code != "validation.control_characters" && code != "validation.invalid_utf8") {
				t.Fatalf("Text(%q) = %q, %q", s, out, code)
			}
			return
		}
		for _, r := range out {
			if (unicode.IsControl(r) && r != '\n' && r != '\t') || IsBidiControl(r) || r == '\u2028' || r == '\u2029' {
				t.Fatalf("Text(%q) = %q keeps %U", s, out, r)
			}
		}
		// Only line breaks change, and only into "\n".
		if strings.ReplaceAll(out, "\n", "") != strings.NewReplacer("\r", "", "\n", "", "\u2028", "", "\u2029", "").Replace(s) {
			t.Fatalf("Text(%q) = %q", s, out)
		}
		if again, code := Text(out); again != out || code != "" {
			t.Fatalf("Text(%q) = %q, then %q %q", s, out, again, code)
		}
	})
}
