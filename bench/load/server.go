package main

import (
	"context"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"time"
)

// startHello serves the baseline: the least a Go HTTP server can do per
// request, a small JSON body through net/http, with no middleware.
func startHello() (url string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"status": "ok"})
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}

// describeBinary says which build a binary is: the commit it was built from
// (with "+changes" when the tree was modified) and its build time, from the
// build information Go stamps into every binary.
func describeBinary(path string) string {
	desc := path
	if fi, err := os.Stat(path); err == nil {
		desc += ", built " + fi.ModTime().UTC().Format("2006-01-02 15:04 MST")
	}
	info, err := buildinfo.ReadFile(path)
	if err != nil {
		return desc
	}
	return desc + buildDetails(info.Settings) + ", " + info.GoVersion
}

// buildDetails names the commit from the VCS stamp, or else the version
// `make go` sets with -ldflags (GOFLAGS=-buildvcs=false drops the stamp).
func buildDetails(settings []debug.BuildSetting) string {
	var rev, modified, version string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		case "-ldflags":
			for _, f := range strings.Fields(s.Value) {
				if v, ok := strings.CutPrefix(f, "noces/internal/app.Version="); ok {
					version = v
				}
			}
		}
	}
	switch {
	case rev != "":
		out := ", commit " + rev[:min(12, len(rev))]
		if modified == "true" {
			out += "+changes"
		}
		return out
	case version != "":
		return ", version " + version
	}
	return ""
}

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// server is the real binary running `serve`.
type server struct {
	cmd  *exec.Cmd
	url  string
	done chan struct{} // closed when the process has exited
	err  error         // its exit status, once done
}

// startServer runs bin serve with env added to a NOCES_*-free environment,
// and waits until /readyz answers 200.
func startServer(ctx context.Context, bin, addr string, env []string) (*server, error) {
	cmd := exec.Command(bin, "serve")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NOCES_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, url: "http://" + addr, done: make(chan struct{})}
	go func() {
		s.err = cmd.Wait()
		close(s.done)
	}()
	if err := s.waitReady(ctx, 60*time.Second); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

func (s *server) waitReady(ctx context.Context, limit time.Duration) error {
	client := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{Proxy: nil}}
	deadline := time.Now().Add(limit)
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url+"/readyz", nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-s.done:
			return fmt.Errorf("server exited before it was ready: %v", s.err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return errors.New("server not ready after " + limit.String())
		}
	}
}

// pid is the server's process id.
func (s *server) pid() int { return s.cmd.Process.Pid }

// stop asks the server to shut down, and kills it if it takes too long.
func (s *server) stop() {
	select {
	case <-s.done:
		return
	default:
	}
	if err := s.cmd.Process.Signal(os.Interrupt); err != nil {
		_ = s.cmd.Process.Kill()
	}
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}
