"""Runs the Django 6.1 recipe of docs/frameworks.md and checks what the page claims.

Run by run.sh with PGHOST, PGPORT, PGUSER (a superuser), UUID_SHARD_MAJOR and
UUID_SHARD_EDITION_SQL set. Without arguments it drives the phases below, each in a process of its
own (Django's settings are per process), once with the native extension and once with the SQL
edition, in databases named django61_*, dropped first:
  main    the shop app: extension, keys, queries, partitioned tables, the tools, migrate zero and back
  pulled  inspectdb's models migrated into a throwaway database and into the recipe's (as a user
          adopting the database would)
  uuid7   Django's own UUID7() (app core7) beside the extension's uuidv7()
"""
import io
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
PHASE = sys.argv[1] if len(sys.argv) > 1 else "drive"
failures = 0


def label():
    import django

    return f"django {django.get_version()} [PG{os.environ['UUID_SHARD_MAJOR']} {os.environ.get('DJANGO61_VARIANT', 'native')}]"


def check(ok, what, detail=""):
    global failures
    if ok:
        print(f"ok   {label()}: {what}", flush=True)
    else:
        failures += 1
        print(f"FAIL {label()}: {what}" + (f" ({detail})" if detail else ""), flush=True)


def note(what):
    print(f"note {label()}: {what}", flush=True)


def finish():
    sys.exit(1 if failures else 0)


# ---------------------------------------------------------------------------------------------
# The driver: databases through `postgres`, then one process per phase.
def admin(*statements):
    import psycopg

    with psycopg.connect(dbname="postgres", autocommit=True) as c:
        for s in statements:
            c.execute(s)


def recreate(name):
    # A test database of an earlier, interrupted run may hold the name's connections: none here.
    admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')


def phase(name, variant, db, apps, extra_env=None):
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="settings", DJANGO61_VARIANT=variant, DJANGO61_DB=db, DJANGO61_APPS=apps)
    if variant == "native":
        env.pop("UUID_SHARD_EDITION_SQL", None)  # settings.UUID_SHARD_EDITION_SQL is None: migration 0001 installs the extension
    env.update(extra_env or {})
    return subprocess.run([sys.executable, os.path.abspath(__file__), name], cwd=HERE, env=env).returncode


def drive():
    global failures
    major = int(os.environ["UUID_SHARD_MAJOR"])
    edition = os.environ.get("UUID_SHARD_EDITION_SQL", "")
    os.environ["DJANGO61_DB"] = "postgres"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
    import django

    django.setup()
    from django.db import NotSupportedError, connection

    if major < 15:
        # Django 6.1 supports PostgreSQL 15 and later (features.minimum_database_version).
        for variant in ("native", "edition"):
            os.environ["DJANGO61_VARIANT"] = variant
            try:
                connection.ensure_connection()
                check(False, "Django 6.1 refuses PostgreSQL below 15 on connecting", "it connected")
            except NotSupportedError as e:
                check("PostgreSQL 15 or later is required" in str(e), f"Django 6.1 refuses PostgreSQL {major} on connecting: {str(e).split(' (found')[0]}")
            finally:
                connection.close()
            note(f"skipped: every other check, Django 6.1 supports PostgreSQL 15 and later")
        finish()
    if not edition or not os.path.isfile(edition):
        os.environ["DJANGO61_VARIANT"] = "edition"
        check(False, "UUID_SHARD_EDITION_SQL names the SQL edition's migration file", repr(edition))
    rc = 0
    for variant in ("native", "edition"):
        for suffix in ("", "_pulled", "_uuid7", "_test"):
            admin(f'DROP DATABASE IF EXISTS "django61_{variant}{suffix}" WITH (FORCE)')
        recreate(f"django61_{variant}")
        recreate(f"django61_{variant}_pulled")  # phase main's throwaway for inspectdb's models
        rc |= phase("main", variant, f"django61_{variant}", "shop")
        recreate(f"django61_{variant}_uuid7")
        rc |= phase("uuid7", variant, f"django61_{variant}_uuid7", "shop,core7")
        for suffix in ("", "_pulled", "_uuid7"):
            admin(f'DROP DATABASE IF EXISTS "django61_{variant}{suffix}" WITH (FORCE)')
    sys.exit(1 if rc or failures else 0)


# ---------------------------------------------------------------------------------------------
# Helpers for the phases (run under Django).
def setup():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
    import django

    django.setup()


def sql(q, *args):
    from django.db import connection

    with connection.cursor() as c:
        c.execute(q, args)
        return c.fetchall() if c.description else None


def is_v7(u):
    return isinstance(u, uuid.UUID) and u.version == 7 and u.variant == uuid.RFC_4122


def command(*args, **kwargs):
    """call_command; returns (exit code, stdout + stderr)."""
    from django.core.management import call_command

    out = io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=out, **kwargs)
        return 0, out.getvalue()
    except SystemExit as e:
        return e.code, out.getvalue()


def default_function(table, column="id"):
    """The function a column's default calls, as schema.name, read from its funcid."""
    r = sql(
        """SELECT p.pronamespace::regnamespace || '.' || p.proname
             FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
             JOIN pg_proc p ON p.oid = (regexp_match(d.adbin, ':funcid (\\d+)'))[1]::oid
            WHERE d.adrelid = %s::regclass AND a.attname = %s""",
        table,
        column,
    )
    return r[0][0] if r else None


LAYOUT = """
SELECT c.relname, c.relkind::text, pg_get_partkeydef(c.oid),
       (SELECT string_agg(oc.opcnamespace::regnamespace || '.' || oc.opcname, ',')
          FROM pg_partitioned_table pt, unnest(pt.partclass) k JOIN pg_opclass oc ON oc.oid = k
         WHERE pt.partrelid = c.oid),
       (SELECT count(*) FROM pg_inherits i WHERE i.inhparent = c.oid)::int
  FROM pg_class c
 WHERE c.relname IN ('shop_event', 'shop_eventlog', 'shop_customer', 'shop_task') AND c.relnamespace = 'public'::regnamespace
 ORDER BY 1"""


def layout():
    """Per table: (name, relkind, partition key, its operator classes, partition count)."""
    return sql(LAYOUT)


def rows():
    """Every row of the recipe's tables and partitions: (table, partition, id)."""
    out = []
    for t in ("shop_event", "shop_eventlog", "shop_customer", "shop_task"):
        out += sql(f"SELECT %s, tableoid::regclass::text, id FROM {t} ORDER BY id", t)
    return out


def shop_objects():
    """What migrations of shop create: (extension rows, tables and partitions, schema uuid_shard)."""
    return sql(
        """SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'uuid_shard')::int,
                  (SELECT count(*) FROM pg_class WHERE relname LIKE 'shop\\_%%' AND relkind IN ('r', 'p'))::int,
                  (SELECT count(*) FROM pg_namespace WHERE nspname = 'uuid_shard')::int"""
    )[0]


# ---------------------------------------------------------------------------------------------
def main():
    setup()
    from django.conf import settings
    from django.db import connection, transaction
    from django.db.models import Value
    from django.db.models.expressions import DatabaseDefault
    from django.test.utils import CaptureQueriesContext

    edition = bool(settings.UUID_SHARD_EDITION_SQL)
    major = int(os.environ["UUID_SHARD_MAJOR"])

    # 1. The extension, installed by migration shop/0001.
    code, out = command("migrate", "shop", verbosity=0)
    check(code == 0, "migrate applies shop 0001-0005", out)
    ext = sql("SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'uuid_shard'")
    fn = sql("SELECT to_regprocedure('uuid_shard.uuidv7()') IS NOT NULL")[0][0]
    if edition:
        check(not ext and fn, f"migration 0001 ran the SQL edition's file: uuid_shard.uuidv7() is a function of schema uuid_shard, no extension ({ext})")
        with connection.cursor() as c:  # the file again, as a second deploy would: it replaces in place
            c.execute(open(settings.UUID_SHARD_EDITION_SQL).read())
        check( is_v7(sql("SELECT uuid_shard.uuidv7()")[0][0]), "the edition's file runs twice without error (CREATE OR REPLACE)")
    else:
        check(ext == [("uuid_shard",)] and fn, f"migration 0001 created extension uuid_shard in schema uuid_shard ({ext})")

    # 2. The default, and no drift.
    check(default_function("shop_event") == "uuid_shard.uuidv7", f"shop_event.id DEFAULT calls uuid_shard.uuidv7 ({default_function('shop_event')})")
    adsrc = sql("SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'shop_event'::regclass")[0][0]
    check(adsrc == "uuid_shard.uuidv7()", f"the catalog prints it as {adsrc}")
    code, out = command("makemigrations", "shop", check=True, dry_run=True)
    check(code == 0 and "No changes detected" in out, "makemigrations --check: models and migrations agree", out.strip())
    # The trap: a Func's function name is not part of the migration (only the class path is): a
    # change of schema in the class is not seen, and the table keeps calling the old function.
    import shop.models

    shop.models.UuidV7.function = "public.uuidv7"
    code, out = command("makemigrations", "shop", check=True, dry_run=True)
    shop.models.UuidV7.function = "uuid_shard.uuidv7"
    check(code == 0 and "No changes detected" in out, "trap: UuidV7.function changed to public.uuidv7 in the class, makemigrations --check still sees no change", out.strip())

    # 3. Keys read back, single and bulk, in insert order.
    from shop.models import Customer, Event, EventLog, Task, UuidBucket, UuidV7Boundary

    e = Event(ref="one")
    e.save()
    check(is_v7(e.pk), "save() reads the uuidv7() key back (INSERT ... RETURNING)")
    created = [Event.objects.create(ref=f"c{i}") for i in range(20)]
    check(all(is_v7(x.pk) for x in created), "create() returns v7 keys")
    check([x.pk for x in created] == sorted(x.pk for x in created) and created[0].pk > e.pk, "keys from save()/create() increase in insert order")
    refs = [f"b{i}" for i in range(200)]
    with CaptureQueriesContext(connection) as q:
        objs = Event.objects.bulk_create([Event(ref=r) for r in refs])
    inserts = sum(x["sql"].lstrip().upper().startswith("INSERT") for x in q.captured_queries)
    placeholders = sum(isinstance(o.pk, DatabaseDefault) for o in objs)
    check(placeholders == 0 and all(is_v7(o.pk) for o in objs), f"bulk_create reads the keys back: 200 of 200 objects hold a v7 UUID ({placeholders} a DatabaseDefault; ticket #36260 fixed)")
    check(inserts == 1, f"bulk_create of 200 objects sends 1 INSERT ({inserts})")
    stored = dict(Event.objects.filter(ref__in=refs).values_list("ref", "id"))
    check(all(stored[o.ref] == o.pk for o in objs), "each object's key is its own row's key (matched by ref)")
    check([o.pk for o in objs] == sorted(o.pk for o in objs) and objs[0].pk > created[-1].pk, "bulk_create's keys increase in list order")

    # 4. Queries through the ORM: the worker bucket, the time range.
    total = Event.objects.count()
    per_bucket = [set(Event.objects.alias(b=UuidBucket("id", 4)).filter(b=k).values_list("id", flat=True)) for k in range(4)]
    union = set().union(*per_bucket)
    check(sum(map(len, per_bucket)) == total == len(union) and all(per_bucket), f"alias(b=UuidBucket('id', 4)).filter(b=k), k = 0..3: disjoint, non-empty, together all {total} rows")
    with connection.cursor() as c:
        c.execute("SET enable_seqscan = off")  # a small table: make the planner show the index can serve it
        plan = Event.objects.alias(b=UuidBucket("id", 4)).filter(b=2).explain()
        c.execute("RESET enable_seqscan")
    check("shop_event_bucket4" in plan, "the bucket filter can use the expression index shop_event_bucket4", plan)

    time.sleep(0.005)
    t1 = sql("SELECT clock_timestamp()")[0][0]
    time.sleep(0.005)
    inside = [Event.objects.create(ref=f"in{i}").pk for i in range(10)]
    inside += [o.pk for o in Event.objects.bulk_create([Event(ref=f"inb{i}") for i in range(10)])]
    time.sleep(0.005)
    t2 = sql("SELECT clock_timestamp()")[0][0]
    time.sleep(0.005)
    Event.objects.create(ref="late")
    window = Event.objects.filter(id__gte=UuidV7Boundary(Value(t1)), id__lt=UuidV7Boundary(Value(t2)))
    got = sorted(window.values_list("id", flat=True))
    check(got == sorted(inside), f"id >= uuid_v7_boundary(t1) AND id < uuid_v7_boundary(t2) selects exactly the {len(inside)} rows inserted in [t1, t2) ({len(got)})")
    with connection.cursor() as c:
        c.execute("SET enable_seqscan = off")
        plan = window.explain()
        c.execute("RESET enable_seqscan")
    check("shop_event_pkey" in plan, "the time range uses the primary key index", plan)

    # 5. The partitioned tables (migrations 0003-0005), with rows.
    lay = {r[0]: r[1:] for r in layout()}
    check(lay.get("shop_eventlog", ())[:2] == ("p", "RANGE (id)") and lay["shop_eventlog"][3] == 4, f"shop_eventlog: PARTITION BY RANGE (id), 4 partitions (this month, two more, default) {lay.get('shop_eventlog')}")
    tail = "uuid_shard.uuid_tail_ops" if not edition else "pg_catalog.uuid_ops"
    check(lay.get("shop_customer", ())[0] == "p" and lay["shop_customer"][2] == tail and lay["shop_customer"][3] == 4, f"shop_customer: PARTITION BY HASH with operator class {tail}, 4 partitions {lay.get('shop_customer')}")
    check(lay.get("shop_task", ())[:2] == ("p", "LIST (uuid_shard.uuid_bucket(id, 4))") and lay["shop_task"][3] == 4, f"shop_task: PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4)), 4 partitions {lay.get('shop_task')}")
    if edition:
        try:
            with transaction.atomic():
                sql("CREATE TABLE shop_tail_try (id uuid) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)")
            check(False, "the SQL edition has no operator class uuid_tail_ops", "CREATE TABLE ... uuid_tail_ops succeeded")
        except Exception as x:
            msg = str(x).splitlines()[0]
            check(getattr(x.__cause__, "sqlstate", None) == "42704", f"the SQL edition has no uuid_tail_ops: PARTITION BY HASH (id uuid_shard.uuid_tail_ops) fails with 42704 ({msg}); shop_customer uses core's HASH (id)")
    log_one = EventLog(kind="login")
    log_one.save()
    logs = EventLog.objects.bulk_create([EventLog(kind=f"k{i}") for i in range(50)])
    where = sql("SELECT tableoid::regclass::text FROM shop_eventlog WHERE id = %s", log_one.pk)[0][0]
    this_month = sql("SELECT 'shop_eventlog_p' || to_char(date_trunc('month', now() AT TIME ZONE 'UTC'), 'YYYYMMDD')")[0][0]
    check(is_v7(log_one.pk) and where == this_month, "an EventLog row keyed now lands in this month's partition")
    check(all(is_v7(o.pk) for o in logs) and [o.pk for o in logs] == sorted(o.pk for o in logs) and logs[0].pk > log_one.pk, "bulk_create into the RANGE-partitioned table reads 50 v7 keys back, in order")
    custs = Customer.objects.bulk_create([Customer(name=f"n{i}") for i in range(100)])
    check(all(is_v7(o.pk) for o in custs) and [o.pk for o in custs] == sorted(o.pk for o in custs), "bulk_create into the HASH-partitioned table reads 100 v7 keys back, in order")
    if not edition:
        misplaced = sql("SELECT count(*)::int FROM shop_customer WHERE tableoid::regclass::text <> 'shop_customer_h4_' || uuid_shard.uuid_tail_remainder(id, 4)")[0][0]
        check(misplaced == 0, f"every customer sits in partition shop_customer_h4_<uuid_tail_remainder(id, 4)> ({misplaced} elsewhere)")
    tasks = Task.objects.bulk_create([Task(title=f"t{i}") for i in range(100)])
    check(all(is_v7(o.pk) for o in tasks) and [o.pk for o in tasks] == sorted(o.pk for o in tasks), "bulk_create into the LIST (uuid_bucket) table reads 100 v7 keys back, in order")
    in_b2 = {r[0] for r in sql("SELECT id FROM shop_task WHERE tableoid = 'shop_task_b2'::regclass")}
    worker2 = Task.objects.alias(b=UuidBucket("id", 4)).filter(b=2)
    check(set(worker2.values_list("id", flat=True)) == in_b2 and in_b2, "worker 2's ORM query (alias(b=UuidBucket('id', 4)).filter(b=2)) returns exactly the rows of partition shop_task_b2")
    plan = worker2.explain()
    scanned = sorted(set(re.findall(r"shop_task_b\d", plan)))
    check(scanned == ["shop_task_b2"], f"and the planner prunes it to that partition ({scanned})")

    # 5b. The tools. Nothing below may change the database: layout and every row are compared.
    lay0, rows0 = layout(), rows()
    code, out = command("makemigrations", check=True, dry_run=True)
    check(code == 0 and "No changes detected" in out, "makemigrations --check with the three partitioned tables: no changes (state_operations)", out.strip())
    code, out = command("inspectdb")
    models_ = re.findall(r"^class (\w+)\(models\.Model\):", out, re.M)
    check(code == 0 and sorted(models_) == ["DjangoMigrations", "ShopCustomer", "ShopEvent", "ShopEventlog", "ShopTask"], f"inspectdb writes one model per table: the parents, no partition ({', '.join(models_)})")
    check("managed = False" in out and "partition" not in out.lower() and "uuid_tail_ops" not in out and "db_default" not in out,
          "inspectdb's models say nothing of PARTITION BY, the operator class or the uuidv7() default (managed = False)")
    task_model = re.search(r"class ShopTask\(models\.Model\):\n(.*?)\n\n", out, re.S).group(1)
    check("id = models.UUIDField()" in task_model, "inspectdb: shop_task (no primary key on the parent) gets id = models.UUIDField() without primary_key")
    code, out = command("inspectdb", include_partitions=True)
    parts = re.findall(r"^class (\w+)\(models\.Model\):", out, re.M)
    marked = out.count("managed = False  # Created from a partition. Don't remove.")
    check(code == 0 and len(parts) == 17 and marked == 12, f"inspectdb --include-partitions adds the 12 partitions as separate models, each managed = False 'Created from a partition' ({len(parts)} models, {marked} marked)")
    check(layout() == lay0 and rows() == rows0, f"makemigrations --check and inspectdb change nothing: layout and all {len(rows0)} rows as before")

    # inspectdb's models migrated, in phase `pulled` (a process of its own: other apps).
    with tempfile.TemporaryDirectory(prefix="django61-pulled-") as tmp:
        os.makedirs(f"{tmp}/pulled/migrations")
        open(f"{tmp}/pulled/__init__.py", "w").close()
        open(f"{tmp}/pulled/migrations/__init__.py", "w").close()
        code, out = command("inspectdb", "shop_event", "shop_eventlog", "shop_customer", "shop_task")
        # What inspectdb's header asks for: managed = False removed, a primary key on each model.
        src = out.replace("        managed = False\n", "").replace("    id = models.UUIDField()\n", "    id = models.UUIDField(primary_key=True)\n")
        open(f"{tmp}/pulled/models.py", "w").write(src)
        connection.close()
        env = dict(os.environ, PYTHONPATH=tmp, DJANGO61_DB=os.environ["DJANGO61_DB"] + "_pulled", DJANGO61_APPS="pulled",
                   DJANGO61_RECIPE_DB=os.environ["DJANGO61_DB"])
        rc = subprocess.run([sys.executable, os.path.abspath(__file__), "pulled"], cwd=HERE, env=env).returncode
        check(rc == 0, "phase pulled: inspectdb's models migrated (exit status)", str(rc))
    check(layout() == lay0 and rows() == rows0, f"after migrate of inspectdb's models (refused, then --fake-initial): layout and all {len(rows0)} rows as before")

    # The test runner's database (manage.py test): built by running the migrations, so the
    # partitions, the operator class and the defaults are there.
    test_db = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        lay_test = layout()
        check(test_db == os.environ["DJANGO61_DB"] + "_test" and lay_test == lay0, f"the test runner's database {test_db} (create_test_db runs the migrations) has the same layout: parents partitioned, 12 partitions, operator class {tail}")
        check(default_function("shop_customer") == "uuid_shard.uuidv7", "and its defaults call uuid_shard.uuidv7")
    finally:
        connection.creation.destroy_test_db(os.environ["DJANGO61_DB"], verbosity=0)

    # 6. migrate to zero removes everything the migrations made; migrate builds it again.
    before = shop_objects()
    code, out = command("migrate", "shop", "zero", verbosity=0)
    after_zero = shop_objects()
    # The edition's functions stay (its migration's reverse is a no-op: see 0001_uuid_shard.py).
    check(code == 0 and after_zero == (0, 0, 1 if edition else 0), f"migrate shop zero removes tables, partitions, {'but keeps the edition (schema uuid_shard)' if edition else 'the extension and its schema'}: {before} -> {after_zero}")
    code, out = command("migrate", "shop", verbosity=0)
    again = Event.objects.create(ref="again")
    check(code == 0 and is_v7(again.pk) and shop_objects() == before and layout() == lay0, "migrate again builds the same layout (parents, partition counts, operator class) and keys work")
    code, out = command("makemigrations", check=True, dry_run=True)
    check(code == 0, "makemigrations --check still clean", out.strip())
    finish()


# ---------------------------------------------------------------------------------------------
def pulled():
    """inspectdb's models (managed, primary keys added) in app `pulled`: makemigrations, then
    migrate into a fresh database (what a project adopting this database builds for its next
    environment) and into the recipe's database."""
    setup()
    from django.db import ProgrammingError, connection, connections

    code, out = command("makemigrations", "pulled", verbosity=0)
    check(code == 0, "makemigrations pulled writes CreateModel for the four inspected tables", out)
    code, out = command("migrate", "pulled", verbosity=0)
    lay = {r[0]: r[1:] for r in layout()}
    flat = {t: v for t, v in lay.items() if v[0] == "r" and v[1] is None and v[3] == 0}
    check(code == 0 and len(flat) == 4, f"migrated into a fresh database, every table is a plain table: not partitioned, no partitions, no operator class ({sorted(flat)})")
    check(default_function("shop_eventlog") is None, "and the key has no default (inspectdb wrote none)")
    # The recipe's own database: its tables exist, so migrate stops at the first CREATE TABLE.
    connection.close()
    connection.settings_dict["NAME"] = os.environ["DJANGO61_RECIPE_DB"]
    connections["default"].settings_dict["NAME"] = os.environ["DJANGO61_RECIPE_DB"]
    try:
        code, out = command("migrate", "pulled", verbosity=0)
        check(False, "migrate pulled into the recipe's database is refused", "it ran")
    except ProgrammingError as x:
        check("already exists" in str(x), f"migrate pulled into the recipe's database fails at CREATE TABLE: {str(x).splitlines()[0]}")
    code, out = command("migrate", "pulled", fake_initial=True, verbosity=0)
    faked = sql("SELECT count(*)::int FROM django_migrations WHERE app = 'pulled'")[0][0]
    check(code == 0 and faked == 1, "migrate pulled --fake-initial records it as applied and runs nothing")
    sql("DELETE FROM django_migrations WHERE app = 'pulled'")
    finish()


# ---------------------------------------------------------------------------------------------
def uuid7():
    """Django 6.1's UUID7() as a db_default (app core7) next to the extension's uuidv7()."""
    setup()
    from django.db import NotSupportedError, connection

    major = int(os.environ["UUID_SHARD_MAJOR"])
    code, out = command("migrate", "shop", verbosity=0)
    check(code == 0, "migrate shop (the extension, the tables)", out)
    code, out = command("makemigrations", check=True, dry_run=True)
    check(code == 0 and "No changes detected" in out, "makemigrations --check with a db_default=UUID7() model: no changes", out.strip())
    code, out = command("check", databases=["default"])
    check(code == 0, "manage.py check --database default accepts db_default=UUID7()", out.strip())
    try:
        code, out = command("migrate", "core7", verbosity=0)
        migrated = True
    except NotSupportedError as x:
        migrated, error = False, str(x)
    table = sql("SELECT to_regclass('core7_ticket') IS NOT NULL")[0][0]
    if major < 18:
        check(not migrated and error == "UUID7 requires PostgreSQL version 18 or later." and not table,
              f"PG{major}: migrate core7 raises NotSupportedError ('{error if not migrated else ''}') before any SQL: no table")
        try:
            from django.db.models.functions import UUID7
            from shop.models import Event

            Event.objects.annotate(k=UUID7()).first()
            check(False, "UUID7() in a query raises NotSupportedError too", "it ran")
        except NotSupportedError:
            check(True, f"UUID7() in a query raises NotSupportedError too, although uuid_shard.uuidv7() is installed")
        note(f"PG{major}: a model naming UUID7() cannot be migrated here; shop.models.UuidV7 (uuid_shard.uuidv7()) works on every major Django 6.1 supports (15 and later)")
        finish()
    check(migrated and table, f"PG{major}: migrate core7 creates core7_ticket")
    _, sqlm = command("sqlmigrate", "core7", "0001")
    check('"id" uuid DEFAULT (UUIDV7()) NOT NULL PRIMARY KEY' in sqlm, "sqlmigrate core7 0001 writes DEFAULT (UUIDV7()), unqualified", sqlm.strip())
    check(default_function("core7_ticket") == "pg_catalog.uuidv7", f"so core7_ticket.id DEFAULT calls core's pg_catalog.uuidv7 ({default_function('core7_ticket')})")
    check(default_function("shop_event") == "uuid_shard.uuidv7", f"while shop_event.id DEFAULT (UuidV7) calls uuid_shard.uuidv7 ({default_function('shop_event')})")
    from core7.models import Ticket
    from shop.models import Event

    one = Ticket.objects.create(title="one")
    bulk = Ticket.objects.bulk_create([Ticket(title=f"t{i}") for i in range(50)])
    check(is_v7(one.pk) and all(is_v7(o.pk) for o in bulk) and [o.pk for o in bulk] == sorted(o.pk for o in bulk) and bulk[0].pk > one.pk,
          "UUID7(): create() and bulk_create read core's v7 keys back, in order")
    # Both functions write the same layout (48-bit milliseconds, 12-bit sub-millisecond fraction):
    # keys of the two, minted one after the other, interleave in time order.
    seq = []
    for i in range(5):
        seq.append(Event.objects.create(ref=f"mix{i}").pk)
        seq.append(Ticket.objects.create(title=f"mix{i}").pk)
    check(seq == sorted(seq), "keys from core's and the extension's uuidv7(), minted alternately, increase in minting order")
    finish()


if __name__ == "__main__":
    {"drive": drive, "main": main, "pulled": pulled, "uuid7": uuid7}[PHASE]()
