/** The system's Chromium (`/usr/bin/chromium`, or `GK_CHROMIUM`). */
export declare const CHROMIUM: string;
/** The flags every headless run here launches it with. */
export declare const CHROMIUM_ARGS: readonly string[];
