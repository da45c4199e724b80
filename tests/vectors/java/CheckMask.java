import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Checks UuidMask.java against the mask section of the test vectors:
 * {@code javac -d out UuidMask.java Check.java CheckMask.java && java -cp out CheckMask path/to/vectors.json}
 * (the JSON parser is Check.Json). Without an argument it reads tests/vectors/vectors.json or ../vectors.json.
 */
public final class CheckMask {
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

    private static byte[] hex(String h) {
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    public static void main(String[] args) throws Exception {
        Path file = args.length > 0 ? Path.of(args[0])
                : Files.exists(Path.of("tests/vectors/vectors.json")) ? Path.of("tests/vectors/vectors.json")
                : Path.of("../vectors.json");
        Map<String, Object> data = map(map(Check.Json.parse(Files.readString(file, StandardCharsets.UTF_8))).get("mask"));

        if (!UuidMask.LABEL.equals(data.get("label"))) {
            failures.add("label " + UuidMask.LABEL + ", the file has " + data.get("label"));
        }
        for (Object o : list(data.get("vectors"))) {
            Map<String, Object> v = map(o);
            byte[] s = hex((String) v.get("secret"));
            UUID key = UUID.fromString((String) v.get("key"));
            UUID pub = UUID.fromString((String) v.get("public"));
            UUID gotPub = UuidMask.mask(key, s);
            UUID gotKey = UuidMask.unmask(pub, s);
            expect(gotPub.equals(pub) && gotKey.equals(key), key + ": mask " + gotPub + " (expected " + pub + "), unmask " + gotKey);
        }
        Map<String, Object> first = map(list(data.get("vectors")).get(0));
        UUID firstKey = UUID.fromString((String) first.get("key"));
        UUID firstPub = UUID.fromString((String) first.get("public"));
        for (Object h : list(data.get("invalid_secret"))) {
            byte[] s = hex((String) h);
            expect(raises(() -> UuidMask.mask(firstKey, s)) && raises(() -> UuidMask.unmask(firstPub, s)),
                    "secret \"" + h + "\" must be rejected");
        }
        byte[] s0 = hex((String) first.get("secret"));
        for (Object u : list(data.get("not_v7"))) {
            expect(raises(() -> UuidMask.mask(UUID.fromString((String) u), s0)), "mask(" + u + ") must be rejected");
        }
        for (Object u : list(data.get("not_v4"))) {
            expect(raises(() -> UuidMask.unmask(UUID.fromString((String) u), s0)), "unmask(" + u + ") must be rejected");
        }

        long want = (Long) data.get("checks");
        if (checks != want) {
            failures.add("ran " + checks + " checks, the file has " + want);
        }
        if (!failures.isEmpty()) {
            for (String f : failures.subList(0, Math.min(20, failures.size()))) {
                System.err.println("java mask: FAIL " + f);
            }
            System.err.println("java mask: " + failures.size() + " of " + checks + " vectors FAILED");
            System.exit(1);
        }
        System.out.println("java mask: " + checks + " vectors ok");
    }
}
