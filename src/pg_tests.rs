// `#[pg_test]`s: the functions called through SQL inside a real backend (included by lib.rs).
use pgrx::prelude::*;

fn one<T: IntoDatum + FromDatum>(sql: &str) -> Option<T> {
    Spi::get_one::<T>(sql).unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// The extension's own `uuidv7()`, schema-qualified: on 18 an unqualified call is core's.
fn ours(sql: &str) -> String {
    let schema = one::<String>("SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'uuid_shard'")
        .expect("uuid_shard is installed");
    sql.replace("OURS.", &format!("{schema}."))
}

#[pg_test]
fn rfc9562_vector_decodes() {
    assert_eq!(
        one::<String>("SELECT uuid_v7_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')::text").as_deref(),
        // pgrx's test cluster runs with TimeZone = UTC in its postgresql.conf? Compare in UTC:
        one::<String>("SELECT '2022-02-22 19:22:22+00'::timestamptz::text").as_deref()
    );
    assert_eq!(one::<i32>("SELECT uuid_version('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')"), Some(7));
}

#[pg_test]
fn boundary_example() {
    assert_eq!(
        one::<String>("SELECT uuid_v7_boundary('2025-02-19 20:57:05.792+00')::text").as_deref(),
        Some("01952000-0000-7000-8000-000000000000")
    );
}

#[pg_test]
fn uuidv7_is_strictly_increasing_in_one_statement() {
    assert_eq!(
        one::<i64>(&ours(
            "SELECT count(*) FROM (SELECT id < lead(id) OVER (ORDER BY n) AS ok
               FROM (SELECT n, OURS.uuidv7() AS id FROM generate_series(1, 100000) n) s) t
             WHERE ok IS FALSE"
        )),
        Some(0)
    );
}

#[pg_test]
fn keys_never_run_past_the_clocks_millisecond() {
    // a burst as fast as one statement makes keys, then the next key against the clock
    for burst in [100_000, 1_000_000] {
        one::<i64>(&ours(&format!(
            "SELECT count(*) FROM (SELECT OURS.uuidv7() FROM generate_series(1, {burst})) s"
        )));
        assert_eq!(
            one::<bool>(&ours(
                "WITH k AS MATERIALIZED (SELECT OURS.uuidv7() AS id)
                 SELECT uuid_v7_time(id) <= clock_timestamp()
                        AND uuid_v7_time_us(id) < date_trunc('milliseconds', clock_timestamp()) + interval '1 ms'
                   FROM k"
            )),
            Some(true),
            "after {burst} keys"
        );
    }
    // the shifted keys share the ascending stamp: in call order
    assert_eq!(
        one::<i64>(&ours(
            "SELECT count(*) FROM (SELECT id <= lag(id) OVER (ORDER BY n) AS bad
               FROM (SELECT n, OURS.uuidv7('-1 hour') AS id FROM generate_series(1, 100000) n) s) t
             WHERE bad"
        )),
        Some(0)
    );
}

#[pg_test]
fn generated_values_are_v7_of_rfc_variant_and_now() {
    assert_eq!(
        one::<i64>(&ours(
            "SELECT count(*) FROM (SELECT OURS.uuidv7() id FROM generate_series(1, 1000)) s
             WHERE uuid_version(id) = 7 AND (get_byte(uuid_send(id), 8) & 192) = 128
               AND uuid_v7_time(id) BETWEEN date_trunc('milliseconds', clock_timestamp()) - interval '5 s'
                                        AND clock_timestamp() + interval '5 s'"
        )),
        Some(1000)
    );
}

#[pg_test]
fn v7_at_round_trips_whole_milliseconds() {
    assert_eq!(
        one::<bool>(
            "SELECT bool_and(uuid_v7_time(uuid_v7_at(t)) = t AND uuid_v7_time(uuid_v7_boundary(t)) = t)
               FROM generate_series('1970-01-01'::timestamptz, '2100-01-01', '1 year 7 days 3 hours 0.001 s') t"
        ),
        Some(true)
    );
}

#[pg_test]
fn shifted_uuid_lands_at_the_shifted_time() {
    assert_eq!(
        one::<bool>(&ours(
            "SELECT uuid_v7_time(OURS.uuidv7('-1 day')) BETWEEN now() - interval '1 day 1 minute'
                                                        AND clock_timestamp() - interval '1 day' + interval '1 minute'"
        )),
        Some(true)
    );
}

#[pg_test]
fn non_v7_has_no_time_and_non_rfc_has_no_version() {
    assert_eq!(one::<pgrx::datum::TimestampWithTimeZone>("SELECT uuid_v7_time(gen_random_uuid())"), None);
    assert_eq!(one::<i32>("SELECT uuid_version('00000000-0000-0000-0000-000000000000')"), None);
    assert_eq!(one::<i32>("SELECT uuid_version(gen_random_uuid())"), Some(4));
}

#[pg_test]
fn shard_key_and_bucket() {
    assert_eq!(
        one::<String>("SELECT uuid_shard_key('0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 4)").as_deref(),
        Some("ba98")
    );
    assert_eq!(one::<i32>("SELECT uuid_bucket('919108f7-52d1-4320-9bac-f847db4148a8', 1)"), Some(0));
    assert_eq!(
        one::<i64>("SELECT count(DISTINCT uuid_bucket(gen_random_uuid(), 5)) FROM generate_series(1, 1000)"),
        Some(5)
    );
}

#[pg_test(error = "timestamp out of range for UUID version 7")]
fn v7_at_rejects_infinity() {
    one::<pgrx::Uuid>("SELECT uuid_v7_at('infinity')");
}

// Infinite intervals exist from PostgreSQL 17 on; before that there is nothing to reject.
#[cfg(not(any(feature = "pg13", feature = "pg14", feature = "pg15", feature = "pg16")))]
#[pg_test(error = "interval out of range for UUID version 7")]
fn shift_rejects_infinite_interval_like_core() {
    one::<pgrx::Uuid>(&ours("SELECT OURS.uuidv7('infinity'::interval)"));
}

#[pg_test(error = "timestamp out of range for UUID version 7")]
fn shift_reports_overflow_like_core() {
    one::<pgrx::Uuid>(&ours("SELECT OURS.uuidv7('200000 years'::interval)"));
}

#[pg_test(error = "bucket count must be between 1 and 2147483647, got 0")]
fn bucket_rejects_zero() {
    one::<i32>("SELECT uuid_bucket(gen_random_uuid(), 0)");
}

#[pg_test(error = "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got the nil UUID")]
fn shard_key_rejects_nil() {
    one::<String>("SELECT uuid_shard_key('00000000-0000-0000-0000-000000000000', 2)");
}

// ---- public IDs (uuid_v7_mask / uuid_v7_unmask) ----

#[pg_test]
fn mask_round_trips_and_keeps_the_tail() {
    // 10,000 keys of one second: every public ID a v4 of the RFC variant, all distinct, each
    // unmasking to its key, with the key's bucket and shard key.
    assert_eq!(
        one::<bool>(
            "WITH k AS (SELECT uuid_v7_at('2026-01-01 00:00:00+00'::timestamptz + g * interval '100 microseconds') AS id
                          FROM generate_series(0, 9999) g),
                  m AS (SELECT id, uuid_v7_mask(id, 'sixteen byte key'::bytea) AS pub FROM k)
             SELECT count(DISTINCT pub) = 10000
                    AND bool_and(uuid_version(pub) = 4 AND (get_byte(uuid_send(pub), 8) & 192) = 128)
                    AND bool_and(uuid_v7_unmask(pub, 'sixteen byte key'::bytea) = id)
                    AND bool_and(uuid_bucket(pub, 7) = uuid_bucket(id, 7) AND uuid_shard_key(pub, 15) = uuid_shard_key(id, 15))
                    AND bool_and(uuid_v7_time(pub) IS NULL)
               FROM m"
        ),
        Some(true)
    );
}

#[pg_test]
fn mask_example_vector() {
    // tests/vectors/vectors.json, mask section, first vector (secret 000102..0f).
    assert_eq!(
        one::<String>(
            "SELECT uuid_v7_mask('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\\x000102030405060708090a0b0c0d0e0f')::text"
        )
        .as_deref(),
        Some("6ee50d3d-3c66-4e58-98c4-dc0c0c07398f")
    );
}

#[pg_test]
fn mask_null_id_gives_null_and_wrong_secret_gives_another_key() {
    assert_eq!(one::<pgrx::Uuid>("SELECT uuid_v7_mask(NULL, 'sixteen byte key'::bytea)"), None);
    assert_eq!(one::<pgrx::Uuid>("SELECT uuid_v7_unmask(NULL, 'sixteen byte key'::bytea)"), None);
    assert_eq!(
        one::<bool>(
            "SELECT k <> uuid_v7_unmask(uuid_v7_mask(k, 'sixteen byte key'::bytea), 'another 16 bytes'::bytea)
                    AND uuid_version(uuid_v7_unmask(uuid_v7_mask(k, 'sixteen byte key'::bytea), 'another 16 bytes'::bytea)) = 7
               FROM (SELECT uuidv7() AS k) s"
        ),
        Some(true)
    );
}

#[pg_test]
fn max_and_min_of_uuid_follow_uuid_order() {
    Spi::run("CREATE TABLE agg_t AS SELECT gen_random_uuid() AS id FROM generate_series(1, 1000)").unwrap();
    assert_eq!(
        one::<bool>(
            "SELECT max(id) = (SELECT id FROM agg_t ORDER BY id DESC LIMIT 1)
                AND min(id) = (SELECT id FROM agg_t ORDER BY id LIMIT 1) FROM agg_t"
        ),
        Some(true)
    );
    assert_eq!(
        one::<String>(
            "SELECT max(x)::text FROM (VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid), ('ffffffff-0000-7000-8000-000000000000'), (NULL)) v(x)"
        )
        .as_deref(),
        Some("ffffffff-0000-7000-8000-000000000000")
    );
    assert_eq!(one::<pgrx::Uuid>("SELECT min(x) FROM (VALUES (NULL::uuid)) v(x)"), None);
}

#[pg_test]
fn text_forms_round_trip() {
    assert_eq!(
        one::<String>("SELECT uuid_to_ulid('01563e3a-b5d3-d676-4c61-efb99302bd5b')").as_deref(),
        Some("01ARZ3NDEKTSV4RRFFQ69G5FAV")
    );
    assert_eq!(
        one::<bool>(
            "SELECT bool_and(uuid_from_ulid(lower(uuid_to_ulid(u))) = u AND uuid_from_base32hex(uuid_to_base32hex(u)) = u)
               FROM (SELECT gen_random_uuid() u FROM generate_series(1, 1000)) s"
        ),
        Some(true)
    );
}

#[pg_test(error = "mask secret must not be NULL")]
fn mask_rejects_null_secret_even_for_null_id() {
    one::<pgrx::Uuid>("SELECT uuid_v7_mask(NULL, NULL)");
}

#[pg_test(error = "mask secret must be at least 16 bytes, got 15")]
fn unmask_rejects_short_secret() {
    one::<pgrx::Uuid>("SELECT uuid_v7_unmask(gen_random_uuid(), '15 bytes secret'::bytea)");
}

#[pg_test(error = "expected a UUID of version 7 (RFC 9562 variant) to mask, got version 4")]
fn mask_rejects_v4() {
    one::<pgrx::Uuid>("SELECT uuid_v7_mask(gen_random_uuid(), 'sixteen byte key'::bytea)");
}

#[pg_test(error = "expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got version 7")]
fn unmask_rejects_v7() {
    one::<pgrx::Uuid>("SELECT uuid_v7_unmask(uuidv7(), 'sixteen byte key'::bytea)");
}

#[pg_test(error = "invalid ULID text: \"U\" at position 26 is not a Crockford base32 digit")]
fn ulid_names_the_bad_character() {
    one::<pgrx::Uuid>("SELECT uuid_from_ulid('01ARZ3NDEKTSV4RRFFQ69G5FAU')");
}

#[pg_test]
fn upper_bound_and_microseconds() {
    assert_eq!(
        one::<String>("SELECT uuid_v7_boundary_last('2025-02-19 20:57:05.792999+00')::text").as_deref(),
        Some("01952000-0000-7fff-bfff-ffffffffffff")
    );
    assert_eq!(
        one::<i64>(
            "SELECT count(*) FROM generate_series('2025-06-30 23:59:59.999+00'::timestamptz, '2025-06-30 23:59:59.999999+00', '1 microsecond') t
              WHERE uuid_v7_time_us(uuid_v7_at(t)) = t"
        ),
        Some(1000)
    );
}

#[pg_test]
fn keys_from_names_are_deterministic() {
    assert_eq!(
        one::<String>("SELECT uuid_v7_from_name('2025-02-19 20:57:05.792123+00', 'orders:42')::text").as_deref(),
        Some("01952000-0000-71f7-a342-b4d55b31d6bf")
    );
}

#[pg_test]
fn tail_hash_partitions_route_where_the_remainder_says() {
    Spi::run(
        "CREATE TABLE tail_routed (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_tail_ops);
         CREATE TABLE tail_routed_4_0 PARTITION OF tail_routed FOR VALUES WITH (MODULUS 4, REMAINDER 0);
         CREATE TABLE tail_routed_4_1 PARTITION OF tail_routed FOR VALUES WITH (MODULUS 4, REMAINDER 1);
         CREATE TABLE tail_routed_4_2 PARTITION OF tail_routed FOR VALUES WITH (MODULUS 4, REMAINDER 2);
         CREATE TABLE tail_routed_8_3 PARTITION OF tail_routed FOR VALUES WITH (MODULUS 8, REMAINDER 3);
         CREATE TABLE tail_routed_8_7 PARTITION OF tail_routed FOR VALUES WITH (MODULUS 8, REMAINDER 7);
         INSERT INTO tail_routed SELECT md5(i::text)::uuid FROM generate_series(1, 20000) i
         UNION ALL SELECT uuidv7() FROM generate_series(1, 20000)
         UNION ALL VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)",
    )
    .unwrap();
    // Each row sits in the partition named by its remainder at that partition's modulus, and
    // PostgreSQL's own check of the partition constraint agrees.
    assert_eq!(
        one::<i64>(
            "SELECT count(*) FROM tail_routed t
              WHERE t.tableoid <> format('tail_routed_%s_%s', CASE WHEN uuid_tail_remainder(id, 4) = 3 THEN 8 ELSE 4 END,
                                         uuid_tail_remainder(id, CASE WHEN uuid_tail_remainder(id, 4) = 3 THEN 8 ELSE 4 END))::regclass
                 OR NOT satisfies_hash_partition('tail_routed'::regclass, 4, uuid_tail_remainder(id, 4), id)
                    AND NOT satisfies_hash_partition('tail_routed'::regclass, 8, uuid_tail_remainder(id, 8), id)"
        ),
        Some(0)
    );
    assert_eq!(one::<i64>("SELECT count(*) FROM tail_routed"), Some(40002));
}

#[pg_test(error = "modulus must be between 1 and 2147483647, got 0")]
fn tail_remainder_rejects_modulus_zero() {
    one::<i32>("SELECT uuid_tail_remainder('919108f7-52d1-4320-9bac-f847db4148a8', 0)");
}
