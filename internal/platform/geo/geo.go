// Package geo finds places (a city with its postal code and coordinates) for
// the address forms. Services depend on Geocoder; Gazetteer answers from the
// data shipped in the binary, HTTPGeocoder from a Photon geocoding API.
package geo

import (
	"context"
	"errors"
)

// Place is one pick of an address search: the spec's location pick result.
// Country is the English country name; callers that know the user's language
// replace it with CountryName(CountryCode, lang).
type Place struct {
	Zipcode     string  `json:"zipcode"`
	City        string  `json:"city"`
	CountryCode string  `json:"countrycode"`
	Country     string  `json:"country"`
	Lat         float64 `json:"lat"`
	Lng         float64 `json:"lng"`
}

// Geocoder searches places by city name or postal code. country is one of
// Countries ("" searches all seven); limit is the most places wanted (<= 0
// means DefaultLimit, more than MaxLimit is MaxLimit). A query that finds
// nothing returns no places and no error.
type Geocoder interface {
	Search(ctx context.Context, q string, country string, limit int) ([]Place, error)
}

// Limits of one search.
const (
	DefaultLimit = 10
	MaxLimit     = 50
	// MaxQueryLen is the longest query looked at, in bytes; the rest is cut.
	MaxQueryLen = 100
)

// ErrUnavailable wraps every failure to reach or understand a remote
// geocoder, so callers can fall back or answer 503.
var ErrUnavailable = errors.New("geo: geocoder unavailable")

func clampLimit(limit int) int {
	switch {
	case limit <= 0:
		return DefaultLimit
	case limit > MaxLimit:
		return MaxLimit
	}
	return limit
}
