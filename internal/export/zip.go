package export

import (
	"archive/zip"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

// Source is what Write reads: the rows from the store, the photos from the
// media storage, the README's texts from the catalogue.
type Source struct {
	Store *store.Store
	Blobs blob.Store
	Texts *i18n.Bundle
}

// Counts says how many rows of each section, and how many photos, a zip
// holds: the job logs them, tests compare them with the database.
type Counts struct {
	Rows   map[string]int
	Photos int
}

// Write streams the zip of everything user owns to w: each section of
// store.ExportSections as CSV and as JSON, the original photos under
// photos/, and a README.txt in the user's language. Rows go from the
// database cursor to the compressor one at a time and each photo is copied
// in 32 KB pieces, so memory stays flat whatever the size of the account.
// A photo missing from the storage is listed in the README, not fatal: the
// rest of the data is still the provider's to take.
func Write(ctx context.Context, w io.Writer, src Source, user model.User, now time.Time) (Counts, error) {
	zw := zip.NewWriter(w)
	counts := Counts{Rows: map[string]int{}}
	for _, sec := range store.ExportSections() {
		n, err := writeCSV(ctx, zw, src.Store, sec, user.ID, now)
		if err != nil {
			return counts, err
		}
		counts.Rows[sec.Name] = n
		if err := writeJSON(ctx, zw, src.Store, sec, user.ID, now); err != nil {
			return counts, err
		}
	}
	photos, missing, err := writePhotos(ctx, zw, src, user.ID, now)
	if err != nil {
		return counts, err
	}
	counts.Photos = photos
	if err := writeReadme(zw, src.Texts, user, counts, missing, now); err != nil {
		return counts, err
	}
	if err := zw.Close(); err != nil {
		return counts, fmt.Errorf("export: close zip: %w", err)
	}
	return counts, nil
}

func entry(zw *zip.Writer, name string, method uint16, now time.Time) (io.Writer, error) {
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: now})
	if err != nil {
		return nil, fmt.Errorf("export: zip entry %s: %w", name, err)
	}
	return w, nil
}

// SafeCell defuses a cell a spreadsheet would run as a formula: one that
// starts with =, +, -, @, a tab or a carriage return gets a leading
// apostrophe (OWASP's advice for CSV injection). A couple writes the
// message and the names; the provider opens the file in Excel.
func SafeCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

func writeCSV(ctx context.Context, zw *zip.Writer, st *store.Store, sec store.ExportSection, userID string, now time.Time) (int, error) {
	w, err := entry(zw, sec.Name+".csv", zip.Deflate, now)
	if err != nil {
		return 0, err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(sec.Columns); err != nil {
		return 0, fmt.Errorf("export: %s.csv: %w", sec.Name, err)
	}
	out := make([]string, len(sec.Columns))
	n := 0
	err = st.StreamExportSection(ctx, sec, userID, func(cells []string, _ []bool) error {
		for i, c := range cells {
			out[i] = SafeCell(c)
		}
		n++
		return cw.Write(out)
	})
	if err != nil {
		return 0, err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return 0, fmt.Errorf("export: %s.csv: %w", sec.Name, err)
	}
	return n, nil
}

// writeJSON writes the section as a JSON array of objects, one per line,
// encoded row by row: never the whole array in memory.
func writeJSON(ctx context.Context, zw *zip.Writer, st *store.Store, sec store.ExportSection, userID string, now time.Time) error {
	w, err := entry(zw, sec.Name+".json", zip.Deflate, now)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, "["); err != nil {
		return err
	}
	keys := make([][]byte, len(sec.Columns))
	for i, c := range sec.Columns {
		keys[i], _ = json.Marshal(c)
	}
	first := true
	var line []byte
	err = st.StreamExportSection(ctx, sec, userID, func(cells []string, null []bool) error {
		line = line[:0]
		if !first {
			line = append(line, ',')
		}
		first = false
		line = append(line, "\n{"...)
		for i, c := range cells {
			if i > 0 {
				line = append(line, ',')
			}
			line = append(line, keys[i]...)
			line = append(line, ':')
			if null[i] {
				line = append(line, "null"...)
				continue
			}
			v, err := json.Marshal(c)
			if err != nil {
				return err
			}
			line = append(line, v...)
		}
		line = append(line, '}')
		_, err := w.Write(line)
		return err
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n]\n")
	return err
}

// PhotoName is the file of a photo in the zip: photos/<id><extension of
// its stored key>.
func PhotoName(id, key string) string {
	ext := strings.ToLower(path.Ext(key))
	if len(ext) > 6 {
		ext = ""
	}
	return "photos/" + id + ext
}

// writePhotos copies each original photo into the zip, stored as is (a
// JPEG or WebP does not shrink further). It returns how many were copied
// and the names of those the storage did not have.
func writePhotos(ctx context.Context, zw *zip.Writer, src Source, userID string, now time.Time) (int, []string, error) {
	var sec store.ExportSection
	for _, s := range store.ExportSections() {
		if s.Name == "photos" {
			sec = s
		}
	}
	n := 0
	var missing []string
	buf := make([]byte, 32<<10)
	err := src.Store.StreamExportSection(ctx, sec, userID, func(cells []string, _ []bool) error {
		id, key := cells[0], cells[1]
		r, _, err := src.Blobs.Open(ctx, key)
		if errors.Is(err, blob.ErrNotFound) || errors.Is(err, blob.ErrBadKey) {
			missing = append(missing, PhotoName(id, key))
			return nil
		}
		if err != nil {
			return fmt.Errorf("export: photo %s: %w", id, err)
		}
		defer r.Close()
		w, err := entry(zw, PhotoName(id, key), zip.Store, now)
		if err != nil {
			return err
		}
		if _, err := io.CopyBuffer(w, r, buf); err != nil {
			return fmt.Errorf("export: photo %s: %w", id, err)
		}
		n++
		return nil
	})
	return n, missing, err
}

// writeReadme explains the files in the provider's language.
func writeReadme(zw *zip.Writer, texts *i18n.Bundle, u model.User, c Counts, missing []string, now time.Time) error {
	w, err := entry(zw, "README.txt", zip.Deflate, now)
	if err != nil {
		return err
	}
	lang := u.Locale
	if !i18n.IsLang(lang) {
		lang = i18n.DefaultLang
	}
	t := func(key string, kv ...string) string { return texts.T(lang, "export.readme."+key, kv...) }
	var b strings.Builder
	b.WriteString(t("title", "firstname", u.Firstname) + "\r\n\r\n")
	b.WriteString(t("intro", "date", now.UTC().Format("2006-01-02")) + "\r\n\r\n")
	b.WriteString(t("formats") + "\r\n\r\n")
	for _, sec := range store.ExportSections() {
		fmt.Fprintf(&b, "%s.csv, %s.json (%d): %s\r\n", sec.Name, sec.Name, c.Rows[sec.Name], t("files."+sec.Name))
	}
	fmt.Fprintf(&b, "photos/ (%d): %s\r\n\r\n", c.Photos, t("files.photo_files"))
	b.WriteString(t("formulas") + "\r\n")
	b.WriteString(t("locked") + "\r\n")
	if len(missing) > 0 {
		b.WriteString("\r\n" + t("missing") + "\r\n")
		for _, m := range missing {
			b.WriteString("  " + m + "\r\n")
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}
