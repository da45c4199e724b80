package uuidshard_test

// The examples of README.md, run by go test.

import (
	"fmt"
	"time"

	"uuidshard"
)

// A worker of 16 takes the jobs whose key falls in its bucket, the bucket
// uuid_shard.uuid_bucket(id, 16) gives in SQL.
func ExampleBucket() {
	const workers, me = 16, 14
	for _, s := range []string{"0195e3a1-7c2e-7b3d-8a4f-0123456789ab", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"} {
		id, _ := uuidshard.Parse(s)
		b, err := uuidshard.Bucket(id, workers)
		if err != nil {
			panic(err) // n outside 1..2147483647, or not a v3/v4/v5/v7 key
		}
		fmt.Println(s, b, b == me)
	}
	// Output:
	// 0195e3a1-7c2e-7b3d-8a4f-0123456789ab 14 true
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f 5 false
}

// A router sends a key to the partition holding it in a table
// PARTITION BY HASH (id uuid_shard.uuid_tail_ops) whose partitions uuid_tail_partition_ddl
// made with modulus 8.
func ExampleTailPartitionName() {
	id, _ := uuidshard.Parse("0195e3a1-7c2e-7b3d-8a4f-0123456789ab")
	name, err := uuidshard.TailPartitionName("accounts", id, 8)
	if err != nil {
		panic(err) // modulus outside 1..2147483647
	}
	r, _ := uuidshard.TailRemainder(id, 8)
	fmt.Println(name, r)
	// Output: accounts_h8_3 3
}

// A key's time, as uuid_v7_time_us and uuid_v7_time read it, and the keys of its millisecond.
func ExampleTime() {
	id, _ := uuidshard.Parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	t, ok := uuidshard.Time(id) // ok is false for anything but a v7 key
	fmt.Println(t, ok)
	fmt.Println(t.Truncate(time.Millisecond).Format(time.RFC3339Nano))
	lo, _ := uuidshard.BoundaryTime(t)
	hi, _ := uuidshard.BoundaryLastTime(t)
	fmt.Println(uuidshard.Format(lo), uuidshard.Format(hi))
	// Output:
	// 2022-02-22 19:22:22.000798 +0000 UTC true
	// 2022-02-22T19:22:22Z
	// 017f22e2-79b0-7000-8000-000000000000 017f22e2-79b0-7fff-bfff-ffffffffffff
}

// A public ID: the key's time hidden, its bucket kept.
func ExampleMask() {
	secret := []byte("0123456789abcdef0123456789abcdef") // at least 16 bytes, from your secrets store
	id := uuidshard.MustUUID7()
	pub, _ := uuidshard.Mask(id, secret)
	back, _ := uuidshard.Unmask(pub, secret)
	b1, _ := uuidshard.Bucket(id, 1000)
	b2, _ := uuidshard.Bucket(pub, 1000)
	fmt.Println(pub[6]>>4, back == id, b1 == b2)
	// Output: 4 true true
}

// Keys minted in the application, as uuid_shard.uuidv7() mints them: one ascending sequence per
// process, safe for concurrent use.
func ExampleUUID7() {
	a, _ := uuidshard.UUID7()
	b, _ := uuidshard.UUID7()
	k, _ := uuidshard.ShardKey(b, 4)
	ms, _ := uuidshard.UnixMs(b)
	fmt.Println(uuidshard.Format(a) < uuidshard.Format(b), len(k), time.Since(time.UnixMilli(int64(ms))) < time.Minute)
	// Output: true 4 true
}
