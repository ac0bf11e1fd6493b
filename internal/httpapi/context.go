package httpapi

import (
	"context"

	"noces/internal/account"
	"noces/internal/hosts"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyFace
	keyClaims
	keyRoute
)

func requestIDOf(ctx context.Context) string {
	s, _ := ctx.Value(keyRequestID).(string)
	return s
}

func faceOf(ctx context.Context) hosts.Face {
	f, _ := ctx.Value(keyFace).(hosts.Face)
	return f
}

func claimsOf(ctx context.Context) (account.Claims, bool) {
	c, ok := ctx.Value(keyClaims).(account.Claims)
	return c, ok
}
