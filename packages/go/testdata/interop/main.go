// github.com/google/uuid's UUID and uuidshard's, passed and assigned without conversions; built
// and run by packages/go/test.sh when a copy of github.com/google/uuid is at hand.
package main

import (
	"fmt"
	"os"

	"github.com/google/uuid"
	"uuidshard"
)

func main() {
	g := uuid.Must(uuid.NewV7()) // a uuid.UUID
	b, err1 := uuidshard.Bucket(g, 16)
	ms, ok := uuidshard.UnixMs(g)
	var mine uuid.UUID = uuidshard.MustUUID7() // assigned as it is
	back, err2 := uuid.Parse(uuidshard.Format(mine))
	sec, _ := g.Time().UnixTime()
	same := uuidshard.Format(g) == g.String() && back == mine && mine.Version() == 7 && mine.Variant() == uuid.RFC4122
	if err1 != nil || err2 != nil || !ok || b < 0 || b >= 16 || int64(ms/1000) != sec || !same {
		fmt.Println("FAIL github.com/google/uuid interoperates:", err1, err2, ok, b, ms, same)
		os.Exit(1)
	}
	fmt.Printf("ok   github.com/google/uuid: its UUID passed to Bucket and UnixMs as it is, UUID7's result assigned to a uuid.UUID (%s)\n", mine.Version())
}
