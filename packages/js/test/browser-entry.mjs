// What a browser bundle of the package exposes (bundled by browser.cjs with esbuild).
import * as uuidShard from 'uuid-shard';

globalThis.uuidShard = uuidShard;
