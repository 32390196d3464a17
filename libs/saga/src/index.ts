export { crashPoint } from './crash-point';
