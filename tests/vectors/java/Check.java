import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Checks UuidShard.java against the test vectors:
 * {@code javac -d out UuidShard.java Check.java && java -cp out Check path/to/vectors.json}.
 * Without an argument it reads tests/vectors/vectors.json or ../vectors.json. Java has no JSON
 * parser of its own, so a minimal one for the subset the vector file uses is below.
 */
public final class Check {
    private static int checks = 0;
    private static final List<String> failures = new ArrayList<>();

    private static void expect(boolean ok, String what) {
        checks++;
        if (!ok) {
            failures.add(what);
        }
    }

    private static boolean raises(Runnable f) {
        try {
            f.run();
        } catch (IllegalArgumentException e) {
            return true;
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    private static int toInt(Object o) {
        return Math.toIntExact((Long) o);
    }

    public static void main(String[] args) throws Exception {
        Path file = args.length > 0 ? Path.of(args[0])
                : Files.exists(Path.of("tests/vectors/vectors.json")) ? Path.of("tests/vectors/vectors.json")
                : Path.of("../vectors.json");
        Map<String, Object> data = map(Json.parse(Files.readString(file, StandardCharsets.UTF_8)));

        for (Object o : list(data.get("accepted"))) {
            Map<String, Object> v = map(o);
            String text = (String) v.get("uuid");
            UUID u = UUID.fromString(text);
            Long ms = (Long) v.get("unix_ms");
            OptionalLong gotMs = UuidShard.unixMs(u);
            expect(UuidShard.hasRandomTail(u) && (ms == null ? gotMs.isEmpty() : gotMs.isPresent() && gotMs.getAsLong() == ms),
                    text + ": accepted, unix_ms " + ms);
            for (Object p : list(v.get("shard_key"))) {
                int len = toInt(list(p).get(0));
                String key = (String) list(p).get(1);
                String got = UuidShard.shardKey(u, len);
                expect(got.equals(key), text + ": shardKey(" + len + ") = " + got + ", expected " + key);
            }
            for (Object p : list(v.get("bucket"))) {
                int n = toInt(list(p).get(0));
                int bucket = toInt(list(p).get(1));
                int got = UuidShard.bucket(u, n);
                expect(got == bucket, text + ": bucket(" + n + ") = " + got + ", expected " + bucket);
            }
        }
        for (Object o : list(data.get("rejected"))) {
            Map<String, Object> v = map(o);
            String text = (String) v.get("uuid");
            UUID u = UUID.fromString(text);
            expect(!UuidShard.hasRandomTail(u) && UuidShard.unixMs(u).isEmpty()
                    && raises(() -> UuidShard.shardKey(u, 1)) && raises(() -> UuidShard.bucket(u, 1)),
                    text + ": must be rejected (" + v.get("reason") + ")");
        }
        UUID first = UUID.fromString((String) map(list(data.get("accepted")).get(0)).get("uuid"));
        for (Object o : list(data.get("invalid_len"))) {
            long len = (Long) o;
            // A length outside int cannot even be passed: rejected by the type.
            expect(len != (int) len || raises(() -> UuidShard.shardKey(first, (int) len)),
                    "shard key length " + len + " must be rejected");
        }
        for (Object o : list(data.get("invalid_n"))) {
            long n = (Long) o;
            expect(n != (int) n || raises(() -> UuidShard.bucket(first, (int) n)),
                    "bucket count " + n + " must be rejected");
        }

        // 0.3.0: text forms, bounds, the time to the microsecond, keys from names
        for (Object o : list(data.get("text_forms"))) {
            Map<String, Object> v = map(o);
            UUID u = UUID.fromString((String) v.get("uuid"));
            String ulid = (String) v.get("ulid"), b32 = (String) v.get("base32hex");
            expect(UuidShard.toUlid(u).equals(ulid) && UuidShard.toBase32hex(u).equals(b32)
                    && UuidShard.fromUlid(ulid.toLowerCase()).equals(u) && UuidShard.fromBase32hex(b32).equals(u)
                    && UuidShard.fromBase32hex(b32.substring(0, 26).toLowerCase()).equals(u),
                    u + ": ulid " + ulid + ", base32hex " + b32);
        }
        for (Object o : list(data.get("bad_text"))) {
            Map<String, Object> v = map(o);
            String t = (String) v.get("text");
            boolean ulid = "ulid".equals(v.get("form"));
            expect(raises(() -> { if (ulid) UuidShard.fromUlid(t); else UuidShard.fromBase32hex(t); }),
                    v.get("form") + " " + t + " must be refused");
        }
        for (Object o : list(data.get("times"))) {
            Map<String, Object> v = map(o);
            long t = (Long) v.get("unix_ms") * 1000 + (Long) v.get("us");
            UUID key = new UUID(UuidShard.v7Head(t), 0x8000_0000_0000_0000L);
            OptionalLong back = UuidShard.unixUs(key);
            expect(UuidShard.boundary(t).toString().equals(v.get("boundary"))
                    && UuidShard.boundaryLast(t).toString().equals(v.get("boundary_last"))
                    && key.toString().substring(0, 18).equals(v.get("head")) && back.isPresent() && back.getAsLong() == t,
                    "time " + t + ": boundary, boundaryLast, head");
        }
        for (Object o : list(data.get("time_us"))) {
            Map<String, Object> v = map(o);
            OptionalLong got = UuidShard.unixUs(UUID.fromString((String) v.get("uuid")));
            Long ms = (Long) v.get("unix_ms");
            expect(ms == null ? !got.isPresent() : got.isPresent() && got.getAsLong() == ms * 1000 + (Long) v.get("us"),
                    v.get("uuid") + ": unixUs");
        }
        for (Object o : list(data.get("from_name"))) {
            Map<String, Object> v = map(o);
            String got = UuidShard.fromName((Long) v.get("unix_ms") * 1000 + (Long) v.get("us"), (String) v.get("name")).toString();
            expect(got.equals(v.get("uuid")), "fromName(" + v.get("name") + ") = " + got + ", expected " + v.get("uuid"));
        }
        for (Object o : list(data.get("invalid_times"))) {
            long t = (Long) list(o).get(0) * 1000 + (Long) list(o).get(1);
            expect(raises(() -> UuidShard.boundary(t)) && raises(() -> UuidShard.boundaryLast(t))
                    && raises(() -> UuidShard.fromName(t, "x")), "time " + t + " must be refused");
        }

        long expected = (Long) data.get("checks");
        if (checks != expected) {
            failures.add("ran " + checks + " checks, the file has " + expected);
        }
        int mainChecks = checks;
        checks = 0;
        checkTailRemainder(map(data.get("tail_remainder")));

        if (!failures.isEmpty()) {
            failures.stream().limit(20).forEach(f -> System.err.println("java: FAIL " + f));
            System.err.println("java: " + failures.size() + " of " + (mainChecks + checks) + " vectors FAILED");
            System.exit(1);
        }
        System.out.println("java: " + mainChecks + " vectors ok");
        System.out.println("java tail remainder: " + checks + " vectors ok");
    }

    /**
     * Tail-hash partitions, a section with its own count. PostgreSQL routes a row of a one-column
     * key by hash_combine64(0, h) = h + HASH_COMBINE64_CONSTANT (mod 2^64): the bucket key.
     */
    private static void checkTailRemainder(Map<String, Object> tail) {
        for (Object o : list(tail.get("vectors"))) {
            Map<String, Object> v = map(o);
            String text = (String) v.get("uuid");
            UUID u = UUID.fromString(text);
            long h = UuidShard.tailHashExtended(u);
            String rowHash = String.format("0x%016x", h + UuidShard.HASH_COMBINE64_CONSTANT);
            expect(Long.toString(h).equals(v.get("tail_hash_extended")) && rowHash.equals(v.get("bucket_key")),
                    text + ": tailHashExtended " + h + ", row hash " + rowHash + ", expected "
                            + v.get("tail_hash_extended") + ", " + v.get("bucket_key"));
            for (Object p : list(v.get("remainder"))) {
                int m = toInt(list(p).get(0));
                int r = toInt(list(p).get(1));
                int got = UuidShard.tailRemainder(u, m);
                expect(got == r, text + ": tailRemainder(" + m + ") = " + got + ", expected " + r);
            }
        }
        UUID first = UUID.fromString((String) map(list(tail.get("vectors")).get(0)).get("uuid"));
        for (Object o : list(tail.get("invalid_modulus"))) {
            long m = (Long) o;
            // A modulus outside int cannot even be passed: rejected by the type.
            expect(m != (int) m || raises(() -> UuidShard.tailRemainder(first, (int) m)),
                    "modulus " + m + " must be rejected");
        }
        long expected = (Long) tail.get("checks");
        if (checks != expected) {
            failures.add("tail remainder: ran " + checks + " checks, the file has " + expected);
        }
    }

    /** JSON objects, arrays, strings, integers (as Long), true, false and null; nothing else. */
    static final class Json {
        private final String s;
        private int i = 0;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String s) {
            Json p = new Json(s);
            Object v = p.value();
            p.space();
            if (p.i != s.length()) {
                throw p.error("trailing characters");
            }
            return v;
        }

        private IllegalStateException error(String what) {
            return new IllegalStateException("JSON: " + what + " at offset " + i);
        }

        private void space() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
        }

        private boolean eat(char c) {
            space();
            if (i < s.length() && s.charAt(i) == c) {
                i++;
                return true;
            }
            return false;
        }

        private void want(char c) {
            if (!eat(c)) {
                throw error("expected '" + c + "'");
            }
        }

        private Object value() {
            space();
            if (i >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(i);
            if (c == '{') {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                if (!eat('}')) {
                    do {
                        space();
                        String k = string();
                        want(':');
                        m.put(k, value());
                    } while (eat(','));
                    want('}');
                }
                return m;
            }
            if (c == '[') {
                i++;
                List<Object> l = new ArrayList<>();
                if (!eat(']')) {
                    do {
                        l.add(value());
                    } while (eat(','));
                    want(']');
                }
                return l;
            }
            if (c == '"') {
                return string();
            }
            for (String word : new String[] {"null", "true", "false"}) {
                if (s.startsWith(word, i)) {
                    i += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word.equals("true"));
                }
            }
            int start = i;
            if (c == '-') {
                i++;
            }
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start || (i < s.length() && ".eE".indexOf(s.charAt(i)) >= 0)) {
                throw error("expected an integer");
            }
            return Long.parseLong(s.substring(start, i));
        }

        private String string() {
            if (i >= s.length() || s.charAt(i) != '"') {
                throw error("expected a string");
            }
            StringBuilder b = new StringBuilder();
            for (i++; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"') {
                    i++;
                    return b.toString();
                }
                if (c == '\\') {
                    char e = s.charAt(++i);
                    if (e == 'u') {
                        b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                        i += 4;
                    } else {
                        int k = "\"\\/bfnrt".indexOf(e);
                        if (k < 0) {
                            throw error("bad escape");
                        }
                        b.append("\"\\/\b\f\n\r\t".charAt(k));
                    }
                } else {
                    b.append(c);
                }
            }
            throw error("unterminated string");
        }
    }
}
