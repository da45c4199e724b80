"""Mints uuid.uuid7() keys (Python 3.14's standard library) as an application does, for check.mjs.

Same protocol as mint-rust: python3.14 mint_py.py COUNT AFTER_MS prints `uuid t0_ns t1_ns` per
key, the system clock (time.time_ns, the clock uuid7() reads) just before and just after minting.
"""
import sys
import time
import uuid


def main() -> None:
    count, after_ms = int(sys.argv[1]), int(sys.argv[2])
    while time.time_ns() // 1_000_000 <= after_ms:
        pass
    lines, same_ms_pairs, late, prev_t0, i = [], 0, False, 0, 0
    while i < count or (i < 20 * count and (same_ms_pairs < 1000 or not late)):
        t0 = time.time_ns()
        key = uuid.uuid7()
        t1 = time.time_ns()
        if i > 0 and prev_t0 // 1_000_000 == t1 // 1_000_000:
            same_ms_pairs += 1
        # a key minted wholly in the last quarter of a millisecond, within 30 us
        if t0 // 1_000_000 == t1 // 1_000_000 and t0 % 1_000_000 >= 750_000 and t1 - t0 < 30_000:
            late = True
        prev_t0 = t0
        lines.append(f"{key} {t0} {t1}\n")
        i += 1
    sys.stdout.write("".join(lines))


if __name__ == "__main__":
    main()
