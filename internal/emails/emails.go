// Package emails renders the product's e-mails in the recipient's language.
// Every word comes from the i18n bundle (keys under "email."), so the two
// layouts stay language-neutral and a translator never touches a template;
// every kind shares the same layout, so they all look alike.
package emails

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"noces/internal/i18n"
	"noces/internal/platform/mail"
)

// The kinds of e-mail, one per event the product tells someone about. Callers
// use these names rather than strings so a typo fails to compile.
const (
	// KindWelcome greets a professional who just signed up.
	KindWelcome = "welcome"
	// KindPasswordReset carries a one-hour reset link.
	KindPasswordReset = "password_reset"
	// KindPasswordChanged warns that the password changed, in case it was not them.
	KindPasswordChanged = "password_changed"
	// KindEmailChanged goes to the OLD address, so a hijacked account is noticed.
	KindEmailChanged = "email_changed"
	// KindModerationApproved tells a professional their listing is public.
	KindModerationApproved = "moderation_approved"
	// KindModerationApprovedHidden tells a planner their profile is approved
	// but not public yet, and what is missing: a SIRET the national register
	// confirms as active (a French company's listing shows only then).
	KindModerationApprovedHidden = "moderation_approved_hidden"
	// KindModerationRejected gives the moderator's reason for refusing a listing.
	KindModerationRejected = "moderation_rejected"
	// KindEventRequestNew tells a professional about a couple's request,
	// without any contact detail of the couple.
	KindEventRequestNew = "event_request_new"
	// KindProjectConfirmation confirms to a couple that their request went out.
	KindProjectConfirmation = "project_confirmation"
	// KindProjectConfirmLink asks a couple to confirm its e-mail address by
	// a link before its project reaches any provider.
	KindProjectConfirmLink = "project_confirm_link"
	// KindReviewReceived tells a professional about a new review.
	KindReviewReceived = "review_received"
	// KindVenueValidated tells a venue owner that an admin validated one of
	// their venues, with its name and public address.
	KindVenueValidated = "venue_validated"
	// KindCreditRefunded tells a professional that the credit spent on a
	// request came back by itself, and why, since nobody asked for it.
	KindCreditRefunded = "credit_refunded"
	// KindSignInFailures warns the owner of repeated failed sign-ins on
	// their account: how many since when, and where to change the password.
	KindSignInFailures = "sign_in_failures"
	// KindConversationMessage tells a couple a provider wrote to them, with
	// the private link to the conversation.
	KindConversationMessage = "conversation_message"
	// KindConversationReply tells a provider the couple answered.
	KindConversationReply = "conversation_reply"
	// KindDataExportReady tells a provider its data export can be
	// downloaded from the account page: it is built by a job, after the
	// request that asked for it has answered.
	KindDataExportReady = "data_export_ready"
	// KindReviewInvitation invites a couple, a week after its wedding, to
	// review the provider it booked, with its personal link: the link is
	// what makes the review a verified booking.
	KindReviewInvitation = "review_invitation"
)

// ErrUnknownKind is returned by Render for a kind this package does not know.
var ErrUnknownKind = errors.New("emails: unknown kind")

// ErrMissingField is returned by Render when data lacks a field the kind
// needs, or has it empty: an e-mail saying "Hello {firstname}" or "Hello ,"
// is worse than no e-mail.
var ErrMissingField = errors.New("emails: missing field")

// ErrInvalidDate is returned by Render when a day or time field is not in
// its machine form: the renderer writes it in the reader's language, so a
// raw "2027-07-17" never reaches an inbox.
var ErrInvalidDate = errors.New("emails: invalid date")

// ErrInvalidURL is returned by Render when a link field is not an absolute
// http(s) URL; html/template would silently turn it into a dead "#ZgotmplZ".
var ErrInvalidURL = errors.New("emails: invalid URL")

// kind says which data an e-mail needs and which of it are links.
type kind struct {
	// fields are required in data, and are the only placeholders its texts
	// may use.
	fields []string
	// button is the field holding the call-to-action's URL; its text is the
	// key "button". Empty for e-mails without a button.
	button string
	// link is the field of a secondary link shown with the key "link" as its
	// label. Empty for most.
	link string
	// dates are fields holding a day (YYYY-MM-DD), written in full in the
	// reader's language; times are instants (RFC 3339), written as a day
	// and a time in UTC: an e-mail cannot know its reader's time zone, so
	// it names the one it uses.
	dates, times []string
}

var kinds = map[string]kind{
	KindWelcome:                  {fields: []string{"firstname", "dashboardUrl"}, button: "dashboardUrl"},
	KindPasswordReset:            {fields: []string{"firstname", "resetUrl"}, button: "resetUrl"},
	KindPasswordChanged:          {fields: []string{"firstname"}},
	KindEmailChanged:             {fields: []string{"firstname", "newEmail"}},
	KindModerationApproved:       {fields: []string{"firstname", "publicUrl", "dashboardUrl"}, button: "publicUrl", link: "dashboardUrl"},
	KindModerationApprovedHidden: {fields: []string{"firstname", "detailsUrl"}, button: "detailsUrl"},
	KindModerationRejected:       {fields: []string{"firstname", "reason"}},
	KindEventRequestNew:          {fields: []string{"firstname", "eventDate", "eventCity", "requestUrl"}, button: "requestUrl", dates: []string{"eventDate"}},
	KindProjectConfirmation:      {fields: []string{"firstname", "matched"}},
	KindProjectConfirmLink:       {fields: []string{"firstname", "confirmUrl"}, button: "confirmUrl"},
	KindReviewReceived:           {fields: []string{"firstname", "reviewsUrl"}, button: "reviewsUrl"},
	KindCreditRefunded:           {fields: []string{"firstname", "reason", "requestUrl"}, button: "requestUrl"},
	KindSignInFailures:           {fields: []string{"firstname", "count", "since", "securityUrl"}, button: "securityUrl", times: []string{"since"}},
	KindVenueValidated:           {fields: []string{"firstname", "venueName", "publicUrl", "venueUrl"}, button: "publicUrl", link: "venueUrl"},
	KindConversationMessage:      {fields: []string{"firstname", "providerName", "conversationUrl"}, button: "conversationUrl"},
	KindConversationReply:        {fields: []string{"firstname", "coupleName", "requestUrl"}, button: "requestUrl"},
	KindDataExportReady:          {fields: []string{"firstname", "accountUrl"}, button: "accountUrl"},
	KindReviewInvitation:         {fields: []string{"firstname", "providerName", "eventDate", "reviewUrl"}, button: "reviewUrl"},
}

// Kinds lists every kind, sorted, for tests and previews.
func Kinds() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Fields lists the data fields kind needs, or nil for an unknown kind, so a
// preview tool can build sample data without duplicating the table.
func Fields(kind string) []string {
	return slices.Clone(kinds[kind].fields)
}

//go:embed templates/*.tmpl
var templateFS embed.FS

// Renderer turns a kind and its data into a message. It is safe for
// concurrent use: the templates are parsed once by NewRenderer.
type Renderer struct {
	bundle *i18n.Bundle
	html   *htmltemplate.Template
	text   *texttemplate.Template
}

// NewRenderer parses the embedded layouts; an error means a broken build.
func NewRenderer(b *i18n.Bundle) (*Renderer, error) {
	if b == nil {
		return nil, errors.New("emails: nil i18n bundle")
	}
	h, err := htmltemplate.New("layout.html.tmpl").Option("missingkey=error").ParseFS(templateFS, "templates/layout.html.tmpl")
	if err != nil {
		return nil, fmt.Errorf("emails: parse html layout: %w", err)
	}
	t, err := texttemplate.New("layout.txt.tmpl").Option("missingkey=error").ParseFS(templateFS, "templates/layout.txt.tmpl")
	if err != nil {
		return nil, fmt.Errorf("emails: parse text layout: %w", err)
	}
	return &Renderer{bundle: b, html: h, text: t}, nil
}

// view is what both layouts show; every string is final text.
type view struct {
	Lang, Subject, Preheader, Tagline string
	Greeting                          string
	Paragraphs                        []string
	Button, Link                      *action
	LinkFallback, Signoff, Team       string
	Footer                            string
}

type action struct{ Text, URL string }

// placeholder matches what i18n.T replaces, as the i18n key test does.
var placeholder = regexp.MustCompile(`\{([a-zA-Z]+)\}`)

// Render writes the e-mail kind in lang with data filling its placeholders.
// The result has no recipient: the caller, who knows the address, sets To.
// A language outside the seven falls back to i18n.DefaultLang, as texts do.
// Data is escaped in the HTML part and left as is in the text part.
func (r *Renderer) Render(lang, kind string, data map[string]string) (mail.Message, error) {
	k, ok := kinds[kind]
	if !ok {
		return mail.Message{}, fmt.Errorf("%w: %q", ErrUnknownKind, kind)
	}
	if !i18n.IsLang(lang) {
		lang = i18n.DefaultLang
	}
	kv := make([]string, 0, 2*len(k.fields))
	for _, f := range k.fields {
		v := strings.TrimSpace(data[f])
		if v == "" {
			return mail.Message{}, fmt.Errorf("%w: %s needs %q", ErrMissingField, kind, f)
		}
		switch {
		case slices.Contains(k.dates, f):
			d, err := time.Parse(time.DateOnly, v)
			if err != nil {
				return mail.Message{}, fmt.Errorf("%w: %s field %q: %q", ErrInvalidDate, kind, f, v)
			}
			v = r.bundle.Date(lang, d)
		case slices.Contains(k.times, f):
			at, err := time.Parse(time.RFC3339, v)
			if err != nil {
				return mail.Message{}, fmt.Errorf("%w: %s field %q: %q", ErrInvalidDate, kind, f, v)
			}
			v = r.bundle.DateTime(lang, at, time.UTC) + " UTC"
		}
		kv = append(kv, f, v)
	}
	for _, f := range []string{k.button, k.link} {
		if f == "" {
			continue
		}
		if err := checkURL(data[f]); err != nil {
			return mail.Message{}, fmt.Errorf("%w: %s field %q: %w", ErrInvalidURL, kind, f, err)
		}
	}

	t := texts{r: r, lang: lang, kind: kind, k: k, kv: kv}
	v := view{
		Lang:         lang,
		Subject:      t.get("email." + kind + ".subject"),
		Tagline:      t.get("email.common.tagline"),
		Greeting:     t.get("email." + kind + ".greeting"),
		LinkFallback: t.get("email.common.link_fallback"),
		Signoff:      t.get("email.common.signoff"),
		Team:         t.get("email.common.team"),
		Footer:       t.get("email.common.footer"),
	}
	// Data fills the subject, and a row stored before the forms refused
	// line breaks may hold one: made one line here, the subject the outbox
	// keeps and the relay gets is a header that delivers.
	v.Subject = mail.OneLine(v.Subject)
	// Paragraphs are p1, p2, ... as many as the texts have, so copy can
	// grow without a code change.
	for n := 1; r.bundle.Has(lang, "email."+kind+".p"+strconv.Itoa(n)); n++ {
		v.Paragraphs = append(v.Paragraphs, t.get("email."+kind+".p"+strconv.Itoa(n)))
	}
	if len(v.Paragraphs) == 0 {
		t.errs = append(t.errs, fmt.Errorf("no text for key %q", "email."+kind+".p1"))
	} else {
		v.Preheader = v.Paragraphs[0]
	}
	if k.button != "" {
		v.Button = &action{Text: t.get("email." + kind + ".button"), URL: strings.TrimSpace(data[k.button])}
	}
	if k.link != "" {
		v.Link = &action{Text: t.get("email." + kind + ".link"), URL: strings.TrimSpace(data[k.link])}
	}
	if err := errors.Join(t.errs...); err != nil {
		return mail.Message{}, fmt.Errorf("emails: %s in %s: %w", kind, lang, err)
	}

	var html, text bytes.Buffer
	if err := r.html.Execute(&html, v); err != nil {
		return mail.Message{}, fmt.Errorf("emails: %s in %s: html: %w", kind, lang, err)
	}
	if err := r.text.Execute(&text, v); err != nil {
		return mail.Message{}, fmt.Errorf("emails: %s in %s: text: %w", kind, lang, err)
	}
	return mail.Message{Subject: v.Subject, Text: text.String(), HTML: html.String()}, nil
}

// texts looks up the texts of one rendering and collects what is wrong with
// them, so one error names every bad key.
type texts struct {
	r    *Renderer
	lang string
	kind string
	k    kind
	kv   []string
	errs []error
}

// get returns the text of key with the data in place. A missing key, or a
// placeholder the kind does not provide, is an error rather than a raw key
// or a "{name}" in someone's inbox.
func (t *texts) get(key string) string {
	if !t.r.bundle.Has(t.lang, key) {
		t.errs = append(t.errs, fmt.Errorf("no text for key %q", key))
		return ""
	}
	for _, m := range placeholder.FindAllStringSubmatch(t.r.bundle.T(t.lang, key), -1) {
		if !slices.Contains(t.k.fields, m[1]) {
			t.errs = append(t.errs, fmt.Errorf("key %q uses {%s}, which %s does not provide", key, m[1], t.kind))
		}
	}
	return t.r.bundle.T(t.lang, key, t.kv...)
}

// checkURL accepts absolute http and https URLs, the only links worth a
// button in an e-mail.
func checkURL(s string) error {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return err
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("%q is not an absolute http(s) URL", s)
	}
	return nil
}
