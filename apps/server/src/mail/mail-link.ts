/**
 * The address a link in a mail starts with: CHUHE_PUBLIC_URL (the address the recipients reach,
 * set by the operator), else this server on its port. Never the request's Host header: a client
 * chooses it, and a confirmation link pointing elsewhere would hand its token to that host.
 */
export function mailLink(path: string): string {
  const configured = process.env.CHUHE_PUBLIC_URL?.trim().replace(/\/+$/, '');
  return `${configured || `http://localhost:${process.env.PORT ?? 3000}`}${path}`;
}
