package client_test

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
	"github.com/stratavox/strata/resources/chunk"
)

func TestParsePin(t *testing.T) {
	var want [32]byte
	for i := range want {
		want[i] = byte(i * 9)
	}
	hexPin := "0009121b242d363f48515a636c757e879099a2abb4bdc6cfd8e1eaf3fc050e17"
	colons := strings.ToUpper(strings.Join(splitEvery(hexPin, 2), ":"))
	tests := []struct {
		in string
		ok bool
	}{
		{hexPin, true},
		{colons, true},
		{"sha256:" + hexPin, true},
		{base64.StdEncoding.EncodeToString(want[:]), true},
		{base64.RawURLEncoding.EncodeToString(want[:]), true},
		{"", false},
		{hexPin[:62], false},
		{"zz" + hexPin[2:], false},
	}
	for _, tt := range tests {
		got, err := client.ParsePin(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != want) {
			t.Errorf("ParsePin(%q) = %x, %v", tt.in, got, err)
		}
	}
}

func splitEvery(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

// server runs a transport server whose tick accepts everyone and answers a
// Subscribe with one undecodable and one valid section.
func server(t *testing.T) (addr string, fp certs.Fingerprint) {
	return tickServer(t, func(ev transport.Event) {
		if ev.Kind == wire.Message && ev.Msg.GetSubscribe() != nil {
			s := chunk.Uniform(chunk.Sand)
			ev.Client.SendChunk(protocol.NewChunk(chunk.Pos{X: 1}, 1, []byte{0xee, 0xee}))
			ev.Client.SendChunk(protocol.NewChunk(chunk.Pos{X: 2}, 2, chunk.Encode(&s)))
		}
	})
}

// tickServer runs a transport server on loopback whose stand-in tick,
// every 5 ms, admits every client and hands each other event to handle.
// Everything stops at the test's end.
func tickServer(t *testing.T, handle func(ev transport.Event)) (addr string, fp certs.Fingerprint) {
	t.Helper()
	m, err := certs.Open(certs.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := transport.Listen(transport.Config{Listen: "127.0.0.1:0", TLS: m.TLSConfig(), Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var buf []transport.Event
		tk := time.NewTicker(5 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
			}
			buf = srv.Inbox().Drain(buf[:0])
			for _, ev := range buf {
				if ev.Kind == wire.Connected {
					ev.Client.Accept(wire.Admission{EntityID: 9, ViewDistance: protocol.ClampView(ev.Client.ViewDistance(), protocol.DefaultMaxViewDistance)})
					continue
				}
				handle(ev)
			}
		}
	}()
	t.Cleanup(func() {
		close(stop)
		wg.Wait()
		srv.Close()
	})
	return srv.Addr().String(), m.Fingerprint()
}

func dial(addr string, o client.Options) (*client.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if o.Name == "" {
		o.Name = "tester"
	}
	return client.Dial(ctx, addr, o)
}

func TestPinning(t *testing.T) {
	addr, fp := server(t)
	for name, pin := range map[string]string{"hex": fp.Hex(), "base64": fp.Base64()} {
		// A name per pin: the first connection's close may not have
		// reached the server when the second logs in.
		c, err := dial(addr, client.Options{PinSHA256: pin, Name: "tester-" + name})
		if err != nil {
			t.Fatalf("%s pin: %v", name, err)
		}
		if c.EntityID() != 9 {
			t.Errorf("entity %d", c.EntityID())
		}
		c.Close()
	}
	wrong := fp.SHA256
	wrong[0] ^= 1
	if _, err := dial(addr, client.Options{PinSHA256: base64.StdEncoding.EncodeToString(wrong[:])}); err == nil || !strings.Contains(err.Error(), "does not match the pin") {
		t.Fatalf("wrong pin: %v", err)
	}
	// Without a pin the self-signed certificate fails ordinary verification.
	if _, err := dial(addr, client.Options{}); err == nil {
		t.Fatal("self-signed certificate accepted without a pin")
	}
}

func TestSectionsAndDecodeErrors(t *testing.T) {
	addr, fp := server(t)
	var mu sync.Mutex
	var errs []error
	c, err := dial(addr, client.Options{PinSHA256: fp.Hex(), Handlers: client.Handlers{OnError: func(err error) {
		mu.Lock()
		errs = append(errs, err)
		mu.Unlock()
	}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Subscribe(2); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for c.Stats().Chunks < 2 {
		if time.Now().After(deadline) {
			t.Fatal("sections not received")
		}
		time.Sleep(5 * time.Millisecond)
	}
	bad, ok := c.Section(chunk.Pos{X: 1})
	if !ok || bad.Decoded != nil || len(bad.Data) != 2 {
		t.Errorf("undecodable section = %+v, %v", bad, ok)
	}
	good, ok := c.Section(chunk.Pos{X: 2})
	if !ok || good.Decoded == nil || good.Decoded.Get(5, 5, 5) != chunk.Sand {
		t.Errorf("good section = %+v, %v", good, ok)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(errs) != 1 || !errors.Is(errs[0], chunk.ErrCorrupt) && !errors.Is(errs[0], chunk.ErrCodecVersion) {
		t.Errorf("decode errors = %v", errs)
	}
	if err := c.SendInputDatagram(&protocol.Input{}); err == nil {
		t.Error("datagram input allowed without the feature")
	}
}

func TestSendAfterClose(t *testing.T) {
	addr, fp := server(t)
	c, err := dial(addr, client.Options{PinSHA256: fp.Hex()})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if err := c.Chat("hi"); err == nil {
		t.Fatal("send after Close succeeded")
	}
	if c.Err() != nil {
		t.Errorf("Err after own Close = %v", c.Err())
	}
}
