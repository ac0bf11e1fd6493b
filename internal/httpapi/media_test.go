package httpapi

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"noces/internal/media"
	"noces/internal/model"
)

// photoForm is a multipart body with an image file and the form's fields.
func photoForm(t *testing.T, data []byte, fields map[string]string) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if data != nil {
		fw, err := w.CreateFormFile("image", "photo.png")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

// filesForm is a multipart body with several files under one field.
func filesForm(t *testing.T, field string, files map[string][]byte, order []string) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, name := range order {
		fw, err := w.CreateFormFile(field, name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(files[name])
	}
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

var goodPhoto = map[string]string{"title": "Cérémonie laïque", "description": "Une cérémonie au bord du lac d'Annecy."}

func (e *env) uploadPhoto(token string, data []byte, fields map[string]string) resp {
	e.t.Helper()
	ct, body := photoForm(e.t, data, fields)
	return e.do(req{method: "POST", path: "/api/images/upload", token: token, body: body, contentType: ct})
}

func (e *env) makePremium(key string) {
	e.t.Helper()
	now := e.clock.Now()
	if err := e.store.SetUserPremium(context.Background(), e.users[key].ID, model.PremiumActive, model.NullTime(now), sql.NullTime{}, sql.NullString{}, now); err != nil {
		e.t.Fatal(err)
	}
}

// givePage gives a test user a visible public page at /p/slug.
func (e *env) givePage(key, slug string) {
	e.t.Helper()
	now := e.clock.Now()
	err := e.store.CreateCompany(context.Background(), model.Company{UserID: e.users[key].ID, Name: "Maison " + slug, Slug: slug,
		SiretStatus: "active", Siret: "73282932000074", CountryCode: "FR", City: "Lyon", Zipcode: "69002",
		Latitude: sql.NullFloat64{Float64: 45.76, Valid: true}, Longitude: sql.NullFloat64{Float64: 4.84, Valid: true},
		CreatedAt: now, UpdatedAt: now})
	if err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) countRows(table string) int {
	e.t.Helper()
	var n int
	if err := e.store.DB().QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func field(t *testing.T, r resp, name string) string {
	t.Helper()
	f, _ := r.json(t)["fields"].(map[string]any)
	s, _ := f[name].(string)
	return s
}

func TestPhotoUpload(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	r := e.uploadPhoto(tok, pngOf(t, 1600, 900), goodPhoto)
	if r.status != 201 {
		t.Fatalf("upload: %d %s", r.status, r.body)
	}
	im := r.json(t)["image"].(map[string]any)
	if im["title"] != "Cérémonie laïque" || im["isVisible"] != true || im["views"] != nil ||
		im["width"] != 1200.0 || im["height"] != 675.0 || !strings.HasPrefix(im["url"].(string), "/media/images/") {
		t.Errorf("image %v", im)
	}
	for _, u := range []string{im["url"].(string), im["thumbUrl"].(string)} {
		if got := e.do(req{method: "GET", path: u}); got.status != 200 || !bytes.HasPrefix(got.body, []byte("\xff\xd8\xff")) {
			t.Errorf("%s: %d, not a JPEG", u, got.status)
		}
	}

	big := append(pngOf(t, 400, 400), bytes.Repeat([]byte{0}, media.PhotoMaxBytes)...)
	for _, c := range []struct {
		name   string
		data   []byte
		fields map[string]string
		status int
		code   string
		field  string
	}{
		{"a file over 10 MB", big, goodPhoto, 413, "photos.upload.error.too_large", ""},
		{"a text file", []byte("just some text, not a picture at all"), goodPhoto, 415, "photos.upload.error.invalid_format", ""},
		{"a PDF named .png", []byte("%PDF-1.7\n%âãÏÓ\n1 0 obj"), goodPhoto, 415, "photos.upload.error.invalid_format", ""},
		{"a picture under 360 px", pngOf(t, 500, 300), goodPhoto, 422, "photos.upload.error.too_small", "image"},
		{"no file", nil, goodPhoto, 422, "errors.validation", "image"},
		{"no title", pngOf(t, 400, 400), map[string]string{"description": "Une belle description."}, 422, "errors.validation", "title"},
		{"a short description", pngOf(t, 400, 400), map[string]string{"title": "Titre", "description": "court"}, 422, "errors.validation", "description"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := e.countRows("images")
			r := e.uploadPhoto(tok, c.data, c.fields)
			if r.status != c.status || r.json(t)["error"] != c.code {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if c.field != "" && field(t, r, c.field) == "" {
				t.Errorf("no code for %s: %s", c.field, r.body)
			}
			if n := e.countRows("images"); n != before {
				t.Errorf("a refused upload wrote a row")
			}
		})
	}
	t.Run("a body far over the limit is refused before it is read", func(t *testing.T) {
		body := bytes.Repeat([]byte("x"), media.PhotoMaxBytes+200<<10)
		r := e.do(req{method: "POST", path: "/api/images/upload", token: tok, body: body, contentType: "multipart/form-data; boundary=x"})
		if r.status != 413 || r.json(t)["error"] != "photos.upload.error.too_large" {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
	t.Run("JSON is not an upload", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/images/upload", token: tok, body: map[string]string{"title": "x"}})
		if r.status != 415 {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
	t.Run("an admin has no gallery", func(t *testing.T) {
		if r := e.do(req{method: "GET", path: "/api/images", token: e.login("admin").Access}); r.status != 403 {
			t.Errorf("%d", r.status)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		if r := e.do(req{method: "GET", path: "/api/images"}); r.status != 401 {
			t.Errorf("%d", r.status)
		}
	})
}

func TestPhotoQuota(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	ctx := context.Background()
	now := e.clock.Now()
	for i := range media.DefaultFreePhotoQuota {
		id := model.NewID()
		err := e.store.CreateImage(ctx, model.Image{ID: id, OwnerID: e.users["planner"].ID, Title: fmt.Sprintf("Photo %d", i),
			IsVisible: true, ImageFile: model.ImageFile{ImageKey: "images/x/" + id + ".jpg", Width: 800, Height: 600, ThumbKey: "images/x/" + id + "-thumb.jpg",
				ThumbWidth: 480, ThumbHeight: 360, ByteSize: 1000}, CreatedAt: now, UpdatedAt: now})
		if err != nil {
			t.Fatal(err)
		}
	}
	list := e.do(req{method: "GET", path: "/api/images", token: tok}).json(t)
	if list["imageCount"] != 10.0 || list["freePlanQuota"] != 10.0 || list["canAddMore"] != false || list["isPremium"] != false {
		t.Errorf("list %v", list)
	}
	r := e.uploadPhoto(tok, pngOf(t, 400, 400), goodPhoto)
	if r.status != 403 || r.json(t)["error"] != "photos.upload.error.quota_reached" {
		t.Fatalf("free plan at its quota: %d %s", r.status, r.body)
	}
	e.makePremium("planner")
	if r := e.uploadPhoto(tok, pngOf(t, 400, 400), goodPhoto); r.status != 201 {
		t.Fatalf("premium: %d %s", r.status, r.body)
	}
	list = e.do(req{method: "GET", path: "/api/images", token: tok}).json(t)
	if list["imageCount"] != 11.0 || list["canAddMore"] != true {
		t.Errorf("list %v", list)
	}
	// Premium sees each photo's views.
	for _, im := range list["images"].([]any) {
		if im.(map[string]any)["views"] != 0.0 {
			t.Errorf("premium views %v", im)
		}
	}
}

func TestPhotoEditing(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	id := e.uploadPhoto(tok, pngOf(t, 400, 400), goodPhoto).json(t)["image"].(map[string]any)["id"].(string)
	vis := func(token string, body any) resp {
		return e.do(req{method: "PATCH", path: "/api/images/" + id + "/visibility", token: token, body: body})
	}
	if r := vis(tok, nil); r.status != 200 || r.json(t)["isVisible"] != false {
		t.Errorf("toggle: %d %s", r.status, r.body)
	}
	if r := vis(tok, nil); r.json(t)["isVisible"] != true {
		t.Errorf("toggle back: %s", r.body)
	}
	if r := vis(tok, map[string]bool{"isVisible": false}); r.json(t)["isVisible"] != false {
		t.Errorf("set: %s", r.body)
	}
	// A client that names JSON but sends nothing toggles too.
	if r := e.do(req{method: "PATCH", path: "/api/images/" + id + "/visibility", token: tok, body: "", contentType: "application/json"}); r.status != 200 || r.json(t)["isVisible"] != true {
		t.Errorf("empty JSON body: %d %s", r.status, r.body)
	}
	vis(tok, map[string]bool{"isVisible": false})
	r := e.do(req{method: "PATCH", path: "/api/images/" + id, token: tok, body: map[string]string{"title": "  Le vin d'honneur ",
		"description": "Sous les platanes du domaine."}})
	if r.status != 200 || r.json(t)["title"] != "Le vin d'honneur" || r.json(t)["image"].(map[string]any)["isVisible"] != false {
		t.Errorf("update: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "PATCH", path: "/api/images/" + id, token: tok, body: map[string]string{"title": "", "description": "Sous les platanes."}}); r.status != 422 || field(t, r, "title") != "photos.errors.title_required" {
		t.Errorf("empty title: %d %s", r.status, r.body)
	}

	notFound := func(what, method, path string, body any) scenario {
		return scenario{name: "another provider cannot " + what, method: method, path: path, as: "venue", body: body,
			wantStatus: 404, wantCode: "errors.not_found", wantNoWrites: true}
	}
	runScenarios(t, e, []scenario{
		notFound("hide the photo", "PATCH", "/api/images/"+id+"/visibility", nil),
		notFound("retitle the photo", "PATCH", "/api/images/"+id, map[string]string{"title": "Volé", "description": "Une photo volée ici."}),
		notFound("delete the photo", "DELETE", "/api/images/"+id, nil),
		{name: "another provider lists no photo", method: "GET", path: "/api/images", as: "venue",
			wantStatus: 200, wantJSON: map[string]any{"imageCount": 0}},
		{name: "the owner's photo is unchanged by someone else", method: "GET", path: "/api/images", as: "planner",
			wantStatus: 200, wantJSON: map[string]any{"images": []any{map[string]any{"title": "Le vin d'honneur", "isVisible": false}}}},
	})

	url := e.do(req{method: "GET", path: "/api/images", token: tok}).json(t)["images"].([]any)[0].(map[string]any)["url"].(string)
	if r := e.do(req{method: "DELETE", path: "/api/images/" + id, token: tok}); r.status != 204 {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "GET", path: url}); r.status != 404 {
		t.Errorf("the file is still served: %d", r.status)
	}
	if r := e.do(req{method: "DELETE", path: "/api/images/" + id, token: tok}); r.status != 404 {
		t.Errorf("second delete: %d", r.status)
	}
}

func TestPhotoViewsAreCountedOncePerVisitorPerDay(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	e.makePremium("planner")
	id := e.uploadPhoto(tok, pngOf(t, 400, 400), goodPhoto).json(t)["image"].(map[string]any)["id"].(string)
	view := func(ua string) resp {
		return e.do(req{method: "POST", path: "/api/public/images/" + id + "/view", headers: map[string]string{"User-Agent": ua}})
	}
	views := func() any {
		// A fresh session: the clock moves by days, beyond an access token's life.
		return e.do(req{method: "GET", path: "/api/images", token: e.login("planner").Access}).json(t)["images"].([]any)[0].(map[string]any)["views"]
	}
	for range 3 {
		if r := view("browser-a"); r.status != 204 {
			t.Fatalf("%d %s", r.status, r.body)
		}
	}
	view("browser-b")
	if v := views(); v != 2.0 {
		t.Errorf("two visitors: %v views", v)
	}
	e.clock.Advance(24 * time.Hour)
	view("browser-a")
	if v := views(); v != 3.0 {
		t.Errorf("the next day: %v views", v)
	}
	var visitor string
	if err := e.store.DB().QueryRow("SELECT visitor FROM image_views LIMIT 1").Scan(&visitor); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(visitor, "192.0.2") || strings.Contains(visitor, "browser") || len(visitor) != 32 {
		t.Errorf("the stored visitor is not a hash: %q", visitor)
	}
	e.do(req{method: "PATCH", path: "/api/images/" + id + "/visibility", token: e.login("planner").Access, body: map[string]bool{"isVisible": false}})
	if r := view("browser-c"); r.status != 404 {
		t.Errorf("a hidden photo's view: %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/public/images/nope/view"}); r.status != 404 {
		t.Errorf("an unknown photo: %d", r.status)
	}
}

func TestVideos(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	add := func(token string, body map[string]any) resp {
		return e.do(req{method: "POST", path: "/api/videos", token: token, body: body})
	}
	invalid := func(name string, body map[string]any, field, code string) scenario {
		return scenario{name: "a video with " + name + " is refused", method: "POST", path: "/api/videos", as: "planner", body: body,
			wantStatus: 422, wantFields: map[string]string{field: code}, wantNoWrites: true}
	}
	runScenarios(t, e, []scenario{
		invalid("a short title", map[string]any{"title": " Ok ", "link": "https://youtu.be/dQw4w9WgXcQ"}, "title", "videos.errors.title_min_length"),
		invalid("no title", map[string]any{"link": "https://youtu.be/dQw4w9WgXcQ"}, "title", "videos.errors.title_required"),
		invalid("no link", map[string]any{"title": "Notre film"}, "link", "videos.errors.link_required"),
		invalid("a Dailymotion link", map[string]any{"title": "Notre film", "link": "https://www.dailymotion.com/video/x7tgad0"}, "link", "videos.errors.invalid_url"),
		invalid("a YouTube channel", map[string]any{"title": "Notre film", "link": "https://www.youtube.com/@noces"}, "link", "videos.errors.invalid_url"),
		invalid("a script", map[string]any{"title": "Notre film", "link": "javascript:alert(1)"}, "link", "videos.errors.invalid_url"),
	})
	if n := e.countRows("videos"); n != 0 {
		t.Fatalf("refused videos wrote %d rows", n)
	}
	r := add(tok, map[string]any{"title": "Le film du mariage", "description": "Trois minutes d'émotion.",
		"link": "youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "status": true})
	if r.status != 201 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	v := r.json(t)["video"].(map[string]any)
	if v["url"] != "https://www.youtube.com/watch?v=dQw4w9WgXcQ" || v["embedUrl"] != "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" ||
		v["host"] != "youtube" || v["isVisible"] != true {
		t.Errorf("video %v", v)
	}
	id := v["id"].(string)
	vimeo := map[string]any{"title": "Teaser Vimeo", "link": "https://vimeo.com/76979871"}
	if r := add(tok, vimeo); r.status != 403 || r.json(t)["error"] != "videos.errors.quota_reached" {
		t.Errorf("a second video on a free plan: %d %s", r.status, r.body)
	}
	list := e.do(req{method: "GET", path: "/api/videos", token: tok}).json(t)
	if list["videoCount"] != 1.0 || list["freePlanQuota"] != 1.0 || list["canAddMore"] != false {
		t.Errorf("list %v", list)
	}
	e.makePremium("planner")
	if r := add(tok, vimeo); r.status != 201 || r.json(t)["video"].(map[string]any)["embedUrl"] != "https://player.vimeo.com/video/76979871?dnt=1" {
		t.Errorf("premium: %d %s", r.status, r.body)
	}
	other := e.login("venue").Access
	for _, q := range []req{
		{method: "PATCH", path: "/api/videos/" + id + "/visibility", token: other},
		{method: "DELETE", path: "/api/videos/" + id, token: other},
	} {
		if r := e.do(q); r.status != 404 {
			t.Errorf("another provider %s %s: %d", q.method, q.path, r.status)
		}
	}
	if r := e.do(req{method: "PATCH", path: "/api/videos/" + id + "/visibility", token: tok}); r.status != 200 || r.json(t)["isVisible"] != false {
		t.Errorf("toggle: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "DELETE", path: "/api/videos/" + id, token: tok}); r.status != 204 {
		t.Errorf("delete: %d", r.status)
	}
	if l := e.do(req{method: "GET", path: "/api/videos", token: tok}).json(t); l["videoCount"] != 1.0 {
		t.Errorf("after delete %v", l)
	}
}

func TestSocialNetworks(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	r := e.do(req{method: "GET", path: "/api/social-networks", token: tok}).json(t)
	if r["snFacebook"] != "" || r["instagramStatus"].(map[string]any)["available"] != false {
		t.Errorf("empty %v", r)
	}
	save := func(body map[string]string) resp {
		return e.do(req{method: "POST", path: "/api/social-networks", token: tok, body: body})
	}
	ok := save(map[string]string{"snFacebook": "facebook.com/atelier.lumiere", "snInstagram": "https://www.instagram.com/atelier_lumiere/?hl=fr",
		"snTwitter": "https://twitter.com/AtelierLumiere", "snTikTok": "tiktok.com/@atelier.lumiere",
		"snLinkedIn": "https://fr.linkedin.com/company/atelier-lumiere", "snPinterest": ""})
	if ok.status != 200 {
		t.Fatalf("%d %s", ok.status, ok.body)
	}
	got := ok.json(t)
	want := map[string]string{"snFacebook": "https://www.facebook.com/atelier.lumiere", "snInstagram": "https://www.instagram.com/atelier_lumiere",
		"snTwitter": "https://x.com/AtelierLumiere", "snTikTok": "https://www.tiktok.com/@atelier.lumiere",
		"snLinkedIn": "https://www.linkedin.com/company/atelier-lumiere", "snPinterest": ""}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	bad := save(map[string]string{"snFacebook": "https://www.facebook.com/other.page", "snInstagram": "https://www.facebook.com/me",
		"snLinkedIn": "http://www.linkedin.com/in/someone", "snTwitter": "https://x.com/fine"})
	if bad.status != 422 || bad.json(t)["error"] != "social_networks.errors.invalid_urls" ||
		field(t, bad, "snInstagram") != "social_networks.errors.invalid_instagram" ||
		field(t, bad, "snLinkedIn") != "social_networks.errors.invalid_linkedin" || field(t, bad, "snFacebook") != "" {
		t.Errorf("bad links: %d %s", bad.status, bad.body)
	}
	if again := e.do(req{method: "GET", path: "/api/social-networks", token: tok}).json(t); again["snFacebook"] != want["snFacebook"] {
		t.Errorf("a refused save changed the links: %v", again)
	}
	for _, q := range []req{
		{method: "GET", path: "/api/instagram/auth-url", token: tok},
		{method: "POST", path: "/api/instagram/token", token: tok, body: map[string]string{"token": "abc"}},
		{method: "GET", path: "/api/instagram/revoke", token: tok},
	} {
		if r := e.do(q); r.status != 503 || r.json(t)["error"] != "instagram.errors.unavailable" {
			t.Errorf("%s: %d %s", q.path, r.status, r.body)
		}
	}
}

func TestPortrait(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	me := e.do(req{method: "GET", path: "/api/me", token: tok}).json(t)
	if me["missingPortrait"] != true || me["missingExperiences"] != true || me["hasPhotos"] != false {
		t.Errorf("me before %v", me)
	}
	long := "Depuis douze ans, nous accompagnons des couples venus de toute l'Europe dans l'organisation de leur mariage en Provence."
	r := e.do(req{method: "POST", path: "/api/portrait-experiences", token: tok, body: map[string]string{
		"portrait":   `<p>Je suis <strong>Claire</strong>.</p><p></p><p><br></p><p></p><script>alert(1)</script><p onclick="x()">Bienvenue <a href="https://evil.example">ici</a></p>`,
		"experience": "<ul><li><p>" + long + "</p></li></ul>",
		"service":    "<p>   </p>",
		"benefits":   `<p style="color:red">Un suivi <b>personnel</b></p>`,
	}})
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	got := r.json(t)
	if got["portrait"] != "<p>Je suis <strong>Claire</strong>.</p><p></p><p>Bienvenue ici</p>" || got["service"] != "" ||
		got["benefits"] != "<p>Un suivi <b>personnel</b></p>" {
		t.Errorf("sanitised %q", got)
	}
	if again := e.do(req{method: "GET", path: "/api/portrait-experiences", token: tok}).json(t); again["experience"] != got["experience"] {
		t.Errorf("read back %v", again)
	}
	me = e.do(req{method: "GET", path: "/api/me", token: tok}).json(t)
	if me["missingPortrait"] != false || me["missingExperiences"] != false || me["missingBenefits"] != false {
		t.Errorf("me after %v", me)
	}
	t.Run("a copied text is refused", func(t *testing.T) {
		other := e.login("venue").Access
		r := e.do(req{method: "POST", path: "/api/portrait-experiences", token: other, body: map[string]string{
			"portrait": "<p>" + strings.ToUpper(long) + "!</p>", "experience": "", "service": "", "benefits": ""}})
		if r.status != 422 || field(t, r, "portrait") != "portrait.errors.duplicate_text" {
			t.Errorf("%d %s", r.status, r.body)
		}
		if p := e.do(req{method: "GET", path: "/api/portrait-experiences", token: other}).json(t); p["portrait"] != "" {
			t.Errorf("a refused portrait was saved: %v", p)
		}
	})
	t.Run("the same text twice in one portrait is refused", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/portrait-experiences", token: tok, body: map[string]string{
			"portrait": "<p>" + long + "</p>", "experience": "<p>" + long + "</p>", "service": "", "benefits": ""}})
		if r.status != 422 || (field(t, r, "portrait") == "" && field(t, r, "experience") == "") {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
	t.Run("moving a text to another section is not a copy", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/portrait-experiences", token: tok, body: map[string]string{
			"portrait": "<p>" + long + "</p>", "experience": "<p>Dix ans de métier.</p>", "service": "", "benefits": ""}})
		if r.status != 200 {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
	t.Run("a section too long", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/portrait-experiences", token: tok, body: map[string]string{
			"portrait": "<p>" + strings.Repeat("mot ", 1300) + "</p>", "experience": "", "service": "", "benefits": ""}})
		if r.status != 422 || field(t, r, "portrait") != "portrait.errors.too_long" {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
}

func validPortfolio(title string) map[string]any {
	return map[string]any{
		"title": title, "description": "Un mariage champêtre pour 120 invités, " + title + ", entre vignes et oliviers, " +
			"avec une cérémonie laïque au coucher du soleil et un dîner sous les platanes.",
		"weddingDate": "2025-06-14", "totalBudget": 42000, "plannerBudget": 4500, "numberOfGuests": 120,
		"location": "Domaine des Oliviers", "city": "Aix-en-Provence", "postalCode": "13100", "countryCode": "FR",
		"latitude": 43.53, "longitude": 5.45, "style": "Champêtre", "isBudgetHidden": true, "prestations": []int{4, 9},
	}
}

func TestPortfolios(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	e.givePage("planner", "atelier-test")
	create := func(body map[string]any) resp {
		return e.do(req{method: "POST", path: "/api/portfolios", token: tok, body: body})
	}
	invalid := func(name string, change map[string]any, field, code string) scenario {
		body := validPortfolio("Mariage en Provence")
		for k, v := range change {
			body[k] = v
		}
		return scenario{name: "a portfolio with " + name + " is refused", method: "POST", path: "/api/portfolios", as: "planner", body: body,
			wantStatus: 422, wantFields: map[string]string{field: code}, wantNoWrites: true}
	}
	runScenarios(t, e, []scenario{
		invalid("no title", map[string]any{"title": ""}, "title", "portfolio.errors.title_required"),
		invalid("no description", map[string]any{"description": ""}, "description", "portfolio.errors.description_required"),
		invalid("no wedding date", map[string]any{"weddingDate": ""}, "weddingDate", "portfolio.errors.wedding_date_required"),
		invalid("a wedding date in the future", map[string]any{"weddingDate": "2030-01-01"}, "weddingDate", "portfolio.errors.wedding_date_invalid"),
		invalid("no guests", map[string]any{"numberOfGuests": 0}, "numberOfGuests", "portfolio.errors.guests_invalid"),
		invalid("a negative budget", map[string]any{"totalBudget": -1}, "totalBudget", "validation.budget_invalid"),
		invalid("a blank location", map[string]any{"location": " "}, "location", "portfolio.errors.location_required"),
		invalid("no style", map[string]any{"style": ""}, "style", "portfolio.errors.style_required"),
		invalid("a four-digit postal code", map[string]any{"postalCode": "1310"}, "postalCode", "validation.invalid_zipcode"),
		invalid("an unknown service", map[string]any{"prestations": []int{4, 99}}, "prestations", "validation.prestations_invalid"),
	})
	list := func() map[string]any {
		return e.do(req{method: "GET", path: "/api/portfolios", token: tok}).json(t)
	}
	if l := list(); l["canAddMore"] != true || l["isPremium"] != false || l["maxImageBytes"] != float64(5<<20) ||
		l["maxFilesPerUpload"] != 10.0 || l["maxImages"] != 50.0 || l["minImageSide"] != 360.0 {
		t.Errorf("an empty free list: %v", l)
	}
	r := create(validPortfolio("Mariage en Provence"))
	if r.status != 201 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if l := list(); l["canAddMore"] != false || l["portfolioCount"] != 1.0 {
		t.Errorf("a free list at its quota offers another: %v", l)
	}
	p := r.json(t)
	id := p["id"].(string)
	if p["isPublished"] != false || p["isBudgetHidden"] != true || p["totalViews"] != nil || len(p["prestations"].([]any)) != 2 ||
		p["prestations"].([]any)[0].(map[string]any)["label"] != "Organisation complète" {
		t.Errorf("created %v", p)
	}
	if r := create(validPortfolio("Un second mariage")); r.status != 403 || r.json(t)["error"] != "portfolio.errors.quota_reached" {
		t.Errorf("a second portfolio on a free plan: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/portfolios/" + id + "/publish", token: tok}); r.status != 409 ||
		r.json(t)["error"] != "portfolio.errors.publish_without_images" {
		t.Errorf("publish without photos: %d %s", r.status, r.body)
	}

	ct, body := filesForm(t, "images[]", map[string][]byte{
		"salle.png": pngOf(t, 900, 600), "table.png": pngOf(t, 600, 900), "notes.txt": []byte("pas une image du tout"),
		"icone.png": pngOf(t, 100, 100),
	}, []string{"salle.png", "notes.txt", "table.png", "icone.png"})
	up := e.do(req{method: "POST", path: "/api/portfolios/" + id + "/images", token: tok, body: body, contentType: ct})
	if up.status != 200 {
		t.Fatalf("%d %s", up.status, up.body)
	}
	res := up.json(t)
	images, errs := res["images"].([]any), res["errors"].([]any)
	if len(images) != 2 || len(errs) != 2 || images[0].(map[string]any)["isKeyImage"] != true || images[1].(map[string]any)["isKeyImage"] != false {
		t.Fatalf("upload %s", up.body)
	}
	if e0 := errs[0].(map[string]any); e0["file"] != "notes.txt" || e0["error"] != "portfolio.errors.invalid_image" || e0["message"] == "" {
		t.Errorf("file error %v", e0)
	}
	if e1 := errs[1].(map[string]any); e1["file"] != "icone.png" || e1["error"] != "portfolio.errors.image_too_small" {
		t.Errorf("file error %v", e1)
	}
	first, second := images[0].(map[string]any)["id"].(string), images[1].(map[string]any)["id"].(string)
	base := "/api/portfolios/" + id + "/images/"
	if r := e.do(req{method: "PUT", path: base + second + "/key", token: tok}); r.status != 200 {
		t.Errorf("key: %d %s", r.status, r.body)
	} else {
		keys := 0
		for _, im := range r.json(t)["images"].([]any) {
			if im.(map[string]any)["isKeyImage"] == true {
				keys++
				if im.(map[string]any)["id"] != second {
					t.Errorf("the key image is %v", im)
				}
			}
		}
		if keys != 1 {
			t.Errorf("%d key images", keys)
		}
	}
	if r := e.do(req{method: "PUT", path: base + first + "/caption", token: tok, body: map[string]string{"caption": " La salle avant le dîner "}}); r.status != 200 || r.json(t)["caption"] != "La salle avant le dîner" {
		t.Errorf("caption: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "PUT", path: base + first + "/caption", token: tok, body: map[string]string{"caption": strings.Repeat("x", 301)}}); r.status != 422 {
		t.Errorf("long caption: %d", r.status)
	}
	if r := e.do(req{method: "PUT", path: base + "order", token: tok, body: map[string][]string{"imageIds": {second, first}}}); r.status != 200 ||
		r.json(t)["images"].([]any)[0].(map[string]any)["id"] != second {
		t.Errorf("reorder: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "PUT", path: base + "order", token: tok, body: map[string][]string{"imageIds": {second}}}); r.status != 422 {
		t.Errorf("an incomplete order: %d", r.status)
	}

	ct, files := filesForm(t, "images[]", map[string][]byte{"a.png": pngOf(t, 400, 400)}, []string{"a.png"})
	notFound := func(what, method, path string, body any, contentType string) scenario {
		return scenario{name: "another provider cannot " + what, method: method, path: path, as: "venue", body: body, contentType: contentType,
			wantStatus: 404, wantCode: "errors.not_found", wantNoWrites: true}
	}
	runScenarios(t, e, []scenario{
		notFound("read the portfolio", "GET", "/api/portfolios/"+id, nil, ""),
		notFound("change the portfolio", "PUT", "/api/portfolios/"+id, validPortfolio("Volé"), ""),
		notFound("delete the portfolio", "DELETE", "/api/portfolios/"+id, nil, ""),
		notFound("publish the portfolio", "POST", "/api/portfolios/"+id+"/publish", nil, ""),
		notFound("add photos to the portfolio", "POST", "/api/portfolios/"+id+"/images", files, ct),
		notFound("remove a photo of the portfolio", "DELETE", base+first, nil, ""),
		notFound("caption a photo of the portfolio", "PUT", base+first+"/caption", map[string]string{"caption": "x"}, ""),
		notFound("choose the portfolio's key photo", "PUT", base+first+"/key", nil, ""),
		notFound("get the portfolio's public address", "GET", "/api/portfolios/"+id+"/public-url", nil, ""),
		{name: "another provider lists no portfolio", method: "GET", path: "/api/portfolios", as: "venue",
			wantStatus: 200, wantJSON: map[string]any{"portfolioCount": 0}},
	})

	page := "/p/atelier-test/portfolio/" + id
	public := func() resp {
		return e.do(req{method: "GET", path: page, headers: map[string]string{"Host": "fr.localhost"}})
	}
	if r := public(); r.status != 404 {
		t.Errorf("an unpublished portfolio is public: %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/portfolios/" + id + "/publish", token: tok}); r.status != 200 || r.json(t)["isPublished"] != true {
		t.Fatalf("publish: %d %s", r.status, r.body)
	}
	if r := public(); r.status != 200 || !strings.Contains(string(r.body), "Mariage en Provence") || strings.Contains(string(r.body), "Budget total") {
		t.Errorf("published page (budget hidden): %d", r.status)
	}
	if r := e.do(req{method: "GET", path: "/api/portfolios/" + id + "/public-url", token: tok}); r.json(t)["url"] != "http://fr.localhost:8080"+page {
		t.Errorf("public url %s", r.body)
	}
	upd := validPortfolio("Mariage en Provence")
	upd["isBudgetHidden"] = false
	if r := e.do(req{method: "PUT", path: "/api/portfolios/" + id, token: tok, body: upd}); r.status != 200 || r.json(t)["isPublished"] != true {
		t.Errorf("update keeps publication: %d %s", r.status, r.body)
	}
	if r := public(); !strings.Contains(string(r.body), "Budget total") || !strings.Contains(string(r.body), "42 000") {
		t.Errorf("the shown budget is missing")
	}
	if r := e.do(req{method: "POST", path: "/api/portfolios/" + id + "/unpublish", token: tok}); r.status != 200 || r.json(t)["isPublished"] != false {
		t.Errorf("unpublish: %d %s", r.status, r.body)
	}
	if r := public(); r.status != 404 {
		t.Errorf("an unpublished portfolio is public: %d", r.status)
	}

	if r := e.do(req{method: "DELETE", path: base + second, token: tok}); r.status != 204 {
		t.Errorf("remove the key image: %d", r.status)
	}
	left := e.do(req{method: "GET", path: "/api/portfolios/" + id, token: tok}).json(t)["images"].([]any)
	if len(left) != 1 || left[0].(map[string]any)["isKeyImage"] != true {
		t.Errorf("the remaining photo is not the key image: %v", left)
	}
	e.makePremium("planner")
	if l := list(); l["canAddMore"] != true || l["isPremium"] != true {
		t.Errorf("a premium list: %v", l)
	}
	if r := create(validPortfolio("Un second mariage")); r.status != 201 || r.json(t)["totalViews"] != 0.0 {
		t.Errorf("premium second portfolio: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "DELETE", path: "/api/portfolios/" + id, token: tok}); r.status != 204 {
		t.Errorf("delete: %d", r.status)
	}
	if n := e.countRows("portfolio_images"); n != 0 {
		t.Errorf("%d photos left", n)
	}
	t.Run("a copied description is refused", func(t *testing.T) {
		body := validPortfolio("Troisième mariage")
		body["description"] = validPortfolio("Un second mariage")["description"]
		if r := create(body); r.status != 422 || field(t, r, "description") != "portfolio.errors.duplicate_text" {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
}

func TestPortfolioViewStatistics(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	e.givePage("planner", "atelier-stats")
	p := e.do(req{method: "POST", path: "/api/portfolios", token: tok, body: validPortfolio("Mariage au château")}).json(t)
	id := p["id"].(string)
	ct, body := filesForm(t, "images[]", map[string][]byte{"a.png": pngOf(t, 400, 400)}, []string{"a.png"})
	e.do(req{method: "POST", path: "/api/portfolios/" + id + "/images", token: tok, body: body, contentType: ct})
	e.do(req{method: "POST", path: "/api/portfolios/" + id + "/publish", token: tok})
	open := func(ua string) {
		r := e.do(req{method: "GET", path: "/p/atelier-stats/portfolio/" + id, headers: map[string]string{"Host": "fr.localhost", "User-Agent": ua}})
		if r.status != 200 {
			t.Fatalf("%d", r.status)
		}
	}
	stats := func() resp {
		return e.do(req{method: "GET", path: "/api/statistics/portfolio-views?period=7days", token: tok})
	}
	if r := stats(); r.status != 403 || r.json(t)["error"] != "statistics.errors.premium_required" {
		t.Errorf("free plan: %d %s", r.status, r.body)
	}
	open("a")
	open("a")
	open("b")
	e.clock.Advance(24 * time.Hour)
	open("a")
	e.makePremium("planner")
	tok = e.login("planner").Access
	r := stats()
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	data := r.json(t)["data"].([]any)
	if len(data) != 7 {
		t.Fatalf("%d points", len(data))
	}
	yesterday, today := data[5].(map[string]any), data[6].(map[string]any)
	if yesterday["views"] != 2.0 || today["views"] != 1.0 || today["title"] != "Mariage au château" || today["portfolioId"] != id {
		t.Errorf("points %v %v", yesterday, today)
	}
	if got := e.do(req{method: "GET", path: "/api/portfolios/" + id, token: tok}).json(t)["totalViews"]; got != 3.0 {
		t.Errorf("totalViews %v", got)
	}
	if r := e.do(req{method: "GET", path: "/api/statistics/portfolio-views?period=year", token: tok}); r.status != 422 {
		t.Errorf("unknown period: %d", r.status)
	}
}

func TestMeCountsMedia(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	e.uploadPhoto(tok, pngOf(t, 400, 400), goodPhoto)
	e.do(req{method: "POST", path: "/api/videos", token: tok, body: map[string]any{"title": "Le film du mariage", "link": "https://youtu.be/dQw4w9WgXcQ"}})
	me := e.do(req{method: "GET", path: "/api/me", token: tok})
	if me.status != http.StatusOK || me.json(t)["hasPhotos"] != true || me.json(t)["hasVideos"] != true {
		t.Errorf("%s", me.body)
	}
}

// TestPhotoOrder checks that the gallery keeps the order its owner gives it,
// in the owner's list and on the public page, that new photos go last, and
// that a wrong list or someone else's photo moves nothing.
func TestPhotoOrder(t *testing.T) {
	e := newEnv(t)
	e.givePage("planner", "atelier-ordre")
	tok := e.login("planner").Access
	var ids []string
	for _, title := range []string{"Photo Alpha", "Photo Bravo", "Photo Charlie"} {
		r := e.uploadPhoto(tok, pngOf(t, 400, 400), map[string]string{"title": title, "description": "Une photo de mariage au domaine."})
		if r.status != 201 {
			t.Fatalf("upload %s: %d %s", title, r.status, r.body)
		}
		ids = append(ids, r.json(t)["image"].(map[string]any)["id"].(string))
		// Distinct creation times, so only position can explain the order.
		e.clock.Advance(time.Minute)
	}
	titles := func(r resp) []string {
		t.Helper()
		var out []string
		for _, im := range r.json(t)["images"].([]any) {
			out = append(out, im.(map[string]any)["title"].(string))
		}
		return out
	}
	list := func() []string {
		t.Helper()
		return titles(e.do(req{method: "GET", path: "/api/images", token: e.login("planner").Access}))
	}
	// publicOrder is the order of the photos' titles on the public page.
	publicOrder := func() []string {
		t.Helper()
		r := e.do(req{method: "GET", path: "/p/atelier-ordre", headers: map[string]string{"Host": "fr.localhost"}})
		if r.status != 200 {
			t.Fatalf("public page: %d", r.status)
		}
		page := string(r.body)
		var out []string
		for _, title := range []string{"Photo Alpha", "Photo Bravo", "Photo Charlie", "Photo Delta"} {
			if strings.Contains(page, `alt="`+title+`"`) {
				out = append(out, title)
			}
		}
		slices.SortFunc(out, func(a, b string) int { return strings.Index(page, `alt="`+a+`"`) - strings.Index(page, `alt="`+b+`"`) })
		return out
	}
	want := []string{"Photo Alpha", "Photo Bravo", "Photo Charlie"}
	if got := list(); !slices.Equal(got, want) {
		t.Errorf("uploads in creation order, got %v", got)
	}

	order := func(token string, body any) resp {
		return e.do(req{method: "PUT", path: "/api/images/order", token: token, body: body})
	}
	r := order(tok, map[string][]string{"imageIds": {ids[2], ids[0], ids[1]}})
	want = []string{"Photo Charlie", "Photo Alpha", "Photo Bravo"}
	if r.status != 200 || !slices.Equal(titles(r), want) {
		t.Fatalf("reorder: %d %s", r.status, r.body)
	}
	if got := list(); !slices.Equal(got, want) {
		t.Errorf("the list after reordering: %v", got)
	}
	if got := publicOrder(); !slices.Equal(got, want) {
		t.Errorf("the public page after reordering: %v", got)
	}
	r = e.uploadPhoto(tok, pngOf(t, 400, 400), map[string]string{"title": "Photo Delta", "description": "Une photo de mariage au domaine."})
	ids = append(ids, r.json(t)["image"].(map[string]any)["id"].(string))
	want = append(want, "Photo Delta")
	if got := list(); !slices.Equal(got, want) {
		t.Errorf("a new photo goes last: %v", got)
	}
	// A hidden photo leaves the public page, the others keep their order.
	e.do(req{method: "PATCH", path: "/api/images/" + ids[0] + "/visibility", token: tok, body: map[string]bool{"isVisible": false}})
	if got := publicOrder(); !slices.Equal(got, []string{"Photo Charlie", "Photo Bravo", "Photo Delta"}) {
		t.Errorf("the public page without the hidden photo: %v", got)
	}

	e.uploadPhoto(e.login("venue").Access, pngOf(t, 400, 400), map[string]string{"title": "Photo Voisine", "description": "La photo d'un autre prestataire."})
	theirs := e.do(req{method: "GET", path: "/api/images", token: e.login("venue").Access}).json(t)["images"].([]any)[0].(map[string]any)["id"].(string)
	mismatch := map[string]string{"imageIds": "photos.order.error.mismatch"}
	for _, c := range []struct {
		name   string
		as     string
		ids    []string
		status int
		code   string
		fields map[string]string
	}{
		{"a list missing a photo", "planner", []string{ids[1], ids[0], ids[2]}, 422, "errors.validation", mismatch},
		{"a photo named twice", "planner", []string{ids[1], ids[0], ids[2], ids[2]}, 422, "errors.validation", mismatch},
		{"a photo named twice in place of another", "planner", []string{ids[1], ids[0], ids[2], ids[1]}, 422, "errors.validation", mismatch},
		{"an empty list", "planner", []string{}, 422, "errors.validation", mismatch},
		{"another provider's photo in the list", "planner", []string{ids[1], ids[0], ids[2], theirs}, 404, "errors.not_found", nil},
		{"another provider's photo in place of one", "planner", []string{ids[1], ids[0], ids[2], theirs, ids[3]}, 404, "errors.not_found", nil},
		{"an unknown id", "planner", []string{ids[1], ids[0], ids[2], "nope"}, 404, "errors.not_found", nil},
		{"another provider ordering the planner's photos", "venue", []string{ids[3], ids[2], ids[1], ids[0]}, 404, "errors.not_found", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := order(e.login(c.as).Access, map[string][]string{"imageIds": c.ids})
			if r.status != c.status || r.json(t)["error"] != c.code {
				t.Fatalf("%d %s", r.status, r.body)
			}
			for f, code := range c.fields {
				if got := field(t, r, f); got != code {
					t.Errorf("field %s: %q", f, got)
				}
			}
			if got := list(); !slices.Equal(got, want) {
				t.Errorf("a refused order moved photos: %v", got)
			}
		})
	}
	t.Run("the body must be a list of ids", func(t *testing.T) {
		if r := order(tok, map[string]string{"imageIds": ids[0]}); r.status != 400 && r.status != 422 {
			t.Errorf("%d %s", r.status, r.body)
		}
		if got := list(); !slices.Equal(got, want) {
			t.Errorf("a malformed body moved photos: %v", got)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		if r := order("", map[string][]string{"imageIds": ids}); r.status != 401 {
			t.Errorf("%d", r.status)
		}
	})
}
