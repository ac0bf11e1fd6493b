package mail

import (
	"bytes"
	"net/mail"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestASubjectWithALineBreakIsDeliveredOnOneLine(t *testing.T) {
	// Subjects a couple's text went into before the forms refused such
	// characters: each is delivered, to its one recipient, with the
	// subject on one line and no header of the couple's making.
	tests := []struct {
		name, subject, want string
	}{
		{"a header injected after CRLF", "Nouvelle demande à Lyon\r\nBcc: x@example.com", "Nouvelle demande à Lyon Bcc: x@example.com"},
		{"a bare LF and a bare CR", "Lyon\nTo: y@example.com\rCc: z@example.com", "Lyon To: y@example.com Cc: z@example.com"},
		{"a folded line", "Lyon\r\n Bcc: x@example.com", "Lyon Bcc: x@example.com"},
		{"control characters and a right-to-left override", "Ana\x00 Lima \u202eanilorac\u202c\t!", "Ana Lima anilorac !"},
		{"line and paragraph separators", "Lyon\u2028Bcc: x@example.com\u2029", "Lyon Bcc: x@example.com"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, serverOptions{})
			s := newSender(t, plainConfig(srv))
			if err := s.Send(t.Context(), Message{To: "pro@example.com", Subject: tc.subject, Text: "Bonjour"}); err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := srv.messages()
			if len(got) != 1 {
				t.Fatalf("the server received %d messages, want 1", len(got))
			}
			if diff := cmp.Diff([]string{"pro@example.com"}, got[0].To); diff != "" {
				t.Errorf("envelope recipients (-want +got):\n%s", diff)
			}
			if p := parse(t, got[0]); p.Subject != tc.want {
				t.Errorf("subject %q, want %q", p.Subject, tc.want)
			}
			msg, err := mail.ReadMessage(bytes.NewReader(got[0].Data))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range []string{"Bcc", "Cc"} {
				if v := msg.Header.Get(h); v != "" {
					t.Errorf("a %s header: %q", h, v)
				}
			}
			if to := msg.Header.Get("To"); to != "<pro@example.com>" {
				t.Errorf("To %q", to)
			}
		})
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"Réinitialisez votre mot de passe": "Réinitialisez votre mot de passe",
		// Typographic spaces of a French subject are not controls.
		"Nouvelle demande\u00a0: le 12\u202fjuin": "Nouvelle demande\u00a0: le 12\u202fjuin",
		"  Lyon  ":             "Lyon",
		"Lyon\r\n\r\nBcc":      "Lyon Bcc",
		"Lyon \r\n Bcc":        "Lyon Bcc",
		"\x1b[31mred\x7f":      "[31mred",
		"bad \xff byte":        "bad \uFFFD byte",
		"\u2066isolated\u2069": "isolated",
		"":                     "",
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"Lyon\r\nBcc: x@y", "Nouvelle demande\u00a0: 12\u202fjuin", "\u202eLima", "\xff", " \t ", "a  b\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := OneLine(s)
		if !utf8.ValidString(out) || out != strings.Trim(out, " ") {
			t.Fatalf("OneLine(%q) = %q", s, out)
		}
		for _, r := range out {
			if unicode.IsControl(r) || breaksHeader(r) {
				t.Fatalf("OneLine(%q) = %q keeps %U", s, out, r)
			}
		}
		if again := OneLine(out); again != out {
			t.Fatalf("OneLine(%q) = %q, then %q", s, out, again)
		}
		if utf8.ValidString(s) && !strings.ContainsFunc(s, breaksHeader) && out != strings.Trim(s, " ") {
			t.Fatalf("OneLine(%q) = %q changed a clean subject", s, out)
		}
	})
}
