import os

from alembic import context
from sqlalchemy import create_engine

from app.models import Base

target_metadata = Base.metadata


def include_name(name, type_, parent_names):
    # Partitions are created by uuid_v7_partition_ddl, not declared as models: without this,
    # autogenerate and `alembic check` want to drop every one of them.
    if type_ == "table":
        return name not in context.config.attributes.get("partitions", ())
    return True


def url():
    return "postgresql+psycopg://{u}@/{d}?host={h}&port={p}".format(
        u=os.environ["PGUSER"], d=os.environ["PGDATABASE"], h=os.environ["PGHOST"], p=os.environ["PGPORT"]
    )


def run_migrations_online():
    engine = create_engine(url())
    with engine.connect() as connection:
        # Partition names, read once: include_name skips them during reflection.
        context.config.attributes["partitions"] = set(
            connection.exec_driver_sql("SELECT relname FROM pg_class WHERE relispartition AND relkind IN ('r', 'p')").scalars()
        )
        connection.commit()  # end the read's transaction: alembic then commits its own
        context.configure(connection=connection, target_metadata=target_metadata, include_name=include_name)
        with context.begin_transaction():
            context.run_migrations()


run_migrations_online()
