/** The sizes (px) drawn into app/favicon.ico: tabs (16), high-density tabs and shortcuts (32, 48). */
export const FAVICON_SIZES = [16, 32, 48] as const;
