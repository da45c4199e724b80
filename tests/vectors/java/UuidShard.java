import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Shard keys and buckets of uuid_shard in plain Java (8+, no libraries). Bit-for-bit the same
 * results as the PostgreSQL extension; specified in docs/algorithms.md and checked against
 * tests/vectors/vectors.json by Check.java. Paste freely into application code.
 *
 * <p>Bytes 8..15 of a UUID are {@link UUID#getLeastSignificantBits()}, byte 6 is bits 15..8
 * of {@link UUID#getMostSignificantBits()}. Java's long is signed: the unsigned 64-bit
 * arithmetic of the algorithm needs {@code >>>} for every shift; the wrapping multiply is the
 * same for signed and unsigned.
 */
public final class UuidShard {
    private UuidShard() {}

    /** True if {@link #shardKey} and {@link #bucket} accept u. */
    public static boolean hasRandomTail(UUID u) {
        // RFC 9562 variant (byte 8 = 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
        int version = (int) (u.getMostSignificantBits() >>> 12) & 0xF;
        return (u.getLeastSignificantBits() >>> 62) == 0b10
                && (version == 3 || version == 4 || version == 5 || version == 7);
    }

    /** The first {@code length} (1..15) hex digits of u read backwards, lower case. */
    public static String shardKey(UUID u, int length) {
        if (length < 1 || length > 15) {
            throw new IllegalArgumentException("shard key length must be between 1 and 15, got " + length);
        }
        requireRandomTail(u);
        long tail = u.getLeastSignificantBits();
        char[] key = new char[length];
        for (int i = 0; i < length; i++) {
            key[i] = Character.forDigit((int) (tail >>> (4 * i)) & 0xF, 16);
        }
        return new String(key);
    }

    /** The bucket of u among n (1..2147483647): jump consistent hash of bytes 8..15. */
    public static int bucket(UUID u, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("bucket count must be between 1 and 2147483647, got " + n);
        }
        requireRandomTail(u);
        long key = bucketKey(u);
        long b = -1;
        long j = 0;
        while (j < n) {
            b = j;
            key = key * 2862933555777941757L + 1; // wraps mod 2^64
            // IEEE double, in exactly this order, truncated toward zero; >>> is the unsigned shift.
            j = (long) ((b + 1) * (2147483648.0 / ((key >>> 33) + 1)));
        }
        return (int) b;
    }

    /** Bytes 8..15 as a big-endian unsigned 64-bit integer, the two variant bits cleared (below 2^62). */
    private static long bucketKey(UUID u) {
        return u.getLeastSignificantBits() & 0x3FFF_FFFF_FFFF_FFFFL;
    }

    /** PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash. */
    public static final long HASH_COMBINE64_CONSTANT = 0x49A0_F4DD_15E5_A8E3L;

    /**
     * The hash PostgreSQL's hash partitioning gets from the operator class uuid_tail_ops for u
     * (support function 2, seed ignored): the bucket key minus {@link #HASH_COMBINE64_CONSTANT}, so
     * the row hash is the bucket key itself. Defined for every UUID; always negative, as the
     * bucket key is below 2^62 (the subtraction never overflows).
     */
    public static long tailHashExtended(UUID u) {
        return bucketKey(u) - HASH_COMBINE64_CONSTANT;
    }

    /**
     * The remainder of the hash partition holding u in a table PARTITION BY HASH (id
     * uuid_tail_ops) with partitions of this modulus (1..2147483647): the bucket key mod modulus.
     * Defined for every UUID, of any version and variant, nil and max.
     */
    public static int tailRemainder(UUID u, int modulus) {
        if (modulus < 1) {
            throw new IllegalArgumentException("modulus must be between 1 and 2147483647, got " + modulus);
        }
        return (int) (bucketKey(u) % modulus);
    }

    /** The Unix millisecond timestamp of a version 7 UUID, empty for any other UUID. */
    public static OptionalLong unixMs(UUID u) {
        long msb = u.getMostSignificantBits();
        if ((u.getLeastSignificantBits() >>> 62) != 0b10 || ((msb >>> 12) & 0xF) != 7) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(msb >>> 16);
    }

    // ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names ----------
    // Times are long Unix microseconds (unixUs): from an Instant i,
    // Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000)
    // (integer arithmetic, never double milliseconds, which round wrongly at millisecond edges).

    private static final String BASE32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    private static final String CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final long MAX_UNIX_US = ((1L << 48) - 1) * 1000 + 999;

    /** Bits shift..shift+4 of the 128-bit number hi:lo. */
    private static int bits5(long hi, long lo, int shift) {
        if (shift >= 64) {
            return (int) ((hi >>> (shift - 64)) & 31);
        }
        if (shift == 0) {
            return (int) (lo & 31);
        }
        return (int) (((lo >>> shift) | (hi << (64 - shift))) & 31);
    }

    /** The ULID text of u: 26 upper-case Crockford base32 digits (two zero bits, then 128). */
    public static String toUlid(UUID u) {
        StringBuilder s = new StringBuilder(26);
        for (int i = 0; i < 26; i++) {
            s.append(CROCKFORD.charAt(bits5(u.getMostSignificantBits(), u.getLeastSignificantBits(), 125 - 5 * i)));
        }
        return s.toString();
    }

    /** RFC 4648 base32hex of the 16 bytes, upper case, '=' padded. */
    public static String toBase32hex(UUID u) {
        StringBuilder s = new StringBuilder(32);
        for (int i = 0; i < 25; i++) {
            s.append(BASE32HEX.charAt(bits5(u.getMostSignificantBits(), u.getLeastSignificantBits(), 123 - 5 * i)));
        }
        s.append(BASE32HEX.charAt((int) (u.getLeastSignificantBits() & 7) << 2)); // three bits, two zero bits
        return s.append("======").toString();
    }

    private static int[] readDigits(String s, String alphabet, String form) {
        if (s.length() < 26) {
            throw new IllegalArgumentException("invalid " + form + " text");
        }
        int[] d = new int[26];
        for (int i = 0; i < 26; i++) {
            char c = s.charAt(i);
            int x = c < 128 ? alphabet.indexOf(Character.toUpperCase(c)) : -1;
            if (x < 0) {
                throw new IllegalArgumentException("invalid " + form + " text");
            }
            d[i] = x;
        }
        return d;
    }

    /** The UUID of a ULID text (either case). */
    public static UUID fromUlid(String s) {
        int[] d = readDigits(s, CROCKFORD, "ULID");
        if (s.length() != 26 || d[0] > 7) {
            throw new IllegalArgumentException("invalid ULID text");
        }
        long hi = 0, lo = 0;
        for (int x : d) {
            hi = (hi << 5) | (lo >>> 59);
            lo = (lo << 5) | x;
        }
        return new UUID(hi, lo);
    }

    /** The UUID of a base32hex text (either case, with its six '=' or without). */
    public static UUID fromBase32hex(String s) {
        int[] d = readDigits(s, BASE32HEX, "base32hex");
        if (!(s.length() == 26 || (s.length() == 32 && s.substring(26).equals("======"))) || (d[25] & 3) != 0) {
            throw new IllegalArgumentException("invalid base32hex text");
        }
        long hi = 0, lo = 0;
        for (int i = 0; i < 25; i++) {
            hi = (hi << 5) | (lo >>> 59);
            lo = (lo << 5) | d[i];
        }
        hi = (hi << 3) | (lo >>> 61);
        lo = (lo << 3) | (d[25] >> 2);
        return new UUID(hi, lo);
    }

    private static long head(long unixUs, long fraction) {
        if (unixUs < 0 || unixUs > MAX_UNIX_US) {
            throw new IllegalArgumentException("timestamp out of range for UUID version 7");
        }
        long frac = fraction >= 0 ? fraction : (unixUs % 1000) * 4096 / 1000;
        return ((unixUs / 1000) << 16) | 0x7000 | frac;
    }

    /** The smallest v7 UUID of the millisecond holding unixUs. */
    public static UUID boundary(long unixUs) {
        return new UUID(head(unixUs, 0), 0x8000_0000_0000_0000L);
    }

    /** The largest v7 UUID of the millisecond holding unixUs: the inclusive upper bound. */
    public static UUID boundaryLast(long unixUs) {
        return new UUID(head(unixUs, 0xFFF), 0xBFFF_FFFF_FFFF_FFFFL);
    }

    /** Bytes 0..7 of a v7 UUID for unixUs (its most significant bits): ms, version, 12-bit fraction. */
    public static long v7Head(long unixUs) {
        return head(unixUs, -1);
    }

    /** The time of a version 7 UUID in Unix microseconds, empty for any other UUID. */
    public static OptionalLong unixUs(UUID u) {
        OptionalLong ms = unixMs(u);
        if (!ms.isPresent()) {
            return ms;
        }
        long frac = u.getMostSignificantBits() & 0xFFF;
        return OptionalLong.of(ms.getAsLong() * 1000 + Math.min(999, (frac * 1000 + 4095) / 4096));
    }

    /** The v7 UUID of a time and a name: the head of v7Head(unixUs), the tail from
     *  SHA-256("uuid_shard v7 from name\0" + name in UTF-8), variant bits set. */
    public static UUID fromName(long unixUs, String name) {
        long h = v7Head(unixUs);
        byte[] digest;
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update("uuid_shard v7 from name\0".getBytes(StandardCharsets.US_ASCII));
            digest = md.digest(name.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every Java platform has SHA-256
        }
        long tail = 0;
        for (int i = 0; i < 8; i++) {
            tail = (tail << 8) | (digest[i] & 0xFF);
        }
        return new UUID(h, (tail & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L);
    }

    private static void requireRandomTail(UUID u) {
        if (!hasRandomTail(u)) {
            throw new IllegalArgumentException("expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)");
        }
    }
}
