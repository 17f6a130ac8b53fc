// Package certs provides the server's TLS certificate: by default a
// self-signed ECDSA P-256 certificate kept in the data directory, valid for
// less than 14 days and renewed when fewer than two days remain; or an
// operator-supplied certificate and key.
//
// Why 14 days: browsers accept a certificate pinned by its SHA-256
// (WebTransport serverCertificateHashes) only if its whole validity period is
// at most two weeks and its key is ECDSA. Native clients pin the same hash,
// so one certificate serves both.
package certs

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/rs/zerolog"
)

// File names inside the data directory.
const (
	CertFile = "cert.pem"
	KeyFile  = "key.pem"
)

// Defaults for self-signed certificates.
const (
	// MaxValidity is the longest whole validity period (NotAfter-NotBefore)
	// a browser accepts for a hash-pinned certificate.
	MaxValidity = 14 * 24 * time.Hour
	// DefaultValidity leaves an hour of back-dating (clock skew) inside MaxValidity.
	DefaultValidity = 13*24*time.Hour + 22*time.Hour
	// DefaultRenewBefore renews a self-signed certificate with less than
	// this much time left.
	DefaultRenewBefore = 2 * 24 * time.Hour
	backdate           = time.Hour
)

// Options selects the certificate source.
type Options struct {
	// Dir is the data directory holding cert.pem/key.pem for the
	// self-signed certificate. Ignored when CertFile and KeyFile are set.
	Dir string
	// CertFile and KeyFile name an operator-supplied PEM certificate chain
	// and key (--cert/--key). They are loaded as they are and never renewed.
	CertFile, KeyFile string
	// Hosts are the DNS names and IPs in a self-signed certificate. Pinning
	// by hash ignores them; they matter only to clients verifying names.
	// Default: localhost, 127.0.0.1, ::1 and the machine's host name.
	Hosts []string
	// Validity of a new self-signed certificate; default DefaultValidity,
	// capped so NotAfter-NotBefore stays within MaxValidity.
	Validity time.Duration
	// RenewBefore: renew when less than this remains; default DefaultRenewBefore.
	RenewBefore time.Duration
	// Now is the clock; default time.Now. Tests move it.
	Now func() time.Time
	// Log receives creation and renewal notices.
	Log zerolog.Logger
}

// Fingerprint identifies a certificate by the SHA-256 of its DER encoding,
// which is what clients pin.
type Fingerprint struct {
	SHA256    [32]byte
	NotBefore time.Time
	NotAfter  time.Time
}

// Hex is the hash as lower-case hexadecimal.
func (f Fingerprint) Hex() string { return hex.EncodeToString(f.SHA256[:]) }

// Base64 is the hash in standard base64.
func (f Fingerprint) Base64() string { return base64.StdEncoding.EncodeToString(f.SHA256[:]) }

// Manager holds the current certificate and swaps it on renewal; connections
// pick it up through GetCertificate, so renewal needs no restart.
type Manager struct {
	opts       Options
	selfSigned bool

	mu   sync.RWMutex
	cert *tls.Certificate
	fp   Fingerprint
}

// Open loads the configured certificate, creating or renewing a self-signed
// one as needed.
func Open(opts Options) (*Manager, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Validity <= 0 {
		opts.Validity = DefaultValidity
	}
	if opts.Validity > MaxValidity-backdate {
		opts.Validity = MaxValidity - backdate
	}
	if opts.RenewBefore <= 0 {
		opts.RenewBefore = DefaultRenewBefore
	}
	if len(opts.Hosts) == 0 {
		opts.Hosts = defaultHosts()
	}
	m := &Manager{opts: opts}
	if (opts.CertFile == "") != (opts.KeyFile == "") {
		return nil, errors.New("certs: give both a certificate and a key, or neither")
	}
	if opts.CertFile != "" {
		c, err := tls.LoadX509KeyPair(opts.CertFile, opts.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("certs: load %s and %s: %w", opts.CertFile, opts.KeyFile, err)
		}
		if err := m.set(&c); err != nil {
			return nil, err
		}
		if left := m.fp.NotAfter.Sub(opts.Now()); left < opts.RenewBefore {
			opts.Log.Warn().Time("not_after", m.fp.NotAfter).Msg("the given TLS certificate expires soon")
		}
		return m, nil
	}
	if opts.Dir == "" {
		return nil, errors.New("certs: no data directory and no certificate given")
	}
	m.selfSigned = true
	if c, err := m.loadSelfSigned(); err == nil {
		if err := m.set(c); err != nil {
			return nil, err
		}
		if _, err := m.Renew(); err != nil {
			return nil, err
		}
		return m, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		opts.Log.Warn().Err(err).Msg("replacing unusable self-signed certificate")
	}
	if err := m.create(); err != nil {
		return nil, err
	}
	return m, nil
}

// SelfSigned reports whether the manager owns (and renews) the certificate.
func (m *Manager) SelfSigned() bool { return m.selfSigned }

// Certificate returns the current certificate.
func (m *Manager) Certificate() *tls.Certificate {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.cert
}

// GetCertificate is a tls.Config.GetCertificate callback serving the
// current certificate.
func (m *Manager) GetCertificate(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	return m.Certificate(), nil
}

// Fingerprint returns the current certificate's hash and validity.
func (m *Manager) Fingerprint() Fingerprint {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.fp
}

// TLSConfig returns a server TLS configuration serving the current
// certificate for the given ALPN protocols (TLS 1.3 only, as QUIC requires).
func (m *Manager) TLSConfig(alpn ...string) *tls.Config {
	return &tls.Config{
		MinVersion:     tls.VersionTLS13,
		GetCertificate: m.GetCertificate,
		NextProtos:     alpn,
	}
}

// Renew replaces a self-signed certificate that has less than RenewBefore
// left. It reports whether it renewed; an operator-supplied certificate is
// never touched.
func (m *Manager) Renew() (bool, error) {
	if !m.selfSigned {
		return false, nil
	}
	fp := m.Fingerprint()
	if fp.NotAfter.Sub(m.opts.Now()) >= m.opts.RenewBefore {
		return false, nil
	}
	if err := m.create(); err != nil {
		return false, err
	}
	return true, nil
}

// Handler serves the current fingerprint as JSON, for the admin listener
// and browser clients that pin the certificate:
//
//	{"sha256_hex": "...", "sha256_base64": "...", "not_before": "...", "not_after": "...", "self_signed": true}
func (m *Manager) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fp := m.Fingerprint()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(struct {
			Hex        string    `json:"sha256_hex"`
			Base64     string    `json:"sha256_base64"`
			NotBefore  time.Time `json:"not_before"`
			NotAfter   time.Time `json:"not_after"`
			SelfSigned bool      `json:"self_signed"`
		}{fp.Hex(), fp.Base64(), fp.NotBefore, fp.NotAfter, m.selfSigned})
	})
}

func (m *Manager) set(c *tls.Certificate) error {
	if len(c.Certificate) == 0 {
		return errors.New("certs: empty certificate chain")
	}
	leaf, err := x509.ParseCertificate(c.Certificate[0])
	if err != nil {
		return fmt.Errorf("certs: parse leaf certificate: %w", err)
	}
	c.Leaf = leaf
	m.mu.Lock()
	m.cert = c
	m.fp = Fingerprint{SHA256: sha256.Sum256(leaf.Raw), NotBefore: leaf.NotBefore, NotAfter: leaf.NotAfter}
	m.mu.Unlock()
	return nil
}

// loadSelfSigned loads cert.pem/key.pem and checks they are still fit to be
// pinned: ECDSA P-256 and a validity period within MaxValidity.
func (m *Manager) loadSelfSigned() (*tls.Certificate, error) {
	certPath, keyPath := filepath.Join(m.opts.Dir, CertFile), filepath.Join(m.opts.Dir, KeyFile)
	if _, err := os.Stat(certPath); err != nil {
		return nil, err
	}
	c, err := tls.LoadX509KeyPair(certPath, keyPath)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", certPath, err)
	}
	leaf, err := x509.ParseCertificate(c.Certificate[0])
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", certPath, err)
	}
	key, ok := leaf.PublicKey.(*ecdsa.PublicKey)
	if !ok || key.Curve != elliptic.P256() {
		return nil, fmt.Errorf("%s is not ECDSA P-256", certPath)
	}
	if leaf.NotAfter.Sub(leaf.NotBefore) > MaxValidity {
		return nil, fmt.Errorf("%s is valid for longer than %v", certPath, MaxValidity)
	}
	return &c, nil
}

// create makes a new self-signed certificate, writes it atomically (a crash
// leaves either the old pair or the new one) and installs it.
func (m *Manager) create() error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return fmt.Errorf("certs: generate key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return fmt.Errorf("certs: serial: %w", err)
	}
	now := m.opts.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "strata self-signed"},
		NotBefore:             now.Add(-backdate),
		NotAfter:              now.Add(m.opts.Validity),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
	}
	for _, h := range m.opts.Hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return fmt.Errorf("certs: create certificate: %w", err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return fmt.Errorf("certs: marshal key: %w", err)
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})
	if err := os.MkdirAll(m.opts.Dir, 0o700); err != nil {
		return fmt.Errorf("certs: create %s: %w", m.opts.Dir, err)
	}
	// Key first: a crash between the renames leaves a mismatched pair, which
	// LoadX509KeyPair refuses, so the next start simply creates a new one.
	if err := writeAtomic(filepath.Join(m.opts.Dir, KeyFile), keyPEM, 0o600); err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(m.opts.Dir, CertFile), certPEM, 0o644); err != nil {
		return err
	}
	c, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return fmt.Errorf("certs: reload new pair: %w", err)
	}
	if err := m.set(&c); err != nil {
		return err
	}
	fp := m.Fingerprint()
	m.opts.Log.Info().Str("sha256", fp.Hex()).Time("not_after", fp.NotAfter).Msg("created self-signed TLS certificate")
	return nil
}

func writeAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("certs: write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("certs: write %s: %w", path, err)
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return fmt.Errorf("certs: chmod %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("certs: sync %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("certs: close %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("certs: install %s: %w", path, err)
	}
	return nil
}

func defaultHosts() []string {
	hosts := []string{"localhost", "127.0.0.1", "::1"}
	if h, err := os.Hostname(); err == nil && h != "" && h != "localhost" {
		hosts = append(hosts, h)
	}
	return hosts
}
