/** Small bodies only: no route takes more than a short JSON object. In kB (1024 bytes). */
const JSON_BODY_LIMIT_KB = 16;

/** The JSON body parser's limit, in bytes. */
export const JSON_BODY_LIMIT_BYTES = JSON_BODY_LIMIT_KB * 1024;

/** The same limit in words, for documentation. */
export const JSON_BODY_LIMIT_TEXT = `${JSON_BODY_LIMIT_KB} kB`;
