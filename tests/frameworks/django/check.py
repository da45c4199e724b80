"""Runs the Django recipe of docs/frameworks.md against a scratch database and checks what the
page claims. Usage (from tests/sql/frameworks.sh): PG* set, RECIPE_APP=shop|shop_ext, python check.py"""
import os
import sys
import time
import uuid

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
import django  # noqa: E402

django.setup()
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import F, Value  # noqa: E402
from django.db.models.expressions import DatabaseDefault  # noqa: E402

APP = os.environ.get("RECIPE_APP", "shop")
failures = 0


def check(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + f"django {django.get_version()} [{APP}]: {what}")
    if not ok:
        failures += 1


def sql(q, *args):
    with connection.cursor() as c:
        c.execute(q, args)
        return c.fetchall()


def is_v7(u):
    return isinstance(u, uuid.UUID) and u.version == 7 and u.variant == uuid.RFC_4122


def migrate(target=None):
    call_command("migrate", APP, *([target] if target else []), verbosity=0)


def objects_of_app():
    return sql(
        """SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'uuid_shard'),
                  (SELECT count(*) FROM pg_class WHERE relname LIKE %s),
                  (SELECT count(*) FROM pg_namespace WHERE nspname = 'extensions')""",
        APP + "\\_%",
    )[0]


migrate()
ext_schema = sql("SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'uuid_shard'")[0][0]
check(ext_schema == ("public" if APP == "shop" else "extensions"), f"migrate created the extension in schema {ext_schema}")
out = __import__("io").StringIO()
try:
    call_command("makemigrations", APP, check=True, dry_run=True, stdout=out)
    check(True, "makemigrations --check: models and migrations agree")
except SystemExit:
    check(False, "makemigrations --check found changes: " + out.getvalue())

if APP == "shop":
    from shop.keys import uuid7
    from shop.models import Event, EventLog, UuidBucket, UuidV7Boundary
else:
    from shop_ext.models import Event, UuidBucket

# save() and create() read the db_default key back (INSERT ... RETURNING).
e = Event(ref="one")
e.save()
check(is_v7(e.pk), f"save() reads the uuidv7() key back: {e.pk}")
check(e.__dict__.get("bucket") == sql(f"SELECT {ext_schema}.uuid_bucket(%s, 4)", e.pk)[0][0], "save() reads the generated bucket back too")
created = [Event.objects.create(ref=f"c{i}") for i in range(20)]
check(all(is_v7(x.pk) for x in created), "create() returns v7 keys")
check([x.pk for x in created] == sorted(x.pk for x in created), "keys from create() increase in insert order")
e.refresh_from_db()
check(e.bucket == sql(f"SELECT {ext_schema}.uuid_bucket(%s, 4)", e.pk)[0][0], f"stored bucket {e.bucket} = uuid_bucket(id, 4)")

# bulk_create: Django 5.2 leaves the DatabaseDefault placeholder in the key (ticket #36260).
refs = [f"b{i}" for i in range(200)]
objs = Event.objects.bulk_create([Event(ref=r) for r in refs])
placeholders = sum(isinstance(o.pk, DatabaseDefault) for o in objs)
check(placeholders == len(objs), f"bulk_create leaves the key unset: {placeholders}/{len(objs)} objects hold DatabaseDefault, not a UUID")
# Workaround 1: re-read the keys by a natural key, in one query.
keys = dict(Event.objects.filter(ref__in=refs).values_list("ref", "id"))
for o in objs:
    o.pk = keys[o.ref]
check(all(is_v7(o.pk) for o in objs), "re-read by natural key: every object gets its v7 key")
check([o.pk for o in objs] == sorted(o.pk for o in objs), "bulk_create's keys increase in list order (one INSERT, defaults per row in order)")
stored = dict(Event.objects.filter(ref__in=refs).values_list("ref", "bucket"))
check(all(o.__dict__.get("bucket") == stored[o.ref] for o in objs), "bulk_create does read the generated bucket column back (RETURNING \"bucket\"), only the key is missing")

if APP == "shop":
    # Workaround 2: mint the keys in Python with the documented layout; bulk_create sends them.
    minted = [Event(id=uuid7(), ref=f"p{i}") for i in range(200)]
    objs2 = Event.objects.bulk_create(minted)
    check(all(is_v7(o.pk) for o in objs2), "keys minted in Python (shop/keys.py) are v7 and kept by bulk_create")
    check([o.pk for o in objs2] == sorted(o.pk for o in objs2), "Python-minted keys increase in list order")
    lag = sql(
        "SELECT max(abs(extract(epoch FROM now() - public.uuid_v7_time(id)))) FROM shop_event WHERE ref LIKE 'p%%'"
    )[0][0]
    check(lag is not None and lag < 60, f"uuid_v7_time() of Python-minted keys is the insert time (within {lag:.3f} s)")
    # Mixed with database keys they interleave in time order.
    after = Event.objects.create(ref="after-python")
    check(after.pk > max(o.pk for o in objs2), "a database key minted later sorts after the Python-minted ones")

# Worker query by bucket: stored buckets equal uuid_bucket recomputed; the index serves the filter.
total = Event.objects.count()
per_bucket = [Event.objects.filter(bucket=k, done=False).count() for k in range(4)]
check(sum(per_bucket) == total and min(per_bucket) > 0, f"worker buckets 0-3 split {total} rows as {per_bucket}")
wrong = Event.objects.exclude(bucket=UuidBucket(F("id"), Value(4))).count()
check(wrong == 0, f"stored bucket = uuid_bucket(id, 4) recomputed, for all {total} rows ({wrong} differ)")
with connection.cursor() as c:
    c.execute("SET enable_seqscan = off")  # a small table: make the planner show the index can serve it
    plan = Event.objects.filter(bucket=2, done=False).explain()
    c.execute("RESET enable_seqscan")
index_name = f"{APP}_event_bucket4"
check(index_name in plan, f"the worker query can use index {index_name}: {plan.splitlines()[0].strip()}")

if APP == "shop":
    # Time range with uuid_v7_boundary: exactly the keys minted in [t1, t2).
    Event.objects.bulk_create([Event(id=uuid7(), ref=f"early{i}") for i in range(5)])
    time.sleep(0.005)
    t1 = sql("SELECT clock_timestamp()")[0][0]
    time.sleep(0.005)
    inside = [Event.objects.create(ref=f"in{i}").pk for i in range(10)]
    time.sleep(0.005)
    t2 = sql("SELECT clock_timestamp()")[0][0]
    time.sleep(0.005)
    Event.objects.create(ref="late")
    window = Event.objects.filter(id__gte=UuidV7Boundary(Value(t1)), id__lt=UuidV7Boundary(Value(t2)))
    got = sorted(window.values_list("id", flat=True))
    check(got == sorted(inside), f"id >= uuid_v7_boundary(t1) AND id < uuid_v7_boundary(t2) selects exactly the {len(inside)} rows of [t1, t2) ({len(got)})")
    with connection.cursor() as c:
        c.execute("SET enable_seqscan = off")
        plan = window.explain()
        c.execute("RESET enable_seqscan")
    check("shop_event_pkey" in plan, f"the time range uses the primary key index: {plan.splitlines()[0].strip()}")

    # Time partitions created by migration 0003 with the partition helper.
    parts = sql("SELECT partition::text, from_time FROM public.uuid_v7_partitions('shop_eventlog')")
    check(len(parts) == 4 and parts[-1][0] == "shop_eventlog_default", f"migration 0003 created {len(parts)} partitions: {[p[0] for p in parts]}")
    log = EventLog.objects.create(kind="login")
    where = sql("SELECT tableoid::regclass::text FROM shop_eventlog WHERE id = %s", log.pk)[0][0]
    this_month = sql("SELECT 'shop_eventlog_p' || to_char(date_trunc('month', now() AT TIME ZONE 'UTC'), 'YYYYMMDD')")[0][0]
    check(is_v7(log.pk) and where == this_month, f"an EventLog row keyed now lands in this month's partition {where}")

# migrate to zero removes everything the migrations created; migrate again restores it.
before = objects_of_app()
migrate("zero")
after_zero = objects_of_app()
check(after_zero == (0, 0, 0), f"migrate {APP} zero removes extension, tables, partitions, schema (before {before}, after {after_zero})")
migrate()
again = Event.objects.create(ref="again")
check(is_v7(again.pk) and objects_of_app() == before, "migrate again recreates them and keys work")
migrate("zero")

print(f"django [{APP}]: {'all checks passed' if failures == 0 else f'{failures} checks FAILED'}")
sys.exit(1 if failures else 0)
