/** Part 1 section 9: every call times out after 15 s. */
export const REQUEST_TIMEOUT_MS = 15_000;
