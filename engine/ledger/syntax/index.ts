/** The syntax layer: one file's text to directives with source positions (both formats). */
export { parseText } from './parse';
export { parseTimeOfDay } from './scanner';
