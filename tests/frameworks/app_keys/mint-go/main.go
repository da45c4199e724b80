// Mints uuid.NewV7() keys (github.com/google/uuid 1.6.0, Debian's golang-github-google-uuid-dev)
// as an application does, for check.mjs. Same protocol as mint-rust: mint-go COUNT AFTER_MS
// prints `uuid t0_ns t1_ns` per key, the system clock read just before and just after minting.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/google/uuid"
)

func main() {
	count, _ := strconv.Atoi(os.Args[1])
	afterMs, _ := strconv.ParseInt(os.Args[2], 10, 64)
	for time.Now().UnixNano()/1e6 <= afterMs {
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	samePairs, late := 0, false
	var prevT0 int64
	for i := 0; i < count || (i < 20*count && (samePairs < 1000 || !late)); i++ {
		t0 := time.Now().UnixNano()
		id, err := uuid.NewV7()
		t1 := time.Now().UnixNano()
		if err != nil {
			panic(err)
		}
		if i > 0 && prevT0/1e6 == t1/1e6 {
			samePairs++
		}
		// a key minted wholly in the last quarter of a millisecond, within 30 us, and whose
		// fraction was not pushed past the clock by the monotonic rule
		frac := int64(id[6]&0x0f)<<8 | int64(id[7])
		if t0/1e6 == t1/1e6 && t0%1e6 >= 750000 && t1-t0 < 30000 && frac*256 <= t1%1e6 {
			late = true
		}
		prevT0 = t0
		fmt.Fprintf(out, "%s %d %d\n", id, t0, t1)
	}
}
