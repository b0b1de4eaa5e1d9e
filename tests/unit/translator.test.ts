// The catalogue's engine (domain/i18n/translator.ts), on a small catalogue of its own.
import { describe, expect, it } from 'vitest';
import { createI18n } from '#domain/i18n/translator.ts';

const en = {
  greeting: 'Hi {{name}},',
  files_one: '{{count}} file',
  files_other: '{{count}} files',
  limit: 'At most {{max, number}} rows',
  share: '{{percent, number(minimumFractionDigits: 1)}}%',
  setup: 'Set up Teams',
  needs: 'Not ready: $t(setup).',
  only: 'English only',
  box: { title: 'Box' },
};
const nl = { greeting: 'Hoi {{name}},', files_one: '{{count}} bestand', files_other: '{{count}} bestanden', limit: 'Hooguit {{max, number}} rijen', setup: 'Teams instellen', needs: 'Niet klaar: $t(setup).' };

describe('the catalogue engine', () => {
  it('fills in values, picks the plural form by count in each language, and falls back to English', () => {
    const texts = createI18n({ en, nl }, 'en');
    expect(texts.t('greeting', { name: 'Anna' })).toBe('Hi Anna,');
    expect(texts.t('files', { count: 1 })).toBe('1 file');
    expect(texts.t('files', { count: 0 })).toBe('0 files');
    expect(texts.t('files', { count: 2, lng: 'nl' })).toBe('2 bestanden');
    expect(texts.t('files', { count: 1, lng: 'nl' })).toBe('1 bestand');
    expect(texts.t('only', { lng: 'nl' })).toBe('English only');
    expect(texts.t('box.title')).toBe('Box');
  });

  it('formats numbers in the text\'s language and nests $t(key) in the same language', () => {
    const texts = createI18n({ en, nl }, 'nl');
    expect(texts.t('limit', { max: 10000 })).toBe('Hooguit 10.000 rijen');
    expect(texts.t('limit', { max: 10000, lng: 'en' })).toBe('At most 10,000 rows');
    expect(texts.t('share', { percent: 12, lng: 'en' })).toBe('12.0%');
    expect(texts.t('needs')).toBe('Niet klaar: Teams instellen.');
  });

  it('leaves a value it was not given as {{name}}, never reads a filled-in value again, and answers a missing key with the key', () => {
    const missing: string[] = [];
    const texts = createI18n({ en }, 'en', (key) => missing.push(key));
    expect(texts.t('greeting')).toBe('Hi {{name}},');
    expect(texts.t('greeting', { name: '{{count}} $t(setup)' })).toBe('Hi {{count}} $t(setup),');
    expect(texts.t('greeting', { replace: { name: 'Jan' }, name: 'ignored' })).toBe('Hi Jan,');
    expect(texts.t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(texts.t('box')).toBe('box');
    expect(missing).toEqual(['nowhere.to.be.found', 'box']);
    expect(texts.exists('box.title')).toBe(true);
    expect(texts.exists('box')).toBe(false);
  });

  it('tells its subscribers when texts arrive or the language changes', () => {
    const texts = createI18n({ en: { a: 'A' } }, 'en');
    let calls = 0;
    const unsubscribe = texts.subscribe(() => { calls += 1; });
    texts.addTexts('en', { b: { c: 'C' } });
    texts.addTexts('nl', { a: 'Nederlands A' });
    texts.changeLanguage('nl');
    texts.changeLanguage('nl');
    unsubscribe();
    texts.changeLanguage('en');
    expect(calls).toBe(3);
    expect(texts.t('b.c')).toBe('C');
    expect(texts.t('a', { lng: 'nl' })).toBe('Nederlands A');
    expect(texts.fixedT('nl', 'b')('c')).toBe('C');
  });
});
