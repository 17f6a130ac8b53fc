package server

import "github.com/prometheus/client_golang/prometheus"

// transportCollector exports the transport's defence counters to
// /metrics, read at scrape time from its Stats (atomic counters); before
// Run has started the listener there is nothing to report.
type transportCollector struct{ s *Server }

var (
	descLoginsRejected  = prometheus.NewDesc("strata_net_logins_rejected_total", "Connections refused or ended before becoming clients (SERVER_FULL, failed or timed-out logins).", nil, nil)
	descLoginsEvicted   = prometheus.NewDesc("strata_net_logins_evicted_total", "Logins ended to give their slot to a newer connection: every login slot was held and they had not sent their Hello (or owed their Proof too long).", nil, nil)
	descRefused         = prometheus.NewDesc("strata_net_refused_messages_total", "Chat and plugin messages the transport dropped: over their rate, or malformed.", nil, nil)
	descRefusedSilently = prometheus.NewDesc("strata_net_refused_unanswered_total", "Dropped chat and plugin messages not answered with an Error, the client's Error replies being over their own rate.", nil, nil)
	descRateLimited     = prometheus.NewDesc("strata_net_rate_limited_closes_total", "Clients closed with RATE_LIMITED: over the control rate, or messages refused without a pause, for too long.", nil, nil)
)

func (tc transportCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descLoginsRejected, descLoginsEvicted, descRefused, descRefusedSilently, descRateLimited} {
		ch <- d
	}
}

func (tc transportCollector) Collect(ch chan<- prometheus.Metric) {
	n := tc.s.net.Load()
	if n == nil {
		return
	}
	st := n.Stats()
	for _, m := range []struct {
		d *prometheus.Desc
		v uint64
	}{
		{descLoginsRejected, st.Rejected},
		{descLoginsEvicted, st.Evicted},
		{descRefused, st.Refused},
		{descRefusedSilently, st.RefusedUnanswered},
		{descRateLimited, st.RateLimited},
	} {
		ch <- prometheus.MustNewConstMetric(m.d, prometheus.CounterValue, float64(m.v))
	}
}
