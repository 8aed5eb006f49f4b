// Test helpers for @gk/judge users: offline, scripted, never part of the main entry.

export { scriptedJudge } from './scripted-judge.js';
export type { ScriptedJudgeOptions } from './scripted-judge.js';
