// The public (Astro) pages: home, about, sign-in, two-factor, request access, booking.
import type { Resources } from '../en.ts';

export const publicPages: Resources['publicPages'] = {};
