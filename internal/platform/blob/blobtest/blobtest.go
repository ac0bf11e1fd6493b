// Package blobtest runs an S3 server in process for tests: gofakes3 speaks
// the real protocol (signed requests, ranged GETs, multipart uploads,
// listings), so the minio-go client is exercised as against a real bucket.
// It checks no signature.
package blobtest

import (
	"context"
	"crypto/tls"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"noces/internal/platform/blob"
)

// Server is one fake S3 service with its buckets.
type Server struct {
	// URL is the service's address, for NOCES_S3_ENDPOINT.
	URL string
	srv *httptest.Server

	mu       sync.Mutex
	requests []Request
}

// Request is what a test may check of one request the service served.
type Request struct {
	Method string
	Host   string
	Path   string
	Query  string
	Range  string
}

// Bucket is the bucket New creates.
const Bucket = "noces-media"

// New starts a path-style service over plain HTTP with Bucket in it, closed
// when the test ends.
func New(t testing.TB) *Server {
	return start(t, false, nil)
}

// NewTLS starts the service over HTTPS, routing bucket host names
// ("<bucket>.<base>") to their bucket the way AWS does: the virtual-hosted
// style that the path-style switch turns off.
func NewTLS(t testing.TB, bases ...string) *Server {
	return start(t, true, []gofakes3.Option{gofakes3.WithHostBucketBase(bases...)})
}

func start(t testing.TB, secure bool, opts []gofakes3.Option) *Server {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(Bucket); err != nil {
		t.Fatal(err)
	}
	s := &Server{}
	fake := gofakes3.New(backend, append(opts, gofakes3.WithLogger(gofakes3.DiscardLog()))...).Server()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Host: r.Host, Path: r.URL.Path, Query: r.URL.RawQuery, Range: r.Header.Get("Range")})
		s.mu.Unlock()
		fake.ServeHTTP(w, r)
	})
	s.srv = httptest.NewUnstartedServer(h)
	// A client that stops reading a ranged answer early makes the fake
	// report a failed write: expected, not worth a line in the test log.
	s.srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	if secure {
		s.srv.StartTLS()
	} else {
		s.srv.Start()
	}
	t.Cleanup(s.srv.Close)
	s.URL = s.srv.URL
	return s
}

var pathStyle = true

// Config reaches the plain service path-style, as MinIO is reached.
func (s *Server) Config() blob.S3Config {
	return blob.S3Config{Endpoint: s.URL, Region: "us-east-1", AccessKeyID: "test-key", SecretAccessKey: "test-secret", PathStyle: &pathStyle}
}

// AWSConfig reaches the TLS service as if it were AWS at endpoint (say
// https://s3.eu-west-3.amazonaws.com): every connection goes to the fake,
// whose certificate the transport trusts, whatever host name the client
// puts the bucket in.
func (s *Server) AWSConfig(endpoint, region string) blob.S3Config {
	tr := s.srv.Client().Transport.(*http.Transport).Clone()
	addr := s.srv.Listener.Addr().String()
	tr.DialTLSContext = nil
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	// The fake's certificate names 127.0.0.1 and example.com, not AWS.
	tr.TLSClientConfig = &tls.Config{RootCAs: tr.TLSClientConfig.RootCAs, ServerName: "example.com"}
	return blob.S3Config{Endpoint: endpoint, Region: region, AccessKeyID: "test-key", SecretAccessKey: "test-secret", Transport: tr}
}

// Requests are the requests served so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Store opens the bucket under prefix ("" or "a/b/") through blob.Open, as
// the server does from NOCES_BLOB_URL.
func (s *Server) Store(t testing.TB, prefix string) blob.Store {
	t.Helper()
	st, err := blob.Open("s3://"+Bucket+"/"+strings.TrimSuffix(prefix, "/"), s.Config())
	if err != nil {
		t.Fatal(err)
	}
	return st
}
