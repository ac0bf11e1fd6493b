package httpapi

import (
	"context"

	"noces/internal/hosts"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyFace
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
