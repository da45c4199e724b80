package uuidshard

// Checks the package against the test vectors: go test (in this directory). The vectors are
// read from $UUID_SHARD_VECTORS, else ../vectors.json.

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

type lenKey struct {
	Len int
	Key string
}

type nBucket struct {
	N      int
	Bucket int
}

// The pairs are JSON arrays [len, "key"] and [n, bucket].
func (p *lenKey) UnmarshalJSON(b []byte) error  { return json.Unmarshal(b, &[]any{&p.Len, &p.Key}) }
func (p *nBucket) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &[]any{&p.N, &p.Bucket}) }

type vectors struct {
	Checks     int     `json:"checks"`
	InvalidLen []int64 `json:"invalid_len"`
	InvalidN   []int64 `json:"invalid_n"`
	Accepted   []struct {
		UUID     string    `json:"uuid"`
		UnixMs   *uint64   `json:"unix_ms"`
		ShardKey []lenKey  `json:"shard_key"`
		Bucket   []nBucket `json:"bucket"`
	} `json:"accepted"`
	Rejected []struct {
		UUID   string `json:"uuid"`
		Reason string `json:"reason"`
	} `json:"rejected"`
}

func TestVectors(t *testing.T) {
	path := os.Getenv("UUID_SHARD_VECTORS")
	if path == "" {
		path = "../vectors.json"
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var data vectors
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}

	checks, failures := 0, 0
	expect := func(ok bool, format string, args ...any) {
		checks++
		if !ok {
			failures++
			if failures <= 20 {
				t.Errorf("go: FAIL "+format, args...)
			}
		}
	}
	parse := func(s string) [16]byte {
		u, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}

	for _, v := range data.Accepted {
		u := parse(v.UUID)
		ms, ok := UnixMs(u)
		want := "null"
		if v.UnixMs != nil {
			want = fmt.Sprint(*v.UnixMs)
		}
		expect(HasRandomTail(u) && ok == (v.UnixMs != nil) && (!ok || ms == *v.UnixMs),
			"%s: accepted, unix_ms %s", v.UUID, want)
		for _, p := range v.ShardKey {
			got, err := ShardKey(u, p.Len)
			expect(err == nil && got == p.Key, "%s: ShardKey(%d) = %q, %v, expected %q", v.UUID, p.Len, got, err, p.Key)
		}
		for _, p := range v.Bucket {
			got, err := Bucket(u, p.N)
			expect(err == nil && got == p.Bucket, "%s: Bucket(%d) = %d, %v, expected %d", v.UUID, p.N, got, err, p.Bucket)
		}
	}
	for _, v := range data.Rejected {
		u := parse(v.UUID)
		_, ok := UnixMs(u)
		_, errKey := ShardKey(u, 1)
		_, errBucket := Bucket(u, 1)
		expect(!HasRandomTail(u) && !ok && errKey == ErrNoRandomTail && errBucket == ErrNoRandomTail,
			"%s: must be rejected (%s)", v.UUID, v.Reason)
	}
	first := parse(data.Accepted[0].UUID)
	for _, length := range data.InvalidLen {
		_, err := ShardKey(first, int(length))
		expect(err != nil, "shard key length %d must be rejected", length)
	}
	for _, n := range data.InvalidN {
		_, err := Bucket(first, int(n))
		expect(err != nil, "bucket count %d must be rejected", n)
	}

	if checks != data.Checks {
		failures++
		t.Errorf("go: ran %d checks, the file has %d", checks, data.Checks)
	}
	if failures > 0 {
		t.Fatalf("go: %d of %d vectors FAILED", failures, checks)
	}
	fmt.Printf("go: %d vectors ok\n", checks)
}
