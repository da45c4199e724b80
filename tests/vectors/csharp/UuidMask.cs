// Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in C# (.NET or Mono, standard library
// only). Bit for bit the extension's results; specified in docs/algorithms.md (section 7) and
// checked against tests/vectors/vectors.json by Check.cs. A UUID is 16 bytes in RFC order (text
// order): UuidShard.FromGuid/ToGuid convert from and to System.Guid, whose ToByteArray() is
// mixed-endian. The secret is at least 16 bytes.
using System;
using System.Security.Cryptography;
using System.Text;

public static class UuidMask
{
    public static readonly byte[] Label = Encoding.ASCII.GetBytes("uuid_shard mask v1");

    // Checked before the UUID, as the extension does: a missing secret is always an error.
    static void CheckSecret(byte[] secret)
    {
        if (secret == null) throw new ArgumentException("mask secret must not be NULL");
        if (secret.Length < 16) throw new ArgumentException("mask secret must be at least 16 bytes, got " + secret.Length);
    }

    // T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
    static byte[] Apply(byte[] u, byte[] secret, int version)
    {
        var msg = new byte[Label.Length + 8];
        Buffer.BlockCopy(Label, 0, msg, 0, Label.Length);
        Buffer.BlockCopy(u, 8, msg, Label.Length, 8);
        byte[] t;
        using (var h = new HMACSHA256(secret)) t = h.ComputeHash(msg);
        var r = (byte[])u.Clone();
        for (int i = 0; i < 8; i++) r[i] ^= t[i];
        r[6] = (byte)((version << 4) | (r[6] & 0x0F));
        return r;
    }

    /// <summary>The public ID (version 4) of a version 7 key.</summary>
    public static byte[] Mask(byte[] u, byte[] secret)
    {
        CheckSecret(secret);
        if (u == null || u.Length != 16) throw new ArgumentException("a UUID has 16 bytes");
        if ((u[8] >> 6) != 2 || (u[6] >> 4) != 7)
            throw new ArgumentException("expected a UUID of version 7 (RFC 9562 variant) to mask");
        return Apply(u, secret, 4);
    }

    /// <summary>The version 7 key of a public ID (version 4). A wrong secret, or a v4 UUID that was
    /// never masked, gives a v7 key with a meaningless time: no error can tell them apart.</summary>
    public static byte[] Unmask(byte[] u, byte[] secret)
    {
        CheckSecret(secret);
        if (u == null || u.Length != 16) throw new ArgumentException("a UUID has 16 bytes");
        if ((u[8] >> 6) != 2 || (u[6] >> 4) != 4)
            throw new ArgumentException("expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask");
        return Apply(u, secret, 7);
    }
}
