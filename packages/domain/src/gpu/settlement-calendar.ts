/**
 * The GPU index settles at 4 PM America/New_York every calendar day; the instant's rules are
 * shared with the Memory index (which settles on NYSE trading days only).
 */
export * from "../shared/new-york-settlement";
