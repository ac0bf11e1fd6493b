package main

import (
	"context"
	"flag"
	"math/rand/v2"
	"net/url"
	"strconv"
	"time"

	"noces/internal/directory"
	"noces/internal/directory/index"
	"noces/internal/model"
	"noces/internal/store"
)

// searchCache is the -search-cache flag: how many answers the search
// index keeps (NOCES_SEARCH_CACHE), to measure the search with and without
// them; below 0, the server's default.
var searchCache = flag.Int("search-cache", -1, "NOCES_SEARCH_CACHE of the server and of the in-process index: answers of the search index kept (0: none); the server's default when below 0")

// searchCacheEnv is the server's NOCES_SEARCH_CACHE, when -search-cache is
// given.
func searchCacheEnv() []string {
	if *searchCache < 0 {
		return nil
	}
	return []string{"NOCES_SEARCH_CACHE=" + strconv.Itoa(*searchCache)}
}

// newSearchIndex is the in-process search index over s, with the
// -search-cache setting, as the server builds its own.
func newSearchIndex(s *store.Store) *index.Index {
	n := index.DefaultCache
	if *searchCache >= 0 {
		n = *searchCache
	}
	return index.New(s, n)
}

// publicHost is the French public directory's host with the server's
// default host configuration (NOCES_HOST_FR_PUBLIC unset).
const publicHost = "fr.localhost"

// searchCase is one public search as a couple makes it on /search.
type searchCase struct {
	Venue     bool
	Service   string   // planners: a prestation type
	VenueType string   // venues
	Guests    int      // venues
	Features  []string // venues: the search form's feature filters (accommodation: bedrooms on site)
	City      *city
	Typed     string // the city as typed, which the server geocodes
	Lang      string // planners
	Budget    int64
	Page      int
}

// query is the URL query the search form sends.
func (c searchCase) query() string {
	q := url.Values{}
	if c.Venue {
		q.Set("kind", "venue")
		if c.VenueType != "" {
			q.Set("venueType", c.VenueType)
		}
		if c.Guests > 0 {
			q.Set("guests", strconv.Itoa(c.Guests))
		}
		if len(c.Features) > 0 {
			q["feature"] = c.Features
		}
	} else {
		q.Set("kind", "planner")
		if c.Service != "" {
			q.Set("service", c.Service)
		}
		if c.Lang != "" {
			q.Set("lang", c.Lang)
		}
	}
	if c.City != nil {
		q.Set("city", c.Typed)
	}
	if c.Budget > 0 {
		q.Set("budget", strconv.FormatInt(c.Budget, 10))
	}
	if c.Page > 1 {
		q.Set("page", strconv.Itoa(c.Page))
	}
	return q.Encode()
}

// run makes the index call the search page makes (directory.Search), in
// process: the index's and the database's share of the page.
func (c searchCase) run(ctx context.Context, x *index.Index, now time.Time) error {
	offset := (max(c.Page, 1) - 1) * directory.PageSize
	if c.Venue {
		q := index.VenueQuery{Country: "FR", Type: c.VenueType, Guests: c.Guests, MaxPrice: int(c.Budget),
			RadiusKm: directory.DefaultRadiusKm, Limit: directory.PageSize, Offset: offset, Now: now}
		for _, f := range c.Features {
			if f == "accommodation" {
				q.Accommodation = true
			} else {
				q.Features = append(q.Features, f)
			}
		}
		if c.City != nil {
			q.Near, q.Lat, q.Lng = true, c.City.Lat, c.City.Lon
		}
		_, err := x.SearchVenues(ctx, q)
		return err
	}
	q := index.PlannerQuery{Country: "FR", ServiceType: c.Service, MaxBudget: c.Budget,
		RadiusKm: directory.DefaultRadiusKm, Limit: directory.PageSize, Offset: offset, Now: now}
	if c.Lang != "" {
		q.Languages = []string{c.Lang}
	}
	if c.City != nil {
		q.Near, q.Lat, q.Lng = true, c.City.Lat, c.City.Lon
	}
	_, err := x.SearchPlanners(ctx, q)
	return err
}

// searchMix makes the searches of one row of the benchmark.
type searchMix func(rng *rand.Rand, cities []city) searchCase

func pickCity(rng *rand.Rand, cities []city) *city {
	total := 0
	for _, c := range cities {
		total += c.Weight
	}
	n := rng.IntN(total)
	for i := range cities {
		if n < cities[i].Weight {
			return &cities[i]
		}
		n -= cities[i].Weight
	}
	return &cities[0]
}

// withCity sets a city, typed as people type it: usually as written, often
// in lower case without accents.
func withCity(c *searchCase, rng *rand.Rand, cities []city) {
	c.City = pickCity(rng, cities)
	c.Typed = c.City.Name
	if rng.IntN(100) < 30 {
		c.Typed = asciiFold(c.City.Name)
	}
}

// realisticPage: most people stay on the first page, a few go far.
func realisticPage(rng *rand.Rand) int {
	switch n := rng.IntN(100); {
	case n < 75:
		return 1
	case n < 90:
		return 2 + rng.IntN(2)
	case n < 97:
		return 4 + rng.IntN(7)
	}
	return 11 + rng.IntN(40)
}

func pickService(rng *rand.Rand) string { return serviceKinds[rng.IntN(len(serviceKinds))].Type }

// budgets people type, in euros.
var searchBudgets = []int64{500, 1000, 1500, 2000, 3000, 5000, 8000, 10000}

// searchMixes are the search rows: a realistic mix, then each kind of
// search alone so a slow one shows.
var searchMixes = []struct {
	name, desc string
	mix        searchMix
}{
	{"search", "GET /search, realistic planner mix (city 65%, service 55%, language 10%, budget 12%, pages 1-50)",
		func(rng *rand.Rand, cities []city) searchCase {
			c := searchCase{Page: realisticPage(rng)}
			if rng.IntN(100) < 65 {
				withCity(&c, rng, cities)
			}
			if rng.IntN(100) < 55 {
				c.Service = pickService(rng)
			}
			if rng.IntN(100) < 10 {
				c.Lang = []string{"en", "en", "en", "es", "it", "de"}[rng.IntN(6)]
			}
			if rng.IntN(100) < 12 {
				c.Budget = searchBudgets[rng.IntN(len(searchBudgets))]
			}
			return c
		}},
	{"search-country", "GET /search, all of France, page 1", func(*rand.Rand, []city) searchCase {
		return searchCase{Page: 1}
	}},
	{"search-service", "GET /search?service=…, all of France, page 1", func(rng *rand.Rand, _ []city) searchCase {
		return searchCase{Service: pickService(rng), Page: 1}
	}},
	{"search-city", "GET /search?city=… (100 km), page 1", func(rng *rand.Rand, cities []city) searchCase {
		c := searchCase{Page: 1}
		withCity(&c, rng, cities)
		return c
	}},
	{"search-combined", "GET /search?city=…&service=…&lang=en&budget=…, page 1", func(rng *rand.Rand, cities []city) searchCase {
		c := searchCase{Service: pickService(rng), Lang: "en", Budget: searchBudgets[rng.IntN(len(searchBudgets))], Page: 1}
		withCity(&c, rng, cities)
		return c
	}},
	{"search-language", "GET /search?lang=…, all of France, page 1", func(rng *rand.Rand, _ []city) searchCase {
		return searchCase{Lang: []string{"en", "es", "it", "de", "pt", "nl"}[rng.IntN(6)], Page: 1}
	}},
	{"search-budget", "GET /search?service=…&budget=…, all of France, page 1", func(rng *rand.Rand, _ []city) searchCase {
		return searchCase{Service: pickService(rng), Budget: searchBudgets[rng.IntN(len(searchBudgets))], Page: 1}
	}},
	{"search-deep", "GET /search?page=50…500, all of France", func(rng *rand.Rand, _ []city) searchCase {
		return searchCase{Page: 50 + rng.IntN(451)}
	}},
	{"search-venue-country", "GET /search?kind=venue, all of France, page 1 (the venue rows' baseline)", func(*rand.Rand, []city) searchCase {
		return searchCase{Venue: true, Page: 1}
	}},
	{"search-venue-features", "GET /search?kind=venue&feature=…&feature=…, two feature filters, all of France, page 1",
		func(rng *rand.Rand, _ []city) searchCase {
			return searchCase{Venue: true, Features: twoFeatures(rng), Page: 1}
		}},
	{"search-venue-features-city", "GET /search?kind=venue&feature=…&feature=…&guests=…&city=…, page 1",
		func(rng *rand.Rand, cities []city) searchCase {
			c := searchCase{Venue: true, Features: twoFeatures(rng), Guests: 50 + 25*rng.IntN(10), Page: 1}
			withCity(&c, rng, cities)
			return c
		}},
	{"search-venue", "GET /search?kind=venue, mix (city 60%, type 40%, guests 30%, features 35%, budget 15%, pages 1-50)",
		func(rng *rand.Rand, cities []city) searchCase {
			c := searchCase{Venue: true, Page: realisticPage(rng)}
			if rng.IntN(100) < 60 {
				withCity(&c, rng, cities)
			}
			if rng.IntN(100) < 40 {
				c.VenueType = model.VenueTypes[rng.IntN(len(model.VenueTypes))]
			}
			if rng.IntN(100) < 30 {
				c.Guests = 50 + 25*rng.IntN(10)
			}
			if rng.IntN(100) < 35 {
				c.Features = twoFeatures(rng)[:1+rng.IntN(2)]
			}
			if rng.IntN(100) < 15 {
				c.Budget = 3000 + 1000*int64(rng.IntN(15))
			}
			return c
		}},
}

// venueSearchFeatures are the search form's venue filters, in its order.
var venueSearchFeatures = []string{"garden", "parking", "accommodation", "wheelchairAccessible", "outdoorCeremony", "catering"}

// twoFeatures picks two different venue filters, in the form's order.
func twoFeatures(rng *rand.Rand) []string {
	i := rng.IntN(len(venueSearchFeatures))
	j := (i + 1 + rng.IntN(len(venueSearchFeatures)-1)) % len(venueSearchFeatures)
	return []string{venueSearchFeatures[min(i, j)], venueSearchFeatures[max(i, j)]}
}
