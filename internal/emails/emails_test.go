package emails

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/i18n"
	"noces/internal/platform/mail"
)

func newRenderer(t *testing.T) *Renderer {
	t.Helper()
	r, err := NewRenderer(i18n.MustLoad())
	if err != nil {
		t.Fatalf("NewRenderer: %v", err)
	}
	return r
}

// sample gives every field of kind a distinct, recognisable value.
func sample(kind string) map[string]string {
	data := map[string]string{}
	for _, f := range Fields(kind) {
		switch {
		case strings.HasSuffix(f, "Url"):
			data[f] = "https://app.noces.example/" + kind + "/" + f + "?token=abc&x=1"
		case f == "newEmail":
			data[f] = "nouvelle.adresse@example.org"
		case slices.Contains(kinds[kind].dates, f):
			data[f] = "2027-07-17"
		case slices.Contains(kinds[kind].times, f):
			data[f] = "2026-11-26T21:10:37Z"
		default:
			data[f] = "value-of-" + f
		}
	}
	return data
}

var rawPlaceholder = regexp.MustCompile(`\{[a-zA-Z]+\}`)

func TestEveryKindRendersInEveryLanguage(t *testing.T) {
	r := newRenderer(t)
	if len(Kinds()) != 18 {
		t.Errorf("Kinds() = %v, want the nine kinds of the spec, the approval of a still hidden profile, the sign-in alert, the validation of a venue, the couple's confirmation link, the two of conversations, the refunded credit, the data export and the invitation to review", Kinds())
	}
	for _, lang := range i18n.Langs {
		for _, kind := range Kinds() {
			t.Run(lang+" "+kind, func(t *testing.T) {
				data := sample(kind)
				m, err := r.Render(lang, kind, data)
				if err != nil {
					t.Fatalf("Render: %v", err)
				}
				if m.To != "" {
					t.Errorf("To = %q, want it left to the caller", m.To)
				}
				if strings.TrimSpace(m.Subject) == "" || strings.Contains(m.Subject, "{") {
					t.Errorf("Subject = %q, want a text without placeholders", m.Subject)
				}
				if strings.TrimSpace(m.Text) == "" || strings.TrimSpace(m.HTML) == "" {
					t.Fatalf("a part is empty: text %d bytes, html %d bytes", len(m.Text), len(m.HTML))
				}
				for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
					if p := rawPlaceholder.FindString(body); p != "" {
						t.Errorf("the %s part shows the placeholder %s", part, p)
					}
					if strings.Contains(body, "email.") {
						t.Errorf("the %s part shows an i18n key:\n%s", part, body)
					}
				}
				// Every piece of data is worth showing, or the kind should not
				// ask for it (days and times are written in the reader's
				// language: the next test checks them).
				for f, v := range data {
					if k := kinds[kind]; slices.Contains(k.dates, f) || slices.Contains(k.times, f) {
						continue
					}
					if !strings.Contains(m.Text, v) {
						t.Errorf("the text part does not show %s = %q:\n%s", f, v, m.Text)
					}
				}
				if !strings.Contains(m.HTML, fmt.Sprintf(`<html lang="%s"`, lang)) {
					t.Errorf("the html part does not declare its language %s", lang)
				}
				if k := kinds[kind]; k.button != "" {
					href := `href="` + strings.ReplaceAll(data[k.button], "&", "&amp;") + `"`
					if strings.Count(m.HTML, href) < 2 {
						t.Errorf("the html part should link %s from the button and the fallback text, want %s twice", k.button, href)
					}
				}
			})
		}
	}
}

func TestRenderWritesTheTextPartAsPlainText(t *testing.T) {
	r := newRenderer(t)
	m, err := r.Render("en", KindPasswordReset, map[string]string{
		"firstname": "Ana & <Bo>",
		"resetUrl":  "https://app.noces.example/reset?token=t0k3n&lang=en",
	})
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	want := mail.Message{
		Subject: "Reset your password",
		Text: `Hello Ana & <Bo>,

We received a request to reset the password of your Noces account. To choose a new password, click the button below.

This link is valid for one hour.

If you did not make this request, you can safely ignore this email: your current password remains unchanged.

Choose a new password
https://app.noces.example/reset?token=t0k3n&lang=en

Kind regards,
The Noces team

--
Noces · The directory of wedding professionals
This email was sent to you automatically by Noces following an action related to your account or your request.
`,
	}
	m.HTML = ""
	if diff := cmp.Diff(want, m); diff != "" {
		t.Errorf("Render (-want +got):\n%s", diff)
	}
}

func TestRenderEscapesDataInTheHTMLPart(t *testing.T) {
	r := newRenderer(t)
	tests := []struct {
		name     string
		kind     string
		field    string
		value    string
		escaped  string
		dangling string // must not appear in the HTML part
	}{
		{
			name: "a script in a first name", kind: KindWelcome, field: "firstname",
			value: `<script>alert("x")</script>`, escaped: "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;", dangling: "<script>",
		},
		{
			name: "markup in a moderator's reason", kind: KindModerationRejected, field: "reason",
			value: `Photos <img src=x onerror=alert(1)> & "logo"`, escaped: "Photos &lt;img src=x onerror=alert(1)&gt; &amp; &#34;logo&#34;", dangling: "<img",
		},
		{
			name: "a quote in a city closing nothing", kind: KindEventRequestNew, field: "eventCity",
			value: `L'Isle-sur-la-Sorgue"><b>`, escaped: "L&#39;Isle-sur-la-Sorgue&#34;&gt;&lt;b&gt;", dangling: "<b>",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := sample(tc.kind)
			data[tc.field] = tc.value
			m, err := r.Render("fr", tc.kind, data)
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			if strings.Contains(m.HTML, tc.dangling) {
				t.Errorf("the html part contains %q unescaped:\n%s", tc.dangling, m.HTML)
			}
			if !strings.Contains(m.HTML, tc.escaped) {
				t.Errorf("the html part does not contain %q:\n%s", tc.escaped, m.HTML)
			}
			if !strings.Contains(m.Text, tc.value) {
				t.Errorf("the text part should show %q as is:\n%s", tc.value, m.Text)
			}
		})
	}
}

func TestRenderRefusesWhatItCannotRenderProperly(t *testing.T) {
	r := newRenderer(t)
	without := func(kind, field string) map[string]string {
		d := sample(kind)
		delete(d, field)
		return d
	}
	with := func(kind, field, value string) map[string]string {
		d := sample(kind)
		d[field] = value
		return d
	}
	tests := []struct {
		name string
		kind string
		data map[string]string
		want error
	}{
		{"an unknown kind", "newsletter", sample(KindWelcome), ErrUnknownKind},
		{"an empty kind", "", nil, ErrUnknownKind},
		{"a missing first name", KindWelcome, without(KindWelcome, "firstname"), ErrMissingField},
		{"a missing reset link", KindPasswordReset, without(KindPasswordReset, "resetUrl"), ErrMissingField},
		{"a blank moderation reason", KindModerationRejected, with(KindModerationRejected, "reason", "  \n"), ErrMissingField},
		{"no data at all", KindEventRequestNew, nil, ErrMissingField},
		{"a javascript link", KindWelcome, with(KindWelcome, "dashboardUrl", "javascript:alert(1)"), ErrInvalidURL},
		{"a relative link", KindReviewReceived, with(KindReviewReceived, "reviewsUrl", "/reviews"), ErrInvalidURL},
		{"a secondary link without a host", KindModerationApproved, with(KindModerationApproved, "dashboardUrl", "https://"), ErrInvalidURL},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := r.Render("fr", tc.kind, tc.data)
			if !errors.Is(err, tc.want) {
				t.Errorf("Render error = %v, want %v", err, tc.want)
			}
			if diff := cmp.Diff(mail.Message{}, m); diff != "" {
				t.Errorf("Render returned a message with its error (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRenderFallsBackToTheDefaultLanguage(t *testing.T) {
	r := newRenderer(t)
	data := sample(KindPasswordChanged)
	got, err := r.Render("xx", KindPasswordChanged, data)
	if err != nil {
		t.Fatalf("Render(xx): %v", err)
	}
	want, err := r.Render(i18n.DefaultLang, KindPasswordChanged, data)
	if err != nil {
		t.Fatalf("Render(%s): %v", i18n.DefaultLang, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("an unknown language should render as %s (-want +got):\n%s", i18n.DefaultLang, diff)
	}
}

func TestEventRequestsNeverCarryTheCouplesContactDetails(t *testing.T) {
	// A request e-mail must not tell how to reach the couple, even when a
	// caller passes more data than the kind asks for.
	r := newRenderer(t)
	data := sample(KindEventRequestNew)
	data["coupleEmail"] = "couple@example.org"
	data["couplePhone"] = "+33 6 12 34 56 78"
	for _, lang := range i18n.Langs {
		m, err := r.Render(lang, KindEventRequestNew, data)
		if err != nil {
			t.Fatalf("Render(%s): %v", lang, err)
		}
		for _, secret := range []string{"couple@example.org", "+33 6 12 34 56 78"} {
			if strings.Contains(m.Text+m.HTML+m.Subject, secret) {
				t.Errorf("%s: the e-mail shows %q", lang, secret)
			}
		}
	}
}

func TestNewRendererNeedsABundle(t *testing.T) {
	if _, err := NewRenderer(nil); err == nil {
		t.Error("NewRenderer(nil) succeeded")
	}
}

// isoDate and rawTime are what a date looks like when it skipped the
// reader's locale: "2027-07-17", "2026-11-26T21:10:37Z", or Go's
// "2026-11-26 21:10:37 +0000 UTC".
var (
	isoDate = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)
	rawTime = regexp.MustCompile(`\d{2}:\d{2}:\d{2}|[+-]\d{4} [A-Z]{3}`)
)

// Every kind, in every language, with every day and time field filled in
// its machine form, writes them in the reader's language: "17 juillet
// 2027", "17. Juli 2027", never "le 2027-07-17".
func TestEveryEmailWritesDatesInTheReadersLanguage(t *testing.T) {
	r := newRenderer(t)
	b := i18n.MustLoad()
	dated := 0
	for _, kind := range Kinds() {
		k := kinds[kind]
		dated += len(k.dates) + len(k.times)
		for _, lang := range i18n.Langs {
			m, err := r.Render(lang, kind, sample(kind))
			if err != nil {
				t.Fatalf("%s %s: %v", lang, kind, err)
			}
			for _, part := range []string{m.Subject, m.Text, m.HTML} {
				if d := isoDate.FindString(part); d != "" {
					t.Errorf("%s %s writes the ISO date %q", lang, kind, d)
				}
				if d := rawTime.FindString(part); d != "" {
					t.Errorf("%s %s writes the raw time %q", lang, kind, d)
				}
			}
			for range k.dates {
				if want := b.Date(lang, time.Date(2027, 7, 17, 0, 0, 0, 0, time.UTC)); !strings.Contains(m.Text, want) {
					t.Errorf("%s %s lacks %q:\n%s", lang, kind, want, m.Text)
				}
			}
			for range k.times {
				if want := b.DateTime(lang, time.Date(2026, 11, 26, 21, 10, 0, 0, time.UTC), time.UTC) + " UTC"; !strings.Contains(m.Text, want) {
					t.Errorf("%s %s lacks %q:\n%s", lang, kind, want, m.Text)
				}
			}
		}
	}
	if dated < 2 {
		t.Errorf("only %d date fields: the event date and the sign-in alert's time are two", dated)
	}
	for _, lang := range []string{"fr", "de", "en"} {
		want := map[string]string{"fr": "17 juillet 2027", "de": "17. Juli 2027", "en": "17 July 2027"}[lang]
		m, err := r.Render(lang, KindEventRequestNew, sample(KindEventRequestNew))
		if err != nil || !strings.Contains(m.Text, want) {
			t.Errorf("%s: want %q in %q (%v)", lang, want, m.Text, err)
		}
	}
	// A day not in its machine form is refused rather than sent as it is.
	data := sample(KindEventRequestNew)
	data["eventDate"] = "17/07/2027"
	if _, err := r.Render("fr", KindEventRequestNew, data); !errors.Is(err, ErrInvalidDate) {
		t.Errorf("a bad date: %v", err)
	}
}
