package site

import (
	"html/template"

	"noces/internal/model"
)

// featureIconPaths are the venue features' icons: one stroked path each on
// a 24-unit grid, drawn in the text's colour. Inline SVG needs no request,
// no font and no script, and the page's CSP allows it.
var featureIconPaths = map[string]string{
	"ceremonyAndReception": "M5 14a4 4 0 1 0 8 0a4 4 0 1 0-8 0M11 14a4 4 0 1 0 8 0a4 4 0 1 0-8 0M12 3l1.5 3h-3z",
	"receptionVenue":       "M3 21h18M5 21V9l7-5 7 5v12M10 21v-5h4v5",
	"weddingLicense":       "M6 3h9l4 4v14H6zM15 3v4h4M9 14l2 2 4-4",
	"outdoorCeremony":      "M5 21V11a7 7 0 0 1 14 0v10M3 21h18M9 21v-6a3 3 0 0 1 6 0v6",
	"garden":               "M12 21V11M12 11C12 7 9 5 5 5c0 4 3 6 7 6zm0 3c0-3 3-5 7-5 0 4-3 5-7 5zM7 21h10",
	"parking":              "M4 3h16v18H4zM10 17V7h3a3 3 0 0 1 0 6h-3",
	"wheelchairAccessible": "M11 4a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M12 7v6h5l2 5M12 10h4M9 10.5a5 5 0 1 0 6.5 7",
	"bridalSuite":          "M3 19V7M3 13h18v6M21 13a3 3 0 0 0-3-3h-7v3M5.5 11a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0",
	"catering":             "M3 18h18M5 18a7 7 0 0 1 14 0M12 11V9M10 9h4",
	"bar":                  "M5 4h14l-7 8zM12 12v8M8 20h8",
	"seaView":              "M3 10c2-2 4-2 6 0s4 2 6 0 4-2 6 0M3 15c2-2 4-2 6 0s4 2 6 0 4-2 6 0",
	"mountainView":         "M3 20l6-11 4 7 2-3 6 7z",
	"cityView":             "M3 21h18M5 21V10h5v11M10 21V5h6v16M16 21v-8h3v8",
	"confettiAllowed":      "M4 20l4-11 7 7zM14 4l1 2M19 5l-2 2M20 10l-2-.5M12 8l1-1",
	"openFlameAllowed":     "M9 21h6M10 21V11h4v10M12 8c-1.5-1.5-1-3 0-5 1 2 1.5 3.5 0 5z",
	"petsAllowed":          "M12 20c-3 0-5-1.5-5-3.5S9.5 12 12 12s5 2.5 5 4.5-2 3.5-5 3.5zM4.5 10a1.5 2 0 1 0 3 0a1.5 2 0 1 0-3 0M8.5 6a1.5 2 0 1 0 3 0a1.5 2 0 1 0-3 0M12.5 6a1.5 2 0 1 0 3 0a1.5 2 0 1 0-3 0M16.5 10a1.5 2 0 1 0 3 0a1.5 2 0 1 0-3 0",
	"soundSystem":          "M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11",
	"lighting":             "M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5V16h8v-2.5A6 6 0 0 0 12 3z",
	"danceFloor":           "M9 18V5l10-2v13M4 18a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M14 16a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0",
	"tables":               "M3 8h18M6 8v12M18 8v12M6 13h12",
	"chairs":               "M7 3v18M7 13h10v8M17 13V9",
	"linens":               "M4 5h16v6H4zM6 11v9M18 11v9M10 11v4M14 11v6",
	"china":                "M4 12a8 8 0 1 0 16 0a8 8 0 1 0-16 0M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0",
	"glassware":            "M8 3h8c0 5-1 8-4 8s-4-3-4-8zM12 11v9M8 20h8",
	"flatware":             "M7 3v7a2 2 0 0 0 4 0V3M9 10v11M16 21V3c2 2 3 5 3 8h-3",
	"wifi":                 "M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M11.5 19.5h1",
}

// featureIcons are the icons as markup, built once from constant paths.
var featureIcons = func() map[string]template.HTML {
	out := make(map[string]template.HTML, len(model.VenueFeatures))
	for _, f := range model.VenueFeatures {
		d, ok := featureIconPaths[f]
		if !ok {
			panic("site: no icon for the venue feature " + f)
		}
		// The paths are constants of this file, never input.
		out[f] = template.HTML(`<svg class="ficon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">` +
			`<path d="` + d + `"/></svg>`)
	}
	return out
}()

// featureIcon returns a feature's icon.
func featureIcon(feature string) template.HTML { return featureIcons[feature] }
