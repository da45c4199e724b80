"""events keyed by uuidv7(), a stored shard key, a bucket index"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade():
    op.create_table(
        "events",
        sa.Column("id", sa.Uuid(), server_default=sa.text("public.uuidv7()"), nullable=False),
        sa.Column("ref", sa.String(length=40), nullable=False),
        sa.Column("done", sa.Boolean(), nullable=False),
        sa.Column("shard", sa.String(length=2), sa.Computed("public.uuid_shard_key(id, 2)", persisted=True), nullable=False),
        sa.Column("_sentinel", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("ref"),
    )
    op.create_index("events_bucket4", "events", [sa.literal_column("uuid_bucket(id, 4)")], unique=False)


def downgrade():
    op.drop_index("events_bucket4", table_name="events")
    op.drop_table("events")
