package uuidshard

// Checks Mask and Unmask against the mask section of the test vectors (read by readVectors in
// uuid_shard_test.go).

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

type maskVectors struct {
	Mask struct {
		Label         string   `json:"label"`
		Checks        int      `json:"checks"`
		InvalidSecret []string `json:"invalid_secret"`
		NotV7         []string `json:"not_v7"`
		NotV4         []string `json:"not_v4"`
		Vectors       []struct {
			Secret string `json:"secret"`
			Key    string `json:"key"`
			Public string `json:"public"`
		} `json:"vectors"`
	} `json:"mask"`
}

func TestMaskVectors(t *testing.T) {
	var all maskVectors
	readVectors(t, &all)
	data := all.Mask

	checks, failures := 0, 0
	expect := func(ok bool, format string, args ...any) {
		checks++
		if !ok {
			failures++
			if failures <= 20 {
				t.Errorf("go mask: FAIL "+format, args...)
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
	secret := func(h string) []byte {
		s, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	if data.Label != MaskLabel {
		failures++
		t.Errorf("go mask: label %q, the file has %q", MaskLabel, data.Label)
	}
	for _, v := range data.Vectors {
		s := secret(v.Secret)
		pub, err1 := Mask(parse(v.Key), s)
		key, err2 := Unmask(parse(v.Public), s)
		expect(err1 == nil && err2 == nil && pub == parse(strings.ToLower(v.Public)) && key == parse(v.Key),
			"%s: mask %x %v (expected %s), unmask %x %v", v.Key, pub, err1, v.Public, key, err2)
	}
	first := data.Vectors[0]
	for _, h := range data.InvalidSecret {
		s := secret(h)
		_, err1 := Mask(parse(first.Key), s)
		_, err2 := Unmask(parse(first.Public), s)
		expect(err1 != nil && err2 != nil, "secret %q must be rejected", h)
	}
	s0 := secret(first.Secret)
	for _, u := range data.NotV7 {
		_, err := Mask(parse(u), s0)
		expect(err == ErrNotV7, "Mask(%s) must be rejected", u)
	}
	for _, u := range data.NotV4 {
		_, err := Unmask(parse(u), s0)
		expect(err == ErrNotV4, "Unmask(%s) must be rejected", u)
	}

	if checks != data.Checks {
		failures++
		t.Errorf("go mask: ran %d checks, the file has %d", checks, data.Checks)
	}
	if failures > 0 {
		t.Fatalf("go mask: %d of %d vectors FAILED", failures, checks)
	}
	fmt.Printf("go mask: %d vectors ok\n", checks)
}
