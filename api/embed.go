// Package api embeds the API contract, api/openapi.yaml.
package api

import _ "embed"

// OpenAPI is the OpenAPI 3.1 document of the JSON API.
//
//go:embed openapi.yaml
var OpenAPI []byte
