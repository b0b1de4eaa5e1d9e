// What the candidate's booking page is told about a Teams link: only a meeting whose
// link Outlook makes (created, or still being made) promises one in the invitation.
import { describe, expect, it } from 'vitest';
import { publicMeeting } from '#domain/meetings/public-booking.server.ts';
import { meeting } from './app/bookingFixtures.ts';

describe('the booking page\'s Teams promise', () => {
  it.each([
    ['created', true], ['pending', true], ['failed', false], ['not_configured', false],
  ] as const)('a Teams meeting whose link is %s: the invitation brings it: %s', (state, follows) => {
    expect(publicMeeting(meeting(1, { joinUrl: null, teams: { state } })).teamsLinkFollows).toBe(follows);
  });

  it('a phone meeting promises no Teams link', () => {
    expect(publicMeeting(meeting(2, { location: { kind: 'phone', detail: '+31 20 123 4567' }, teams: { state: 'not_configured' } })).teamsLinkFollows).toBe(false);
  });
});
