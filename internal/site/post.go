package site

import (
	"errors"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Every public write is a form posted by a page of the site: the project
// forms, the resend, the confirmation, the review forms and the
// conversation's posts. They follow two rules, each in one place:
//
//   - ServeHTTP refuses (403) any write a page of another site sent
//     (sameOrigin). The public pages have no session, so this is their CSRF
//     defence, with the link's secret where there is one: without it a
//     third-party page could make each of its visitors post a review, one
//     address each, around the per-address limit.
//   - post bounds and reads the body of each form's route: one over its
//     limit gets 413 and a page saying so in the domain's language, whether
//     its length was announced (refused before reading) or not (a chunked
//     body, refused when the limit is reached), and whatever its type.

// formMemory is the part of a multipart body kept in memory; file parts
// beyond it go to temporary files, removed once the form is answered.
const formMemory = 1 << 20

// formLimit is what a form's post may carry.
type formLimit struct {
	// bytes is the most the body may hold.
	bytes int64
	// photo says the form sends a photo, which the over-limit page names.
	photo bool
}

// The limits of the forms' bodies.
var (
	// textLimit bounds the forms of text: the project forms, the
	// conversation's posts.
	textLimit = formLimit{bytes: maxFormBytes}
	// smallLimit bounds the forms of a button: the confirmation, the resend.
	smallLimit = formLimit{bytes: maxSmallForm}
	// reviewLimit bounds the review forms: a photo and the text.
	reviewLimit = formLimit{bytes: maxPhotoBytes + maxFormBytes, photo: true}
)

// post reads the body of a form's post (URL-encoded or multipart) into
// r.PostForm and r.MultipartForm within lim, then runs h. A body over the
// limit is answered 413, an unreadable one 400; h never runs for either.
func (s *Site) post(lim formLimit, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > lim.bytes {
			s.tooLarge(w, r, lim)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, lim.bytes)
		err := r.ParseMultipartForm(formMemory)
		if r.MultipartForm != nil {
			defer func() { _ = r.MultipartForm.RemoveAll() }()
		}
		if errors.Is(err, http.ErrNotMultipart) {
			// URL-encoded (read by ParseForm first), or a type no form
			// sends, whose body is still read below, so its size is
			// judged the same way.
			err = nil
		}
		if err == nil {
			// What the parsers left (multipart's epilogue, a body of
			// another type) counts against the limit too.
			_, err = io.Copy(io.Discard, r.Body)
		}
		switch {
		case bodyTooLarge(err):
			s.tooLarge(w, r, lim)
		case err != nil:
			refusalHeaders(w)
			s.message(w, r, http.StatusBadRequest, "site.badrequest")
		default:
			h(w, r)
		}
	}
}

// bodyTooLarge reports whether err, from reading a body under
// http.MaxBytesReader or parsing it as a form, means the body was too
// large: the reader's own error, or multipart's ErrMessageTooLarge (too many
// parts, or more text than a form keeps in memory).
func bodyTooLarge(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.As(err, &tooBig) || errors.Is(err, multipart.ErrMessageTooLarge)
}

// tooLarge answers a form's body over its limit: 413, and the page says
// what to shorten.
func (s *Site) tooLarge(w http.ResponseWriter, r *http.Request, lim formLimit) {
	refusalHeaders(w)
	// The rest of the body is not read: the connection cannot carry
	// another request after it.
	w.Header().Set("Connection", "close")
	text := "site.toolarge.text"
	if lim.photo {
		text = "site.toolarge.text_photo"
	}
	s.messageText(w, r, http.StatusRequestEntityTooLarge, "site.toolarge.heading", text)
}

// refusalHeaders are the headers of a refused write: its address may be a
// private link (/c/{token}, an invitation), which the page's links must
// never carry away in a Referer.
func refusalHeaders(w http.ResponseWriter) {
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
}

// safeMethod tells the methods that change nothing.
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// sameOrigin reports whether a write comes from a page of the host it is
// sent to, the public host of one of the seven domains, as the browser says:
//
//   - Sec-Fetch-Site, when sent, must be same-origin (or none: the person's
//     own doing). same-site is refused too: the back-office hosts share the
//     site but are another origin, whose pages have no public form.
//   - Origin, when it is an origin, must be the request's own host (the
//     scheme is not compared: behind a proxy ending TLS the server cannot
//     tell it).
//   - Origin "null" (a sandboxed frame, a data: or file: page, a redirect
//     from elsewhere) is refused unless Sec-Fetch-Site vouches for it: a
//     page of ours with Referrer-Policy no-referrer would post with it, so
//     the site's form pages use same-origin (privateHeaders).
//   - Neither header: no browser that another site's page can drive.
//
// A header sent twice is refused: a browser sends one.
func sameOrigin(r *http.Request) bool {
	fetchSite, origin := r.Header.Values("Sec-Fetch-Site"), r.Header.Values("Origin")
	if len(fetchSite) > 1 || len(origin) > 1 {
		return false
	}
	vouched := false
	if len(fetchSite) == 1 {
		switch fetchSite[0] {
		case "same-origin", "none":
			vouched = true
		default:
			return false
		}
	}
	switch {
	case len(origin) == 0:
		return true
	case origin[0] == "null":
		return vouched
	}
	u, err := url.Parse(origin[0])
	if err != nil || u.Scheme == "" || u.Host == "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	return hostKey(u.Host, u.Scheme) == hostKey(r.Host, "")
}

// hostKey is a host[:port] as compared: lowercase, without a final dot nor
// the scheme's default port (either default for the request's Host, whose
// scheme a proxy ending TLS hides).
func hostKey(hostport, scheme string) string {
	hostport = strings.ToLower(hostport)
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = hostport, ""
	}
	host = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), ".")
	switch {
	case port == "80" && (scheme == "http" || scheme == ""), port == "443" && (scheme == "https" || scheme == ""):
		port = ""
	}
	if port == "" {
		return host
	}
	return net.JoinHostPort(host, port)
}
