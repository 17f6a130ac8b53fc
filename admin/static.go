package admin

import "embed"

// staticFS holds the status page: plain HTML, CSS and JavaScript, no
// external resources, so the page works offline and under a strict CSP.
//
//go:embed static
var staticFS embed.FS
