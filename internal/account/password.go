package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"noces/internal/account/argon2id"
	"noces/internal/apperr"
)

// HashParams are the argon2id costs. Production uses DefaultHashParams; tests
// may lower the memory to run faster through the same code.
type HashParams struct {
	Time    uint32
	Memory  uint32 // KiB
	Threads uint8
}

// DefaultHashParams cost 64 MiB and about 100 ms of one core per hash (the
// two argon2 lanes are computed one after the other, see package argon2id).
var DefaultHashParams = HashParams{Time: 1, Memory: 64 * 1024, Threads: 2}

// DefaultQueueWait is how long a password waits for a free lane before the
// request is refused with 429: long enough for a burst of sign-ins to pass,
// short enough that a person is told to retry rather than left waiting.
const DefaultQueueWait = 3 * time.Second

// idleRelease is how long the lanes' memory is kept after the last hash: a
// burst of sign-ins reuses it, a quiet server hands it back to the system.
const idleRelease = 10 * time.Second

// HasherOptions bound the hasher's work.
type HasherOptions struct {
	// Lanes is how many hashes run at once. Each runs in one thread, so it
	// is also how many cores hashing may take. <= 0: one fewer than the
	// cores Go runs on (at least one), so that a flood of sign-ins leaves a
	// core to every other request: on 2 cores, with both busy hashing, a
	// request waits for Go's 10 ms preemption at each step of its work.
	Lanes int
	// QueueWait is the longest a hash waits for a lane before the caller
	// gets a 429 with Retry-After (<= 0: DefaultQueueWait). A hash expected
	// to wait longer, given the hashes ahead and their recent duration, is
	// refused at once.
	QueueWait time.Duration
}

// DefaultLanes is the lanes of HasherOptions{Lanes: 0}: one fewer than the
// cores Go runs on, at least one.
func DefaultLanes() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// Hasher hashes and checks passwords with argon2id. Each hash takes 64 MiB
// and a core for about 100 ms, so at most Lanes of them run at once, each in
// one thread and in a buffer kept from hash to hash; the others queue for a
// bounded time. A flood of sign-ins thus neither exhausts memory nor starves
// the other requests of CPU, and what cannot be served soon is told when to
// come back (429) instead of waiting without end.
type Hasher struct {
	params HashParams
	lanes  int
	wait   time.Duration
	// free holds the idle lanes, each with its buffer. Go's channel
	// receivers are served in order, so the queue is first come, first served.
	free    chan *argon2id.Buffer
	running atomic.Int64
	queued  atomic.Int64
	// avg is a moving average of a hash's duration in nanoseconds, to
	// predict a newcomer's wait.
	avg atomic.Int64
	// idle hands the buffers' memory back after idleRelease without a hash.
	idleMu sync.Mutex
	idle   *time.Timer
	// inLane, in tests, runs while a hash holds its lane.
	inLane func()
}

// NewHasher returns a Hasher with params for new hashes, bounded by o.
func NewHasher(p HashParams, o HasherOptions) *Hasher {
	if o.Lanes <= 0 {
		o.Lanes = DefaultLanes()
	}
	if o.QueueWait <= 0 {
		o.QueueWait = DefaultQueueWait
	}
	h := &Hasher{params: p, lanes: o.Lanes, wait: o.QueueWait, free: make(chan *argon2id.Buffer, o.Lanes)}
	for range o.Lanes {
		h.free <- &argon2id.Buffer{}
	}
	return h
}

// Lanes is how many hashes may run at once.
func (h *Hasher) Lanes() int { return h.lanes }

// Load is what the hasher does now: hashes running and hashes waiting for a
// lane.
func (h *Hasher) Load() (running, queued int) {
	return int(h.running.Load()), int(h.queued.Load())
}

// errMalformedHash is returned for a stored hash this code cannot read.
var errMalformedHash = errors.New("account: malformed password hash")

// errQueueFull is the cause of the 429 of a hash that found no lane in time.
var errQueueFull = errors.New("account: every password lane is busy")

// busy is the 429 of a hash that cannot get a lane in time, asking to come
// back once the queue ahead should have drained.
func (h *Hasher) busy(ahead int64) error {
	wait := h.expectedWait(ahead)
	return &apperr.Error{Kind: apperr.TooMany, Code: "errors.server_busy", Err: errQueueFull,
		RetryAfter: max(1, int(math.Ceil(wait.Seconds())))}
}

// expectedWait guesses how long a hash waits behind ahead others when every
// lane is busy: the running ones end, then the queue goes lanes at a time.
func (h *Hasher) expectedWait(ahead int64) time.Duration {
	return time.Duration(h.avg.Load()) * time.Duration(ahead/int64(h.lanes)+1)
}

// Admit returns the 429 a hash would get now without waiting in line: when
// no lane is free and the line ahead is expected to take longer than the
// queue wait. Sign-ins ask it before any other work, so that a client
// hammering a full line costs no database queries.
func (h *Hasher) Admit() error {
	if len(h.free) > 0 {
		return nil
	}
	if ahead := h.queued.Load(); h.expectedWait(ahead) > h.wait {
		return h.busy(ahead)
	}
	return nil
}

// acquire takes a lane, waiting in line at most the queue wait, or refuses
// at once when the line ahead is expected to take longer than that.
func (h *Hasher) acquire(ctx context.Context) (*argon2id.Buffer, error) {
	select {
	case b := <-h.free:
		return b, nil
	default:
	}
	ahead := h.queued.Add(1) - 1
	defer h.queued.Add(-1)
	if h.expectedWait(ahead) > h.wait {
		return nil, h.busy(ahead)
	}
	t := time.NewTimer(h.wait)
	defer t.Stop()
	select {
	case b := <-h.free:
		return b, nil
	case <-t.C:
		return nil, h.busy(h.queued.Load() - 1)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (h *Hasher) release(b *argon2id.Buffer) {
	h.free <- b
	if len(h.free) == h.lanes {
		h.idleMu.Lock()
		if h.idle == nil {
			h.idle = time.AfterFunc(idleRelease, h.releaseIdle)
		} else {
			h.idle.Reset(idleRelease)
		}
		h.idleMu.Unlock()
	}
}

// releaseIdle drops the buffers of a hasher that is idle, and hands their
// memory back to the system (a collection at a quiet time). A hash that
// started meanwhile keeps its buffer; its end sets the timer again.
func (h *Hasher) releaseIdle() {
	if h.ReleaseMemory() > 0 {
		debug.FreeOSMemory()
	}
}

// ReleaseMemory drops the memory of the lanes no hash is using and returns
// how many bytes were dropped; the next hash allocates again. The server
// calls it when its start-up (the demo's accounts) is done.
func (h *Hasher) ReleaseMemory() int {
	var taken []*argon2id.Buffer
	n := 0
	for range h.lanes {
		select {
		case b := <-h.free:
			n += b.Bytes()
			*b = argon2id.Buffer{}
			taken = append(taken, b)
		default:
		}
	}
	for _, b := range taken {
		h.free <- b
	}
	return n
}

// key runs one argon2id hash in a lane.
func (h *Hasher) key(ctx context.Context, password string, salt []byte, p HashParams, keyLen uint32) ([]byte, error) {
	b, err := h.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer h.release(b)
	h.running.Add(1)
	defer h.running.Add(-1)
	if h.inLane != nil {
		h.inLane()
	}
	t0 := time.Now()
	key := argon2id.Key(b, []byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	d := int64(time.Since(t0))
	// An average over the last eight hashes or so: racing updates may lose
	// one sample, which a guess can afford.
	if old := h.avg.Load(); old == 0 {
		h.avg.Store(d)
	} else {
		h.avg.Store(old + (d-old)/8)
	}
	return key, nil
}

// Hash returns the PHC-encoded argon2id hash of password.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	p := h.params
	key, err := h.key(ctx, password, salt, p, 32)
	if err != nil {
		return "", err
	}
	return encodeHash(p, salt, key), nil
}

func encodeHash(p HashParams, salt, key []byte) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2id.Version, p.Memory, p.Time, p.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

// The salt and key of DummyHash: fixed bytes that no hash of a password
// gives, short of breaking argon2id.
var (
	dummySalt = []byte("noces dummy salt")
	dummyKey  = []byte("no password hashes to this key..")
)

// DummyHash is an encoded hash with the hasher's costs that no password
// matches. Verifying it takes as long as verifying a real one, so a sign-in
// with an unknown e-mail answers in the time of a wrong password and
// addresses cannot be probed. It is a constant: making a real hash at every
// start cost a hash (and its 64 MiB) for nothing.
func (h *Hasher) DummyHash() string { return encodeHash(h.params, dummySalt, dummyKey) }

// Verify reports whether password matches encoded, using the parameters stored
// in encoded (so hashes made with older costs still verify).
func (h *Hasher) Verify(ctx context.Context, password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errMalformedHash
	}
	var p HashParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil ||
		p.Time < 1 || p.Threads < 1 {
		return false, errMalformedHash
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, errMalformedHash
	}
	got, err := h.key(ctx, password, salt, p, uint32(len(want)))
	if err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
