package transport_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/hkdf"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/tls"
	"encoding/hex"
	"hash"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/nettest"
	"github.com/stratavox/strata/net/certs"
	"github.com/stratavox/strata/net/protocol"
)

// The tests of this file pin what docs/protocol.md §3.3 tells a client
// that computes the login binding itself.

// tls13Exporter is the TLS 1.3 exporter of RFC 8446 §7.5, written from
// the RFC as a client without an exporter call would:
//
//	TLS-Exporter(label, context, L) =
//	    HKDF-Expand-Label(Derive-Secret(exporter_master_secret, label, ""),
//	                      "exporter", Hash(context), L)
//
// with Derive-Secret(S, label, "") = HKDF-Expand-Label(S, label,
// Hash(""), Hash.length).
func tls13Exporter(h func() hash.Hash, secret []byte, label string, context []byte, length int) []byte {
	empty := h().Sum(nil)
	derived := expandLabel(h, secret, label, empty, h().Size())
	hc := h()
	hc.Write(context)
	return expandLabel(h, derived, "exporter", hc.Sum(nil), length)
}

// expandLabel is HKDF-Expand-Label (RFC 8446 §7.1): HKDF-Expand with the
// info struct { uint16 length; opaque label<7..255> = "tls13 " + label;
// opaque context<0..255> }.
func expandLabel(h func() hash.Hash, secret []byte, label string, context []byte, length int) []byte {
	info := []byte{byte(length >> 8), byte(length), byte(len("tls13 ") + len(label))}
	info = append(info, "tls13 "+label...)
	info = append(info, byte(len(context)))
	info = append(info, context...)
	out, err := hkdf.Expand(h, secret, string(info), length)
	if err != nil {
		panic(err)
	}
	return out
}

func seq(from, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(from + i)
	}
	return b
}

// TestExporterBindingVector pins the exporter test vector of
// docs/protocol.md §3.3: the binding value for a given
// exporter_master_secret, with the suite's hash.
func TestExporterBindingVector(t *testing.T) {
	for _, c := range []struct {
		name   string
		h      func() hash.Hash
		secret []byte
		want   string
	}{
		{"SHA-256", sha256.New, seq(0, 32), "62bdd4783654ad7abd356740ace09baf5f0f529331d5650d1b9ac21f25dcab34"},
		{"SHA-384", sha512.New384, seq(0, 48), "ede7b005740aff26fca607a42684811dcfaf22f72fded08de56e3bea9618bee4"},
	} {
		got := hex.EncodeToString(tls13Exporter(c.h, c.secret, protocol.ExporterLabel, nil, protocol.BindingValueSize))
		if got != c.want {
			t.Errorf("%s: binding %s, want %s", c.name, got, c.want)
		}
	}
}

// TestExporterMatchesOpenSSL checks the formula of tls13Exporter against
// two real TLS stacks: the server's own (Go's crypto/tls with the
// server's TLS configuration, whose ExportKeyingMaterial the QUIC
// transport calls) and OpenSSL's, which logs the exporter_master_secret
// (EXPORTER_SECRET in its key log) and prints its own export. TLS 1.3 is
// the same over TCP as inside QUIC (RFC 9001 uses its key schedule
// unchanged), so TCP serves here. Skipped without an openssl binary.
func TestExporterMatchesOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl binary")
	}
	m, err := certs.Open(certs.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		suite string
		h     func() hash.Hash
	}{
		{"TLS_AES_128_GCM_SHA256", sha256.New},
		{"TLS_AES_256_GCM_SHA384", sha512.New384},
		{"TLS_CHACHA20_POLY1305_SHA256", sha256.New},
	} {
		t.Run(c.suite, func(t *testing.T) {
			ln, err := tls.Listen("tcp", "127.0.0.1:0", m.TLSConfig(protocol.ALPN))
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			type result struct {
				value []byte
				suite uint16
				err   error
			}
			done := make(chan result, 1)
			go func() {
				conn, err := ln.Accept()
				if err != nil {
					done <- result{err: err}
					return
				}
				defer conn.Close()
				tc := conn.(*tls.Conn)
				_ = tc.SetDeadline(time.Now().Add(20 * time.Second))
				if err := tc.Handshake(); err != nil {
					done <- result{err: err}
					return
				}
				st := tc.ConnectionState()
				v, err := st.ExportKeyingMaterial(protocol.ExporterLabel, nil, protocol.BindingValueSize)
				done <- result{value: v, suite: st.CipherSuite, err: err}
				_, _ = conn.Read(make([]byte, 1)) // until the client leaves
			}()

			keylog := filepath.Join(t.TempDir(), "keylog")
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, openssl, "s_client", "-connect", ln.Addr().String(),
				"-tls1_3", "-ciphersuites", c.suite, "-alpn", protocol.ALPN,
				"-keylogfile", keylog,
				"-keymatexport", protocol.ExporterLabel, "-keymatexportlen", "32")
			cmd.Stdin = strings.NewReader("") // leaves after the handshake
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("openssl s_client: %v\n%s", err, out)
			}
			var r result
			select {
			case r = <-done:
			case <-ctx.Done():
				t.Fatal("the server's handshake did not end")
			}
			if r.err != nil {
				t.Fatalf("server: %v", r.err)
			}
			if got := tls.CipherSuiteName(r.suite); got != c.suite {
				t.Fatalf("negotiated %s, want %s", got, c.suite)
			}

			secret := exporterSecret(t, keylog)
			formula := tls13Exporter(c.h, secret, protocol.ExporterLabel, nil, protocol.BindingValueSize)
			if !bytes.Equal(formula, r.value) {
				t.Errorf("RFC 8446 formula over EXPORTER_SECRET %x = %x; the server's exporter is %x", secret, formula, r.value)
			}
			mat := regexp.MustCompile(`Keying material: ([0-9A-Fa-f]+)`).FindSubmatch(out)
			if mat == nil {
				t.Fatalf("openssl printed no keying material:\n%s", out)
			}
			if got := strings.ToLower(string(mat[1])); got != hex.EncodeToString(r.value) {
				t.Errorf("openssl exported %s; the server's exporter is %x", got, r.value)
			}
		})
	}
}

// exporterSecret reads the EXPORTER_SECRET of an NSS key log file.
func exporterSecret(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "EXPORTER_SECRET" {
			b, err := hex.DecodeString(fields[2])
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
	}
	t.Fatalf("no EXPORTER_SECRET in the key log %s", path)
	return nil
}

// TestNativeBindingIsTheExporter logs in by hand on native QUIC
// connections: the Challenge always names BINDING_TLS_EXPORTER, and a
// Proof signed over the certificate hash instead (BINDING_SERVER_CERT,
// the browsers' binding) is refused with AUTH_FAILED, while the same
// login over the exporter is welcomed.
func TestNativeBindingIsTheExporter(t *testing.T) {
	h := newHarness(t)
	for _, asCert := range []bool{true, false} {
		conn := h.rawDial(nil)
		st, err := conn.OpenStreamSync(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		key := nettest.NewKey(t)
		name := "exporter"
		if asCert {
			name = "certhash"
		}
		if err := nettest.SendHello(st, key, &protocol.Hello{Name: name}); err != nil {
			t.Fatal(err)
		}
		ch, err := nettest.ReadChallenge(st)
		if err != nil {
			t.Fatal(err)
		}
		if ch.GetBinding() != protocol.Binding_BINDING_TLS_EXPORTER {
			t.Fatalf("native Challenge binding %v, want BINDING_TLS_EXPORTER", ch.GetBinding())
		}
		binding, value := ch.GetBinding(), nettest.ExporterBinding(t, conn)
		if asCert {
			binding, value = protocol.Binding_BINDING_SERVER_CERT, nettest.CertBinding(t, conn.ConnectionState().TLS)
		}
		sig := protocol.SignLogin(key, binding, value, ch.GetNonce(), name)
		if err := nettest.SendProof(st, &protocol.Proof{Signature: sig}); err != nil {
			t.Fatal(err)
		}
		_ = st.SetReadDeadline(time.Now().Add(5 * time.Second))
		m, err := nettest.ReadMessage(st)
		switch {
		case asCert && err != nil:
			// The close may overtake the Reject (§3).
			if code, ok := nettest.AppCode(err); !ok || code != protocol.ErrorCode_ERROR_CODE_AUTH_FAILED {
				t.Fatalf("Proof over the certificate hash: %v, want AUTH_FAILED", err)
			}
		case asCert:
			if m.GetReject().GetCode() != protocol.ErrorCode_ERROR_CODE_AUTH_FAILED {
				t.Fatalf("Proof over the certificate hash answered %v, want a Reject AUTH_FAILED", m)
			}
		case err != nil:
			t.Fatalf("Proof over the exporter: %v", err)
		case m.GetWelcome() == nil:
			t.Fatalf("Proof over the exporter answered %v, want a Welcome", m)
		}
		_ = conn.CloseWithError(0, "")
	}
}
