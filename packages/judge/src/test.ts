// Test helpers for @gk/judge users: offline, scripted, never part of the main entry.

export { scriptedJudge } from './faithfulness/scripted-judge.js';
export type { ScriptedJudgeOptions } from './faithfulness/scripted-judge.js';
