export { extractiveModel, ExtractiveModel } from './extractive-model.js';
export type { ExtractiveModelOptions } from './extractive-model.js';
