package cluster

import (
	"fmt"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/rs/zerolog"
)

// StartEmbedded runs one nats-server with JetStream storing in dir, on a
// random loopback port, fsyncing every write: the development mode of
// `strata serve --cluster embedded`. stop shuts it down and waits.
func StartEmbedded(dir string, log zerolog.Logger) (url string, stop func(), err error) {
	s, err := server.NewServer(&server.Options{
		ServerName: "strata-embedded",
		Host:       "127.0.0.1",
		Port:       -1,
		JetStream:  true,
		StoreDir:   dir,
		SyncAlways: true,
		NoLog:      true,
		NoSigs:     true,
	})
	if err != nil {
		return "", nil, fmt.Errorf("embedded nats: %w", err)
	}
	s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		s.Shutdown()
		s.WaitForShutdown()
		return "", nil, fmt.Errorf("embedded nats: not ready after 10s")
	}
	url = s.ClientURL()
	log.Info().Str("url", url).Str("dir", dir).Msg("embedded nats-server started")
	return url, func() {
		s.Shutdown()
		s.WaitForShutdown()
		log.Info().Str("url", url).Msg("embedded nats-server stopped")
	}, nil
}
