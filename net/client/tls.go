package client

import (
	"crypto/sha256"
	"crypto/subtle"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"strings"

	"github.com/stratavox/strata/net/protocol"
)

// ParsePin parses a certificate SHA-256 given as hex (upper or lower case,
// colons allowed, as openssl prints it) or base64 (standard or URL
// alphabet, padded or not).
func ParsePin(s string) ([32]byte, error) {
	var pin [32]byte
	s = strings.TrimSpace(strings.TrimPrefix(s, "sha256:"))
	if h := strings.ReplaceAll(s, ":", ""); len(h) == 64 {
		if b, err := hex.DecodeString(h); err == nil {
			copy(pin[:], b)
			return pin, nil
		}
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil && len(b) == 32 {
			copy(pin[:], b)
			return pin, nil
		}
	}
	return pin, fmt.Errorf("client: %q is not a SHA-256 in hex or base64", s)
}

func tlsConfig(addr string, o *Options) (*tls.Config, error) {
	conf := &tls.Config{
		MinVersion: tls.VersionTLS13,
		NextProtos: []string{protocol.ALPN},
		RootCAs:    o.RootCAs,
		ServerName: o.ServerName,
	}
	if conf.ServerName == "" {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, fmt.Errorf("client: address %q: %w", addr, err)
		}
		conf.ServerName = host
	}
	switch {
	case o.PinSHA256 != "":
		pin, err := ParsePin(o.PinSHA256)
		if err != nil {
			return nil, err
		}
		// Chain verification is replaced by the pin: a self-signed
		// certificate has no chain, and the pin is a stronger check.
		conf.InsecureSkipVerify = true
		conf.VerifyPeerCertificate = func(raw [][]byte, _ [][]*x509.Certificate) error {
			if len(raw) == 0 {
				return errors.New("server sent no certificate")
			}
			got := sha256.Sum256(raw[0])
			if subtle.ConstantTimeCompare(got[:], pin[:]) != 1 {
				return fmt.Errorf("server certificate SHA-256 %x does not match the pin", got)
			}
			return nil
		}
	case o.Insecure:
		conf.InsecureSkipVerify = true
	}
	return conf, nil
}
