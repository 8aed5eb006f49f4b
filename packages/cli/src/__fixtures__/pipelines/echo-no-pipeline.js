// Exports something, but no pipeline function.
export const settings = { topK: 5 };
