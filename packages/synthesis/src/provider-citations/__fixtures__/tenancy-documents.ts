import type { ProviderDocument } from '@gk/citations';
import { toCodePointOffset, toUtf8ByteOffset } from '@gk/citations';

// Three passages a tenancy assistant sends, with text on which UTF-16 units, code points and UTF-8 bytes all
// differ before the cited spans: German umlauts, an emoji, Japanese, a combining accent.

const ACT =
  'Die Kündigungsfrist beträgt drei Monate. The notice period is three months 📅. ' +
  '借家人は三か月前に通知しなければならない。Deposits are capped at three months’ rent.';
const DEPOSITS =
  'A deposit must be returned within 30 days after the tenant leaves. Cafe\u0301 owners are exempt (see § 12).';
const FAQ = 'FAQ 🏠: Can my landlord keep the deposit? Only for unpaid rent or damage beyond normal wear.';

/** The documents, in the order they are sent: `document_index` 0, 1 and 2. */
export const TENANCY_DOCUMENTS: ProviderDocument[] = [
  {
    documentId: 'tenancy-act',
    chunkId: 'tenancy-act#4',
    start: 1200,
    end: 1200 + ACT.length,
    text: ACT,
    title: 'Tenancy Act, section 4',
    uri: 'file-TenancyAct4',
  },
  {
    documentId: 'deposit-rules',
    chunkId: 'deposit-rules#0',
    start: 0,
    end: DEPOSITS.length,
    text: DEPOSITS,
    title: 'Deposit rules',
    uri: 'file-DepositRules0',
  },
  {
    documentId: 'tenancy-faq',
    chunkId: 'tenancy-faq#0',
    start: 0,
    end: FAQ.length,
    text: FAQ,
    title: 'Tenancy FAQ',
    uri: 'https://example.org/tenancy-faq',
  },
];

export const QUESTION = 'How much notice must a tenant give, and when does the deposit come back?';

/** Where `quote` sits in document `index`, in each unit. */
export function spanOf(index: number, quote: string): { utf16: Span; codePoints: Span; bytes: Span } {
  const text = TENANCY_DOCUMENTS[index]!.text;
  return spanIn(text, quote);
}

type Span = { start: number; end: number };

/** Where `quote` sits in `text`, in each unit; throws when it is absent, so a fixture cannot drift. */
export function spanIn(text: string, quote: string): { utf16: Span; codePoints: Span; bytes: Span } {
  const start = text.indexOf(quote);
  if (start === -1) throw new Error(`fixture: ${JSON.stringify(quote)} is not in the text`);
  const end = start + quote.length;
  return {
    utf16: { start, end },
    codePoints: { start: toCodePointOffset(text, start), end: toCodePointOffset(text, end) },
    bytes: { start: toUtf8ByteOffset(text, start), end: toUtf8ByteOffset(text, end) },
  };
}
