// Connection from the PG* variables (tests/sql/frameworks.sh sets them).
module.exports = {
  client: 'pg',
  connection: {
    host: process.env.PGHOST,
    port: Number(process.env.PGPORT),
    user: process.env.PGUSER,
    database: process.env.PGDATABASE,
  },
  migrations: { directory: __dirname + '/migrations' },
};
