package venue

import (
	"bytes"
	"errors"
	"mime/multipart"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
)

// fuzzBoundary is the boundary of the fuzzed bodies: the body is what a
// client controls.
const fuzzBoundary = "fuzz-boundary"

// seedForm is a multipart body with fields and files, for the corpus.
func seedForm(fields [][2]string, files map[string][]byte) []byte {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	_ = w.SetBoundary(fuzzBoundary)
	for _, f := range fields {
		_ = w.WriteField(f[0], f[1])
	}
	for name, data := range files {
		fw, _ := w.CreateFormFile(name, "p.jpg")
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	return b.Bytes()
}

// FuzzReadForm feeds arbitrary bodies to the venue form's reader and its
// rules: neither may panic; what the reader accepts names known fields only,
// each once, at most MaxVenueImages photos, texts within their limits and
// valid UTF-8; a form the rules accept gives a venue that keeps them.
func FuzzReadForm(f *testing.F) {
	good := [][2]string{{"name", "Château"}, {"type", "castle"}, {"email", "a@b.fr"}, {"phone", "0123456789"},
		{"address", "1 rue"}, {"zipcode", "75001"}, {"city", "Paris"}, {"countryCode", "FR"},
		{"description", "Un lieu magnifique pour un mariage."}, {"seatedCapacity", "10"}, {"standingCapacity", "20"},
		{"minPrice", "1"}, {"maxPrice", "2"}, {"prestations", `["catering"]`},
		{"prestationDetails", `[{"title":"catering","description":"Un menu complet.","budgetStartingFrom":5,"isDescriptionVisible":true,"isBudgetVisible":true}]`},
		{"videos", `[{"link":"youtu.be/dQw4w9WgXcQ","title":"Un film"}]`}, {"features", `{"garden":true}`},
		{"contactPerson", `{"name":"A","role":"B"}`}, {"images[0][alt]", "x"}, {"images[0][isKeyImage]", "true"}}
	f.Add(seedForm(good, map[string][]byte{"images[0][file]": []byte("\xff\xd8\xff\xe0 not a jpeg")}))
	f.Add(seedForm([][2]string{{"images[29][caption]", "y"}, {"images[30][alt]", "z"}}, nil))
	f.Add(seedForm([][2]string{{"name", "a"}, {"name", "b"}}, nil))
	f.Add(seedForm([][2]string{{"images[01][alt]", "a"}, {"images[1][file", "b"}, {"unknown", "c"}}, nil))
	f.Add(seedForm([][2]string{{"features", `{"garden":1}`}, {"prestations", `"catering"`}, {"latitude", "NaN"}, {"longitude", "1"}}, nil))
	f.Add([]byte("--fuzz-boundary\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nx"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, body []byte) {
		files := 0
		form, err := ReadForm(multipart.NewReader(bytes.NewReader(body), fuzzBoundary), func(index int, data []byte, release func()) error {
			defer release()
			if index < 0 || index >= model.MaxVenueImages || len(data) > MaxImageBytes {
				t.Fatalf("photo %d of %d bytes handed over", index, len(data))
			}
			files++
			return nil
		})
		if err != nil {
			if _, ok := apperr.As(err); !ok {
				t.Fatalf("ReadForm: %v is not a user's error", err)
			}
			return
		}
		for name, v := range form.Values {
			if !slices.Contains(scalarFields, name) && !slices.Contains(jsonFields, name) {
				t.Fatalf("unknown field %q accepted", name)
			}
			if !utf8.ValidString(v) || len(v) > maxJSONBytes {
				t.Fatalf("field %q: %d bytes, or not UTF-8", name, len(v))
			}
		}
		withFile := 0
		for i, im := range form.Images {
			if im.Index < 0 || im.Index >= model.MaxVenueImages || (i > 0 && form.Images[i-1].Index >= im.Index) {
				t.Fatalf("images out of order or range: %+v", form.Images)
			}
			if im.HasFile {
				withFile++
			}
		}
		if withFile != files {
			t.Fatalf("%d photos read, %d handed over", withFile, files)
		}
		d := draft{venue: model.Venue{ID: "v", OwnerID: "o"}}
		errs := apperr.Fields{}
		applyForm(&d, form, true, errs)
		if len(errs) > 0 {
			return
		}
		v := d.venue
		if n := utf8.RuneCountInString(v.Name); n < nameMin || n > nameMax || v.Name != strings.TrimSpace(v.Name) {
			t.Fatalf("name %q accepted", v.Name)
		}
		if !slices.Contains(model.VenueTypes, v.Type) || !countryOK(v.CountryCode) || v.MinPrice > v.MaxPrice || v.SeatedCapacity < 1 {
			t.Fatalf("venue %+v accepted", v)
		}
		if len(d.sets.Prestations) == 0 {
			t.Fatal("a venue without prestations accepted")
		}
		for _, det := range d.sets.Details {
			if !slices.Contains(d.sets.Prestations, det.Prestation) || det.BudgetStartingFrom < 1 {
				t.Fatalf("detail %+v accepted", det)
			}
		}
		for _, vd := range d.videos {
			if vd.Host == "" || vd.ExternalID == "" {
				t.Fatalf("video %+v accepted", vd)
			}
		}
	})
}

func TestReadFormStopsAtTheFirstPhotoOverTheLimit(t *testing.T) {
	body := seedForm([][2]string{{"name", "x"}}, map[string][]byte{"images[3][file]": make([]byte, MaxImageBytes+1)})
	_, err := ReadForm(multipart.NewReader(bytes.NewReader(body), fuzzBoundary), func(int, []byte, func()) error {
		t.Fatal("a photo over the limit was handed over")
		return nil
	})
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.TooLarge || e.Fields["images[3].file"] != "venue.errors.image_too_large" {
		t.Fatalf("err = %v", err)
	}
}

func TestReadFormPassesOnTheCallbacksError(t *testing.T) {
	stop := errors.New("stop")
	body := seedForm(nil, map[string][]byte{"images[0][file]": []byte("x")})
	if _, err := ReadForm(multipart.NewReader(bytes.NewReader(body), fuzzBoundary), func(int, []byte, func()) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("err = %v", err)
	}
}
