"""the extension: autogenerate never writes CREATE EXTENSION, so the first migration is by hand"""
from alembic import op

revision = "0001"
down_revision = None


def upgrade():
    op.execute("CREATE EXTENSION IF NOT EXISTS uuid_shard")


def downgrade():
    op.execute("DROP EXTENSION IF EXISTS uuid_shard")
