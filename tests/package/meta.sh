#!/usr/bin/env bash
# META.json (PGXN Meta Spec 1.0.0): every required key present and well-formed, and one version in
# META.json, its provides entry, Cargo.toml and the control file. The source control file says
# default_version = '@CARGO_VERSION@' (cargo pgrx writes Cargo.toml's version in); every packaged
# control file in dist/ must then say that version. With --zip, also checks dist/uuid_shard-<version>.zip.
#   tests/package/meta.sh [--zip]
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - "${1:-}" <<'PY'
import glob, json, os, re, subprocess, sys, tarfile, zipfile
errors = []
meta = json.load(open("META.json"))
required = ["abstract", "license", "maintainer", "meta-spec", "name", "provides", "version"]
for key in required:
    if key not in meta:
        errors.append(f"META.json: required key '{key}' missing")
semver = re.compile(r"^\d+\.\d+\.\d+$")
if meta.get("meta-spec", {}).get("version") != "1.0.0":
    errors.append("META.json: meta-spec.version must be 1.0.0")
if meta.get("name") != "uuid_shard":
    errors.append("META.json: name must be uuid_shard")
for key in ("abstract", "description"):
    if not isinstance(meta.get(key), str) or not meta.get(key):
        errors.append(f"META.json: {key} must be a non-empty string")
m = meta.get("maintainer")
if not (isinstance(m, str) or (isinstance(m, list) and m and all(isinstance(x, str) for x in m))):
    errors.append("META.json: maintainer must be a string or a list of strings")
prov = meta.get("provides", {}).get("uuid_shard", {})
for key in ("file", "version"):
    if key not in prov:
        errors.append(f"META.json: provides.uuid_shard.{key} missing")
for key in ("file", "docfile"):
    if key in prov and subprocess.run(["git", "cat-file", "-e", f"HEAD:{prov[key]}"], capture_output=True).returncode != 0 \
            and not os.path.exists(prov[key]):
        errors.append(f"META.json: provides.uuid_shard.{key} '{prov[key]}' is not a file of the distribution")
if "docfile" not in prov:
    errors.append("META.json: provides.uuid_shard.docfile missing")
pg = meta.get("prereqs", {}).get("runtime", {}).get("requires", {}).get("PostgreSQL")
if pg != "13.0.0":
    errors.append(f"META.json: prereqs.runtime.requires.PostgreSQL should be 13.0.0, is {pg!r}")
if not isinstance(meta.get("tags"), list) or not meta["tags"]:
    errors.append("META.json: tags must be a non-empty list")

cargo = re.search(r'^version = "([^"]+)"', open("Cargo.toml").read(), re.M).group(1)
control = open("uuid_shard.control").read()
versions = {"META.json version": meta.get("version"), "provides.uuid_shard.version": prov.get("version"),
            "Cargo.toml": cargo}
for what, v in versions.items():
    if v is None or not semver.match(v):
        errors.append(f"{what}: {v!r} is not a semantic version")
if len(set(versions.values())) != 1:
    errors.append(f"versions disagree: {versions}")
cv = re.search(r"^default_version = '([^']+)'", control, re.M)
if not cv or cv.group(1) not in ("@CARGO_VERSION@", cargo):
    errors.append(f"uuid_shard.control: default_version is {cv.group(1) if cv else None!r}, not Cargo.toml's")
packaged = 0
for tgz in sorted(glob.glob(f"dist/uuid_shard-{cargo}-pg*-linux-x86_64.tar.gz")):
    with tarfile.open(tgz) as t:
        for member in t.getmembers():
            if member.name.endswith("/uuid_shard.control"):
                text = t.extractfile(member).read().decode()
                got = re.search(r"^default_version = '([^']+)'", text, re.M)
                packaged += 1
                if not got or got.group(1) != cargo:
                    errors.append(f"{tgz}: control file default_version {got.group(1) if got else None!r} != {cargo}")
if sys.argv[1] == "--zip":
    z = f"dist/uuid_shard-{cargo}.zip"
    try:
        names = zipfile.ZipFile(z).namelist()
        for f in ("META.json", "Cargo.toml", "uuid_shard.control", "README.md", "src/lib.rs"):
            if f"uuid_shard-{cargo}/{f}" not in names:
                errors.append(f"{z}: uuid_shard-{cargo}/{f} missing")
        if any(not n.startswith(f"uuid_shard-{cargo}/") for n in names):
            errors.append(f"{z}: entries outside uuid_shard-{cargo}/")
        zmeta = json.loads(zipfile.ZipFile(z).read(f"uuid_shard-{cargo}/META.json"))
        if zmeta.get("version") != cargo:
            errors.append(f"{z}: META.json version {zmeta.get('version')} != {cargo}")
    except (OSError, KeyError, zipfile.BadZipFile) as e:
        errors.append(f"{z}: {e}")
for e in errors:
    print("FAIL:", e)
if not errors:
    print(f"META.json: {len(required)} required keys present; version {cargo} in META.json, provides, Cargo.toml, "
          f"control file ({packaged} packaged control files checked)" + (", PGXN zip layout ok" if sys.argv[1] == "--zip" else ""))
sys.exit(1 if errors else 0)
PY
