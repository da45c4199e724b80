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
        long key = u.getLeastSignificantBits() & 0x3FFF_FFFF_FFFF_FFFFL;
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

    /** The Unix millisecond timestamp of a version 7 UUID, empty for any other UUID. */
    public static OptionalLong unixMs(UUID u) {
        long msb = u.getMostSignificantBits();
        if ((u.getLeastSignificantBits() >>> 62) != 0b10 || ((msb >>> 12) & 0xF) != 7) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(msb >>> 16);
    }

    private static void requireRandomTail(UUID u) {
        if (!hasRandomTail(u)) {
            throw new IllegalArgumentException("expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)");
        }
    }
}
