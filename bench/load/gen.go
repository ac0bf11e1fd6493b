package main

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"noces/internal/model"
	"noces/internal/platform/geo"
)

// BenchPassword is the password of every generated account, so a login
// endpoint can be added to the table without regenerating anything.
const BenchPassword = "Bench-Noces-2026!"

// cityWeight is a French city by name; weight makes large cities come up
// more often, as they do in a real directory.
type cityWeight struct {
	Name   string
	Weight int
}

// city is a cityWeight with the postal code and coordinates the gazetteer
// shipped in the binary gives it: the same place the public search finds
// when a couple types the city's name.
type city struct {
	Name     string
	Zip      string
	Lat, Lon float64
	Weight   int
}

var frenchCities = []cityWeight{
	{"Paris", 40}, {"Marseille", 14}, {"Lyon", 14}, {"Toulouse", 10}, {"Nice", 8}, {"Nantes", 8},
	{"Montpellier", 7}, {"Strasbourg", 7}, {"Bordeaux", 9}, {"Lille", 8}, {"Rennes", 6}, {"Reims", 4},
	{"Toulon", 4}, {"Saint-Étienne", 4}, {"Le Havre", 3}, {"Grenoble", 4}, {"Dijon", 4}, {"Angers", 3},
	{"Nîmes", 3}, {"Aix-en-Provence", 5}, {"Clermont-Ferrand", 3}, {"Le Mans", 2}, {"Brest", 2}, {"Tours", 3},
	{"Amiens", 2}, {"Limoges", 2}, {"Annecy", 4}, {"Perpignan", 2}, {"Metz", 2}, {"Besançon", 2},
	{"Orléans", 2}, {"Rouen", 3}, {"Caen", 2}, {"Nancy", 2}, {"Avignon", 3}, {"La Rochelle", 3},
	{"Biarritz", 3}, {"Poitiers", 2}, {"Pau", 2}, {"Arles", 2}, {"Colmar", 2}, {"Chamonix-Mont-Blanc", 1},
	{"Saint-Tropez", 1}, {"Cannes", 3}, {"Deauville", 1}, {"Carcassonne", 1}, {"Saint-Malo", 2},
	{"Versailles", 3}, {"Beaune", 1}, {"Ajaccio", 1},
}

var firstNames = []string{
	"Camille", "Léa", "Manon", "Chloé", "Emma", "Inès", "Jade", "Louise", "Alice", "Lina",
	"Sarah", "Julie", "Clara", "Anaïs", "Pauline", "Marie", "Hélène", "Élodie", "Mathilde", "Zoé",
	"Océane", "Margaux", "Juliette", "Charlotte", "Aurélie", "Céline", "Sophie", "Nathalie", "Isabelle", "Agathe",
	"Lucas", "Hugo", "Louis", "Gabriel", "Arthur", "Jules", "Thomas", "Nathan", "Théo", "Maxime",
	"Antoine", "Julien", "Nicolas", "Alexandre", "Baptiste", "Clément", "Romain", "Quentin", "Adrien", "Mathieu",
	"François", "Benoît", "Jérôme", "Olivier", "Sébastien", "Cédric", "Grégoire", "Noé", "Raphaël", "Étienne",
}

var lastNames = []string{
	"Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois", "Moreau", "Laurent",
	"Simon", "Michel", "Lefèvre", "Leroy", "Roux", "David", "Bertrand", "Morel", "Fournier", "Girard",
	"Bonnet", "Dupont", "Lambert", "Fontaine", "Rousseau", "Vincent", "Muller", "Lefebvre", "Faure", "André",
	"Mercier", "Blanc", "Guérin", "Boyer", "Garnier", "Chevalier", "François", "Legrand", "Gauthier", "Garcia",
	"Perrin", "Robin", "Clément", "Morin", "Nicolas", "Henry", "Roussel", "Mathieu", "Gautier", "Masson",
	"Marchand", "Duval", "Denis", "Dumont", "Marie", "Lemaire", "Noël", "Meyer", "Dufour", "Meunier",
	"Brun", "Blanchard", "Giraud", "Joly", "Rivière", "Lucas", "Brunet", "Gaillard", "Barbier", "Arnaud",
	"Martinez", "Gérard", "Roche", "Renard", "Schmitt", "Roy", "Leroux", "Colin", "Vidal", "Caron",
}

// Trades of planners and the forms their company names take.
var plannerNames = []func(first, last, town string) string{
	func(first, last, _ string) string { return first + " " + last + " Événements" },
	func(first, _, _ string) string { return "Atelier " + first },
	func(_, last, _ string) string { return "Maison " + last + " Mariages" },
	func(first, _, _ string) string { return "Les Noces de " + first },
	func(_, last, _ string) string { return "Studio " + last + " Photographie" },
	func(_, last, _ string) string { return "Traiteur " + last },
	func(_, _, town string) string { return "Fleurs de " + town },
	func(first, last, _ string) string { return first + " " + last + " Wedding Planner" },
	func(_, last, town string) string { return "DJ " + last + " " + town },
	func(first, _, town string) string { return "Pâtisserie " + first + " – " + town },
}

var venueKinds = []string{"Château de", "Domaine de", "Manoir de", "Mas de", "Bastide de", "La Grange de", "Abbaye de", "Moulin de"}

var venuePlaces = []string{
	"Beauregard", "Montfort", "la Roche", "Bellevue", "Villeneuve", "Saint-Clair", "la Garenne", "Fontenay",
	"Rochefort", "Belair", "la Chapelle", "Valmont", "Mirabeau", "Chantemerle", "l'Étang", "Haute-Rive",
	"Lavande", "Sainte-Croix", "Malmaison", "Montplaisir", "la Tour", "Bois-Joli", "Clairefontaine", "Roquefeuille",
}

// mobilePrefixes are French mobile ranges libphonenumber accepts (06 and 07
// are not allocated whole), so generated numbers pass validate.Phone.
var mobilePrefixes = []string{"61", "62", "64", "65", "66", "67", "68", "75", "76", "77", "78"}

var mailDomains = []string{"gmail.com", "orange.fr", "free.fr", "outlook.fr", "laposte.net", "yahoo.fr", "hotmail.fr", "sfr.fr"}

// provider is one generated account with its company, what its public
// profile shows (services, languages, completeness) and, for a venue owner,
// its listing.
type provider struct {
	User    model.User
	Company model.Company
	// Score is companies.profile_score, how complete the profile is (0-100).
	Score int
	// Langues are the codes of the languages the provider speaks.
	Langues []string
	// Services have their Type set; the prestation id is looked up at insertion.
	Services []model.CompanyPrestation
	// Venue is a venue owner's listing; nil for planners.
	Venue *model.Venue
	// VenueFeatures are the venue's model.VenueFeatures, in that order.
	VenueFeatures []string
}

// searchable reports whether the public planner search shows p: the
// condition of store.SearchProviders, checked by a test against the store.
func (p provider) searchable() bool {
	return p.User.Role == model.RolePlanner && p.User.IsModerated && !p.User.DeletedAt.Valid &&
		(p.Company.CountryCode != "FR" || p.Company.SiretStatus == "active")
}

// serviceKind is a planner's service type, how often planners offer it and
// the range of its starting budget in euros.
type serviceKind struct {
	Type       string
	Weight     int
	Low, High  int64
	Describing string
}

var serviceKinds = []serviceKind{
	{"FULL_PLANNING", 30, 2500, 15000, "Nous organisons votre mariage de A à Z, du choix du lieu au dernier invité parti."},
	{"PARTIAL_PLANNING", 22, 1200, 6000, "Vous avez commencé ? Nous prenons le relais là où vous en êtes."},
	{"DAY_COORDINATION", 28, 600, 2500, "Le jour J, nous coordonnons prestataires et timing pour que vous profitiez."},
	{"WEDDING_DESIGN", 18, 800, 8000, "Décoration, scénographie et ambiance sur mesure, à votre image."},
	{"SECULAR_CEREMONY", 14, 400, 1800, "Une cérémonie laïque écrite avec vous, émouvante et personnelle."},
	{"VENDOR_SEARCH", 10, 300, 1500, "Nous sélectionnons pour vous les meilleurs prestataires de la région."},
	{"CONSULTING_SERVICES", 12, 150, 900, "Des rendez-vous conseil pour avancer sereinement dans vos préparatifs."},
	{"PRIVATE_EVENTS", 10, 1000, 8000, "Anniversaires, baptêmes, fiançailles : vos fêtes privées clés en main."},
	{"CORPORATE_EVENTS", 6, 2000, 20000, "Séminaires et soirées d'entreprise organisés de bout en bout."},
}

// languageShares is how often a French provider speaks each language, in percent.
var languageShares = []struct {
	Code    string
	Percent int
}{{"fr", 97}, {"en", 45}, {"es", 12}, {"it", 10}, {"de", 7}, {"pt", 4}, {"nl", 3}}

// venueTypeWeights make castles and estates come up more often than boats.
var venueTypeWeights = map[string]int{
	"boat": 1, "castle": 8, "domain": 10, "farm": 5, "hotel": 4, "place_of_worship": 1,
	"reception_hall": 6, "restaurant": 4, "unusual": 2,
}

var streetNames = []string{"rue de la République", "avenue des Tilleuls", "chemin du Moulin", "route de la Forêt",
	"rue Victor Hugo", "allée des Vignes", "place de l'Église", "impasse des Lilas", "rue du Château", "route des Étangs"}

// generator makes providers from a seeded RNG: the same seed and now give
// the same accounts, whatever the engine, so runs compare like with like.
type generator struct {
	rng         *rand.Rand
	now         time.Time
	newID       func() string
	cities      []city
	cityTotal   int
	serviceSum  int
	passwordHsh string
}

// newGenerator needs the cities with their coordinates: see gazetteerCities.
func newGenerator(seed uint64, now time.Time, passwordHash string, newID func() string, cities []city) *generator {
	g := &generator{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), now: now.UTC(), newID: newID,
		passwordHsh: passwordHash, cities: cities}
	for _, c := range cities {
		g.cityTotal += c.Weight
	}
	for _, k := range serviceKinds {
		g.serviceSum += k.Weight
	}
	return g
}

// gazetteerCities places frenchCities with the gazetteer shipped in the
// binary, once per process (loading it takes a few hundred milliseconds).
var gazetteerCities = sync.OnceValues(func() ([]city, error) {
	return resolveCities(context.Background(), geo.NewGazetteer())
})

// resolveCities looks every city of frenchCities up; one that is not found
// is an error, since searches near it would find nobody.
func resolveCities(ctx context.Context, gc geo.Geocoder) ([]city, error) {
	out := make([]city, 0, len(frenchCities))
	for _, c := range frenchCities {
		places, err := gc.Search(ctx, c.Name, "FR", 1)
		if err != nil {
			return nil, fmt.Errorf("gazetteer: %s: %w", c.Name, err)
		}
		if len(places) == 0 {
			return nil, fmt.Errorf("gazetteer: %s not found", c.Name)
		}
		p := places[0]
		out = append(out, city{Name: p.City, Zip: p.Zipcode, Lat: p.Lat, Lon: p.Lng, Weight: c.Weight})
	}
	return out, nil
}

func (g *generator) pick(list []string) string { return list[g.rng.IntN(len(list))] }

func (g *generator) percent(p int) bool { return g.rng.IntN(100) < p }

func (g *generator) city() city {
	n := g.rng.IntN(g.cityTotal)
	for _, c := range g.cities {
		if n < c.Weight {
			return c
		}
		n -= c.Weight
	}
	return g.cities[0]
}

// around returns a point near c: most providers work in town, the rest in
// its suburbs and the countryside around, up to about 30 km out.
func (g *generator) around(c city) (lat, lon float64) {
	span := 0.09 // about 5 km either way
	if g.percent(40) {
		span = 0.54
	}
	lat = c.Lat + (g.rng.Float64()-0.5)*span
	lon = c.Lon + (g.rng.Float64()-0.5)*span/math.Cos(c.Lat*math.Pi/180)
	return math.Round(lat*1e6) / 1e6, math.Round(lon*1e6) / 1e6
}

// past returns a time between minAgo and maxAgo before now, to the second.
func (g *generator) past(minAgo, maxAgo time.Duration) time.Time {
	d := minAgo + time.Duration(g.rng.Int64N(int64(maxAgo-minAgo)))
	return g.now.Add(-d).Truncate(time.Second)
}

// next makes the i-th provider; i makes its e-mail and slugs unique.
func (g *generator) next(i int) provider {
	first, last := g.pick(firstNames), g.pick(lastNames)
	role := model.RolePlanner
	if g.percent(20) {
		role = model.RoleVenue
	}
	created := g.past(time.Hour, 3*365*24*time.Hour)
	u := model.User{
		ID:                    g.newID(),
		Email:                 fmt.Sprintf("%s.%s.%d@%s", asciiFold(first), asciiFold(last), i, g.pick(mailDomains)),
		PasswordHash:          g.passwordHsh,
		Role:                  role,
		Firstname:             first,
		Lastname:              last,
		Phone:                 "+33" + g.pick(mobilePrefixes) + fmt.Sprintf("%07d", g.rng.IntN(10_000_000)),
		Locale:                "fr",
		Domain:                "fr",
		Credits:               g.rng.IntN(21),
		IsModerated:           g.percent(85),
		HasFinishedOnboarding: g.percent(90),
		PremiumStatus:         model.PremiumNone,
		CreatedAt:             created,
		UpdatedAt:             created,
	}
	if g.percent(15) {
		start := g.past(24*time.Hour, 300*24*time.Hour)
		u.PremiumStatus = model.PremiumActive
		u.PremiumStartAt = sql.NullTime{Time: start, Valid: true}
		u.PremiumEndAt = sql.NullTime{Time: start.AddDate(1, 0, 0), Valid: true}
		if u.PremiumStartAt.Time.Before(created) {
			u.CreatedAt, u.UpdatedAt = start.Add(-time.Hour), start.Add(-time.Hour)
		}
	}
	if g.percent(60) {
		u.AvatarKey = "avatars/" + u.ID + ".webp"
	}

	c := g.city()
	lat, lon := g.around(c)
	var name string
	if role == model.RoleVenue {
		name = g.pick(venueKinds) + " " + g.pick(venuePlaces)
	} else {
		name = plannerNames[g.rng.IntN(len(plannerNames))](first, last, c.Name)
	}
	slug := slugify(name) + "-" + strconv.Itoa(i)
	siretStatus := "active"
	switch n := g.rng.IntN(100); {
	case n < 4:
		siretStatus = "unknown"
	case n < 8:
		siretStatus = "inactive"
	}
	comp := model.Company{
		UserID:         u.ID,
		Name:           name,
		Slug:           slug,
		Siret:          siret(g.rng),
		SiretStatus:    siretStatus,
		DateOfCreation: sql.NullString{String: g.past(365*24*time.Hour, 30*365*24*time.Hour).Format(time.DateOnly), Valid: true},
		Zipcode:        c.Zip,
		City:           c.Name,
		CountryCode:    "FR",
		Latitude:       sql.NullFloat64{Float64: lat, Valid: true},
		Longitude:      sql.NullFloat64{Float64: lon, Valid: true},
		CreatedAt:      u.CreatedAt,
		UpdatedAt:      u.UpdatedAt,
	}
	if g.percent(60) {
		comp.Website = "https://www." + slugify(name) + ".fr"
	}
	p := provider{User: u, Company: comp}
	for _, l := range languageShares {
		if g.percent(l.Percent) {
			p.Langues = append(p.Langues, l.Code)
		}
	}
	if len(p.Langues) == 0 {
		p.Langues = []string{"fr"}
	}
	if role == model.RoleVenue {
		p.Venue = g.venue(p, c, i)
		p.VenueFeatures = g.venueFeatures()
	} else {
		p.Services = g.services()
	}
	p.Score = g.score(p)
	return p
}

// services picks one to six distinct service types, the common ones more
// often, most with a description and a starting budget.
func (g *generator) services() []model.CompanyPrestation {
	want := 1
	switch n := g.rng.IntN(100); {
	case n >= 90:
		want = 5 + g.rng.IntN(2)
	case n >= 75:
		want = 4
	case n >= 50:
		want = 3
	case n >= 20:
		want = 2
	}
	var out []model.CompanyPrestation
	taken := map[string]bool{}
	for len(out) < want {
		n := g.rng.IntN(g.serviceSum)
		var k serviceKind
		for _, k = range serviceKinds {
			if n < k.Weight {
				break
			}
			n -= k.Weight
		}
		if taken[k.Type] {
			continue
		}
		taken[k.Type] = true
		s := model.CompanyPrestation{Type: k.Type, IsDescriptionVisible: true, IsBudgetVisible: g.percent(85)}
		if g.percent(75) {
			s.Description = k.Describing
		}
		if g.percent(80) {
			// Round budgets, as people write them: to 50 euros.
			b := k.Low + g.rng.Int64N(k.High-k.Low+1)
			s.BudgetStartingFrom = sql.NullInt64{Int64: b / 50 * 50, Valid: true}
		}
		out = append(out, s)
	}
	return out
}

// venue makes a venue owner's listing near the company's city.
func (g *generator) venue(p provider, c city, i int) *model.Venue {
	total := 0
	for _, w := range venueTypeWeights {
		total += w
	}
	n := g.rng.IntN(total)
	kind := model.VenueTypes[0]
	for _, t := range model.VenueTypes { // a fixed order: map iteration would break determinism
		if n < venueTypeWeights[t] {
			kind = t
			break
		}
		n -= venueTypeWeights[t]
	}
	lat, lon := g.around(c)
	seats := 40 + g.rng.IntN(37)*10
	minPrice := 1500 + g.rng.IntN(75)*250
	v := &model.Venue{
		ID: g.newID(), OwnerID: p.User.ID, Name: p.Company.Name, Slug: p.Company.Slug, Type: kind,
		Email: p.User.Email, Phone: p.User.Phone,
		Address: strconv.Itoa(1+g.rng.IntN(120)) + " " + g.pick(streetNames), Zipcode: c.Zip, City: c.Name, CountryCode: "FR",
		Latitude: sql.NullFloat64{Float64: lat, Valid: true}, Longitude: sql.NullFloat64{Float64: lon, Valid: true},
		Description:         "Un lieu d'exception pour célébrer votre mariage, à quelques minutes de " + c.Name + ".",
		DetailedDescription: "Salle de réception, parc arboré, parking privé et hébergement sur place pour vos invités.",
		SeatedCapacity:      seats, StandingCapacity: seats * 13 / 10,
		MinPrice: minPrice, MaxPrice: minPrice * (2 + g.rng.IntN(3)),
		Website:     p.Company.Website,
		IsPublished: g.percent(85), IsValidated: g.percent(80),
		CreatedAt: p.User.CreatedAt, UpdatedAt: p.User.UpdatedAt,
	}
	if g.percent(60) {
		v.Bedrooms = sql.NullInt64{Int64: int64(g.rng.IntN(30)), Valid: true}
	}
	return v
}

// venueFeatureShares are the percentages of venues offering each feature;
// the rest of model.VenueFeatures go to 30 %. The six the search filters on
// match from a quarter to two thirds of the venues, so two of them together
// keep a fifth to a half: a pass over the country's venues, not a lookup.
var venueFeatureShares = map[string]int{"garden": 60, "parking": 70, "wheelchairAccessible": 35, "outdoorCeremony": 45,
	"catering": 50, "ceremonyAndReception": 55, "receptionVenue": 65, "wifi": 60}

// venueFeatures draws a venue's features.
func (g *generator) venueFeatures() []string {
	var out []string
	for _, f := range model.VenueFeatures {
		share, ok := venueFeatureShares[f]
		if !ok {
			share = 30
		}
		if g.percent(share) {
			out = append(out, f)
		}
	}
	return out
}

// score is the share of seven completeness items a profile meets, as the
// dashboard counts them: picture, services, described services, budgets,
// website, more than one language, onboarding finished.
func (g *generator) score(p provider) int {
	met := 0
	described, budgeted := len(p.Services) > 0, len(p.Services) > 0
	for _, s := range p.Services {
		described = described && s.Description != ""
		budgeted = budgeted && s.BudgetStartingFrom.Valid
	}
	if p.Venue != nil {
		described, budgeted = true, p.Venue.MinPrice > 0
	}
	for _, ok := range []bool{p.User.AvatarKey != "", len(p.Services) > 0 || p.Venue != nil, described, budgeted,
		p.Company.Website != "", len(p.Langues) > 1, p.User.HasFinishedOnboarding} {
		if ok {
			met++
		}
	}
	return int(math.Round(float64(met) * 100 / 7))
}

// siret returns a 14-digit number that passes the Luhn check, as real ones do.
func siret(rng *rand.Rand) string {
	var d [14]byte
	for i := range 13 {
		d[i] = byte(rng.IntN(10))
	}
	// Choose the last digit so the Luhn sum is a multiple of 10.
	d[13] = byte((10 - luhnSum(d[:13], true)%10) % 10)
	var b strings.Builder
	for _, x := range d {
		b.WriteByte('0' + x)
	}
	return b.String()
}

// luhnSum sums digits, doubling every second one from the right; with
// checkFollows the rightmost digit given is the one left of the check digit,
// so it is doubled.
func luhnSum(digits []byte, checkFollows bool) int {
	sum := 0
	double := checkFollows
	for i := len(digits) - 1; i >= 0; i-- {
		v := int(digits[i])
		if double {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
		double = !double
	}
	return sum
}

var foldReplacer = strings.NewReplacer(
	"à", "a", "â", "a", "ä", "a", "ç", "c", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"î", "i", "ï", "i", "ô", "o", "ö", "o", "ù", "u", "û", "u", "ü", "u", "ÿ", "y", "œ", "oe", "æ", "ae",
	"À", "a", "Â", "a", "Ç", "c", "É", "e", "È", "e", "Ê", "e", "Î", "i", "Ô", "o", "Û", "u",
)

// asciiFold lowercases s and strips French accents.
func asciiFold(s string) string { return foldReplacer.Replace(strings.ToLower(s)) }

// slugify makes a URL slug: lowercase ASCII words joined by hyphens.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range asciiFold(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}
