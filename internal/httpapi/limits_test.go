package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// chunked hides a body's length, as a client streaming it would.
type chunked struct{ r io.Reader }

func (c chunked) Read(p []byte) (int, error) { return c.r.Read(p) }

// post sends body to the server over TCP, with or without Content-Length.
func post(t *testing.T, url, contentType, token string, body []byte, withLength bool) (int, map[string]any) {
	t.Helper()
	var rd io.Reader = bytes.NewReader(body)
	if !withLength {
		rd = chunked{rd}
	}
	hr, err := http.NewRequest("POST", url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if !withLength {
		hr.ContentLength = -1
	}
	hr.Header.Set("Content-Type", contentType)
	if token != "" {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	defer res.Body.Close()
	var out map[string]any
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

func TestBodiesOverTheLimitAre413WithOrWithoutALength(t *testing.T) {
	e := newEnv(t)
	e.makePremium("planner")
	tok := e.login("planner").Access
	portfolio := e.do(req{method: "POST", path: "/api/portfolios", token: tok, body: validPortfolio("Trop lourd")}).json(t)
	srv := httptest.NewServer(e.handler)
	t.Cleanup(srv.Close)

	big := bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 12<<20/4) // 12 MiB, over every one-file limit
	uploads := []struct{ name, path, field string }{
		{"profile image", "/api/images/upload-profile-image", "image"},
		{"gallery photo", "/api/images/upload", "image"},
		{"portfolio images", "/api/portfolios/" + portfolio["id"].(string) + "/images", "images[]"},
	}
	for _, u := range uploads {
		ct, body := multipartBody(t, u.field, "big.png", big)
		if u.name == "portfolio images" {
			// Over the limit of a whole upload of several files.
			files := map[string][]byte{}
			var order []string
			for i := range 6 {
				name := string(rune('a'+i)) + ".png"
				files[name], order = big, append(order, name)
			}
			ct, body = filesForm(t, u.field, files, order)
		}
		for _, withLength := range []bool{true, false} {
			status, out := post(t, srv.URL+u.path, ct, tok, body, withLength)
			if status != http.StatusRequestEntityTooLarge {
				t.Errorf("%s (Content-Length %t): %d %v", u.name, withLength, status, out)
			}
		}
	}

	t.Run("too many parts or too big a text field", func(t *testing.T) {
		var many bytes.Buffer
		mw := multipart.NewWriter(&many)
		for range 1100 {
			_ = mw.WriteField("title", "x")
		}
		_ = mw.Close()
		var long bytes.Buffer
		lw := multipart.NewWriter(&long)
		_ = lw.WriteField("description", strings.Repeat("a", 12<<20))
		_ = lw.Close()
		for name, body := range map[string]struct {
			ct   string
			data []byte
		}{"1,100 parts": {mw.FormDataContentType(), many.Bytes()}, "a 12 MiB text field": {lw.FormDataContentType(), long.Bytes()}} {
			for _, u := range uploads {
				for _, withLength := range []bool{true, false} {
					status, out := post(t, srv.URL+u.path, body.ct, tok, body.data, withLength)
					if status != http.StatusRequestEntityTooLarge {
						t.Errorf("%s to %s (Content-Length %t): %d %v", name, u.name, withLength, status, out)
					}
				}
			}
		}
	})

	t.Run("a JSON body", func(t *testing.T) {
		huge := []byte(`{"firstname":"` + strings.Repeat("a", 2<<20) + `"}`)
		for _, withLength := range []bool{true, false} {
			status, out := post(t, srv.URL+"/api/account/personal-info", "application/json", tok, huge, withLength)
			if status != http.StatusRequestEntityTooLarge || out["error"] != "errors.payload_too_large" {
				t.Errorf("Content-Length %t: %d %v", withLength, status, out)
			}
		}
	})
}
