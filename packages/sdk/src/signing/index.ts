// The request-signature canonicalisation shared with the gateway (it imports this entry, not the
// whole SDK): pure functions with no imports beyond this folder, so both builds can compile them.
export { phpFloatString } from './php-float';
export { phpJsonNumberText } from './php-json-number';
export { renderLeaf } from './leaf-values';
