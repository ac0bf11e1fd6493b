package i18n

import "context"

type ctxKey struct{}

type locale struct {
	domain Domain
	lang   string
}

// WithLocale returns ctx carrying the request's domain and interface language.
func WithLocale(ctx context.Context, d Domain, lang string) context.Context {
	return context.WithValue(ctx, ctxKey{}, locale{d, lang})
}

// DomainFrom returns the domain of ctx, or the default domain.
func DomainFrom(ctx context.Context) Domain {
	if l, ok := ctx.Value(ctxKey{}).(locale); ok {
		return l.domain
	}
	return Domains[0]
}

// LangFrom returns the interface language of ctx, or the default language.
func LangFrom(ctx context.Context) string {
	if l, ok := ctx.Value(ctxKey{}).(locale); ok && l.lang != "" {
		return l.lang
	}
	return DefaultLang
}
