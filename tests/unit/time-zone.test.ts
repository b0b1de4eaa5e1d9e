// ianaTimeZone (domain/schemas/time-zone.ts): the one check of a zone name, remembered by name.
import { describe, expect, it } from 'vitest';
import { ianaTimeZone } from '#domain/schemas/time-zone.ts';

describe('ianaTimeZone', () => {
  it('gives the usual spelling, keeps old names as given and refuses offsets and non-zones, the same each time', () => {
    for (let round = 0; round < 2; round++) {
      expect(ianaTimeZone('europe/amsterdam')).toBe('Europe/Amsterdam');
      expect(ianaTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
      expect(ianaTimeZone('+01:00')).toBeNull();
      expect(ianaTimeZone('Mars/Olympus')).toBeNull();
      expect(ianaTimeZone('')).toBeNull();
    }
  });

  it('answers rightly after thousands of names that are not zones', () => {
    for (let i = 0; i < 5_000; i++) expect(ianaTimeZone(`Nowhere/Place_${i}`)).toBeNull();
    expect(ianaTimeZone('america/new_york')).toBe('America/New_York');
    expect(ianaTimeZone('Nowhere/Place_1')).toBeNull();
  });
});
