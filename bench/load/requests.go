package main

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"noces/internal/eventreq"
	"noces/internal/model"
	"noces/internal/store"
)

// Couples' projects and the event requests they become, one per provider a
// project is sent to. The spread over providers is skewed as in a real
// directory: the few best-placed providers receive thousands of requests,
// the median one a handful, and providers not yet active none.

// providerPopularity is the weight of the provider at rank r (0 = most
// requested): (r+popularityOffset)^-popularityExponent. With 100,000
// providers and 1,000,000 requests the first gets about 6,000 requests, the
// hundredth about 800, the median one 3 or 4.
const (
	popularityOffset   = 10
	popularityExponent = 0.9
)

var weddingThemes = []string{"Bohème", "Champêtre", "Vintage", "Glamour", "Provençal", "Bord de mer", "Guinguette", "Minimaliste"}

var projectMessages = []string{
	"Bonjour, nous nous marions l'été prochain et cherchons quelqu'un pour nous accompagner. Pouvez-vous nous envoyer vos disponibilités et vos tarifs ?",
	"Bonjour ! Nous préparons notre mariage et aimerions en savoir plus sur vos prestations. Merci d'avance pour votre retour.",
	"Nous cherchons un lieu et une équipe pour une cérémonie laïque suivie d'un dîner. Seriez-vous disponibles à cette date ?",
	"Bonsoir, nous avons vu votre profil et il nous plaît beaucoup. Nous souhaiterions un devis pour notre mariage.",
	"Bonjour, mariage prévu avec une centaine d'invités, plusieurs nationalités. Pouvons-nous convenir d'un appel ?",
}

// requestGen sends generated projects to providers chosen by popularity.
type requestGen struct {
	g       *generator
	targets []int     // indexes in subjects of the providers that can receive requests
	cum     []float64 // cumulative popularity of targets
}

// newRequestGen ranks the active providers in a random order: popularity is
// not tied to age, role or city.
func newRequestGen(g *generator, subjects []subject) *requestGen {
	rg := &requestGen{g: g}
	for i, s := range subjects {
		if s.Active {
			rg.targets = append(rg.targets, i)
		}
	}
	g.rng.Shuffle(len(rg.targets), func(a, b int) { rg.targets[a], rg.targets[b] = rg.targets[b], rg.targets[a] })
	rg.cum = make([]float64, len(rg.targets))
	total := 0.0
	for r := range rg.targets {
		total += math.Pow(float64(r+popularityOffset), -popularityExponent)
		rg.cum[r] = total
	}
	return rg
}

// provider draws one target by popularity.
func (rg *requestGen) provider() int {
	x := rg.g.rng.Float64() * rg.cum[len(rg.cum)-1]
	return rg.targets[min(sort.SearchFloat64s(rg.cum, x), len(rg.cum)-1)]
}

// fanOut is how many providers a project is sent to: couples ask a few.
func (rg *requestGen) fanOut() int {
	switch n := rg.g.rng.IntN(100); {
	case n < 15:
		return 1
	case n < 30:
		return 2
	case n < 55:
		return 3
	case n < 75:
		return 4
	}
	return 5
}

// project makes one couple's project.
func (rg *requestGen) project() model.Project {
	g := rg.g
	created := g.past(time.Minute, 2*365*24*time.Hour)
	c := g.city()
	lat, lon := g.around(c)
	first, last := g.pick(firstNames), g.pick(lastNames)
	service := g.pick(eventreq.ServiceTypes)
	event := "wedding"
	if g.percent(35) {
		event = g.pick(eventreq.EventTypes)
	}
	p := model.Project{
		ID: g.newID(), Domain: "fr", EventType: event,
		EventDate:   created.AddDate(0, 0, 60+g.rng.IntN(540)).Format(time.DateOnly),
		ServiceType: service, EventLocation: c.Name, EventCity: c.Name, EventZipcode: c.Zip, EventCountry: "FR",
		BudgetRange: g.pick(eventreq.BudgetRanges), GuestRange: g.pick(eventreq.GuestRanges),
		Message:   g.pick(projectMessages),
		Firstname: first, Lastname: last,
		Email:     fmt.Sprintf("%s.%s.%d@%s", asciiFold(first), asciiFold(last), g.rng.IntN(1_000_000), g.pick(mailDomains)),
		Phone:     "+33" + g.pick(mobilePrefixes) + fmt.Sprintf("%07d", g.rng.IntN(10_000_000)),
		CreatedAt: created,
		Languages: []string{"fr"},
	}
	p.EventLatitude.Float64, p.EventLatitude.Valid = lat, true
	p.EventLongitude.Float64, p.EventLongitude.Valid = lon, true
	if g.percent(25) {
		p.HasTheme, p.WeddingTheme = true, g.pick(weddingThemes)
	}
	if g.percent(20) {
		p.Languages = append(p.Languages, "en")
	}
	if g.percent(5) {
		p.Languages = append(p.Languages, g.pick([]string{"de", "es", "it", "nl", "pt"}))
	}
	return p
}

// request is the project sent to one provider, with what the provider did
// since: most open their requests, some unlock them, some reject them.
func (rg *requestGen) request(p model.Project, providerID string) model.EventRequest {
	g := rg.g
	r := model.EventRequest{ID: g.newID(), ProjectID: p.ID, ProviderID: providerID,
		CreatedAt: p.CreatedAt.Add(time.Duration(g.rng.IntN(300)) * time.Second)}
	after := func(t time.Time, max time.Duration) time.Time {
		return t.Add(time.Minute + time.Duration(g.rng.Int64N(int64(max)))).Truncate(time.Second)
	}
	if !g.percent(75) {
		return r
	}
	r.SeenAt.Time, r.SeenAt.Valid = after(r.CreatedAt, 72*time.Hour), true
	switch {
	case g.percent(25):
		r.UnlockedAt.Time, r.UnlockedAt.Valid = after(r.SeenAt.Time, 48*time.Hour), true
	case g.percent(15):
		r.RejectedAt.Time, r.RejectedAt.Valid = after(r.SeenAt.Time, 48*time.Hour), true
		r.RejectionReason.String, r.RejectionReason.Valid = g.pick(eventreq.RejectionReasons), true
	}
	return r
}

var (
	projectCols = []string{"id", "domain", "event_type", "event_date", "service_type", "event_location", "event_city",
		"event_zipcode", "event_country", "event_latitude", "event_longitude", "budget_range", "guest_range", "has_theme",
		"wedding_theme", "message", "firstname", "lastname", "email", "phone", "created_at"}
	projectLanguageCols = []string{"project_id", "code"}
	requestCols         = []string{"id", "project_id", "provider_id", "created_at", "seen_at", "unlocked_at", "rejected_at", "rejection_reason", "event_date"}
)

// requestsPerTx is how many requests (with their projects) are inserted at once.
const requestsPerTx = 20000

// populateRequests generates projects until n event requests are made, sent
// to the active subjects by popularity, and counts each subject's requests.
// It returns the number of projects.
func populateRequests(ctx context.Context, s *store.Store, g *generator, subjects []subject, n int) (int, error) {
	if n <= 0 {
		return 0, nil
	}
	rg := newRequestGen(g, subjects)
	if len(rg.targets) == 0 {
		return 0, fmt.Errorf("no active provider to send %d requests to", n)
	}
	l, err := newLoader(ctx, s)
	if err != nil {
		return 0, err
	}
	projects := 0
	made := 0
	for made < n && err == nil {
		pt := &tableRows{table: "projects", cols: projectCols}
		lt := &tableRows{table: "project_languages", cols: projectLanguageCols}
		rt := &tableRows{table: "event_requests", cols: requestCols}
		for len(rt.rows) < requestsPerTx && made < n {
			p := rg.project()
			k := min(rg.fanOut(), n-made, len(rg.targets))
			chosen := make([]int, 0, k)
			for len(chosen) < k {
				if i := rg.provider(); !slices.Contains(chosen, i) {
					chosen = append(chosen, i)
				}
			}
			pt.add(p.ID, p.Domain, p.EventType, p.EventDate, p.ServiceType, p.EventLocation, p.EventCity, p.EventZipcode,
				p.EventCountry, p.EventLatitude, p.EventLongitude, p.BudgetRange, p.GuestRange, p.HasTheme, p.WeddingTheme,
				p.Message, p.Firstname, p.Lastname, p.Email, p.Phone, p.CreatedAt)
			for _, code := range p.Languages {
				lt.add(p.ID, code)
			}
			for _, i := range chosen {
				r := rg.request(p, subjects[i].ID)
				rt.add(r.ID, r.ProjectID, r.ProviderID, r.CreatedAt, r.SeenAt, r.UnlockedAt, r.RejectedAt, r.RejectionReason, p.EventDate)
				subjects[i].Requests++
			}
			projects++
			made += k
		}
		if err = l.insert(ctx, pt, lt, rt); err != nil {
			err = fmt.Errorf("insert requests: %w", err)
		}
	}
	return projects, l.finish(ctx, err)
}

// requestBand is a size class of providers by their number of requests.
type requestBand struct {
	Name     string
	Min, Max int // requests, inclusive
}

// requestBands are the classes the event-request rows measure.
var requestBands = []requestBand{
	{"huge", 1000, math.MaxInt},
	{"large", 100, 999},
	{"typical", 3, 30},
}

// inBand returns the subjects whose number of requests is within b.
func inBand(subjects []subject, b requestBand) []subject {
	var out []subject
	for _, s := range subjects {
		if s.Requests >= b.Min && s.Requests <= b.Max {
			out = append(out, s)
		}
	}
	return out
}
