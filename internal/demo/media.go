package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"

	"noces/internal/media"
)

// showcase is what a demo provider's public page shows beyond its company:
// a portrait, social links, a video, photos and one published portfolio.
type showcase struct {
	portrait  media.Portrait
	social    map[string]string
	video     media.VideoInput
	photos    [][2]string // title and description; the pictures are drawn, the demo ships no photographs
	portfolio *media.PortfolioInput
}

func showcases() map[string]showcase {
	return map[string]showcase{
		"planner@noces.test": {
			portrait: media.Portrait{
				Portrait:   "<p>Lyonnaise de cœur, j'organise des mariages depuis 2015, des plus intimes aux grandes fêtes de famille.</p>",
				Experience: "<p>Plus de quatre-vingts mariages coordonnés entre Lyon, le Beaujolais et les Alpes.</p>",
				Service:    "<p>Un planning partagé, un budget suivi au centime et une seule personne à appeler le jour J.</p>",
				Benefits:   "<p>Des prestataires locaux choisis un à un, et des soirées sereines pour les mariés.</p>",
			},
			social: map[string]string{"instagram": "https://www.instagram.com/camilledurand.evenements", "facebook": "https://www.facebook.com/camilledurandevenements"},
			video:  media.VideoInput{Title: "Un mariage au bord de la Saône", Description: "Trois minutes de notre dernière saison.", Link: "https://www.youtube.com/watch?v=aqz-KE-bpKQ"},
			photos: [][2]string{
				{"Table d'honneur", "Lin blanc, pivoines et bougies pour une soirée de juin."},
				{"Arche fleurie", "L'arche de la cérémonie, composée avec une fleuriste de Villefranche."},
				{"Vin d'honneur", "Un cocktail en plein air au pied des Monts d'Or."},
				{"Premier slow", "La piste s'ouvre sous les guirlandes lumineuses."},
			},
		},
		"premium@noces.test": {
			portrait: media.Portrait{
				Portrait:   "<p>Julien Moreau imagine des mariages entre vignes et châteaux du Bordelais, pour des couples venus du monde entier.</p>",
				Experience: "<p>Dix ans de réceptions dans les domaines viticoles, en français, en anglais et en espagnol.</p>",
				Service:    "<p>De la recherche du domaine à la scénographie, chaque détail est dessiné sur mesure.</p>",
				Benefits:   "<p>Un réseau de domaines privés et des artisans fidèles qui ouvrent des portes rares.</p>",
			},
			social: map[string]string{"instagram": "https://www.instagram.com/maisonmoreau.mariages", "pinterest": "https://www.pinterest.com/maisonmoreau"},
			video:  media.VideoInput{Title: "Vendanges et mariage au domaine", Description: "Un week-end de septembre près de Saint-Émilion.", Link: "https://vimeo.com/76979871"},
			photos: [][2]string{
				{"Allée des vignes", "L'entrée des invités entre les rangs de merlot."},
				{"Dîner sous les étoiles", "Une longue table dressée dans la cour du château."},
				{"Bouquet de la mariée", "Roses de jardin et feuillages des bords de Dordogne."},
				{"Chai illuminé", "Le chai à barriques transformé en salle de bal."},
				{"Cérémonie laïque", "Des vœux échangés face aux coteaux."},
				{"Gâteau de noces", "Une pièce montée revisitée par un pâtissier de Libourne."},
			},
			portfolio: &media.PortfolioInput{
				Title:       "Claire et Thomas à Saint-Émilion",
				Description: "Un mariage de cent vingt invités dans un domaine classé, une cérémonie laïque au milieu des vignes et un dîner dans le chai.",
				WeddingDate: "2025-09-13", TotalBudget: 65000, PlannerBudget: 7500, NumberOfGuests: 120,
				Location: "Domaine de la Rose", City: "Saint-Émilion", PostalCode: "33330", CountryCode: "FR",
				Style: "Champêtre chic", Prestations: []int{4, 9},
			},
		},
	}
}

// palettes are the soft colours of the drawn demo pictures.
var palettes = [][2]color.RGBA{
	{{0xf4, 0xe3, 0xc1, 0xff}, {0xd9, 0x7a, 0x9b, 0xff}},
	{{0xe8, 0xf0, 0xe3, 0xff}, {0x7b, 0x9e, 0x87, 0xff}},
	{{0xfb, 0xee, 0xe6, 0xff}, {0xc9, 0xa2, 0x27, 0xff}},
	{{0xe9, 0xe4, 0xf2, 0xff}, {0x7b, 0x2d, 0x4b, 0xff}},
}

// picture draws a 720x480 gradient with soft round lights, as a PNG: small,
// since every demo start (each browser journey's server) draws them.
func picture(i int) ([]byte, error) {
	const w, h = 720, 480
	p := palettes[i%len(palettes)]
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	lights := [][3]float64{{0.25, 0.35, 84}, {0.7, 0.55, 114}, {0.5 + 0.08*float64(i%3), 0.2, 54}}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := (float64(x)/w + float64(y)/h) / 2
			glow := 0.0
			for _, l := range lights {
				d := math.Hypot(float64(x)-l[0]*w, float64(y)-l[1]*h)
				glow += math.Max(0, 1-d/l[2]) * 0.35
			}
			mix := func(a, b uint8) uint8 {
				v := float64(a)*(1-t) + float64(b)*t
				return uint8(math.Min(255, v+glow*(255-v)))
			}
			img.SetRGBA(x, y, color.RGBA{mix(p[0].R, p[1].R), mix(p[0].G, p[1].G), mix(p[0].B, p[1].B), 0xff})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// seedShowcase fills a demo provider's public page through the media rules,
// as the provider would through the back-office.
func seedShowcase(ctx context.Context, m *media.Service, userID string, sc showcase) error {
	if _, err := m.SavePortrait(ctx, userID, sc.portrait); err != nil {
		return fmt.Errorf("portrait: %w", err)
	}
	if _, err := m.SaveSocial(ctx, userID, sc.social); err != nil {
		return fmt.Errorf("social links: %w", err)
	}
	if _, err := m.AddVideo(ctx, userID, sc.video); err != nil {
		return fmt.Errorf("video: %w", err)
	}
	var uploads []media.Upload
	for i, photo := range sc.photos {
		data, err := picture(i)
		if err != nil {
			return err
		}
		if _, err := m.UploadImage(ctx, userID, data, photo[0], photo[1]); err != nil {
			return fmt.Errorf("photo %q: %w", photo[0], err)
		}
		if i < 3 {
			uploads = append(uploads, media.Upload{Name: fmt.Sprintf("photo-%d.png", i+1), Data: data})
		}
	}
	if sc.portfolio == nil {
		return nil
	}
	p, err := m.CreatePortfolio(ctx, userID, *sc.portfolio)
	if err != nil {
		return fmt.Errorf("portfolio: %w", err)
	}
	if _, failed, err := m.AddImages(ctx, userID, p.ID, uploads); err != nil || len(failed) > 0 {
		return fmt.Errorf("portfolio photos: %v %v", err, failed)
	}
	if _, err := m.SetPublished(ctx, userID, p.ID, true); err != nil {
		return fmt.Errorf("publishing the portfolio: %w", err)
	}
	return nil
}
