// Where a signed-out visitor of an /app address goes: the sign-in page, which brings them back.

export function loginUrl(pathname: string, search: string): string {
  return '/login?next=' + encodeURIComponent(pathname + search);
}
