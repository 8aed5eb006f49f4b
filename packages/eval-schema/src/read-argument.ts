// Moved to @gk/internal, so every package refuses an unreadable argument the same way.
export { readArgument } from '@gk/internal';
