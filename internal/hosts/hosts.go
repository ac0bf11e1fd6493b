// Package hosts maps host names to a domain and a face (public directory or
// back-office), and builds absolute URLs for each.
package hosts

import (
	"net"
	"strings"

	"noces/internal/config"
	"noces/internal/i18n"
)

// Face is what a host serves.
type Face int

// The two faces.
const (
	Pro    Face = iota // the back-office SPA (and the admin inside it)
	Public             // the server-rendered public directory
)

// Map resolves hosts and writes links.
type Map struct {
	byHost map[string]entry
	hosts  map[string]config.DomainHosts
	scheme string
	port   string
}

type entry struct {
	domain i18n.Domain
	face   Face
}

// New builds the map from the configuration.
func New(c config.Config) *Map {
	m := &Map{byHost: map[string]entry{}, hosts: map[string]config.DomainHosts{}, scheme: c.PublicScheme, port: c.PublicPort}
	for _, h := range c.Hosts {
		d, _ := i18n.DomainByKey(h.Key)
		m.byHost[h.Public] = entry{d, Public}
		m.byHost[h.Pro] = entry{d, Pro}
		m.hosts[h.Key] = h
	}
	return m
}

// Resolve returns the domain and face of a Host header. Plain localhost, IP
// addresses and unknown hosts are the default domain's back-office, so the
// product works on any address without configuration.
func (m *Map) Resolve(hostHeader string) (i18n.Domain, Face) {
	host := strings.ToLower(hostHeader)
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(host, ".")
	if e, ok := m.byHost[host]; ok {
		return e.domain, e.face
	}
	return i18n.Domains[0], Pro
}

// PublicURL is an absolute URL on a domain's public host.
func (m *Map) PublicURL(domainKey, path string) string {
	return m.base(m.hosts[domainKey].Public) + path
}

// ProURL is an absolute URL on a domain's back-office host.
func (m *Map) ProURL(domainKey, path string) string {
	return m.base(m.hosts[domainKey].Pro) + path
}

// HomeDomain is the domain of a country, where its listings' public pages
// live (a planner's or venue's page asked on another domain is sent
// there), and false for a country no domain serves.
func HomeDomain(country string) (i18n.Domain, bool) {
	for _, d := range i18n.Domains {
		if d.Country == country {
			return d, true
		}
	}
	return i18n.Domain{}, false
}

// ListingDomain is the domain whose public host lists a planner or venue of
// country: its home domain, or the default one for a country no domain
// serves.
func ListingDomain(country string) i18n.Domain {
	if d, ok := HomeDomain(country); ok {
		return d
	}
	return i18n.Domains[0]
}

// ProfileURL is a provider's public page, on the domain of its company's
// country (where the page lives: another domain redirects there), or the
// default domain for a country no domain serves.
func (m *Map) ProfileURL(country, slug string) string {
	return m.PublicURL(ListingDomain(country).Key, "/p/"+slug)
}

// The services build the addresses their e-mails and pages carry through
// these interfaces, each taking the smallest that serves it; *Map is every
// one of them, and a test may pass a fake of just the methods its service
// calls.

// PublicLinks makes addresses on a domain's public directory.
type PublicLinks interface {
	// PublicURL is a page of the public directory of a domain.
	PublicURL(domainKey, path string) string
}

// ProLinks makes addresses on a domain's back-office.
type ProLinks interface {
	// ProURL is a page of the back-office of a domain.
	ProURL(domainKey, path string) string
}

// ProfileLinks makes the address of a provider's public page.
type ProfileLinks interface {
	// ProfileURL is a provider's public page, on the domain of its
	// company's country.
	ProfileURL(country, slug string) string
}

// Links makes every kind of address, for the services whose e-mails link
// to both faces.
type Links interface {
	PublicLinks
	ProLinks
	ProfileLinks
}

var _ Links = (*Map)(nil)

func (m *Map) base(host string) string {
	if host == "" {
		host = m.hosts[i18n.Domains[0].Key].Public
	}
	if m.port != "" {
		host = net.JoinHostPort(host, m.port)
	}
	return m.scheme + "://" + host
}

// Alternates lists every domain's public URL for path, for hreflang links.
func (m *Map) Alternates(path string) []Alternate {
	out := make([]Alternate, 0, len(i18n.Domains))
	for _, d := range i18n.Domains {
		out = append(out, Alternate{Locale: d.Locale, URL: m.PublicURL(d.Key, path)})
	}
	return out
}

// Alternate is one hreflang link.
type Alternate struct {
	Locale string
	URL    string
}
