/** The one shape of every non-throwing function's outcome, as zod's `safeParse` returns it. */
export type Result<T, E> = { success: true; data: T } | { success: false; error: E };
