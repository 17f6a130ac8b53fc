package browsertest

import (
	"os"
	"os/exec"
)

// FindChromium returns the browser to drive: $STRATA_CHROMIUM, else
// Debian's chromium (or chromium-browser, google-chrome) on PATH; "" when
// there is none.
func FindChromium() string {
	if p := os.Getenv("STRATA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}
