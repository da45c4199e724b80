import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in plain Java 8+ (javax.crypto).
 * Bit-for-bit the same results as the PostgreSQL extension; specified in docs/algorithms.md
 * (section 7) and checked against tests/vectors/vectors.json by CheckMask.java. Paste freely
 * into application code. The secret is a byte array of at least 16 bytes.
 */
public final class UuidMask {
    public static final String LABEL = "uuid_shard mask v1";

    private UuidMask() {}

    /** The public ID (version 4) of a version 7 key. */
    public static UUID mask(UUID u, byte[] secret) {
        checkSecret(secret);
        if (u.variant() != 2 || u.version() != 7) {
            throw new IllegalArgumentException("expected a UUID of version 7 (RFC 9562 variant) to mask");
        }
        return apply(u, secret, 4);
    }

    /**
     * The version 7 key of a public ID (version 4). A wrong secret, or a v4 UUID that was never
     * masked, gives a v7 key with a meaningless time: no error can tell them apart.
     */
    public static UUID unmask(UUID u, byte[] secret) {
        checkSecret(secret);
        if (u.variant() != 2 || u.version() != 4) {
            throw new IllegalArgumentException("expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask");
        }
        return apply(u, secret, 7);
    }

    // Checked before the UUID, as the extension does: a missing secret is always an error.
    private static void checkSecret(byte[] secret) {
        if (secret == null) {
            throw new IllegalArgumentException("mask secret must not be NULL");
        }
        if (secret.length < 16) {
            throw new IllegalArgumentException("mask secret must be at least 16 bytes, got " + secret.length);
        }
    }

    // T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
    private static UUID apply(UUID u, byte[] secret, int version) {
        byte[] t;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(LABEL.getBytes(StandardCharsets.US_ASCII));
            mac.update(ByteBuffer.allocate(8).putLong(u.getLeastSignificantBits()).array());
            t = mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every Java platform", e);
        }
        long head = u.getMostSignificantBits() ^ ByteBuffer.wrap(t, 0, 8).getLong();
        head = (head & ~0xF000L) | ((long) version << 12);
        return new UUID(head, u.getLeastSignificantBits());
    }
}
