// A pipeline with a bug: it throws an ordinary error, which is not a rejection.
export const pipeline = ({ passages }) => passages.missing.method();
