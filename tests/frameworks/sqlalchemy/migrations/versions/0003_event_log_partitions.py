"""event_log partitioned by time on its v7 key, with this month's and the next two months'
partitions and a default one, emitted by the partition helper"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade():
    op.create_table(
        "event_log",
        sa.Column("id", sa.Uuid(), server_default=sa.text("public.uuidv7()"), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        postgresql_partition_by="RANGE (id)",
    )
    op.execute("""
        DO $$
        DECLARE ddl text;
        BEGIN
            FOR ddl IN SELECT public.uuid_v7_partition_ddl('event_log'::regclass, date_trunc('month', now(), 'UTC'),
                                                           date_trunc('month', now(), 'UTC') + interval '3 months',
                                                           interval '1 month', with_default => true) LOOP
                EXECUTE ddl;
            END LOOP;
        END $$""")


def downgrade():
    op.drop_table("event_log")  # drops its partitions too
