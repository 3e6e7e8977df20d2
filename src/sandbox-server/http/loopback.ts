/**
 * Whether a connection comes from this machine, by its socket's address (never a header a caller can set):
 * 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into IPv6.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
