import { answerQuestion } from './answer-question.js';
import { createAppModel } from './app-model.js';
import { renderVerifiedAnswer } from './render-verified-answer.js';

const question = 'What hotel costs are reimbursed on business trips, and do I need receipts?';
const answer = await answerQuestion(createAppModel(), question);
process.stdout.write(`Model: scripted (offline), its answer is fixed in src/app-model.ts\n\n`);
process.stdout.write(renderVerifiedAnswer(question, answer));
