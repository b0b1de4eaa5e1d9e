// The public (Astro) pages: home, about, sign-in, two-factor, request access, booking.
export const publicPages = {};
