// Shard keys, buckets, v7 times, text forms and keys from names of uuid_shard in plain C#
// (C# 7, .NET Framework 4.5+ / .NET Core / Mono; no packages). Bit-for-bit the same results as
// the PostgreSQL extension; specified in docs/algorithms.md and checked against
// tests/vectors/vectors.json by Check.cs. Paste freely into application code.
//
// A UUID is a byte[16] in RFC 9562 order: byte 0 is the first two hex digits of its text, as
// PostgreSQL's uuid stores it. .NET's Guid is NOT in that order: Guid.ToByteArray() and
// new Guid(byte[]) swap bytes 0-3, 4-5 and 6-7 (little-endian fields), the classic mistake.
// Convert with FromGuid/ToGuid below, never with ToByteArray() alone.
// Times are long Unix microseconds (unixUs): from a DateTimeOffset d,
// (d.UtcTicks - 621355968000000000L) / 10 (integers, never double milliseconds).
using System;
using System.Security.Cryptography;
using System.Text;

public static class UuidShard
{
    const string NoRandomTail = "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)";
    const string Base32hexDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    const string CrockfordDigits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const long MaxUnixUs = ((1L << 48) - 1) * 1000 + 999;

    /// <summary>The 16 bytes of a Guid in RFC 9562 order (undoes Guid's little-endian fields).</summary>
    public static byte[] FromGuid(Guid g)
    {
        byte[] b = g.ToByteArray();
        Array.Reverse(b, 0, 4);
        Array.Reverse(b, 4, 2);
        Array.Reverse(b, 6, 2);
        return b;
    }

    /// <summary>The Guid of 16 bytes in RFC 9562 order (g.ToString() is then the UUID's text).</summary>
    public static Guid ToGuid(byte[] u)
    {
        byte[] b = (byte[])Bytes(u).Clone();
        Array.Reverse(b, 0, 4);
        Array.Reverse(b, 4, 2);
        Array.Reverse(b, 6, 2);
        return new Guid(b);
    }

    /// <summary>Text (8-4-4-4-12 hex digits, any case) to 16 bytes in RFC 9562 order.</summary>
    public static byte[] Parse(string s) => FromGuid(Guid.ParseExact(s, "D"));

    /// <summary>16 bytes to the lower-case 8-4-4-4-12 text.</summary>
    public static string Text(byte[] u) => ToGuid(u).ToString("D");

    static byte[] Bytes(byte[] u)
    {
        if (u == null || u.Length != 16) throw new ArgumentException("a UUID has 16 bytes");
        return u;
    }

    static ulong Hi(byte[] u) { ulong v = 0; for (int i = 0; i < 8; i++) v = (v << 8) | u[i]; return v; }
    static ulong Lo(byte[] u) { ulong v = 0; for (int i = 8; i < 16; i++) v = (v << 8) | u[i]; return v; }
    static byte[] FromHalves(ulong hi, ulong lo)
    {
        var b = new byte[16];
        for (int i = 7; i >= 0; i--) { b[i] = (byte)hi; hi >>= 8; b[i + 8] = (byte)lo; lo >>= 8; }
        return b;
    }

    /// <summary>True if ShardKey and Bucket accept u: RFC 9562 variant, version 3, 4, 5 or 7.</summary>
    public static bool HasRandomTail(byte[] u)
    {
        Bytes(u);
        int v = u[6] >> 4;
        return u[8] >> 6 == 2 && (v == 3 || v == 4 || v == 5 || v == 7);
    }

    /// <summary>The first length (1..15) hex digits of u read backwards, lower case.</summary>
    public static string ShardKey(byte[] u, int length)
    {
        if (length < 1 || length > 15) throw new ArgumentException("shard key length must be between 1 and 15, got " + length);
        if (!HasRandomTail(u)) throw new ArgumentException(NoRandomTail);
        var s = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            int b = u[15 - i / 2];
            s.Append("0123456789abcdef"[i % 2 == 0 ? b & 0xF : b >> 4]);
        }
        return s.ToString();
    }

    /// <summary>The bucket of u among n (1..2147483647): jump consistent hash of bytes 8..16.</summary>
    public static int Bucket(byte[] u, long n)
    {
        if (n < 1 || n > 2147483647) throw new ArgumentException("bucket count must be between 1 and 2147483647, got " + n);
        if (!HasRandomTail(u)) throw new ArgumentException(NoRandomTail);
        ulong key = BucketKey(u);
        long b = -1, j = 0;
        while (j < n)
        {
            b = j;
            key = unchecked(key * 2862933555777941757UL + 1);
            // IEEE double, in exactly this order, truncated toward zero
            j = (long)((double)(b + 1) * (2147483648.0 / (double)((key >> 33) + 1)));
        }
        return (int)b;
    }

    /// <summary>Bytes 8..15 as a big-endian unsigned 64-bit integer, the two variant bits cleared.</summary>
    static ulong BucketKey(byte[] u) => Lo(Bytes(u)) & 0x3FFFFFFFFFFFFFFFUL;

    /// <summary>PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash.</summary>
    public const ulong HashCombine64Constant = 0x49A0F4DD15E5A8E3UL;

    /// <summary>The hash PostgreSQL's hash partitioning gets from the operator class uuid_tail_ops for u
    /// (support function 2, seed ignored): the bucket key minus HashCombine64Constant, so the row hash
    /// is the bucket key itself. Defined for every UUID; always negative, as the bucket key is below 2^62.</summary>
    public static long TailHashExtended(byte[] u) => unchecked((long)(BucketKey(u) - HashCombine64Constant));

    /// <summary>The remainder of the hash partition holding u in a table PARTITION BY HASH (id uuid_tail_ops)
    /// with partitions of this modulus (1..2147483647): the bucket key mod modulus. Defined for every
    /// UUID, of any version and variant, nil and max.</summary>
    public static int TailRemainder(byte[] u, long modulus)
    {
        if (modulus < 1 || modulus > 2147483647) throw new ArgumentException("modulus must be between 1 and 2147483647, got " + modulus);
        return (int)(BucketKey(u) % (ulong)modulus);
    }

    /// <summary>The Unix millisecond timestamp of a version 7 UUID, null for any other UUID.</summary>
    public static long? UnixMs(byte[] u)
    {
        Bytes(u);
        if (u[8] >> 6 != 2 || u[6] >> 4 != 7) return null;
        return (long)(Hi(u) >> 16);
    }

    static int Bits5(ulong hi, ulong lo, int shift)
    {
        if (shift >= 64) return (int)((hi >> (shift - 64)) & 31);
        if (shift == 0) return (int)(lo & 31);
        return (int)(((lo >> shift) | (hi << (64 - shift))) & 31);
    }

    /// <summary>The ULID text of u: 26 upper-case Crockford base32 digits (two zero bits, then 128).</summary>
    public static string ToUlid(byte[] u)
    {
        Bytes(u);
        var s = new StringBuilder(26);
        for (int i = 0; i < 26; i++) s.Append(CrockfordDigits[Bits5(Hi(u), Lo(u), 125 - 5 * i)]);
        return s.ToString();
    }

    /// <summary>RFC 4648 base32hex of the 16 bytes, upper case, '=' padded.</summary>
    public static string ToBase32hex(byte[] u)
    {
        Bytes(u);
        var s = new StringBuilder(32);
        for (int i = 0; i < 25; i++) s.Append(Base32hexDigits[Bits5(Hi(u), Lo(u), 123 - 5 * i)]);
        s.Append(Base32hexDigits[(int)(Lo(u) & 7) << 2]); // three bits, two zero bits
        return s.Append("======").ToString();
    }

    static int[] ReadDigits(string s, string alphabet, string form)
    {
        if (s == null || s.Length < 26) throw new ArgumentException("invalid " + form + " text");
        var d = new int[26];
        for (int i = 0; i < 26; i++)
        {
            char c = s[i];
            int x = c < 128 ? alphabet.IndexOf(char.ToUpperInvariant(c)) : -1;
            if (x < 0) throw new ArgumentException("invalid " + form + " text");
            d[i] = x;
        }
        return d;
    }

    /// <summary>The 16 bytes of a ULID text (either case).</summary>
    public static byte[] FromUlid(string s)
    {
        int[] d = ReadDigits(s, CrockfordDigits, "ULID");
        if (s.Length != 26 || d[0] > 7) throw new ArgumentException("invalid ULID text");
        ulong hi = 0, lo = 0;
        foreach (int x in d) { hi = (hi << 5) | (lo >> 59); lo = (lo << 5) | (uint)x; }
        return FromHalves(hi, lo);
    }

    /// <summary>The 16 bytes of a base32hex text (either case, with its six '=' or without).</summary>
    public static byte[] FromBase32hex(string s)
    {
        int[] d = ReadDigits(s, Base32hexDigits, "base32hex");
        if (!(s.Length == 26 || (s.Length == 32 && s.Substring(26) == "======")) || (d[25] & 3) != 0)
            throw new ArgumentException("invalid base32hex text");
        ulong hi = 0, lo = 0;
        for (int i = 0; i < 25; i++) { hi = (hi << 5) | (lo >> 59); lo = (lo << 5) | (uint)d[i]; }
        hi = (hi << 3) | (lo >> 61);
        lo = (lo << 3) | (uint)(d[25] >> 2);
        return FromHalves(hi, lo);
    }

    static ulong Head(long unixUs, long fraction)
    {
        if (unixUs < 0 || unixUs > MaxUnixUs) throw new ArgumentException("timestamp out of range for UUID version 7");
        long frac = fraction >= 0 ? fraction : unixUs % 1000 * 4096 / 1000;
        return ((ulong)(unixUs / 1000) << 16) | 0x7000UL | (ulong)frac;
    }

    /// <summary>The smallest v7 UUID of the millisecond holding unixUs.</summary>
    public static byte[] Boundary(long unixUs) => FromHalves(Head(unixUs, 0), 0x8000000000000000UL);

    /// <summary>The largest v7 UUID of the millisecond holding unixUs: the inclusive upper bound.</summary>
    public static byte[] BoundaryLast(long unixUs) => FromHalves(Head(unixUs, 0xFFF), 0xBFFFFFFFFFFFFFFFUL);

    /// <summary>Bytes 0..7 of a v7 UUID for unixUs, big-endian: ms, version, 12-bit fraction.</summary>
    public static ulong V7Head(long unixUs) => Head(unixUs, -1);

    /// <summary>A v7 UUID's 16 bytes from its head (V7Head) and its bytes 8..15 as a big-endian ulong.</summary>
    public static byte[] FromHeadAndTail(ulong head, ulong tail) => FromHalves(head, tail);

    /// <summary>The time of a version 7 UUID in Unix microseconds, null for any other UUID.</summary>
    public static long? UnixUs(byte[] u)
    {
        long? ms = UnixMs(u);
        if (ms == null) return null;
        long frac = (long)(Hi(u) & 0xFFF);
        return ms.Value * 1000 + Math.Min(999, (frac * 1000 + 4095) / 4096);
    }

    /// <summary>The v7 UUID of a time and a name: the head of V7Head(unixUs), the tail from
    /// SHA-256("uuid_shard v7 from name\0" + name in UTF-8), variant bits set.</summary>
    public static byte[] FromName(long unixUs, string name)
    {
        ulong head = V7Head(unixUs);
        byte[] prefix = Encoding.ASCII.GetBytes("uuid_shard v7 from name\0");
        byte[] data = Encoding.UTF8.GetBytes(name);
        var all = new byte[prefix.Length + data.Length];
        prefix.CopyTo(all, 0);
        data.CopyTo(all, prefix.Length);
        byte[] digest;
        using (var sha = SHA256.Create()) digest = sha.ComputeHash(all);
        ulong tail = 0;
        for (int i = 0; i < 8; i++) tail = (tail << 8) | digest[i];
        return FromHalves(head, (tail & 0x3FFFFFFFFFFFFFFFUL) | 0x8000000000000000UL);
    }
}
