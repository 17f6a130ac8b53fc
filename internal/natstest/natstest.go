// Package natstest starts embedded nats-server nodes with JetStream for
// tests: one node, or a cluster of several in the test process on
// loopback ports. Every node is stopped by the test's cleanup.
package natstest

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// readyTimeout bounds how long a node (or a cluster's JetStream meta
// group) may take to become usable before the test fails.
const readyTimeout = 30 * time.Second

// Node is one embedded nats-server.
type Node struct {
	srv  *server.Server
	once sync.Once
}

// Shutdown stops the node and waits until it has stopped. It may be
// called more than once (the test's cleanup calls it again).
func (n *Node) Shutdown() {
	n.once.Do(func() {
		n.srv.Shutdown()
		n.srv.WaitForShutdown()
	})
}

// URL returns the node's client URL (nats://127.0.0.1:port).
func (n *Node) URL() string { return n.srv.ClientURL() }

// Server returns the underlying server, for tests that inspect it.
func (n *Node) Server() *server.Server { return n.srv }

// Start runs one JetStream node in a temporary directory and returns
// its client URL; the test's cleanup stops it.
func Start(t testing.TB) string {
	t.Helper()
	n := start(t, &server.Options{StoreDir: t.TempDir()})
	return n.URL()
}

// StartCluster runs an n-node JetStream cluster on loopback and returns
// the client URLs and the nodes. It returns once the JetStream meta
// leader is elected and a stream replicated on min(n, 3) nodes can be
// created, so a test may create R3 buckets at once.
func StartCluster(t testing.TB, n int) ([]string, []*Node) {
	t.Helper()
	if n < 1 {
		t.Fatalf("natstest: cluster of %d nodes", n)
	}
	ports := freePorts(t, n)
	routes := make([]*url.URL, n)
	for i, p := range ports {
		routes[i] = &url.URL{Scheme: "nats-route", Host: fmt.Sprintf("127.0.0.1:%d", p)}
	}
	nodes := make([]*Node, n)
	urls := make([]string, n)
	name := fmt.Sprintf("natstest-%d", time.Now().UnixNano())
	for i := range nodes {
		nodes[i] = start(t, &server.Options{
			ServerName: fmt.Sprintf("n%d", i),
			StoreDir:   t.TempDir(),
			Cluster:    server.ClusterOpts{Name: name, Host: "127.0.0.1", Port: ports[i]},
			Routes:     routes,
		})
		urls[i] = nodes[i].URL()
	}
	waitJetStream(t, urls, min(n, 3))
	return urls, nodes
}

// start runs one node with the common options: loopback, random client
// port, JetStream with fsync on every write (what production runs).
func start(t testing.TB, o *server.Options) *Node {
	t.Helper()
	o.Host = "127.0.0.1"
	o.Port = -1
	o.JetStream = true
	o.SyncAlways = true
	o.NoLog = true
	o.NoSigs = true
	s, err := server.NewServer(o)
	if err != nil {
		t.Fatalf("natstest: new server: %v", err)
	}
	n := &Node{srv: s}
	t.Cleanup(n.Shutdown)
	s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatalf("natstest: server %s not ready for connections", o.ServerName)
	}
	return n
}

// freePorts returns n distinct loopback ports that were free a moment
// ago (cluster ports must be known before the servers start, as each
// node's routes name all of them).
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	ls := make([]net.Listener, n)
	ports := make([]int, n)
	for i := range ls {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatalf("natstest: free port: %v", err)
		}
		ls[i] = l
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// waitJetStream loops creating and deleting a throwaway bucket with the
// given replicas until it works: that proves the meta leader is elected
// and enough peers have joined.
func waitJetStream(t testing.TB, urls []string, replicas int) {
	t.Helper()
	nc, err := nats.Connect(strings.Join(urls, ","), nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond), nats.RetryOnFailedConnect(true))
	if err != nil {
		t.Fatalf("natstest: connect: %v", err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatalf("natstest: jetstream: %v", err)
	}
	deadline := time.Now().Add(readyTimeout)
	bucket := fmt.Sprintf("natstest_ready_%d", time.Now().UnixNano())
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		_, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: bucket, Replicas: replicas, Storage: jetstream.MemoryStorage})
		if err == nil {
			err = js.DeleteKeyValue(ctx, bucket)
		}
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("natstest: JetStream of %d nodes not ready: %v", len(urls), err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
