package uuidshard

// Checks Mask and Unmask against the mask section of the test vectors (read by readVectors in
// uuid_shard_test.go).

import (
	"encoding/hex"
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

	chk := &checker{t: t, label: "go mask"}
	secret := func(h string) []byte {
		s, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	if data.Label != MaskLabel {
		chk.fail("label %q, the file has %q", MaskLabel, data.Label)
	}
	for _, v := range data.Vectors {
		s := secret(v.Secret)
		pub, err1 := Mask(chk.parse(v.Key), s)
		key, err2 := Unmask(chk.parse(v.Public), s)
		chk.expect(err1 == nil && err2 == nil && pub == chk.parse(strings.ToLower(v.Public)) && key == chk.parse(v.Key),
			"%s: mask %x %v (expected %s), unmask %x %v", v.Key, pub, err1, v.Public, key, err2)
	}
	first := data.Vectors[0]
	for _, h := range data.InvalidSecret {
		s := secret(h)
		_, err1 := Mask(chk.parse(first.Key), s)
		_, err2 := Unmask(chk.parse(first.Public), s)
		chk.expect(err1 != nil && err2 != nil, "secret %q must be rejected", h)
	}
	s0 := secret(first.Secret)
	for _, u := range data.NotV7 {
		_, err := Mask(chk.parse(u), s0)
		chk.expect(err == ErrNotV7, "Mask(%s) must be rejected", u)
	}
	for _, u := range data.NotV4 {
		_, err := Unmask(chk.parse(u), s0)
		chk.expect(err == ErrNotV4, "Unmask(%s) must be rejected", u)
	}

	chk.done(data.Checks)
}
