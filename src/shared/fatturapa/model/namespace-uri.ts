/*
 * RFC 3986 URI-reference syntax. libxml2 reports a namespace declaration whose value does not parse as a
 * URI reference as an error (the published sample I04 has a space inside its namespace, I05 a stray quote)
 * and libxml2-based validators then reject the file, so we check the same thing.
 */
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const SEGMENT_NZ_NC = `(?:[${UNRESERVED}${SUB_DELIMS}@]|${PCT})+`;
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const IP_LITERAL = `\\[(?:[0-9A-Fa-f:.]+|[vV][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const AUTHORITY = `(?:${USERINFO}@)?(?:${IP_LITERAL}|${REG_NAME})(?::[0-9]*)?`;
const PATH_ABEMPTY = `(?:/${SEGMENT})*`;
const PATH_ABSOLUTE = `/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`;
const PATH_ROOTLESS = `${SEGMENT_NZ}(?:/${SEGMENT})*`;
const PATH_NOSCHEME = `${SEGMENT_NZ_NC}(?:/${SEGMENT})*`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const TAIL = `(?:\\?${QUERY})?(?:#${QUERY})?`;
const ABSOLUTE = `${SCHEME}:(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_ROOTLESS}|)${TAIL}`;
const RELATIVE = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_NOSCHEME}|)${TAIL}`;
const URI_REFERENCE = new RegExp(`^(?:${ABSOLUTE}|${RELATIVE})$`);

const verdicts = new Map<string, boolean>();
const MAX_CACHED_VERDICTS = 1000;
const MAX_CACHED_LENGTH = 256;

export function isUriReference(value: string): boolean {
  let verdict = verdicts.get(value);
  if (verdict === undefined) {
    verdict = URI_REFERENCE.test(value);
    // Documents reuse a handful of namespaces; the caps only guard against adversarial input. The key is
    // copied because a slice of a document would keep the whole document alive in this process-wide map.
    if (verdicts.size < MAX_CACHED_VERDICTS && value.length <= MAX_CACHED_LENGTH) {
      verdicts.set(value.split('').join(''), verdict);
    }
  }
  return verdict;
}
