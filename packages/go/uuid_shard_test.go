package uuidshard

// Checks the package against the test vectors: go test (in this directory). The vectors are
// read from $UUID_SHARD_VECTORS, else ../../tests/vectors/vectors.json (this module's place in
// the uuid_shard repository).

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

type lenKey struct {
	Len int
	Key string
}

type nBucket struct {
	N      int
	Bucket int
}

type modulusRemainder struct {
	Modulus   int
	Remainder int
}

// The pairs are JSON arrays [len, "key"], [n, bucket] and [modulus, remainder].
func (p *lenKey) UnmarshalJSON(b []byte) error  { return json.Unmarshal(b, &[]any{&p.Len, &p.Key}) }
func (p *nBucket) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &[]any{&p.N, &p.Bucket}) }
func (p *modulusRemainder) UnmarshalJSON(b []byte) error {
	return json.Unmarshal(b, &[]any{&p.Modulus, &p.Remainder})
}

type tailRemainderVectors struct {
	TailRemainder struct {
		Checks         int     `json:"checks"`
		InvalidModulus []int64 `json:"invalid_modulus"`
		Vectors        []struct {
			UUID             string             `json:"uuid"`
			BucketKey        string             `json:"bucket_key"`
			TailHashExtended string             `json:"tail_hash_extended"`
			Remainder        []modulusRemainder `json:"remainder"`
		} `json:"vectors"`
	} `json:"tail_remainder"`
}

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
	TextForms []struct {
		UUID      string `json:"uuid"`
		Ulid      string `json:"ulid"`
		Base32hex string `json:"base32hex"`
	} `json:"text_forms"`
	BadText []struct {
		Form string `json:"form"`
		Text string `json:"text"`
	} `json:"bad_text"`
	Times []struct {
		UnixMs       int64  `json:"unix_ms"`
		Us           int64  `json:"us"`
		Boundary     string `json:"boundary"`
		BoundaryLast string `json:"boundary_last"`
		Head         string `json:"head"`
	} `json:"times"`
	TimeUs []struct {
		UUID   string `json:"uuid"`
		UnixMs *int64 `json:"unix_ms"`
		Us     *int64 `json:"us"`
	} `json:"time_us"`
	FromName []struct {
		UnixMs int64  `json:"unix_ms"`
		Us     int64  `json:"us"`
		Name   string `json:"name"`
		UUID   string `json:"uuid"`
	} `json:"from_name"`
	InvalidTimes [][2]int64 `json:"invalid_times"`
}

// text is the lower-case 8-4-4-4-12 form of u, written here rather than by Format, which the
// text forms' checks compare with it.
func text(u [16]byte) string {
	h := hex.EncodeToString(u[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// checker counts a test's checks and reports the first 20 failures under its label.
type checker struct {
	t                *testing.T
	label            string
	checks, failures int
}

func (c *checker) expect(ok bool, format string, args ...any) {
	c.checks++
	if !ok {
		c.fail(format, args...)
	}
}

func (c *checker) fail(format string, args ...any) {
	c.failures++
	if c.failures <= 20 {
		c.t.Errorf(c.label+": FAIL "+format, args...)
	}
}

// parse reads a UUID of the vectors, which are all well formed.
func (c *checker) parse(s string) [16]byte {
	u, err := Parse(s)
	if err != nil {
		c.t.Fatal(err)
	}
	return u
}

// done fails the test unless it ran exactly the checks the file counts, all passing.
func (c *checker) done(want int) {
	if c.checks != want {
		c.fail("ran %d checks, the file has %d", c.checks, want)
	}
	if c.failures > 0 {
		c.t.Fatalf("%s: %d of %d vectors FAILED", c.label, c.failures, c.checks)
	}
	fmt.Printf("%s: %d vectors ok\n", c.label, c.checks)
}

// readVectors decodes the vector file, $UUID_SHARD_VECTORS else
// ../../tests/vectors/vectors.json, into data.
func readVectors(t *testing.T, data any) {
	path := os.Getenv("UUID_SHARD_VECTORS")
	if path == "" {
		path = "../../tests/vectors/vectors.json"
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, data); err != nil {
		t.Fatal(err)
	}
}

func TestVectors(t *testing.T) {
	var data vectors
	readVectors(t, &data)

	chk := &checker{t: t, label: "go"}

	for _, v := range data.Accepted {
		u := chk.parse(v.UUID)
		ms, ok := UnixMs(u)
		want := "null"
		if v.UnixMs != nil {
			want = fmt.Sprint(*v.UnixMs)
		}
		chk.expect(HasRandomTail(u) && ok == (v.UnixMs != nil) && (!ok || ms == *v.UnixMs),
			"%s: accepted, unix_ms %s", v.UUID, want)
		for _, p := range v.ShardKey {
			got, err := ShardKey(u, p.Len)
			chk.expect(err == nil && got == p.Key, "%s: ShardKey(%d) = %q, %v, expected %q", v.UUID, p.Len, got, err, p.Key)
		}
		for _, p := range v.Bucket {
			got, err := Bucket(u, p.N)
			chk.expect(err == nil && got == p.Bucket, "%s: Bucket(%d) = %d, %v, expected %d", v.UUID, p.N, got, err, p.Bucket)
		}
	}
	for _, v := range data.Rejected {
		u := chk.parse(v.UUID)
		_, ok := UnixMs(u)
		_, errKey := ShardKey(u, 1)
		_, errBucket := Bucket(u, 1)
		chk.expect(!HasRandomTail(u) && !ok && errKey == ErrNoRandomTail && errBucket == ErrNoRandomTail,
			"%s: must be rejected (%s)", v.UUID, v.Reason)
	}
	first := chk.parse(data.Accepted[0].UUID)
	for _, length := range data.InvalidLen {
		_, err := ShardKey(first, int(length))
		chk.expect(err != nil, "shard key length %d must be rejected", length)
	}
	for _, n := range data.InvalidN {
		_, err := Bucket(first, int(n))
		chk.expect(err != nil, "bucket count %d must be rejected", n)
	}

	// 0.3.0: text forms, bounds, the time to the microsecond, keys from names
	for _, v := range data.TextForms {
		u := chk.parse(v.UUID)
		a, errA := FromUlid(strings.ToLower(v.Ulid))
		b, errB := FromBase32hex(v.Base32hex)
		c, errC := FromBase32hex(strings.ToLower(v.Base32hex[:26]))
		chk.expect(ToUlid(u) == v.Ulid && ToBase32hex(u) == v.Base32hex && errA == nil && a == u && errB == nil && b == u && errC == nil && c == u &&
			Format(u) == text(u) && Format(u) == strings.ToLower(v.UUID),
			"%s: ulid %s, base32hex %s, text %s", v.UUID, v.Ulid, v.Base32hex, Format(u))
	}
	for _, v := range data.BadText {
		var err error
		if v.Form == "ulid" {
			_, err = FromUlid(v.Text)
		} else {
			_, err = FromBase32hex(v.Text)
		}
		chk.expect(err != nil, "%s %q must be refused", v.Form, v.Text)
	}
	for _, v := range data.Times {
		t := v.UnixMs*1000 + v.Us
		lo, err1 := Boundary(t)
		hi, err2 := BoundaryLast(t)
		head, err3 := V7Head(t)
		key := fromHalves(head, 0x8000_0000_0000_0000)
		us, ok := UnixUs(key)
		// the same through time.Time
		tt := time.UnixMicro(t)
		lo2, err4 := BoundaryTime(tt)
		hi2, err5 := BoundaryLastTime(tt)
		got, ok2 := Time(key)
		chk.expect(err1 == nil && err2 == nil && err3 == nil && text(lo) == v.Boundary && text(hi) == v.BoundaryLast &&
			text(key)[:18] == v.Head && ok && us == t && err4 == nil && err5 == nil && lo2 == lo && hi2 == hi &&
			ok2 && got.Equal(tt) && got.Location() == time.UTC, "time %d: boundary, boundary_last, head", t)
	}
	for _, v := range data.TimeUs {
		us, ok := UnixUs(chk.parse(v.UUID))
		chk.expect(ok == (v.UnixMs != nil) && (!ok || us == *v.UnixMs*1000+*v.Us), "%s: unix_us", v.UUID)
	}
	for _, v := range data.FromName {
		got, err := FromName(v.UnixMs*1000+v.Us, v.Name)
		got2, err2 := FromNameTime(time.UnixMicro(v.UnixMs*1000+v.Us).Add(999*time.Nanosecond), v.Name)
		chk.expect(err == nil && text(got) == v.UUID && err2 == nil && got2 == got, "FromName(%q) = %s, expected %s", v.Name, text(got), v.UUID)
	}
	for _, v := range data.InvalidTimes {
		t := v[0]*1000 + v[1]
		_, err1 := Boundary(t)
		_, err2 := BoundaryLast(t)
		_, err3 := FromName(t, "x")
		// time.Time: the same microsecond, or for the lower bound any time before 1970
		_, err4 := BoundaryTime(time.UnixMicro(t))
		_, err5 := FromNameTime(time.UnixMicro(t), "x")
		chk.expect(err4 == ErrTimeRange && err5 == ErrTimeRange && err1 == ErrTimeRange && err2 == ErrTimeRange && err3 == ErrTimeRange, "time %d must be refused", t)
	}

	chk.done(data.Checks)
}

// Tail-hash partitions, a section with its own count. PostgreSQL routes a row of a one-column key
// by hash_combine64(0, h) = h + HashCombine64Constant (mod 2^64): the bucket key.
func TestTailRemainderVectors(t *testing.T) {
	var all tailRemainderVectors
	readVectors(t, &all)
	data := all.TailRemainder

	chk := &checker{t: t, label: "go tail remainder"}

	for _, v := range data.Vectors {
		u := chk.parse(v.UUID)
		h := TailHashExtended(u)
		rowHash := fmt.Sprintf("0x%016x", uint64(h)+HashCombine64Constant)
		chk.expect(fmt.Sprint(h) == v.TailHashExtended && rowHash == v.BucketKey,
			"%s: TailHashExtended %d, row hash %s, expected %s, %s", v.UUID, h, rowHash, v.TailHashExtended, v.BucketKey)
		for _, p := range v.Remainder {
			got, err := TailRemainder(u, p.Modulus)
			chk.expect(err == nil && got == p.Remainder, "%s: TailRemainder(%d) = %d, %v, expected %d",
				v.UUID, p.Modulus, got, err, p.Remainder)
		}
	}
	first := chk.parse(data.Vectors[0].UUID)
	for _, m := range data.InvalidModulus {
		_, err := TailRemainder(first, int(m))
		chk.expect(err != nil, "modulus %d must be rejected", m)
	}

	chk.done(data.Checks)
}
