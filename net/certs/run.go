package certs

import (
	"context"
	"time"
)

// RenewCheckInterval is how often Run checks the certificate's age. Far
// shorter than the two-day renewal margin, so a suspended machine catches up.
const RenewCheckInterval = time.Hour

// Run renews the self-signed certificate whenever it gets within
// RenewBefore of expiry, until ctx is done. It returns at once for an
// operator-supplied certificate.
func (m *Manager) Run(ctx context.Context) {
	if !m.selfSigned {
		return
	}
	t := time.NewTicker(RenewCheckInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			renewed, err := m.Renew()
			if err != nil {
				m.opts.Log.Error().Err(err).Msg("renewing TLS certificate failed; keeping the current one")
			} else if renewed {
				fp := m.Fingerprint()
				m.opts.Log.Info().Str("sha256", fp.Hex()).Str("sha256_b64", fp.Base64()).Msg("renewed TLS certificate; clients pinning the old hash must fetch the new one")
			}
		}
	}
}
