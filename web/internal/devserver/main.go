// Command devserver serves the embedded client at /play with a
// config.json of your choosing, for trying the client against a running
// server (or none) before the server mounts web.Handler itself:
//
//	go run ./web/internal/devserver -wt https://127.0.0.1:4433/wt -cert-hash HEX
//
// It serves what is embedded, i.e. the committed web/dist: rebuild with
// `npm run build` in web/ after changing the sources.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"

	"github.com/stratavox/strata/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "HTTP listen address")
	wt := flag.String("wt", "https://127.0.0.1:4433/wt", "WebTransport URL the page connects to")
	hash := flag.String("cert-hash", "", "SHA-256 of the server certificate (hex or base64); empty for a CA-issued one")
	view := flag.Int("view", 0, "default view distance in sections (0: the client's default)")
	flag.Parse()

	mux := http.NewServeMux()
	mux.Handle("GET /play", web.Handler())
	mux.Handle("GET /play/", web.Handler())
	mux.Handle("GET /play/config.json", web.ConfigHandler(func(*http.Request) (web.Config, error) {
		return web.Config{URL: *wt, CertHash: *hash, ViewDistance: *view}, nil
	}))
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("serving http://%s/play/ (WebTransport %s)\n", ln.Addr(), *wt)
	log.Fatal(http.Serve(ln, mux))
}
