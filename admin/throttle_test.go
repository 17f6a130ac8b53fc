package admin

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// fakeClock is a settable clock for the throttle.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// throttledGuard is a guard with token tok on a fake clock, logging into
// buf, in front of a handler answering 200.
func throttledGuard(tok string, buf *bytes.Buffer) (*guard, http.Handler, *fakeClock) {
	var w zerolog.LevelWriter = zerolog.MultiLevelWriter(buf)
	g := newGuard(tok, zerolog.New(w))
	clk := &fakeClock{t: time.Unix(1_800_000_000, 0)}
	g.thr.now = clk.now
	return g, g.wrap(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })), clk
}

func try(h http.Handler, remote, target, bearer, cookie string) *http.Response {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.RemoteAddr = remote
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: cookie})
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// TestWrongTokensThrottled: an address that sends wrong tokens gets 401
// a few times, then 429 with Retry-After — for the right token too, so
// the answers do not tell a guesser it found it — while other addresses
// and a browser holding the session cookie are served; it may try once
// more every throttleEvery, and the right token then clears it. The
// throttling is logged once, with the address.
func TestWrongTokensThrottled(t *testing.T) {
	const token = "correct-horse-battery-staple"
	var logs bytes.Buffer
	g, h, clk := throttledGuard(token, &logs)
	const attacker = "203.0.113.7:40000"
	codes := map[int]int{}
	for i := 0; i < 50; i++ {
		res := try(h, attacker, "/api/status", fmt.Sprintf("guess-%d", i), "")
		codes[res.StatusCode]++
		if res.StatusCode == http.StatusTooManyRequests {
			ra, err := strconv.Atoi(res.Header.Get("Retry-After"))
			if err != nil || ra < 1 || ra > int(throttleEvery/time.Second) {
				t.Fatalf("429 with Retry-After %q", res.Header.Get("Retry-After"))
			}
		}
	}
	if codes[401] != throttleBurst || codes[429] != 50-throttleBurst {
		t.Fatalf("50 wrong tokens from one address: %v; want %d × 401, the rest 429", codes, throttleBurst)
	}
	// Query tokens count as bearer ones.
	if res := try(h, attacker, "/?token=another-guess", "", ""); res.StatusCode != 429 {
		t.Fatalf("?token= guess from a throttled address: %d", res.StatusCode)
	}
	// The right token from the throttled address: refused too.
	if res := try(h, attacker, "/api/status", token, ""); res.StatusCode != 429 {
		t.Fatalf("right token from the throttled address: %d, want 429", res.StatusCode)
	}
	// Everyone else is served: another address, and a browser session
	// from the same address.
	if res := try(h, "198.51.100.20:5000", "/api/status", token, ""); res.StatusCode != 200 {
		t.Fatalf("right token from another address: %d", res.StatusCode)
	}
	if res := try(h, attacker, "/api/status", "", g.cookie); res.StatusCode != 200 {
		t.Fatalf("session cookie from the throttled address: %d", res.StatusCode)
	}
	// One more try per throttleEvery.
	clk.add(throttleEvery)
	if res := try(h, attacker, "/api/status", "guess-again", ""); res.StatusCode != 401 {
		t.Fatalf("a guess %v later: %d, want 401", throttleEvery, res.StatusCode)
	}
	if res := try(h, attacker, "/api/status", "and-again", ""); res.StatusCode != 429 {
		t.Fatalf("the guess after it: %d, want 429", res.StatusCode)
	}
	clk.add(throttleEvery)
	if res := try(h, attacker, "/api/status", token, ""); res.StatusCode != 200 {
		t.Fatalf("right token once the address may try again: %d", res.StatusCode)
	}
	if n := g.thr.size(); n != 0 {
		t.Fatalf("%d addresses remembered after the right token", n)
	}
	// A request without a token guesses nothing: 401, not counted.
	for i := 0; i < 20; i++ {
		if res := try(h, "192.0.2.1:1", "/", "", ""); res.StatusCode != 401 {
			t.Fatalf("request without a token: %d", res.StatusCode)
		}
	}
	throttledLines := strings.Count(logs.String(), "admin address throttled")
	if throttledLines != 1 || !strings.Contains(logs.String(), `"address":"203.0.113.7"`) {
		t.Fatalf("%d throttling lines; want one naming the address:\n%s", throttledLines, logs.String())
	}
}

// TestThrottleByPrefixAndBounded: IPv6 addresses of one /64 share a
// bucket, and the table of addresses and the log stay bounded however
// many addresses send wrong tokens.
func TestThrottleByPrefixAndBounded(t *testing.T) {
	var logs bytes.Buffer
	g, h, clk := throttledGuard("tok", &logs)
	for i := 0; i < throttleBurst; i++ {
		try(h, fmt.Sprintf("[2001:db8:1:2::%x]:443", i+1), "/", "nope", "")
	}
	if res := try(h, "[2001:db8:1:2:ffff::1]:443", "/", "nope", ""); res.StatusCode != 429 {
		t.Fatalf("another address of the same /64: %d, want 429", res.StatusCode)
	}
	if res := try(h, "[2001:db8:1:3::1]:443", "/", "tok", ""); res.StatusCode != 200 {
		t.Fatalf("another /64: %d", res.StatusCode)
	}
	for i := 0; i < 3*throttleAddrs; i++ {
		try(h, fmt.Sprintf("10.%d.%d.%d:1", i>>16&255, i>>8&255, i&255), "/", "nope", "")
		if i%1000 == 0 {
			clk.add(time.Millisecond)
		}
	}
	if n := g.thr.size(); n > throttleAddrs {
		t.Fatalf("%d addresses remembered, bound %d", n, throttleAddrs)
	}
	if n := strings.Count(logs.String(), "\n"); n > 200 {
		t.Fatalf("%d log lines for %d addresses' failures: not rate-limited", n, 3*throttleAddrs)
	}
}

// TestBruteForceOverLoopback sends 2,000 wrong bearer tokens to a real
// admin listener on loopback from 8 connections at once, and counts the
// answers: a handful of 401, the rest 429; the right token from the same
// address is refused until Retry-After; the figure is logged.
func TestBruteForceOverLoopback(t *testing.T) {
	const token = "s3cret-admin-token"
	var logs bytes.Buffer
	var mu sync.Mutex
	lw := zerolog.SyncWriter(writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return logs.Write(p) }))
	s, err := New(Config{Addr: "127.0.0.1:0", Token: token, Log: zerolog.New(lw)}, NewStatus(), NewMetrics())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(t.Context())
	url := "http://" + s.Addr() + "/healthz"
	const tries, workers = 2000, 8
	var n401, n429, other atomic.Int64
	var next atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Timeout: 10 * time.Second}
			for i := next.Add(1); i <= tries; i = next.Add(1) {
				req, _ := http.NewRequest(http.MethodGet, url, nil)
				req.Header.Set("Authorization", fmt.Sprintf("Bearer guess-%06d", i))
				res, err := c.Do(req)
				if err != nil {
					other.Add(1)
					continue
				}
				res.Body.Close()
				switch res.StatusCode {
				case 401:
					n401.Add(1)
				case 429:
					n429.Add(1)
				default:
					other.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	mu.Lock()
	lines := strings.Count(logs.String(), "\n")
	mu.Unlock()
	t.Logf("%d wrong tokens from 127.0.0.1 in %v: %d × 401, %d × 429, %d other; the right token then: %d (Retry-After %s); %d log lines",
		tries, took.Round(time.Millisecond), n401.Load(), n429.Load(), other.Load(), res.StatusCode, res.Header.Get("Retry-After"), lines)
	if n401.Load() != throttleBurst || n429.Load() != tries-throttleBurst || other.Load() != 0 {
		t.Fatalf("%d × 401, %d × 429, %d other; want %d × 401 and the rest 429", n401.Load(), n429.Load(), other.Load(), throttleBurst)
	}
	if res.StatusCode != 429 {
		t.Fatalf("right token from the guessing address: %d, want 429", res.StatusCode)
	}
	if lines > 20 {
		t.Fatalf("%d log lines for one address's guesses", lines)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
