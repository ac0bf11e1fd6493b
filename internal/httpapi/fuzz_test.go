package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"noces/internal/apperr"
)

// fuzzBody has the shapes API bodies have: texts, numbers, a pointer, a
// nested object and lists of texts and of objects.
type fuzzBody struct {
	Name   string   `json:"name"`
	Tags   []string `json:"tags"`
	Count  int      `json:"count"`
	Flag   *bool    `json:"flag"`
	Nested struct {
		Text string  `json:"text"`
		Rate float64 `json:"rate"`
	} `json:"nested"`
	Items []struct {
		Label string `json:"label"`
	} `json:"items"`
}

// texts lists every string a decoded fuzzBody holds.
func (b fuzzBody) texts() []string {
	out := append([]string{b.Name, b.Nested.Text}, b.Tags...)
	for _, it := range b.Items {
		out = append(out, it.Label)
	}
	return out
}

// FuzzDecodeJSON: whatever the body, decodeJSON answers a 400, 413 or 415
// (never a 500 or a panic); what it accepts is one JSON value of known
// fields only, at most 1 MiB, whose texts are the sender's valid UTF-8.
// pad adds that many KiB of trailing spaces, to cross the size limit.
func FuzzDecodeJSON(f *testing.F) {
	f.Add([]byte(`{"name":"Léa","tags":["a","b"],"count":3,"flag":true,"nested":{"text":"x","rate":1.5},"items":[{"label":"y"}]}`), uint16(0))
	f.Add([]byte(`{"name":"x","unknown":1}`), uint16(0))
	f.Add([]byte(`{"nested":{"text":"`+"\xff"+`"}}`), uint16(0))
	f.Add([]byte(`{"items":[{"label":"\udc00"}]}`), uint16(0))
	f.Add([]byte(`{"name":"\ud83d\ude00 \ufffd"}`), uint16(0))
	f.Add([]byte(`{"name":"x"} {"name":"y"}`), uint16(0))
	f.Add([]byte(`{"count":"three"}`), uint16(0))
	f.Add([]byte(`{"name":"x"}`), uint16(1100))
	f.Fuzz(func(t *testing.T, raw []byte, pad uint16) {
		body := raw
		if pad > 0 {
			body = append(bytes.Clone(raw), bytes.Repeat([]byte(" "), int(pad%1100)<<10)...)
		}
		hr := httptest.NewRequest("POST", "/api/x", bytes.NewReader(body))
		hr.Header.Set("Content-Type", "application/json")
		var dst fuzzBody
		err := decodeJSON(httptest.NewRecorder(), hr, &dst)
		if err == nil {
			if len(body) > maxJSONBody {
				t.Fatalf("a body of %d bytes was accepted", len(body))
			}
			var top map[string]json.RawMessage
			if json.Unmarshal(raw, &top) == nil {
				for k := range top {
					if !strings.Contains(",name,tags,count,flag,nested,items,", ","+strings.ToLower(k)+",") {
						t.Fatalf("unknown field %q accepted", k)
					}
				}
			}
			for _, s := range dst.texts() {
				if !utf8.ValidString(s) {
					t.Fatalf("invalid UTF-8 decoded: %q", s)
				}
				if n := strings.Count(s, "\uFFFD"); n > 0 && n > bytes.Count(raw, []byte("\uFFFD"))+bytes.Count(bytes.ToLower(raw), []byte(`\ufffd`)) {
					t.Fatalf("a U+FFFD the sender did not write: %q from %q", s, raw)
				}
			}
			return
		}
		e, ok := apperr.As(err)
		if !ok {
			t.Fatalf("not an apperr: %v", err)
		}
		switch e.Kind {
		case apperr.TooLarge:
			if len(body) <= maxJSONBody {
				t.Fatalf("%d bytes called too large", len(body))
			}
		case apperr.Malformed:
			for field, code := range e.Fields {
				if !utf8.ValidString(field) || field == "" {
					t.Fatalf("field name %q", field)
				}
				if code == "validation.invalid_utf8" && utf8.Valid(raw) && !bytes.Contains(raw, []byte(`\u`)) {
					t.Fatalf("valid UTF-8 refused as invalid: %q", raw)
				}
			}
		default:
			t.Fatalf("kind %v for %q: %v", e.Kind, raw, err)
		}
	})
}

// fuzzUploadLimit keeps the fuzzed uploads small enough to cross it.
const fuzzUploadLimit = 4 << 10

// FuzzMultipart: whatever the body, boundary and length, the upload parser
// answers with a form or a 400, 413 or 415 (never a panic or a 500); a form
// it returns holds only valid UTF-8 texts and file names, and never more
// bytes than the limit.
func FuzzMultipart(f *testing.F) {
	form := func(fields map[string]string, files map[string]string) ([]byte, string) {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		_ = w.SetBoundary("fuzzboundary")
		for k, v := range fields {
			_ = w.WriteField(k, v)
		}
		for name, data := range files {
			fw, _ := w.CreateFormFile("image", name)
			_, _ = fw.Write([]byte(data))
		}
		_ = w.Close()
		return b.Bytes(), "fuzzboundary"
	}
	add := func(body []byte, boundary string, withLength bool) { f.Add(body, boundary, withLength) }
	b, bd := form(map[string]string{"title": "Cérémonie", "description": "ok"}, map[string]string{"photo.png": "\x89PNG\r\n"})
	add(b, bd, true)
	add(b, bd, false)
	b, bd = form(map[string]string{"title": "C\xe9r\xe9monie"}, nil)
	add(b, bd, true)
	b, bd = form(nil, map[string]string{"ch\xe2teau.png": "x"})
	add(b, bd, false)
	b, bd = form(map[string]string{"description": strings.Repeat("a", 5000)}, nil)
	add(b, bd, false)
	add([]byte("--fuzzboundary\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nx"), "fuzzboundary", true)
	add([]byte("not multipart at all"), "", true)
	f.Fuzz(func(t *testing.T, body []byte, boundary string, withLength bool) {
		var rd io.Reader = bytes.NewReader(body)
		if !withLength {
			rd = io.MultiReader(rd)
		}
		hr := httptest.NewRequest("POST", "/api/images/upload", rd)
		if !withLength {
			hr.ContentLength = -1
		}
		hr.Header.Set("Content-Type", fmt.Sprintf("multipart/form-data; boundary=%q", boundary))
		form, err := parseMultipart(httptest.NewRecorder(), hr, fuzzUploadLimit, "photos.upload.error.too_large")
		if err != nil {
			e, ok := apperr.As(err)
			if !ok || (e.Kind != apperr.Malformed && e.Kind != apperr.TooLarge && e.Kind != apperr.UnsupportedType) {
				t.Fatalf("%v", err)
			}
			if e.Kind == apperr.TooLarge && len(body) <= fuzzUploadLimit && !strings.Contains(err.Error(), "message too large") {
				t.Fatalf("%d bytes called too large: %v", len(body), err)
			}
			return
		}
		defer form.RemoveAll()
		if len(body) > fuzzUploadLimit {
			t.Fatalf("a body of %d bytes was parsed", len(body))
		}
		for name, vs := range form.Value {
			for _, v := range append([]string{name}, vs...) {
				if !utf8.ValidString(v) {
					t.Fatalf("invalid UTF-8 accepted: %q", v)
				}
			}
		}
		for _, fhs := range form.File {
			for _, fh := range fhs {
				if !utf8.ValidString(fh.Filename) {
					t.Fatalf("invalid UTF-8 file name accepted: %q", fh.Filename)
				}
			}
		}
	})
}
