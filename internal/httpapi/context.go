package httpapi

import (
	"context"

	"noces/internal/hosts"
)

type ctxKey int

const keyRequest ctxKey = iota

// requestInfo is what the middleware learns about a request, in one context
// value (requestContext): its id, the face of its host, and the route that
// served it, which the handler fills in (nameRoute) for observe to read.
type requestInfo struct {
	id    string
	face  hosts.Face
	route string
}

func requestInfoOf(ctx context.Context) *requestInfo {
	info, _ := ctx.Value(keyRequest).(*requestInfo)
	return info
}

func requestIDOf(ctx context.Context) string {
	if info := requestInfoOf(ctx); info != nil {
		return info.id
	}
	return ""
}

func faceOf(ctx context.Context) hosts.Face {
	if info := requestInfoOf(ctx); info != nil {
		return info.face
	}
	var none hosts.Face
	return none
}
