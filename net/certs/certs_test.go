package certs

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func TestSelfSignedCreateReuseRenew(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	m, err := Open(Options{Dir: dir, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	if !m.SelfSigned() {
		t.Fatal("not self-signed")
	}
	leaf := m.Certificate().Leaf
	if got := leaf.NotAfter.Sub(leaf.NotBefore); got > MaxValidity {
		t.Errorf("validity %v exceeds %v", got, MaxValidity)
	}
	if k, ok := leaf.PublicKey.(*ecdsa.PublicKey); !ok || k.Curve != elliptic.P256() {
		t.Errorf("key is %T, want ECDSA P-256", leaf.PublicKey)
	}
	if sha256.Sum256(leaf.Raw) != m.Fingerprint().SHA256 {
		t.Error("fingerprint is not the SHA-256 of the DER certificate")
	}
	if st, err := os.Stat(filepath.Join(dir, KeyFile)); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("key file: %v, mode %v", err, st.Mode())
	}
	first := m.Fingerprint()

	// A restart a week later reuses the certificate.
	clk.t = clk.t.Add(7 * 24 * time.Hour)
	m2, err := Open(Options{Dir: dir, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	if m2.Fingerprint().SHA256 != first.SHA256 {
		t.Error("restart did not reuse the certificate")
	}
	if renewed, err := m2.Renew(); err != nil || renewed {
		t.Errorf("Renew with 6 days left = %v, %v", renewed, err)
	}

	// With less than two days left, it is renewed: by Renew on a running
	// manager, and on the next start.
	clk.t = first.NotAfter.Add(-36 * time.Hour)
	if renewed, err := m2.Renew(); err != nil || !renewed {
		t.Fatalf("Renew with 36h left = %v, %v", renewed, err)
	}
	if m2.Fingerprint().SHA256 == first.SHA256 {
		t.Error("renewal kept the old hash")
	}
	m3, err := Open(Options{Dir: dir, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	if m3.Fingerprint().SHA256 != m2.Fingerprint().SHA256 {
		t.Error("restart after renewal did not load the renewed certificate")
	}
	clk.t = m3.Fingerprint().NotAfter.Add(time.Hour) // expired on disk
	m4, err := Open(Options{Dir: dir, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	if !m4.Fingerprint().NotAfter.After(clk.t) {
		t.Error("expired certificate was not replaced at start")
	}
}

func TestGivenCertificate(t *testing.T) {
	dir := t.TempDir()
	gen, err := Open(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Open(Options{CertFile: filepath.Join(dir, CertFile), KeyFile: filepath.Join(dir, KeyFile)})
	if err != nil {
		t.Fatal(err)
	}
	if m.SelfSigned() {
		t.Error("given certificate reported as self-signed")
	}
	if m.Fingerprint().SHA256 != gen.Fingerprint().SHA256 {
		t.Error("fingerprint differs from the file's")
	}
	if renewed, _ := m.Renew(); renewed {
		t.Error("renewed an operator certificate")
	}
	if _, err := Open(Options{CertFile: "x.pem"}); err == nil {
		t.Error("cert without key accepted")
	}
	if _, err := Open(Options{CertFile: filepath.Join(dir, "missing.pem"), KeyFile: filepath.Join(dir, KeyFile)}); err == nil {
		t.Error("missing cert file accepted")
	}
}

func TestCorruptFileReplaced(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, CertFile), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Open(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if m.Certificate() == nil {
		t.Fatal("no certificate")
	}
}

func TestHandler(t *testing.T) {
	m, err := Open(Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/cert", nil))
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["sha256_hex"] != m.Fingerprint().Hex() || got["sha256_base64"] != m.Fingerprint().Base64() {
		t.Errorf("handler served %v", got)
	}
}
