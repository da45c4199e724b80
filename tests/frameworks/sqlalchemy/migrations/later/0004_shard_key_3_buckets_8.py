"""a longer shard key and more buckets: autogenerate does not see a changed Computed(), and a new
index replaces the old one; written by hand (model: uuid_shard_key(id, 3), uuid_bucket(id, 8))"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade():
    # PostgreSQL 17+ could ALTER COLUMN shard SET EXPRESSION; drop and add works on every version
    # and recomputes every row (the table is rewritten under an exclusive lock).
    op.drop_column("events", "shard")
    op.add_column("events", sa.Column("shard", sa.String(length=3), sa.Computed("public.uuid_shard_key(id, 3)", persisted=True), nullable=False))
    # The new bucket index first, then the old one goes: workers switch from n = 4 to n = 8 in between.
    with op.get_context().autocommit_block():
        op.create_index("events_bucket8", "events", [sa.literal_column("uuid_bucket(id, 8)")], postgresql_concurrently=True)
        op.drop_index("events_bucket4", table_name="events", postgresql_concurrently=True)


def downgrade():
    with op.get_context().autocommit_block():
        op.create_index("events_bucket4", "events", [sa.literal_column("uuid_bucket(id, 4)")], postgresql_concurrently=True)
        op.drop_index("events_bucket8", table_name="events", postgresql_concurrently=True)
    op.drop_column("events", "shard")
    op.add_column("events", sa.Column("shard", sa.String(length=2), sa.Computed("public.uuid_shard_key(id, 2)", persisted=True), nullable=False))
