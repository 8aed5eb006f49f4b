import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import {
  checkSupport,
  DEFAULT_MIN_COVERAGE,
  DEFAULT_STOP_WORDS,
  normalizeStopWords,
} from './check-support.js';
import { PassageIndex } from './passage-index.js';
import { verifyAnswer } from './verify-answer.js';

const stop = normalizeStopWords(DEFAULT_STOP_WORDS);
const coverage = (claim: string, text: string): number | null =>
  checkSupport(claim, [new PassageIndex(passage(text))], DEFAULT_MIN_COVERAGE, stop).coverage;
const codes = (answer: string, text: string): string[] =>
  verifyAnswer(answer, [passage(text)], { support: {} }).rejected.map((rejected) => rejected.code);

// Mulan PSL v2, section 1; Creative Commons BY-SA 2.1 Japan, its opening; and a Thai licence sentence.
const MULAN =
  '1.   授予版权许可\n\n每个“贡献者”根据“本许可证”授予您永久性的、全球性的、免费的、非独占的、不可撤销的版权许可，' +
  '您可以复制、使用、修改、分发其“贡献”，不论修改与否。';
const CC_JP =
  '本作品（下記に定義する）は、このクリエイティブ・コモンズ･パブリック･ライセンス日本版（以下「この利用許諾」という）の' +
  '条項の下で提供される。本作品は、著作権法及び／又は他の適用法によって保護される。本作品をこの利用許諾又は著作権法の下で' +
  '授権された以外の方法で使用することを禁止する。\n\n許諾者は、かかる条項をあなたが承諾することとひきかえに、ここに規定' +
  'される権利をあなたに付与する。';
const THAI = 'ผู้ให้อนุญาตมอบสิทธิ์แก่ท่านในการทำซ้ำ ดัดแปลง และแจกจ่ายซอฟต์แวร์โดยไม่มีค่าใช้จ่าย ท่านต้องแสดงที่มาของงานทุกครั้ง';

describe('checkSupport in scripts written without spaces', () => {
  it('refuses CJK claims built from a passage’s common characters', () => {
    expect(codes('本软件禁止商业使用，违者将被起诉[1]。', MULAN)).toEqual(['unsupported']);
    expect(codes('您不得在任何情况下使用、修改或分发本软件，否则须支付专利费[1]。', MULAN)).toEqual([
      'unsupported',
    ]);
    expect(codes('本作品は、いかなる方法で使用しても自由であり、禁止事項はありません[1]。', CC_JP)).toEqual([
      'unsupported',
    ]);
    // Three words changed lose coverage (one character each matched before; their pairs do not).
    expect(coverage('每个贡献者授予您临时性的、地区性的、收费的版权许可。', MULAN)).toBeLessThan(0.7);
  });

  it('refuses a Thai claim that reuses the passage’s letters in other words', () => {
    expect(codes('ท่านต้องจ่ายค่าธรรมเนียมก่อนแจกจ่ายซอฟต์แวร์[1]', THAI)).toEqual(['unsupported']);
  });

  it('accepts honest CJK and Thai claims, copied or reworded with the passage’s words', () => {
    for (const [answer, text] of [
      [
        '每个贡献者授予您永久性的、全球性的、免费的版权许可[1]。您可以复制、使用、修改、分发其贡献[1]。',
        MULAN,
      ],
      ['贡献者授予您永久的、全球的、免费的版权许可，您可以复制和修改其贡献[1]。', MULAN],
      [
        '本作品は、著作権法及び／又は他の適用法によって保護されます[1]。許諾者は、ここに規定される権利をあなたに付与します[1]。',
        CC_JP,
      ],
      ['本作品は著作権法によって保護される。[1]許諾者は権利をあなたに付与する。[1]', CC_JP],
      ['ท่านสามารถทำซ้ำ ดัดแปลง และแจกจ่ายซอฟต์แวร์โดยไม่มีค่าใช้จ่าย[1] ท่านต้องแสดงที่มาของงานทุกครั้ง[1]', THAI],
      ['ท่านมีสิทธิ์ทำซ้ำและแจกจ่ายซอฟต์แวร์ได้โดยไม่มีค่าใช้จ่าย[1]', THAI],
    ])
      expect(codes(answer!, text!), answer).toEqual([]);
    // Japanese read in runs of one script: `東京は首都` is 東京, は, 首都, each in `日本の首都は東京です`.
    expect(coverage('東京は首都', '日本の首都は東京です')).toBe(1);
  });
});
