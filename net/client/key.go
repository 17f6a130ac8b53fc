package client

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// keyPEMType is the PEM block type of a key file: PKCS#8, which openssl
// and most tools read ("openssl pkey -in NAME.key -pubout").
const keyPEMType = "PRIVATE KEY"

// LoadOrCreateKey returns the Ed25519 key kept in the file at path,
// creating it (and its directory) when there is none. The file is a PEM
// PKCS#8 private key readable by its owner only (0600; the directory is
// created 0700), because whoever holds it can log in as the player.
//
// Two processes creating the same file at once end up with the same key:
// the file appears complete or not at all (written aside, then linked into
// place), and the one that loses the race reads the winner's.
func LoadOrCreateKey(path string) (ed25519.PrivateKey, error) {
	k, err := readKey(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return k, err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("client: key directory: %w", err)
	}
	_, k, err = ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("client: generate key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return nil, fmt.Errorf("client: encode key: %w", err)
	}
	data := pem.EncodeToMemory(&pem.Block{Type: keyPEMType, Bytes: der})
	switch err := publish(path, data); {
	case err == nil:
		return k, nil
	case errors.Is(err, fs.ErrExist):
		return readKey(path) // another process made it first
	default:
		return nil, fmt.Errorf("client: write key %s: %w", path, err)
	}
}

// publish writes data to a fresh file beside path and links it to path,
// which fails with fs.ErrExist if path exists. Where hard links are not
// supported it creates path exclusively instead (a concurrent reader may
// then see it empty for a moment).
func publish(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := writeSynced(tmp, data); err != nil {
		return err
	}
	err = os.Link(tmp.Name(), path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	return writeSynced(f, data)
}

// writeSynced writes data to f (created 0600 by CreateTemp or OpenFile),
// syncs and closes it.
func writeSynced(f *os.File, data []byte) error {
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// readKey reads a key file written by LoadOrCreateKey.
func readKey(path string) (ed25519.PrivateKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("client: read key: %w", err)
	}
	block, _ := pem.Decode(data)
	if block == nil || block.Type != keyPEMType {
		return nil, fmt.Errorf("client: key file %s: no PEM %q block", path, keyPEMType)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("client: key file %s: %w", path, err)
	}
	k, ok := parsed.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("client: key file %s holds a %T, not an Ed25519 key", path, parsed)
	}
	return k, nil
}
