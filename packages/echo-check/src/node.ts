export const placeholderNode = 1;
