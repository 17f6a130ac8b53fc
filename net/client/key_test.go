package client_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	transport "github.com/stratavox/strata/net"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/net/frame"
	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/testkit"
)

// TestLoadOrCreateKey: the first call creates a PEM PKCS#8 key file
// readable by its owner only, in a directory created for the owner only;
// later calls return the same key, and other tools can read the file.
func TestLoadOrCreateKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "config", "bot-keys")
	path := filepath.Join(dir, "bot-000.key")
	k1, err := client.LoadOrCreateKey(path)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := client.LoadOrCreateKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if !k1.Equal(k2) {
		t.Fatal("the second load returned another key")
	}
	if runtime.GOOS != "windows" {
		for _, c := range []struct {
			path string
			want os.FileMode
		}{{path, 0o600}, {dir, 0o700}} {
			fi, err := os.Stat(c.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != c.want {
				t.Errorf("%s has mode %o, want %o", c.path, got, c.want)
			}
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	block, rest := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" || len(bytes.TrimSpace(rest)) != 0 {
		t.Fatalf("key file is not one PEM PRIVATE KEY block:\n%s", data)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	if k, ok := parsed.(ed25519.PrivateKey); !ok || !k.Equal(k1) {
		t.Errorf("the file holds %T, not the key returned", parsed)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*")); len(leftovers) != 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

// TestLoadOrCreateKeyRace: processes (here goroutines) creating the same
// key file at once all end up with the one key that is in the file.
func TestLoadOrCreateKeyRace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "race.key")
	keys := make([]ed25519.PrivateKey, 8)
	errs := make([]error, len(keys))
	var wg sync.WaitGroup
	for i := range keys {
		wg.Go(func() { keys[i], errs[i] = client.LoadOrCreateKey(path) })
	}
	wg.Wait()
	final, err := client.LoadOrCreateKey(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		if errs[i] != nil || !k.Equal(final) {
			t.Errorf("caller %d got %v, %v; want the file's key", i, k != nil, errs[i])
		}
	}
}

// TestLoadOrCreateKeyRefusesBadFiles: a file that is not an Ed25519 key
// is an error and is left as it is (it may be someone's other key).
func TestLoadOrCreateKeyRefusesBadFiles(t *testing.T) {
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ecDER, err := x509.MarshalPKCS8PrivateKey(ec)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not PEM", []byte("hello"), "no PEM"},
		{"another PEM type", pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte{1}}), "no PEM"},
		{"damaged PKCS#8", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte{1, 2, 3}}), "key file"},
		{"an ECDSA key", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecDER}), "not an Ed25519 key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.key")
			if err := os.WriteFile(path, tt.data, 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := client.LoadOrCreateKey(path); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("LoadOrCreateKey = %v, want an error containing %q", err, tt.want)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, tt.data) {
				t.Error("the bad file was overwritten")
			}
		})
	}
}

// TestClientRefusesForeignChallenge: a Challenge for a binding the
// session cannot provide, or with a nonce of the wrong size, is not
// signed: the handshake fails instead of signing something that binds
// nothing. A key of the wrong size fails before any connection.
func TestClientRefusesForeignChallenge(t *testing.T) {
	tests := []struct {
		name      string
		challenge *protocol.Challenge
		want      string
	}{
		{"server certificate binding on a pipe", &protocol.Challenge{Nonce: make([]byte, 32), Binding: protocol.Binding_BINDING_SERVER_CERT}, "login binding"},
		{"no binding", &protocol.Challenge{Nonce: make([]byte, 32)}, "login binding"},
		{"short nonce", &protocol.Challenge{Nonce: make([]byte, 8), Binding: protocol.Binding_BINDING_TLS_EXPORTER}, "nonce is 8 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testkit.CheckNoLeaks(t)
			srv, cli := transport.Pipe(transport.PipeConfig{})
			defer srv.CloseWithError(protocol.ErrorCode_ERROR_CODE_NONE, "test over")
			go func() {
				st, err := srv.AcceptStream(t.Context())
				if err != nil {
					return
				}
				if _, err := frame.ReadFrame(st, frame.ControlCap); err != nil {
					return
				}
				b, _ := frame.Marshal(&protocol.ServerMessage{Kind: &protocol.ServerMessage_Challenge{Challenge: tt.challenge}}, frame.ControlCap)
				_, _ = st.Write(b)
			}()
			ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
			defer cancel()
			_, err := client.Open(ctx, cli, client.Options{Name: "careful", Log: zerolog.Nop()})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Open = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	_, cli := transport.Pipe(transport.PipeConfig{})
	if _, err := client.Open(t.Context(), cli, client.Options{Name: "x", Key: make(ed25519.PrivateKey, 10)}); err == nil || !strings.Contains(err.Error(), "Options.Key") {
		t.Errorf("Open with a 10-byte key = %v", err)
	}
}
