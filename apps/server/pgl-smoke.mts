import { PGlite } from '@electric-sql/pglite';
const t = Date.now();
const a = await PGlite.create('/tmp/pgltest');
console.log('open', Date.now() - t);
console.log((await a.query('select 1 as x')).rows);
try {
  const b = await PGlite.create('/tmp/pgltest');
  console.log('second open ok', (await b.query('select 1 as x')).rows);
} catch (e) { console.log('second open err', e); }
await a.close();
