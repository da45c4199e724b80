// The ULID texts of tests/vectors/vectors.json against the npm package ulid: uuidToULID and
// ulidToUUID give the same text and bytes, decodeTime the same milliseconds of v7 keys.
// node check.js VECTORS   (with ulid installed where require finds it: NODE_PATH)
"use strict";
const fs = require("fs");
const { uuidToULID, ulidToUUID, decodeTime } = require("ulid");
const data = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const ms = new Map(data.accepted.map((v) => [v.uuid, v.unix_ms]));
let checks = 0, times = 0;
const failures = [];
for (const v of data.text_forms) {
  checks++;
  let ok = uuidToULID(v.uuid) === v.ulid && ulidToUUID(v.ulid.toLowerCase()).toLowerCase() === v.uuid;
  if (ms.get(v.uuid) != null) {
    times++;
    ok = ok && decodeTime(v.ulid) === ms.get(v.uuid);
  }
  if (!ok) failures.push(v.uuid);
}
if (failures.length || checks === 0) {
  console.error("npm ulid: FAIL " + failures.slice(0, 10).join(" "));
  process.exit(1);
}
console.log(`npm ulid: ${checks} ULID texts agree (${times} v7 timestamps)`);
