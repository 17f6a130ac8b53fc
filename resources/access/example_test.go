package access_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"github.com/stratavox/strata/net/wire"
	"time"

	"github.com/stratavox/strata/resources/access"
)

// A deployment whose website keeps the accounts: the website signs a
// token for the player's name and key, the client sends it in its Hello,
// and the server checks it with the website's public key (from a PEM
// file, access.LoadIssuerKey, in `serve --auth-issuer-key`), then applies
// the registry's bans and whitelist.
func ExampleTokenAuthenticator() {
	// The website's issuer key pair; the server holds only the public half.
	issuer := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, ed25519.SeedSize))
	// The player's key pair, kept by their client.
	player := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{2}, ed25519.SeedSize))
	playerKey := player.Public().(ed25519.PublicKey)

	now := func() time.Time { return time.Date(2026, 1, 2, 15, 0, 0, 0, time.UTC) }
	token := access.IssueToken(issuer, "steve", playerKey, now().Add(time.Hour)) // the website

	registry, err := access.Open(nil, access.Options{Now: now}) // in memory; a server passes its database
	if err != nil {
		panic(err)
	}
	auth := wire.Authenticators(
		access.TokenAuthenticator{Issuer: issuer.Public().(ed25519.PublicKey), Now: now},
		registry.Policy(),
	)

	try := func(name string) {
		err := auth.Authenticate(context.Background(), wire.Login{Name: name, Key: playerKey, Token: []byte(token)})
		fmt.Printf("%s: %v\n", name, err)
	}
	try("steve")
	try("alex")
	if err := registry.Ban(access.Ban{Name: "steve", Reason: "griefing"}); err != nil {
		panic(err)
	}
	try("steve")
	// Output:
	// steve: <nil>
	// alex: login refused (ERROR_CODE_AUTH_FAILED): the login token is for the name "steve", not "alex"
	// steve: login refused (ERROR_CODE_FORBIDDEN): banned: griefing
}

// The default: a name belongs to the first key that logs in with it.
func ExampleRegistry_TOFU() {
	registry, err := access.Open(nil, access.Options{})
	if err != nil {
		panic(err)
	}
	first := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, ed25519.SeedSize)).Public().(ed25519.PublicKey)
	other := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{4}, ed25519.SeedSize)).Public().(ed25519.PublicKey)
	for _, k := range []ed25519.PublicKey{first, first, other} {
		fmt.Println(registry.Authenticate(context.Background(), wire.Login{Name: "Steve", Key: k}))
	}
	// Output:
	// <nil>
	// <nil>
	// login refused (ERROR_CODE_NAME_BOUND): the name "Steve" belongs to another player's key: log in with the key that first used it, pick another name, or ask an operator to release it
}
