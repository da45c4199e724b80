#!/bin/sh
# install.sh of the uuid_shard @VERSION@ tarball for PostgreSQL @MAJOR@ on @MACHINE@ (scripts/package.sh
# fills in the version, major and machine): copies the library into `pg_config --pkglibdir` and the
# control and SQL files into `pg_config --sharedir`/extension of the PostgreSQL that PG_CONFIG
# belongs to, after checking that PostgreSQL is of that major and machine.
#   ./install.sh /path/to/pg_config        (run it as a user who may write there, e.g. with sudo)
set -eu
pg_config=${1:?usage: ./install.sh /path/to/pg_config}
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$pg_config" ] || { echo "install.sh: $pg_config is not an executable pg_config" >&2; exit 1; }
server=$("$pg_config" --version)
major=$(echo "$server" | sed -n 's/^PostgreSQL \([0-9][0-9]*\).*/\1/p')
if [ "$major" != "@MAJOR@" ]; then
  echo "install.sh: this package is built for PostgreSQL @MAJOR@, $pg_config is $server" >&2
  exit 1
fi
libdir=$("$pg_config" --pkglibdir)
extdir=$("$pg_config" --sharedir)/extension
[ -d "$libdir" ] && [ -d "$extdir" ] || { echo "install.sh: $libdir or $extdir does not exist" >&2; exit 1; }
# The server's machine, read from a library every PostgreSQL installs (PL/pgSQL's): the ELF
# header's e_machine, 62 for x86_64 and 183 for aarch64.
case "$(od -An -tu2 -j18 -N2 "$libdir/plpgsql.so" 2>/dev/null | tr -d ' ')" in
  62) machine=x86_64 ;; 183) machine=aarch64 ;; "") machine="an unknown machine (no $libdir/plpgsql.so)" ;; *) machine="another machine" ;;
esac
if [ "$machine" != "@MACHINE@" ]; then
  echo "install.sh: this package is built for PostgreSQL on @MACHINE@, $pg_config is $server on $machine" >&2
  exit 1
fi
install -m 0755 "$here/lib/uuid_shard.so" "$libdir/uuid_shard.so"
install -m 0644 "$here"/extension/* "$extdir/"
echo "uuid_shard @VERSION@ installed into $server: $libdir/uuid_shard.so, $extdir/uuid_shard.control"
echo "next: CREATE EXTENSION uuid_shard;   (in each database that uses it)"
