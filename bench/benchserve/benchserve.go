// Package benchserve holds what the upload and venue benches share: their
// input photo, the noces server they start with the demo data, its memory
// and CPU read from /proc, a sign-in, and the report's small formatters.
package benchserve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// photo makes a 4000x3000 JPEG of at most limit bytes, as large as the
// quality allows: a photograph-like mix of gradients and fine grain, which
// JPEG cannot squeeze much.
func Photo(limit int) ([]byte, int, error) {
	const w, h = 4000, 3000
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	r := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			v := 60 + (x*120)/w + (y*60)/h + r.IntN(48)
			img.Y[y*img.YStride+x] = uint8(min(255, v))
		}
	}
	for y := range h / 2 {
		for x := range w / 2 {
			img.Cb[y*img.CStride+x] = uint8(100 + (x*40)/(w/2) + r.IntN(16))
			img.Cr[y*img.CStride+x] = uint8(140 - (y*30)/(h/2) + r.IntN(16))
		}
	}
	var best []byte
	bestQ := 0
	lo, hi := 50, 100
	for lo <= hi {
		q := (lo + hi) / 2
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
			return nil, 0, err
		}
		if b.Len() <= limit {
			best, bestQ = b.Bytes(), q
			lo = q + 1
		} else {
			hi = q - 1
		}
	}
	if best == nil {
		return nil, 0, fmt.Errorf("no quality gives a JPEG under %d bytes", limit)
	}
	return best, bestQ, nil
}

// Server is a running noces with the demo data, in its own temporary folder.
type Server struct {
	Cmd  *exec.Cmd
	Base string // http://127.0.0.1:port
	dir  string
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Start runs bin serve --demo on a free loopback port and waits until it is ready.
func Start(bin string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "noces-bench-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "--demo")
	cmd.Env = append(os.Environ(), "NOCES_ADDR=127.0.0.1:"+strconv.Itoa(port), "NOCES_DATA_DIR="+dir, "NOCES_LOG_LEVEL=error")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{Cmd: cmd, Base: "http://127.0.0.1:" + strconv.Itoa(port), dir: dir}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if r, err := http.Get(s.Base + "/readyz"); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return s, nil
			}
		}
	}
	s.Stop()
	return nil, fmt.Errorf("the server was not ready within 60 s")
}

// Stop ends the server and removes its folder.
func (s *Server) Stop() {
	_ = s.Cmd.Process.Signal(syscall.SIGTERM)
	_ = s.Cmd.Wait()
	_ = os.RemoveAll(s.dir)
}

// MemKB reads a "Vm...:" line of /proc/<pid>/status, in KiB.
func (s *Server) MemKB(field string) int {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(s.Cmd.Process.Pid), "status"))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.Atoi(strings.Fields(rest)[0])
			return n
		}
	}
	return 0
}

// ResetPeak sets the process's VmHWM back to its VmRSS (Linux 4.0+).
func (s *Server) ResetPeak() error {
	return os.WriteFile(filepath.Join("/proc", strconv.Itoa(s.Cmd.Process.Pid), "clear_refs"), []byte("5"), 0)
}

// Login signs in a demo account (the demo password) and returns its access token.
func Login(base, email string) (string, error) {
	body, _ := json.Marshal(map[string]string{"username": email, "password": "Demo-2026!"})
	r, err := http.Post(base+"/api/login_check", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer r.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(r.Body).Decode(&out); err != nil || out.Token == "" {
		return "", fmt.Errorf("sign-in: %d %v", r.StatusCode, err)
	}
	return out.Token, nil
}

// CPUTime is the server process's CPU time so far, from /proc/<pid>/stat
// (utime and stime, in clock ticks of 1/100 s).
func (s *Server) CPUTime() time.Duration {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(s.Cmd.Process.Pid), "stat"))
	if err != nil {
		return 0
	}
	// The fields after the command name, which may hold spaces, in brackets.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11])
	k, _ := strconv.Atoi(f[12])
	return time.Duration(u+k) * 10 * time.Millisecond
}

// Median is the middle value of v (the upper one of an even count).
func Median[T int | time.Duration](v []T) T {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// Ms writes a duration in whole milliseconds.
func Ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }

// Mark says whether a target was met.
func Mark(ok bool) string {
	if ok {
		return "(met)"
	}
	return "(missed)"
}
