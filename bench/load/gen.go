package main

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"noces/internal/model"
	"noces/internal/store"
)

// BenchPassword is the password of every generated account, so a login
// endpoint can be added to the table without regenerating anything.
const BenchPassword = "Bench-Noces-2026!"

// city is a French city with the coordinates of its centre; weight makes
// large cities come up more often, as they do in a real directory.
type city struct {
	Name     string
	Zip      string
	Lat, Lon float64
	Weight   int
}

var frenchCities = []city{
	{"Paris", "75008", 48.8566, 2.3522, 40},
	{"Marseille", "13001", 43.2965, 5.3698, 14},
	{"Lyon", "69002", 45.7640, 4.8357, 14},
	{"Toulouse", "31000", 43.6047, 1.4442, 10},
	{"Nice", "06000", 43.7102, 7.2620, 8},
	{"Nantes", "44000", 47.2184, -1.5536, 8},
	{"Montpellier", "34000", 43.6108, 3.8767, 7},
	{"Strasbourg", "67000", 48.5734, 7.7521, 7},
	{"Bordeaux", "33000", 44.8378, -0.5792, 9},
	{"Lille", "59000", 50.6292, 3.0573, 8},
	{"Rennes", "35000", 48.1173, -1.6778, 6},
	{"Reims", "51100", 49.2583, 4.0317, 4},
	{"Toulon", "83000", 43.1242, 5.9280, 4},
	{"Saint-Étienne", "42000", 45.4397, 4.3872, 4},
	{"Le Havre", "76600", 49.4944, 0.1079, 3},
	{"Grenoble", "38000", 45.1885, 5.7245, 4},
	{"Dijon", "21000", 47.3220, 5.0415, 4},
	{"Angers", "49000", 47.4784, -0.5632, 3},
	{"Nîmes", "30000", 43.8367, 4.3601, 3},
	{"Aix-en-Provence", "13100", 43.5297, 5.4474, 5},
	{"Clermont-Ferrand", "63000", 45.7772, 3.0870, 3},
	{"Le Mans", "72000", 48.0061, 0.1996, 2},
	{"Brest", "29200", 48.3904, -4.4861, 2},
	{"Tours", "37000", 47.3941, 0.6848, 3},
	{"Amiens", "80000", 49.8941, 2.2958, 2},
	{"Limoges", "87000", 45.8336, 1.2611, 2},
	{"Annecy", "74000", 45.8992, 6.1294, 4},
	{"Perpignan", "66000", 42.6887, 2.8948, 2},
	{"Metz", "57000", 49.1193, 6.1757, 2},
	{"Besançon", "25000", 47.2378, 6.0241, 2},
	{"Orléans", "45000", 47.9030, 1.9093, 2},
	{"Rouen", "76000", 49.4432, 1.0999, 3},
	{"Caen", "14000", 49.1829, -0.3707, 2},
	{"Nancy", "54000", 48.6921, 6.1844, 2},
	{"Avignon", "84000", 43.9493, 4.8055, 3},
	{"La Rochelle", "17000", 46.1603, -1.1511, 3},
	{"Biarritz", "64200", 43.4832, -1.5586, 3},
	{"Poitiers", "86000", 46.5802, 0.3404, 2},
	{"Pau", "64000", 43.2951, -0.3708, 2},
	{"Arles", "13200", 43.6766, 4.6278, 2},
	{"Colmar", "68000", 48.0794, 7.3585, 2},
	{"Chamonix-Mont-Blanc", "74400", 45.9237, 6.8694, 1},
	{"Saint-Tropez", "83990", 43.2727, 6.6406, 1},
	{"Cannes", "06400", 43.5528, 7.0174, 3},
	{"Deauville", "14800", 49.3569, 0.0683, 1},
	{"Carcassonne", "11000", 43.2130, 2.3491, 1},
	{"Saint-Malo", "35400", 48.6493, -2.0257, 2},
	{"Versailles", "78000", 48.8049, 2.1204, 3},
	{"Beaune", "21200", 47.0260, 4.8400, 1},
	{"Ajaccio", "20000", 41.9192, 8.7386, 1},
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

// provider is one generated account with its company.
type provider struct {
	User    model.User
	Company model.Company
}

// generator makes providers from a seeded RNG: the same seed and now give
// the same accounts, whatever the engine, so runs compare like with like.
type generator struct {
	rng         *rand.Rand
	now         time.Time
	newID       func() string
	cityTotal   int
	passwordHsh string
}

func newGenerator(seed uint64, now time.Time, passwordHash string, newID func() string) *generator {
	g := &generator{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), now: now.UTC(), newID: newID, passwordHsh: passwordHash}
	for _, c := range frenchCities {
		g.cityTotal += c.Weight
	}
	return g
}

func (g *generator) pick(list []string) string { return list[g.rng.IntN(len(list))] }

func (g *generator) city() city {
	n := g.rng.IntN(g.cityTotal)
	for _, c := range frenchCities {
		if n < c.Weight {
			return c
		}
		n -= c.Weight
	}
	return frenchCities[0]
}

// past returns a time between minAgo and maxAgo before now, to the second.
func (g *generator) past(minAgo, maxAgo time.Duration) time.Time {
	d := minAgo + time.Duration(g.rng.Int64N(int64(maxAgo-minAgo)))
	return g.now.Add(-d).Truncate(time.Second)
}

// next makes the i-th provider; i makes its e-mail and slug unique.
func (g *generator) next(i int) provider {
	first, last := g.pick(firstNames), g.pick(lastNames)
	role := model.RolePlanner
	if g.rng.IntN(100) < 20 {
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
		IsModerated:           g.rng.IntN(100) < 85,
		HasFinishedOnboarding: g.rng.IntN(100) < 90,
		PremiumStatus:         model.PremiumNone,
		CreatedAt:             created,
		UpdatedAt:             created,
	}
	if g.rng.IntN(100) < 15 {
		start := g.past(24*time.Hour, 300*24*time.Hour)
		u.PremiumStatus = model.PremiumActive
		u.PremiumStartAt = sql.NullTime{Time: start, Valid: true}
		u.PremiumEndAt = sql.NullTime{Time: start.AddDate(1, 0, 0), Valid: true}
		if u.PremiumStartAt.Time.Before(created) {
			u.CreatedAt, u.UpdatedAt = start.Add(-time.Hour), start.Add(-time.Hour)
		}
	}

	c := g.city()
	// Up to about 5 km around the centre, so a radius search has work to do.
	lat := c.Lat + (g.rng.Float64()-0.5)*0.09
	lon := c.Lon + (g.rng.Float64()-0.5)*0.09/math.Cos(c.Lat*math.Pi/180)
	var name string
	if role == model.RoleVenue {
		name = g.pick(venueKinds) + " " + g.pick(venuePlaces)
	} else {
		name = plannerNames[g.rng.IntN(len(plannerNames))](first, last, c.Name)
	}
	slug := slugify(name) + "-" + strconv.Itoa(i)
	comp := model.Company{
		UserID:         u.ID,
		Name:           name,
		Slug:           slug,
		Siret:          siret(g.rng),
		SiretStatus:    "active",
		DateOfCreation: sql.NullString{String: g.past(365*24*time.Hour, 30*365*24*time.Hour).Format(time.DateOnly), Valid: true},
		Zipcode:        c.Zip,
		City:           c.Name,
		CountryCode:    "FR",
		Latitude:       sql.NullFloat64{Float64: math.Round(lat*1e6) / 1e6, Valid: true},
		Longitude:      sql.NullFloat64{Float64: math.Round(lon*1e6) / 1e6, Valid: true},
		CreatedAt:      u.CreatedAt,
		UpdatedAt:      u.UpdatedAt,
	}
	if g.rng.IntN(100) < 60 {
		comp.Website = "https://www." + slugify(name) + ".fr"
	}
	return provider{User: u, Company: comp}
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

// subject is a generated user a token can be minted for.
type subject struct {
	ID   string
	Role string
}

// genStats describes a data generation.
type genStats struct {
	Users, Planners, Venues int
	Migrate, Hash, Insert   time.Duration
}

// populate generates n providers and inserts them in transactions of batch
// users each, through the store like the product does.
func populate(ctx context.Context, s *store.Store, g *generator, n, batch int) ([]subject, genStats, error) {
	st := genStats{Users: n}
	subjects := make([]subject, 0, n)
	start := time.Now()
	for lo := 0; lo < n; lo += batch {
		hi := min(lo+batch, n)
		rows := make([]provider, 0, hi-lo)
		for i := lo; i < hi; i++ {
			rows = append(rows, g.next(i))
		}
		err := s.InTx(ctx, func(tx *store.Store) error {
			for _, p := range rows {
				if err := tx.CreateUser(ctx, p.User); err != nil {
					return err
				}
				if err := tx.CreateCompany(ctx, p.Company); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, st, fmt.Errorf("insert users %d-%d: %w", lo, hi-1, err)
		}
		for _, p := range rows {
			subjects = append(subjects, subject{ID: p.User.ID, Role: p.User.Role})
			if p.User.Role == model.RoleVenue {
				st.Venues++
			} else {
				st.Planners++
			}
		}
	}
	st.Insert = time.Since(start)
	return subjects, st, nil
}
