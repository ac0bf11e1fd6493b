package media

import (
	"context"
	"net/url"
	"regexp"
	"strings"

	"noces/internal/apperr"
	"noces/internal/model"
)

// Social networks, in the order of the form.
var Networks = []string{"facebook", "instagram", "twitter", "tiktok", "linkedin", "pinterest"}

// network describes one network's profile addresses.
type network struct {
	hosts []string
	// profile reads the path segments of a profile address and returns the
	// canonical path ("" when it is not a profile).
	profile func(parts []string, q url.Values) string
	base    string
}

var (
	facebookName  = regexp.MustCompile(`^[A-Za-z0-9.\-]{5,50}$`)
	instagramName = regexp.MustCompile(`^[A-Za-z0-9._]{1,30}$`)
	twitterName   = regexp.MustCompile(`^[A-Za-z0-9_]{1,15}$`)
	tiktokName    = regexp.MustCompile(`^@[A-Za-z0-9._]{2,24}$`)
	linkedinName  = regexp.MustCompile(`^[A-Za-z0-9\-_%]{3,100}$`)
	pinterestName = regexp.MustCompile(`^[A-Za-z0-9_]{3,30}$`)
	digits        = regexp.MustCompile(`^[0-9]{5,20}$`)
)

// reserved are first path segments that are pages of the network, not profiles.
var reserved = map[string]bool{
	"login": true, "signup": true, "share": true, "sharer": true, "home": true, "explore": true, "search": true,
	"p": true, "reel": true, "reels": true, "stories": true, "watch": true, "groups": true, "events": true,
	"pages": true, "hashtag": true, "intent": true, "i": true, "settings": true, "about": true, "help": true,
	"pin": true, "ideas": true, "profile.php": true, "tag": true, "discover": true, "feed": true, "messages": true, "notifications": true,
}

func oneName(re *regexp.Regexp) func([]string, url.Values) string {
	return func(parts []string, _ url.Values) string {
		if len(parts) == 1 && re.MatchString(parts[0]) && !reserved[strings.ToLower(parts[0])] {
			return "/" + parts[0]
		}
		return ""
	}
}

var networks = map[string]network{
	"facebook": {hosts: []string{"facebook.com", "www.facebook.com", "m.facebook.com", "web.facebook.com", "fb.com", "www.fb.com"},
		base: "https://www.facebook.com",
		profile: func(parts []string, q url.Values) string {
			if len(parts) == 1 && parts[0] == "profile.php" && digits.MatchString(q.Get("id")) {
				return "/profile.php?id=" + q.Get("id")
			}
			return oneName(facebookName)(parts, q)
		}},
	"instagram": {hosts: []string{"instagram.com", "www.instagram.com"}, base: "https://www.instagram.com", profile: oneName(instagramName)},
	"twitter": {hosts: []string{"twitter.com", "www.twitter.com", "mobile.twitter.com", "x.com", "www.x.com"}, base: "https://x.com",
		profile: oneName(twitterName)},
	"tiktok": {hosts: []string{"tiktok.com", "www.tiktok.com", "m.tiktok.com"}, base: "https://www.tiktok.com", profile: oneName(tiktokName)},
	"linkedin": {hosts: []string{"linkedin.com", "www.linkedin.com"}, base: "https://www.linkedin.com",
		profile: func(parts []string, _ url.Values) string {
			if len(parts) == 2 && (parts[0] == "in" || parts[0] == "company") && linkedinName.MatchString(parts[1]) {
				return "/" + parts[0] + "/" + parts[1]
			}
			return ""
		}},
	"pinterest": {hosts: []string{"pinterest.com", "www.pinterest.com", "pinterest.fr", "www.pinterest.fr", "fr.pinterest.com",
		"pinterest.de", "www.pinterest.de", "de.pinterest.com", "pinterest.es", "www.pinterest.es", "es.pinterest.com",
		"pinterest.it", "www.pinterest.it", "it.pinterest.com", "pinterest.pt", "www.pinterest.pt", "pt.pinterest.com",
		"pinterest.co.uk", "www.pinterest.co.uk", "uk.pinterest.com", "nl.pinterest.com", "pinterest.nl", "www.pinterest.nl"},
		base: "https://www.pinterest.com", profile: oneName(pinterestName)},
}

// NormaliseSocial checks that raw is a profile address of network and
// returns its canonical https form, with tracking parameters and fragments
// dropped; "" stays "". ok is false for anything else. LinkedIn also takes
// regional hosts (fr.linkedin.com).
func NormaliseSocial(name, raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", true
	}
	n, known := networks[name]
	if !known || len(raw) > 300 || strings.ContainsAny(raw, " \t\r\n<>\"'") {
		return "", false
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil || u.Port() != "" {
		return "", false
	}
	if name == "linkedin" && u.Scheme != "https" {
		return "", false
	}
	h := strings.ToLower(u.Hostname())
	hostOK := false
	for _, allowed := range n.hosts {
		hostOK = hostOK || h == allowed
	}
	if name == "linkedin" && !hostOK {
		// Regional LinkedIn hosts: two letters and the main domain.
		if sub, ok := strings.CutSuffix(h, ".linkedin.com"); ok && len(sub) == 2 {
			hostOK = true
		}
	}
	if !hostOK {
		return "", false
	}
	path := strings.Trim(u.Path, "/")
	if path == "" {
		return "", false
	}
	p := n.profile(strings.Split(path, "/"), u.Query())
	if p == "" {
		return "", false
	}
	return n.base + p, true
}

// Social is a provider's links (the Instagram sync's state is
// internal/instagram's).
type Social struct {
	Links map[string]string // network -> URL or ""
}

func linksOf(l model.SocialLinks) map[string]string {
	return map[string]string{"facebook": l.Facebook, "instagram": l.Instagram, "twitter": l.Twitter, "tiktok": l.TikTok,
		"linkedin": l.LinkedIn, "pinterest": l.Pinterest}
}

// Social returns a provider's links.
func (s *Service) Social(ctx context.Context, userID string) (Social, error) {
	l, err := s.Store.GetSocialLinks(ctx, userID)
	if err != nil {
		return Social{}, err
	}
	return Social{Links: linksOf(l)}, nil
}

// SaveSocial checks and normalises the six links and saves them all, or
// none when one is wrong.
func (s *Service) SaveSocial(ctx context.Context, userID string, in map[string]string) (Social, error) {
	f := apperr.Fields{}
	out := map[string]string{}
	for _, name := range Networks {
		v, ok := NormaliseSocial(name, in[name])
		if !ok {
			f.Add(name, "social_networks.errors.invalid_"+name)
			continue
		}
		out[name] = v
	}
	if len(f) > 0 {
		return Social{}, &apperr.Error{Kind: apperr.Invalid, Code: "social_networks.errors.invalid_urls", Fields: f}
	}
	l := model.SocialLinks{UserID: userID, Facebook: out["facebook"], Instagram: out["instagram"], Twitter: out["twitter"],
		TikTok: out["tiktok"], LinkedIn: out["linkedin"], Pinterest: out["pinterest"], UpdatedAt: s.Clock.Now()}
	if err := s.Store.SaveSocialLinks(ctx, l); err != nil {
		return Social{}, err
	}
	return Social{Links: linksOf(l)}, nil
}
