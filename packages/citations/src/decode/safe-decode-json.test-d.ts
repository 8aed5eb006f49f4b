import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import type { DecodeError } from './decode-error.js';
import { decodeJson } from './decode-json.js';
import { decodeQuotedRows } from '../quoted-rows/decode-quoted-rows.js';
import { decodeRows } from './decode-rows.js';
import { safeDecodeJson } from './safe-decode-json.js';
import type { Citation } from '../types.js';

const verdict = z.strictObject({ faithful: z.boolean(), unsupportedClaims: z.array(z.string()) });
type Verdict = { faithful: boolean; unsupportedClaims: string[] };

test('the decoders infer the schema output', () => {
  const result = safeDecodeJson('{}', verdict);
  if (result.success) expectTypeOf(result.data).toEqualTypeOf<Verdict>();
  else expectTypeOf(result.error).toEqualTypeOf<DecodeError>();
  expectTypeOf(decodeJson('{}', verdict)).toEqualTypeOf<Verdict>();
  const rows = decodeRows('[]', verdict);
  expectTypeOf(rows.accepted).toEqualTypeOf<Verdict[]>();
  expectTypeOf(rows.error).toEqualTypeOf<DecodeError | null>();
});

test('decodeQuotedRows keeps the caller row type and builds citations', () => {
  const plain = decodeQuotedRows('[]', []);
  expectTypeOf(plain.accepted[0]!.row).toEqualTypeOf<{ handle: string; quote: string }>();
  expectTypeOf(plain.accepted[0]!.citation).toEqualTypeOf<Citation>();
  const claim = z.strictObject({ claim: z.string(), handle: z.string(), quote: z.string() });
  const custom = decodeQuotedRows('[]', [], { schema: claim });
  expectTypeOf(custom.accepted[0]!.row.claim).toEqualTypeOf<string>();
  // @ts-expect-error a row schema without `quote` cannot resolve quotes
  decodeQuotedRows('[]', [], { schema: z.strictObject({ handle: z.string() }) });
});
