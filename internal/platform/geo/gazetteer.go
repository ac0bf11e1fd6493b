package geo

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// gazetteerData is made by tools/gazetteer (see its README for the sources
// and their licences): one line per place and postal code,
// country TAB postcode TAB city TAB lat TAB lng TAB population TAB aliases
// (aliases separated by |), lines starting with # are comments.
//
//go:embed data/gazetteer.tsv.gz
var gazetteerData []byte

// Gazetteer answers searches from the cities and postal codes shipped with
// the binary. It loads them on first use (or on Load) and is safe for
// concurrent use.
type Gazetteer struct {
	data []byte

	once     sync.Once
	err      error
	loadTime time.Duration

	rows    []row
	members map[int32][]int32 // a place's rows (first row = the place), when more than one
	index   [numCountries]countryIndex
}

const numCountries = 7

type row struct {
	country uint8 // index in Countries
	postKey string
	zipcode string
	city    string
	lat     float64
	lng     float64
	pop     int32
}

// countryIndex holds one country's sorted search keys.
type countryIndex struct {
	names []nameKey // sorted by key
	posts []int32   // rows with a postal code, sorted by it
}

// nameKey is one way to find a place: its name (tierName), another name or
// spelling (tierAlias), or a later word of its name (tierWord).
type nameKey struct {
	key   string
	place int32
	tier  uint8
}

const (
	tierName uint8 = iota
	tierAlias
	tierWord
)

// NewGazetteer returns the gazetteer of the embedded data.
func NewGazetteer() *Gazetteer { return &Gazetteer{data: gazetteerData} }

// newGazetteerFrom is for tests that bring their own data.
func newGazetteerFrom(gz []byte) *Gazetteer { return &Gazetteer{data: gz} }

// Load reads and indexes the data once; later calls return the first
// result. Search calls it, so calling it at start only moves the cost.
func (g *Gazetteer) Load() error {
	g.once.Do(func() {
		start := time.Now()
		g.err = g.load()
		g.loadTime = time.Since(start)
		g.data = nil
	})
	return g.err
}

// LoadTime is how long Load took (zero before it ran).
func (g *Gazetteer) LoadTime() time.Duration {
	_ = g.Load()
	return g.loadTime
}

// Len is the number of rows (place and postal code pairs) loaded.
func (g *Gazetteer) Len() int {
	if g.Load() != nil {
		return 0
	}
	return len(g.rows)
}

func (g *Gazetteer) load() error {
	zr, err := gzip.NewReader(bytes.NewReader(g.data))
	if err != nil {
		return fmt.Errorf("geo: gazetteer: %w", err)
	}
	var buf bytes.Buffer
	if n := len(g.data); n >= 4 { // gzip ends with the data's size
		buf.Grow(int(binary.LittleEndian.Uint32(g.data[n-4:])) + 1)
	}
	if _, err := io.Copy(&buf, zr); err != nil {
		return fmt.Errorf("geo: gazetteer: %w", err)
	}
	text := buf.String() // every field below is a substring of it

	countryIdx := map[string]uint8{}
	for i, c := range Countries {
		countryIdx[c] = uint8(i)
	}
	n := strings.Count(text, "\n")
	g.rows = make([]row, 0, n)
	aliases := make([]string, 0, n)
	prevCountry, prevCity := "", ""
	for lineNo := 1; text != ""; lineNo++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if line == "" || line[0] == '#' {
			continue
		}
		var f [7]string
		n := 0
		for n < 6 {
			var ok bool
			f[n], line, ok = strings.Cut(line, "\t")
			if !ok {
				break
			}
			n++
		}
		f[n] = line
		if n < 5 {
			return fmt.Errorf("geo: gazetteer line %d: %d fields", lineNo, n+1)
		}
		c, ok := countryIdx[f[0]]
		if !ok {
			return fmt.Errorf("geo: gazetteer line %d: country %q", lineNo, f[0])
		}
		if f[0] < prevCountry || f[0] == prevCountry && f[2] < prevCity {
			return fmt.Errorf("geo: gazetteer line %d: not sorted by country and city", lineNo)
		}
		prevCountry, prevCity = f[0], f[2]
		lat, err1 := strconv.ParseFloat(f[3], 64)
		lng, err2 := strconv.ParseFloat(f[4], 64)
		pop, err3 := strconv.ParseInt(f[5], 10, 32)
		if err := errors.Join(err1, err2, err3); err != nil {
			return fmt.Errorf("geo: gazetteer line %d: %w", lineNo, err)
		}
		g.rows = append(g.rows, row{
			country: c, postKey: postKey(f[1]), zipcode: f[1], city: f[2],
			lat: lat, lng: lng, pop: int32(max(pop, 0)),
		})
		aliases = append(aliases, f[6])
	}
	if len(g.rows) == 0 {
		return errors.New("geo: gazetteer: no rows")
	}

	// A place is a city at one point: its rows differ only by postal code.
	// Its first row, the lowest postal code as the data is sorted, stands
	// for it; name search finds places, not rows. The rows of one city
	// name are together, so a place's rows are in one block.
	isFirst := make([]bool, len(g.rows))
	g.members = map[int32][]int32{}
	var firsts []int32 // the places of the current block
	for i := range g.rows {
		r := &g.rows[i]
		if i == 0 || r.country != g.rows[i-1].country || r.city != g.rows[i-1].city {
			firsts = firsts[:0]
		}
		p := int32(-1)
		for _, f := range firsts {
			if g.rows[f].lat == r.lat && g.rows[f].lng == r.lng {
				p = f
				break
			}
		}
		if p < 0 {
			firsts = append(firsts, int32(i))
			isFirst[i] = true
			continue
		}
		if len(g.members[p]) == 0 {
			g.members[p] = []int32{p}
		}
		g.members[p] = append(g.members[p], int32(i))
		if r.pop > g.rows[p].pop {
			g.rows[p].pop = r.pop
		}
		if aliases[p] == "" {
			aliases[p] = aliases[i]
		}
	}
	var names [numCountries][]nameKey
	var perCountry [numCountries]int
	for i := range g.rows {
		perCountry[g.rows[i].country]++
	}
	for c := range numCountries {
		names[c] = make([]nameKey, 0, perCountry[c]*2)
		g.index[c].posts = make([]int32, 0, perCountry[c])
	}
	for i := range g.rows {
		if !isFirst[i] {
			continue
		}
		p := int32(i)
		r := &g.rows[i]
		folded := Fold(r.city)
		keys := names[r.country]
		add := func(k string, tier uint8) {
			if k != "" {
				keys = append(keys, nameKey{key: k, place: p, tier: tier})
			}
		}
		add(folded, tierName)
		if v, ok := germanVariant(r.city); ok && v != folded {
			add(v, tierName)
		}
		if st, ok := saintShort(folded); ok {
			add(st, tierAlias)
		}
		if as := aliases[i]; as != "" {
			for a := range strings.SplitSeq(as, "|") {
				if fa := Fold(a); fa != "" && fa != folded {
					add(fa, tierAlias)
					if v, ok := germanVariant(a); ok && v != fa {
						add(v, tierAlias)
					}
				}
			}
		}
		for j := 1; j < len(folded); j++ {
			if folded[j-1] == ' ' && len(folded)-j >= 3 {
				add(folded[j:], tierWord)
			}
		}
		names[r.country] = keys
	}
	for i := range g.rows {
		if r := &g.rows[i]; r.postKey != "" {
			g.index[r.country].posts = append(g.index[r.country].posts, int32(i))
		}
	}
	// Sorting is most of the work: one country per goroutine.
	var wg sync.WaitGroup
	for c := range numCountries {
		g.index[c].names = names[c]
		wg.Go(func() {
			slices.SortFunc(g.index[c].names, func(a, b nameKey) int {
				if n := strings.Compare(a.key, b.key); n != 0 {
					return n
				}
				return cmp.Compare(a.place, b.place)
			})
			slices.SortFunc(g.index[c].posts, func(a, b int32) int {
				if n := strings.Compare(g.rows[a].postKey, g.rows[b].postKey); n != 0 {
					return n
				}
				return cmp.Compare(a, b)
			})
		})
	}
	wg.Wait()
	return nil
}

// saintShort spells a leading "saint"/"sainte" the short way ("st", "ste").
func saintShort(folded string) (string, bool) {
	switch {
	case strings.HasPrefix(folded, "saint "):
		return "st " + folded[len("saint "):], true
	case strings.HasPrefix(folded, "sainte "):
		return "ste " + folded[len("sainte "):], true
	}
	return "", false
}

// postKey is a postal code as compared: upper case, letters and digits only.
func postKey(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r < utf8.RuneSelf && (unicode.IsDigit(r) || unicode.IsLetter(r)) {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// Search finds places by postal code prefix (a query starting with a digit,
// or shaped like a UK postcode) or by name prefix, accents, case and
// punctuation ignored; a name with a postal code prefix ("lyon 69003",
// "69003 Lyon") finds that city's codes, or the city alone when it has none
// such. Exact matches come first, then the most populous, then by name. A
// name search gives each city once, with its lowest postal code.
func (g *Gazetteer) Search(ctx context.Context, q, country string, limit int) ([]Place, error) {
	if err := g.Load(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	limit = clampLimit(limit)
	countries, ok := g.countries(country)
	if !ok {
		return nil, nil
	}
	if len(q) > MaxQueryLen {
		q = strings.ToValidUTF8(q[:MaxQueryLen], "")
	}
	name, code := splitQuery(q)
	top := topK{limit: limit}
	switch {
	case name == "" && code == "":
		return nil, nil
	case name == "":
		pk := postKey(code)
		for _, c := range countries {
			g.searchPost(&top, c, pk)
		}
	default:
		fq := Fold(name)
		if fq == "" {
			return nil, nil
		}
		pk := postKey(code)
		for _, c := range countries {
			g.searchName(&top, c, fq, pk)
		}
		if len(top.items) == 0 && pk != "" {
			// no such code in that city: the city alone is the best guess
			for _, c := range countries {
				g.searchName(&top, c, fq, "")
			}
		}
	}
	return g.places(top.items), nil
}

func (g *Gazetteer) countries(country string) ([]int, bool) {
	if strings.TrimSpace(country) == "" {
		return []int{0, 1, 2, 3, 4, 5, 6}, true
	}
	c := NormalizeCountry(country)
	for i, x := range Countries {
		if x == c {
			return []int{i}, true
		}
	}
	return nil, false
}

// splitQuery separates a query's name words from its postal code: "75001"
// and "SW1A 1AA" are codes, "lyon 69003" and "75001 Paris" are both (the
// first word starting with a digit is the code).
func splitQuery(q string) (name, code string) {
	q = strings.TrimSpace(q)
	if q == "" || looksLikeUKPostcode(q) {
		return "", q
	}
	var nameWords []string
	allDigits := true
	for _, w := range strings.Fields(q) {
		if w[0] < '0' || w[0] > '9' {
			allDigits = false
			nameWords = append(nameWords, w)
		} else if code == "" {
			code = w
		}
	}
	if allDigits {
		return "", q // "1000 001" is one code
	}
	return strings.Join(nameWords, " "), code
}

// looksLikeUKPostcode accepts a full or partial UK postcode: an outward code
// (A9, A99, A9A, AA9, AA99, AA9A) then maybe a space and the inward code.
func looksLikeUKPostcode(q string) bool {
	s := strings.ToUpper(strings.Join(strings.Fields(q), ""))
	if len(s) < 2 || len(s) > 7 {
		return false
	}
	i := 0
	for i < len(s) && i < 2 && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	if i == 0 || i >= len(s) || s[i] < '0' || s[i] > '9' {
		return false
	}
	for _, c := range s[i:] {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func (g *Gazetteer) searchPost(top *topK, c int, pk string) {
	if pk == "" {
		return
	}
	posts := g.index[c].posts
	lo := sort.Search(len(posts), func(i int) bool { return g.rows[posts[i]].postKey >= pk })
	for _, ri := range posts[lo:] {
		r := &g.rows[ri]
		if !strings.HasPrefix(r.postKey, pk) {
			break
		}
		rank := uint8(1)
		if r.postKey == pk {
			rank = 0
		}
		top.add(g, candidate{rank: rank, pop: r.pop, row: ri, key: ri})
	}
}

func (g *Gazetteer) searchName(top *topK, c int, fq, pk string) {
	names := g.index[c].names
	lo := sort.Search(len(names), func(i int) bool { return names[i].key >= fq })
	for _, k := range names[lo:] {
		if !strings.HasPrefix(k.key, fq) {
			break
		}
		// the exact name, then names, other names, later words that begin so
		var rank uint8
		switch {
		case k.tier == tierWord:
			rank = 3
		case len(k.key) == len(fq):
			rank = 0
		case k.tier == tierAlias:
			rank = 2
		default:
			rank = 1
		}
		ri := k.place
		if pk != "" {
			if ri = g.rowWithCode(k.place, pk); ri < 0 {
				continue
			}
		}
		top.add(g, candidate{rank: rank, pop: g.rows[k.place].pop, row: ri, key: k.place})
	}
}

// rowWithCode is the place's first row whose postal code starts with pk, or -1.
func (g *Gazetteer) rowWithCode(place int32, pk string) int32 {
	ms := g.members[place]
	if ms == nil {
		ms = []int32{place}
	}
	for _, ri := range ms {
		if strings.HasPrefix(g.rows[ri].postKey, pk) {
			return ri
		}
	}
	return -1
}

func (g *Gazetteer) places(items []candidate) []Place {
	if len(items) == 0 {
		return nil
	}
	out := make([]Place, len(items))
	for i, it := range items {
		r := &g.rows[it.row]
		code := Countries[r.country]
		out[i] = Place{
			Zipcode: r.zipcode, City: r.city, CountryCode: code,
			Country: CountryName(code, "en"), Lat: r.lat, Lng: r.lng,
		}
	}
	return out
}

// candidate is one result being ranked; key is what makes two candidates
// the same result (the place for a name search, the row for a code search).
type candidate struct {
	rank uint8
	pop  int32
	row  int32
	key  int32
}

// topK keeps the best limit candidates, each key once.
type topK struct {
	limit int
	items []candidate
}

func (g *Gazetteer) better(a, b candidate) bool {
	if a.rank != b.rank {
		return a.rank < b.rank
	}
	if a.pop != b.pop {
		return a.pop > b.pop
	}
	ra, rb := &g.rows[a.row], &g.rows[b.row]
	if ra.city != rb.city {
		return ra.city < rb.city
	}
	if ra.country != rb.country {
		return ra.country < rb.country
	}
	if ra.postKey != rb.postKey {
		return ra.postKey < rb.postKey
	}
	return a.row < b.row
}

func (t *topK) add(g *Gazetteer, c candidate) {
	// Full and not better than the last: it cannot enter, nor improve on its
	// own key's item, which is at least as good as the last.
	if len(t.items) == t.limit && !g.better(c, t.items[len(t.items)-1]) {
		return
	}
	for i, it := range t.items {
		if it.key == c.key {
			if !g.better(c, it) {
				return
			}
			t.items = append(t.items[:i], t.items[i+1:]...)
			break
		}
	}
	i := sort.Search(len(t.items), func(i int) bool { return g.better(c, t.items[i]) })
	t.items = append(t.items, candidate{})
	copy(t.items[i+1:], t.items[i:])
	t.items[i] = c
	if len(t.items) > t.limit {
		t.items = t.items[:t.limit]
	}
}
