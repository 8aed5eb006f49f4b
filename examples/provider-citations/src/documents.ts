import type { ProviderDocument } from '@gk/citations';

/** The question every provider is asked. */
export const QUESTION = 'How much notice must a tenant give, and when does the deposit come back?';

const ACT =
  'Die Kündigungsfrist beträgt drei Monate. The notice period is three months 📅. ' +
  '借家人は三か月前に通知しなければならない。Deposits are capped at three months’ rent.';
const DEPOSITS =
  'A deposit must be returned within 30 days after the tenant leaves. Cafe\u0301 owners are exempt.';

/**
 * The documents, in the order they are sent (Anthropic's `document_index` 0 and 1). `uri` names each as the
 * file search stores know it: the OpenAI file id, and (`documentId`) the Gemini file's display name.
 */
export const DOCUMENTS: ProviderDocument[] = [
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
];
