import uuid

from sqlalchemy import Computed, Index, String, func, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, orm_insert_sentinel


class Base(DeclarativeBase):
    pass


class Event(Base):
    __tablename__ = "events"
    # Schema-qualified: on PostgreSQL 18 and later an unqualified uuidv7() is core's pg_catalog.uuidv7().
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, server_default=text("public.uuidv7()"))
    ref: Mapped[str] = mapped_column(String(40), unique=True)
    done: Mapped[bool] = mapped_column(default=False)
    # A stored shard key for 256-way fan-out, computed by PostgreSQL from the key.
    shard: Mapped[str] = mapped_column(String(2), Computed("public.uuid_shard_key(id, 2)", persisted=True))
    # Lets session.add_all() insert many rows in one statement and still match each returned key
    # to its object; without it the ORM sends one INSERT per row (the key comes from the server).
    _sentinel: Mapped[int] = orm_insert_sentinel()

    # Written unqualified, as PostgreSQL prints it back (pg_get_indexdef), so `alembic check`
    # sees no difference; func.public.uuid_bucket(...) would be reported as changed on every run.
    __table_args__ = (Index("events_bucket4", func.uuid_bucket(text("id"), 4)),)


class EventLog(Base):
    # Partitioned by time on its v7 key (migration 0003 creates the partitions).
    __tablename__ = "event_log"
    __table_args__ = {"postgresql_partition_by": "RANGE (id)"}
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, server_default=text("public.uuidv7()"))
    kind: Mapped[str] = mapped_column(String(20))
