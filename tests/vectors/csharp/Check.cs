// Checks UuidShard.cs against the test vectors:
//   mcs -out:check.exe UuidShard.cs Check.cs && mono check.exe [path/to/vectors.json]
// Every UUID text is read through Guid.ParseExact and UuidShard.FromGuid, so the checks also
// prove the byte order (Guid's mixed-endian fields undone), and compared as text through ToGuid.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

public static class Check
{
    static int checks = 0;
    static readonly List<string> failures = new List<string>();

    static void Expect(bool ok, string what) { checks++; if (!ok) failures.Add(what); }

    static bool Raises(Action f)
    {
        try { f(); } catch (ArgumentException) { return true; }
        return false;
    }

    static List<object> L(object o) => (List<object>)o;
    static Dictionary<string, object> M(object o) => (Dictionary<string, object>)o;

    public static int Main(string[] args)
    {
        string file = args.Length > 0 ? args[0] : Path.Combine("..", "vectors.json");
        var data = M(Json.Parse(File.ReadAllText(file, Encoding.UTF8)));

        foreach (var o in L(data["accepted"]))
        {
            var v = M(o);
            string text = (string)v["uuid"];
            byte[] u = UuidShard.Parse(text);
            long? ms = (long?)v["unix_ms"];
            Expect(UuidShard.HasRandomTail(u) && UuidShard.UnixMs(u) == ms && UuidShard.Text(u) == text.ToLowerInvariant(),
                text + ": accepted, unix_ms " + ms);
            foreach (var p in L(v["shard_key"]))
            {
                int len = (int)(long)L(p)[0];
                string got = UuidShard.ShardKey(u, len);
                Expect(got == (string)L(p)[1], text + ": ShardKey(" + len + ") = " + got);
            }
            foreach (var p in L(v["bucket"]))
            {
                long n = (long)L(p)[0];
                int got = UuidShard.Bucket(u, n);
                Expect(got == (long)L(p)[1], text + ": Bucket(" + n + ") = " + got);
            }
        }
        foreach (var o in L(data["rejected"]))
        {
            var v = M(o);
            byte[] u = UuidShard.Parse((string)v["uuid"]);
            Expect(!UuidShard.HasRandomTail(u) && UuidShard.UnixMs(u) == null
                   && Raises(() => UuidShard.ShardKey(u, 1)) && Raises(() => UuidShard.Bucket(u, 1)),
                   v["uuid"] + ": must be rejected (" + v["reason"] + ")");
        }
        byte[] first = UuidShard.Parse((string)M(L(data["accepted"])[0])["uuid"]);
        foreach (var o in L(data["invalid_len"]))
        {
            long len = (long)o;
            Expect(len != (int)len || Raises(() => UuidShard.ShardKey(first, (int)len)), "shard key length " + len + " must be rejected");
        }
        foreach (var o in L(data["invalid_n"]))
        {
            long n = (long)o;
            Expect(Raises(() => UuidShard.Bucket(first, n)), "bucket count " + n + " must be rejected");
        }
        foreach (var o in L(data["text_forms"]))
        {
            var v = M(o);
            byte[] u = UuidShard.Parse((string)v["uuid"]);
            string ulid = (string)v["ulid"], b32 = (string)v["base32hex"];
            Expect(UuidShard.ToUlid(u) == ulid && UuidShard.ToBase32hex(u) == b32
                   && UuidShard.Text(UuidShard.FromUlid(ulid.ToLowerInvariant())) == (string)v["uuid"]
                   && UuidShard.Text(UuidShard.FromBase32hex(b32)) == (string)v["uuid"]
                   && UuidShard.Text(UuidShard.FromBase32hex(b32.Substring(0, 26).ToLowerInvariant())) == (string)v["uuid"],
                   v["uuid"] + ": ulid " + ulid + ", base32hex " + b32);
        }
        foreach (var o in L(data["bad_text"]))
        {
            var v = M(o);
            string t = (string)v["text"];
            bool ulid = (string)v["form"] == "ulid";
            Expect(Raises(() => { if (ulid) UuidShard.FromUlid(t); else UuidShard.FromBase32hex(t); }), v["form"] + " " + t + " must be refused");
        }
        foreach (var o in L(data["times"]))
        {
            var v = M(o);
            long t = (long)v["unix_ms"] * 1000 + (long)v["us"];
            byte[] key = UuidShard.FromHeadAndTail(UuidShard.V7Head(t), 0x8000000000000000UL);
            Expect(UuidShard.Text(UuidShard.Boundary(t)) == (string)v["boundary"]
                   && UuidShard.Text(UuidShard.BoundaryLast(t)) == (string)v["boundary_last"]
                   && UuidShard.Text(key).Substring(0, 18) == (string)v["head"] && UuidShard.UnixUs(key) == t,
                   "time " + t + ": boundary, boundary_last, head");
        }
        foreach (var o in L(data["time_us"]))
        {
            var v = M(o);
            long? want = v["unix_ms"] == null ? (long?)null : (long)v["unix_ms"] * 1000 + (long)v["us"];
            Expect(UuidShard.UnixUs(UuidShard.Parse((string)v["uuid"])) == want, v["uuid"] + ": unix_us");
        }
        foreach (var o in L(data["from_name"]))
        {
            var v = M(o);
            string got = UuidShard.Text(UuidShard.FromName((long)v["unix_ms"] * 1000 + (long)v["us"], (string)v["name"]));
            Expect(got == (string)v["uuid"], "FromName(" + v["name"] + ") = " + got + ", expected " + v["uuid"]);
        }
        foreach (var o in L(data["invalid_times"]))
        {
            long t = (long)L(o)[0] * 1000 + (long)L(o)[1];
            Expect(Raises(() => UuidShard.Boundary(t)) && Raises(() => UuidShard.BoundaryLast(t)) && Raises(() => UuidShard.FromName(t, "x")),
                   "time " + t + " must be refused");
        }

        long expected = (long)data["checks"];
        if (checks != expected) failures.Add("ran " + checks + " checks, the file has " + expected);
        int mainChecks = checks;
        checks = 0;
        CheckTailRemainder(M(data["tail_remainder"]));
        int tailChecks = checks;
        checks = 0;
        CheckMask(M(data["mask"]));
        if (failures.Count > 0)
        {
            for (int i = 0; i < Math.Min(20, failures.Count); i++) Console.Error.WriteLine("csharp: FAIL " + failures[i]);
            Console.Error.WriteLine("csharp: " + failures.Count + " of " + (mainChecks + tailChecks + checks) + " vectors FAILED");
            return 1;
        }
        Console.WriteLine("csharp: " + mainChecks + " vectors ok");
        Console.WriteLine("csharp tail remainder: " + tailChecks + " vectors ok");
        Console.WriteLine("csharp mask: " + checks + " vectors ok");
        return 0;
    }

    // Tail-hash partitions, a section with its own count. PostgreSQL routes a row of a one-column
    // key by hash_combine64(0, h) = h + HashCombine64Constant (mod 2^64): the bucket key.
    static void CheckTailRemainder(Dictionary<string, object> tail)
    {
        foreach (var o in L(tail["vectors"]))
        {
            var v = M(o);
            string text = (string)v["uuid"];
            byte[] u = UuidShard.Parse(text);
            long h = UuidShard.TailHashExtended(u);
            string rowHash = "0x" + unchecked((ulong)h + UuidShard.HashCombine64Constant).ToString("x16");
            Expect(h.ToString(System.Globalization.CultureInfo.InvariantCulture) == (string)v["tail_hash_extended"]
                   && rowHash == (string)v["bucket_key"],
                   text + ": TailHashExtended " + h + ", row hash " + rowHash + ", expected " + v["tail_hash_extended"] + ", " + v["bucket_key"]);
            foreach (var p in L(v["remainder"]))
            {
                long m = (long)L(p)[0];
                int got = UuidShard.TailRemainder(u, m);
                Expect(got == (long)L(p)[1], text + ": TailRemainder(" + m + ") = " + got);
            }
        }
        byte[] first = UuidShard.Parse((string)M(L(tail["vectors"])[0])["uuid"]);
        foreach (var o in L(tail["invalid_modulus"]))
        {
            long m = (long)o;
            Expect(Raises(() => UuidShard.TailRemainder(first, m)), "modulus " + m + " must be rejected");
        }
        long expected = (long)tail["checks"];
        if (checks != expected) failures.Add("tail remainder: ran " + checks + " checks, the file has " + expected);
    }

    static byte[] Hex(string h)
    {
        var b = new byte[h.Length / 2];
        for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(h.Substring(2 * i, 2), 16);
        return b;
    }

    // The mask's section, with its own count (UuidMask.cs); UUIDs read through Guid.ParseExact.
    static void CheckMask(Dictionary<string, object> m)
    {
        if (Encoding.ASCII.GetString(UuidMask.Label) != (string)m["label"]) failures.Add("mask: label, the file has " + m["label"]);
        foreach (var o in L(m["vectors"]))
        {
            var v = M(o);
            byte[] s = Hex((string)v["secret"]);
            string pub = UuidShard.Text(UuidMask.Mask(UuidShard.Parse((string)v["key"]), s));
            string key = UuidShard.Text(UuidMask.Unmask(UuidShard.Parse((string)v["public"]), s));
            Expect(pub == ((string)v["public"]).ToLowerInvariant() && key == (string)v["key"],
                   "mask: " + v["key"] + ": mask " + pub + " (expected " + v["public"] + "), unmask " + key);
        }
        var first = M(L(m["vectors"])[0]);
        byte[] k = UuidShard.Parse((string)first["key"]), p = UuidShard.Parse((string)first["public"]);
        foreach (var h in L(m["invalid_secret"]))
        {
            byte[] s = Hex((string)h);
            Expect(Raises(() => UuidMask.Mask(k, s)) && Raises(() => UuidMask.Unmask(p, s)), "mask: secret " + h + " must be rejected");
        }
        byte[] s0 = Hex((string)first["secret"]);
        foreach (var u in L(m["not_v7"])) Expect(Raises(() => UuidMask.Mask(UuidShard.Parse((string)u), s0)), "mask: mask(" + u + ") must be rejected");
        foreach (var u in L(m["not_v4"])) Expect(Raises(() => UuidMask.Unmask(UuidShard.Parse((string)u), s0)), "mask: unmask(" + u + ") must be rejected");
        long expected = (long)m["checks"];
        if (checks != expected) failures.Add("mask: ran " + checks + " checks, the file has " + expected);
    }

    /// <summary>JSON objects, arrays, strings without escapes, integers (long), true, false, null.</summary>
    sealed class Json
    {
        readonly string s;
        int i;
        Json(string s) { this.s = s; }

        public static object Parse(string s)
        {
            var p = new Json(s);
            object v = p.Value();
            p.Space();
            if (p.i != s.Length) throw p.Error("trailing characters");
            return v;
        }

        Exception Error(string what) => new FormatException("JSON: " + what + " at offset " + i);
        void Space() { while (i < s.Length && " \t\r\n".IndexOf(s[i]) >= 0) i++; }
        bool Eat(char c) { Space(); if (i < s.Length && s[i] == c) { i++; return true; } return false; }
        void Want(char c) { if (!Eat(c)) throw Error("expected '" + c + "'"); }

        object Value()
        {
            Space();
            if (i >= s.Length) throw Error("unexpected end");
            char c = s[i];
            if (c == '{')
            {
                i++;
                var m = new Dictionary<string, object>();
                if (Eat('}')) return m;
                do { Space(); string k = Str(); Want(':'); m[k] = Value(); } while (Eat(','));
                Want('}');
                return m;
            }
            if (c == '[')
            {
                i++;
                var l = new List<object>();
                if (Eat(']')) return l;
                do { l.Add(Value()); } while (Eat(','));
                Want(']');
                return l;
            }
            if (c == '"') return Str();
            foreach (var w in new[] { "true", "false", "null" })
            {
                if (string.CompareOrdinal(s, i, w, 0, w.Length) == 0)
                {
                    i += w.Length;
                    return w == "null" ? null : (object)(w == "true");
                }
            }
            int start = i;
            if (s[i] == '-') i++;
            while (i < s.Length && char.IsDigit(s[i])) i++;
            if (start == i) throw Error("unexpected character");
            return long.Parse(s.Substring(start, i - start));
        }

        string Str()
        {
            if (s[i] != '"') throw Error("expected a string");
            int end = s.IndexOf('"', i + 1);
            if (end < 0) throw Error("unterminated string");
            string v = s.Substring(i + 1, end - i - 1);
            if (v.IndexOf('\\') >= 0) throw Error("escapes are not used by the vectors");
            i = end + 1;
            return v;
        }
    }
}
